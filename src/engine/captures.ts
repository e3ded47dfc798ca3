/**
 * Tactical move generation for quiescence search: pseudo-legal captures and promotions of the
 * side to move (the caller makes each move and rejects it if its own king is left attacked).
 * Promotions are generated to the most valuable choice only; en-passant captures are left to
 * the main search.
 */

import { encodeMove, KIND_NORMAL } from '../core/move.js';
import type { Position } from '../core/position.js';
import { EMPTY, MODE_CAPTURE, MODE_MOVE } from '../core/tables.js';

/** Write captures and promotions from `start`; return the end index. */
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
    if (t.isPawn[(code >> 1) - 1]) {
      const promo = t.promotionSquare[us]!;
      for (let k = 0; k < lo.length; k++) {
        const to = from + lo[k]!;
        const p = board[to]!;
        const mode = mv.leapModes[k]!;
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
      if (p >= 2 && (p & 1) !== us && mv.leapModes[k]! & MODE_CAPTURE) buf[n++] = encodeMove(from, to, -1, KIND_NORMAL);
    }
    const ro = mv.rideOffsets;
    for (let k = 0; k < ro.length; k++) {
      const off = ro[k]!;
      const range = mv.rideRanges[k]!;
      let to = from + off;
      for (let steps = 1; board[to] === EMPTY; steps++) {
        if (steps === range) {
          to = -1;
          break;
        }
        to += off;
      }
      if (to < 0) continue;
      const p = board[to]!;
      if (p >= 2 && (p & 1) !== us && mv.rideModes[k]! & MODE_CAPTURE) buf[n++] = encodeMove(from, to, -1, KIND_NORMAL);
    }
  }
  return n;
}
