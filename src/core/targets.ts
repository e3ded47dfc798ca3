/**
 * The targets of a piece: the one walk over the compiled move and attack tables of tables.ts
 * that move validation, SEE, check detection (Position.isAttacked, engine/checks.ts), the
 * evaluator's tables and the rule questions of end-rules.ts share. The two hottest loops, legal
 * move generation (core/movegen.ts) and the quiescence capture generator (engine/captures.ts),
 * write the same walk out over the raw tables: see the note in each.
 *
 * A leap is one table entry: the target is `from + offset`, and `mayLand` says whether the
 * move's mode allows it there. A ride is a loop of steps that ends on the first square that is
 * not empty (a piece, or an OFF square of the padding) or after `range` steps: `rideStop` finds
 * that square, so a caller walks `from + step, …, stop` itself (every square before `stop` is
 * empty) and looks at `stop` alone. The three forms:
 *  - all targets: the squares before `stop` when the ride may move, then
 *    `mayLand(board[stop], …)`;
 *  - captures only: `mayCapture(board[rideStop(…)], …)`;
 *  - attacks (isAttacked, SEE, checks): walk backwards from the target square to the first
 *    piece, as `rideStop(board, sq, −offset, range)` would, and test its attack mask bit.
 *
 * These are small functions over integers and the board's Uint8Array, with no callback and no
 * object: V8 inlines them into each caller's loop (bench/README.md, "One piece-target walker",
 * has the speed of each caller before and after).
 */

import { EMPTY, MODE_CAPTURE, MODE_MOVE, type VariantTables } from './tables.js';

/**
 * Where a ride from `from` along `step` stops: the first square that is not empty (a piece or
 * OFF), or the `range`-th square (range 0 = unlimited) when all before it are empty, in which
 * case board[stop] is EMPTY. Every square strictly between `from` and the stop is empty.
 */
export function rideStop(board: Uint8Array, from: number, step: number, range: number): number {
  let s = from + step;
  if (range === 0) {
    while (board[s] === EMPTY) s += step;
    return s;
  }
  for (let n = 1; n < range && board[s] === EMPTY; n++) s += step;
  return s;
}

/**
 * May a move of `us` with mode bits `mode` (MODE_MOVE / MODE_CAPTURE) end on a square holding
 * `p`: a quiet move onto an empty square, a capture onto an enemy piece (never OFF, never own)?
 */
export function mayLand(p: number, mode: number, us: number): boolean {
  return p === EMPTY ? (mode & MODE_MOVE) !== 0 : p >= 2 && (p & 1) !== us && (mode & MODE_CAPTURE) !== 0;
}

/** May a move of `us` with mode bits `mode` capture the piece `p` (EMPTY and OFF: no)? */
export function mayCapture(p: number, mode: number, us: number): boolean {
  return p >= 2 && (p & 1) !== us && (mode & MODE_CAPTURE) !== 0;
}

/**
 * Is `sq` attacked by a piece of `byColor` (whatever stands on `sq`)? The attack tables list
 * every leap and ride any piece of that colour captures along, with a bit mask of the piece
 * codes that do; a ride attacks when the first piece found walking back from `sq` is one of them.
 */
export function isSquareAttacked(t: VariantTables, board: Uint8Array, sq: number, byColor: number): boolean {
  const lo = t.attackLeapOffsets[byColor] as Int16Array;
  const lm = t.attackLeapMasks[byColor] as Int32Array;
  for (let i = 0; i < lo.length; i++) {
    if (((lm[i] as number) >>> (board[sq - (lo[i] as number)] as number)) & 1) return true;
  }
  const ro = t.attackRideOffsets[byColor] as Int16Array;
  const rm = t.attackRideMasks[byColor] as Int32Array;
  const rr = t.attackRideRanges[byColor] as Uint8Array;
  for (let i = 0; i < ro.length; i++) {
    // The ride walked back from sq in one loop (the rideStop form costs perft ~1 %: this is
    // Position.isAttacked, inlined into move generation). OFF has no bit in any mask.
    const off = ro[i] as number;
    const range = rr[i] as number;
    let s = sq - off;
    for (let n = 1; ; n++, s -= off) {
      const p = board[s] as number;
      if (p !== EMPTY) {
        if (((rm[i] as number) >>> p) & 1) return true;
        break;
      }
      if (n === range) break;
    }
  }
  return false;
}

/**
 * Can the piece `code` on `from` reach `to` with one of its own moves (not castling, not en
 * passant, not a pawn's multi-step), given what stands on `to`? Pseudo-legal: the mover's king
 * may be left attacked.
 */
export function reachesByMove(t: VariantTables, board: Uint8Array, code: number, from: number, to: number): boolean {
  const mv = t.moves[code];
  if (!mv) return false;
  const us = code & 1;
  const p = board[to] as number;
  const lo = mv.leapOffsets;
  const delta = to - from;
  for (let k = 0; k < lo.length; k++) {
    if (lo[k] === delta && mayLand(p, mv.leapModes[k] as number, us)) return true;
  }
  const ro = mv.rideOffsets;
  for (let k = 0; k < ro.length; k++) {
    const off = ro[k] as number;
    if (!mayLand(p, mv.rideModes[k] as number, us)) continue;
    const stop = rideStop(board, from, off, mv.rideRanges[k] as number);
    for (let s = from + off; ; s += off) {
      if (s === to) return true;
      if (s === stop) break;
    }
  }
  return false;
}

/**
 * Call `visit` for every square the piece `code` reaches from `sq` on an empty board, with
 * `byRide` true for the squares of its rides. For building tables, not for hot paths.
 */
export function forEachEmptyBoardTarget(
  t: VariantTables,
  code: number,
  sq: number,
  visit: (target: number, byRide: boolean) => void,
): void {
  const mv = t.moves[code];
  if (!mv) return;
  for (let k = 0; k < mv.leapOffsets.length; k++) {
    const s = sq + (mv.leapOffsets[k] as number);
    if ((t.fileOf[s] as number) >= 0) visit(s, false);
  }
  for (let k = 0; k < mv.rideOffsets.length; k++) {
    const off = mv.rideOffsets[k] as number;
    const range = mv.rideRanges[k] as number;
    for (let s = sq + off, steps = 1; (t.fileOf[s] as number) >= 0; s += off, steps++) {
      visit(s, true);
      if (steps === range) break;
    }
  }
}
