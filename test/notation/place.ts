/**
 * Hand positions for the notation tests, written as a map of squares to FEN letters so that a
 * test reads like the diagram it checks: `placed('camel-decimal', { a1: 'C', c1: 'C', f2: 'K', f9: 'k' })`.
 */

import assert from 'node:assert/strict';
import { type Move, moveFrom } from '../../src/core/move.js';
import type { Position } from '../../src/core/position.js';
import { squareName } from '../../src/core/tables.js';
import { moveToSan } from '../../src/notation/san.js';
import { legal, position, variant } from '../helpers/positions.js';
import { gridPlacement } from '../helpers/random-game.js';

/** A FEN from a square → letter map (upper case White), side, castling and e.p. fields. */
export function placementFen(
  variantId: string,
  pieces: Readonly<Record<string, string>>,
  side: 'w' | 'b' = 'w',
  castling = '-',
  ep = '-',
): string {
  const def = variant(variantId);
  const grid: string[][] = Array.from({ length: def.ranks }, () => new Array<string>(def.files).fill(''));
  for (const [square, letter] of Object.entries(pieces)) {
    const m = /^([a-z])(\d{1,2})$/.exec(square);
    assert.ok(m, `bad square ${square}`);
    const f = (m[1] as string).charCodeAt(0) - 97;
    const r = Number(m[2]) - 1;
    assert.ok(f < def.files && r < def.ranks, `${square} is off the ${def.files}×${def.ranks} board`);
    (grid[def.ranks - 1 - r] as string[])[f] = letter;
  }
  return `${gridPlacement(grid)} ${side} ${castling} ${ep} 0 1`;
}

export function placed(
  variantId: string,
  pieces: Readonly<Record<string, string>>,
  side: 'w' | 'b' = 'w',
  castling = '-',
  ep = '-',
): Position {
  return position(variantId, placementFen(variantId, pieces, side, castling, ep));
}

/** SAN of every legal move of a position. */
export function allSan(pos: Position): string[] {
  return legal(pos).map((m: Move) => moveToSan(pos, m));
}

/** SAN of the legal moves that start on `square`. */
export function sanFrom(pos: Position, square: string): string[] {
  return legal(pos)
    .filter((m) => squareName(pos.t, moveFrom(m)) === square)
    .map((m) => moveToSan(pos, m));
}
