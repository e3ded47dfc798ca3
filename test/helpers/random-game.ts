/**
 * Random positions for property and differential tests: random legal play from a start
 * position, start positions with material thinned out (so bare kings, open files and
 * promotions occur), and sparse random placements with pawns near promotion.
 * Everything is driven by a seeded Rng, so a failing case is reproducible from its seed.
 */

import { type Move } from '../../src/core/move.js';
import { MAX_MOVES, generateLegal } from '../../src/core/movegen.js';
import { isRuleTerminal } from '../../src/core/outcome.js';
import { Position } from '../../src/core/position.js';
import type { VariantDefinition } from '../../src/variants/schema.js';
import type { Rng } from './rng.js';

const buf = new Int32Array(MAX_MOVES);

/**
 * Play up to `maxPlies` random legal moves from `fen`, calling `visit` on every position reached
 * (the first included). Stops when the game ends by a rule (RULES.md §5) or no move is left.
 * Returns the final position.
 */
export function randomPlay(
  def: VariantDefinition,
  fen: string,
  rng: Rng,
  maxPlies: number,
  visit?: (pos: Position, ply: number) => void,
): Position {
  const r = Position.fromFen(def, fen);
  if (!r.ok) throw new Error(`randomPlay: ${r.error.message}: ${fen}`);
  const pos = r.value;
  for (let ply = 0; ; ply++) {
    visit?.(pos, ply);
    if (ply >= maxPlies || isRuleTerminal(pos)) break;
    const n = generateLegal(pos, buf, 0);
    if (n === 0) break;
    pos.make(buf[rng.int(n)] as Move);
  }
  return pos;
}

/** FENs of every position of a random game (the start included). */
export function randomGameFens(def: VariantDefinition, fen: string, rng: Rng, maxPlies: number): string[] {
  const fens: string[] = [];
  randomPlay(def, fen, rng, maxPlies, (pos) => fens.push(pos.toFen()));
  return fens;
}

/** Split a FEN placement into rows of single-square tokens ('' = empty), top rank first. */
function placementGrid(placement: string): string[][] {
  return placement.split('/').map((row) => {
    const out: string[] = [];
    for (const token of row.match(/\d+|[A-Za-z]/g) ?? []) {
      if (/\d/.test(token)) for (let i = 0; i < Number(token); i++) out.push('');
      else out.push(token);
    }
    return out;
  });
}

function gridPlacement(grid: string[][]): string {
  return grid
    .map((row) => {
      let s = '';
      let empty = 0;
      for (const p of row) {
        if (p === '') empty++;
        else {
          if (empty) s += String(empty);
          empty = 0;
          s += p;
        }
      }
      return empty ? s + String(empty) : s;
    })
    .join('/');
}

/**
 * Remove each non-king man with probability `removeChance` (the e.p. field is dropped; castling
 * rights whose rook is gone are ignored when read). Undefined if the result is not a valid
 * position (e.g. the side not to move is left in check).
 */
export function thinOut(def: VariantDefinition, fen: string, rng: Rng, removeChance: number): string | undefined {
  const [placement = '', side = 'w', castling = '-', , half = '0', full = '1'] = fen.split(' ');
  const grid = placementGrid(placement);
  for (const row of grid) {
    for (let f = 0; f < row.length; f++) {
      const p = row[f] as string;
      if (p !== '' && p.toUpperCase() !== 'K' && rng.chance(removeChance)) row[f] = '';
    }
  }
  const out = `${gridPlacement(grid)} ${side} ${castling} - ${half} ${full}`;
  const r = Position.fromFen(def, out);
  return r.ok ? r.value.toFen() : undefined;
}

/**
 * A sparse random position: two kings, a few random men of the variant (pawns only on ranks
 * where they are not promoted, often one step from promotion). Undefined if invalid.
 */
export function randomPlacement(def: VariantDefinition, rng: Rng, men: number): string | undefined {
  const grid: string[][] = Array.from({ length: def.ranks }, () => new Array<string>(def.files).fill(''));
  const letters = def.pieces.filter((p) => !p.royal).map((p) => p.letter.toUpperCase());
  const pawn = def.pieces.find((p) => p.pawn)?.letter.toUpperCase();
  const free = (): [number, number] => {
    for (;;) {
      const row = rng.int(def.ranks);
      const f = rng.int(def.files);
      if ((grid[row] as string[])[f] === '') return [row, f];
    }
  };
  for (const k of ['K', 'k']) {
    const [row, f] = free();
    (grid[row] as string[])[f] = k;
  }
  for (let i = 0; i < men; i++) {
    const white = rng.chance(0.5);
    const letter = rng.pick(letters);
    let [row, f] = free();
    if (letter === pawn) {
      // Grid rows run from the top rank (row 0). Keep pawns off both back ranks; half of them
      // one step from promotion.
      if (rng.chance(0.5)) row = white ? 1 : def.ranks - 2;
      else row = 1 + rng.int(def.ranks - 2);
      if ((grid[row] as string[])[f] !== '') continue;
    }
    (grid[row] as string[])[f] = white ? letter : letter.toLowerCase();
  }
  const fen = `${gridPlacement(grid)} ${rng.chance(0.5) ? 'w' : 'b'} - - 0 1`;
  const r = Position.fromFen(def, fen);
  return r.ok ? r.value.toFen() : undefined;
}
