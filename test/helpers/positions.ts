/** Small conveniences for rules tests: positions from FEN, moves as text, move sets as keys. */

import assert from 'node:assert/strict';
import { Game } from '../../src/core/game.js';
import {
  KIND_CASTLE,
  KIND_EN_PASSANT,
  KIND_PAWN_MULTI,
  type Move,
  moveFrom,
  moveKind,
  movePromotion,
  moveTo,
} from '../../src/core/move.js';
import { generateLegal, MAX_MOVES } from '../../src/core/movegen.js';
import { Position } from '../../src/core/position.js';
import { parseSquare, squareName } from '../../src/core/tables.js';
import { moveToUci, parseUciMove } from '../../src/notation/uci.js';
import { findVariant } from '../../src/variants/index.js';
import type { VariantDefinition } from '../../src/variants/schema.js';

export function variant(id: string): VariantDefinition {
  const def = findVariant(id);
  if (!def) throw new Error(`unknown variant '${id}'`);
  return def;
}

/** A position, failing the test with the FEN error when the FEN is refused. */
export function position(v: string | VariantDefinition, fen?: string): Position {
  const def = typeof v === 'string' ? variant(v) : v;
  const r = Position.fromFen(def, fen);
  if (!r.ok) assert.fail(`FEN refused (${r.error.message}): ${fen}`);
  return r.value;
}

export function game(v: string | VariantDefinition, fen?: string): Game {
  const def = typeof v === 'string' ? variant(v) : v;
  const r = Game.create(def, fen);
  if (!r.ok) assert.fail(`FEN refused (${r.error.message}): ${fen}`);
  return r.value;
}

const buf = new Int32Array(MAX_MOVES);

export function legal(pos: Position): Move[] {
  const n = generateLegal(pos, buf, 0);
  return Array.from(buf.subarray(0, n));
}

/**
 * A move as the key the rules tests compare: `from to [promo]` with castling kept apart from
 * king steps as `castle:` + the king's from and to squares (the one-square Wildebeest castle and
 * the king step f1g1 are different moves).
 */
export function moveKey(pos: Position, m: Move): string {
  const t = pos.t;
  const from = squareName(t, moveFrom(m));
  const to = squareName(t, moveTo(m));
  if (moveKind(m) === KIND_CASTLE) return `castle:${from}${to}`;
  const promo = movePromotion(m);
  return from + to + (promo >= 0 ? (t.letters[promo] as string).toLowerCase() : '');
}

export function moveKindName(m: Move): 'normal' | 'ep' | 'castle' | 'multi' {
  const k = moveKind(m);
  return k === KIND_CASTLE ? 'castle' : k === KIND_EN_PASSANT ? 'ep' : k === KIND_PAWN_MULTI ? 'multi' : 'normal';
}

/** Sorted keys of the legal moves. */
export function legalKeys(pos: Position): string[] {
  return legal(pos)
    .map((m) => moveKey(pos, m))
    .sort();
}

/** Sorted UCI texts of the legal moves. */
export function legalUci(pos: Position): string[] {
  return legal(pos)
    .map((m) => moveToUci(pos, m))
    .sort();
}

/** The from-square of a move key. */
export function keyFrom(key: string): string {
  const m = /^(?:castle:)?([a-z]\d+)[a-z]/.exec(key);
  if (!m) throw new Error(`not a move key: ${key}`);
  return m[1] as string;
}

/** Sorted keys of the legal moves that start on `square`. */
export function keysFrom(pos: Position, square: string): string[] {
  return legalKeys(pos).filter((k) => keyFrom(k) === square);
}

/** The legal move with this UCI text (fails the test if there is none). */
export function uci(pos: Position, text: string): Move {
  const r = parseUciMove(pos, text);
  if (!r.ok) assert.fail(`${text}: ${r.error.message} in ${pos.toFen()}`);
  return r.value;
}

/** Play moves given as UCI text on a position. */
export function playUci(pos: Position, ...texts: string[]): Position {
  for (const text of texts) pos.make(uci(pos, text));
  return pos;
}

/** Play moves given as UCI text in a game, failing on a refusal. */
export function playGame(g: Game, ...texts: string[]): Game {
  for (const text of texts) {
    const r = g.play(uci(g.position, text));
    if (!r.ok) assert.fail(`${text}: ${r.error.message}`);
  }
  return g;
}

/** Does the position have a legal move with this key? */
export function hasMove(pos: Position, key: string): boolean {
  return legalKeys(pos).includes(key);
}

/** The FEN letter of the piece on a square ('' when empty). */
export function pieceAt(pos: Position, square: string): string {
  const t = pos.t;
  const sq = parseSquare(t, square);
  if (sq < 0) throw new Error(`no square ${square}`);
  const code = pos.board[sq] as number;
  if (code === 0) return '';
  const letter = t.letters[(code >> 1) - 1] as string;
  return code & 1 ? letter.toLowerCase() : letter;
}

/** The e.p. field of the position's FEN. */
export function epField(pos: Position): string {
  return pos.toFen().split(' ')[3] as string;
}

/** The castling field of the position's FEN. */
export function castlingField(pos: Position): string {
  return pos.toFen().split(' ')[2] as string;
}
