/**
 * Tactical move generation for quiescence search: pseudo-legal captures and promotions of the
 * side to move (the caller makes each move and rejects it if its own king is left attacked).
 * Promotions are generated to the most valuable choice only; en-passant captures are left to
 * the main search.
 */

import { encodeMove, KIND_NORMAL } from '../core/move.js';
import type { Position } from '../core/position.js';
import { EMPTY, MODE_CAPTURE, MODE_MOVE } from '../core/tables.js';

/**
 * Write captures and promotions from `start`; return the end index.
 * The leaps and rides are walked here over the raw tables, as in core/movegen.ts, rather than
 * through core/targets.ts: with mayCapture/rideStop `caravan bench` ran about 1.5 % slower
 * (bench/README.md, "perft after the walker refactor").
 */
export function generateTactical(pos: Position, buf: Int32Array, start: number, promoType: number): number {
  const t = pos.t;
  const board = pos.board;
  const us = pos.turn;
  let n = start;
  const count = pos.pcount[us]!;
  for (let i = 0; i < count; i++) {
    const from = pos.pieceSquare(us, i);
    const code = board[from]!;
    const mv = t.moves[code]!;
    const lo = mv.leapOffsets;
    const lm = mv.leapModes;
    if (t.isPawn[(code >> 1) - 1]) {
      const promo = t.promotionSquare[us]!;
      for (let k = 0; k < lo.length; k++) {
        const to = from + lo[k]!;
        const p = board[to]!;
        const mode = lm[k]!;
        if (p === EMPTY) {
          if (mode & MODE_MOVE && promo[to] === 1) buf[n++] = encodeMove(from, to, promoType, KIND_NORMAL);
        } else if (p >= 2 && (p & 1) !== us && mode & MODE_CAPTURE) {
          buf[n++] = encodeMove(from, to, promo[to] === 1 ? promoType : -1, KIND_NORMAL);
        }
      }
      continue;
    }
    for (let k = 0; k < lo.length; k++) {
      const to = from + lo[k]!;
      const p = board[to]!;
      if (p >= 2 && (p & 1) !== us && lm[k]! & MODE_CAPTURE) buf[n++] = encodeMove(from, to, -1, KIND_NORMAL);
    }
    const ro = mv.rideOffsets;
    const rr = mv.rideRanges;
    const rm = mv.rideModes;
    for (let k = 0; k < ro.length; k++) {
      const off = ro[k]!;
      const range = rr[k]!;
      let to = from + off;
      let p = board[to]!;
      if (range === 0) {
        while (p === EMPTY) {
          to += off;
          p = board[to]!;
        }
      } else {
        // Limited range: stop on the last square the ride may reach.
        for (let steps = 1; p === EMPTY && steps < range; steps++) {
          to += off;
          p = board[to]!;
        }
      }
      if (p >= 2 && (p & 1) !== us && rm[k]! & MODE_CAPTURE) buf[n++] = encodeMove(from, to, -1, KIND_NORMAL);
    }
  }
  return n;
}
