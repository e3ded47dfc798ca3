/**
 * Is a move (from the transposition table, hence possibly from another position after a hash
 * collision) pseudo-legal here? Covers normal moves and promotions; castling, en passant and
 * multi-square pawn steps answer false (the caller then finds them in the generated list).
 * Pseudo-legal: the caller still checks that the mover's king is not left attacked.
 */

import { KIND_NORMAL, type Move, moveFrom, moveKind, movePromotion, moveTo } from '../core/move.js';
import type { Position } from '../core/position.js';
import { EMPTY, MODE_CAPTURE, MODE_MOVE } from '../core/tables.js';

export function isPseudoLegal(pos: Position, m: Move): boolean {
  if (moveKind(m) !== KIND_NORMAL) return false;
  const t = pos.t;
  const board = pos.board;
  const us = pos.turn;
  const from = moveFrom(m);
  const to = moveTo(m);
  if (from >= t.size || to >= t.size) return false;
  const code = board[from]!;
  if (code < 2 || (code & 1) !== us) return false;
  const target = board[to]!;
  if (target === 1 || (target >= 2 && (target & 1) === us)) return false;
  if (target >= 2 && (target >> 1) - 1 === t.kingType) return false;
  const need = target === EMPTY ? MODE_MOVE : MODE_CAPTURE;
  const promo = movePromotion(m);
  const mv = t.moves[code];
  if (!mv) return false;
  if (t.isPawn[(code >> 1) - 1]) {
    if ((t.promotionSquare[us]![to] === 1) !== promo >= 0) return false;
    if (promo >= 0 && !t.promotionTypes.includes(promo)) return false;
  } else if (promo >= 0) return false;
  const delta = to - from;
  const lo = mv.leapOffsets;
  for (let k = 0; k < lo.length; k++) if (lo[k] === delta && mv.leapModes[k]! & need) return true;
  const ro = mv.rideOffsets;
  for (let k = 0; k < ro.length; k++) {
    if (!(mv.rideModes[k]! & need)) continue;
    const off = ro[k]!;
    const range = mv.rideRanges[k]!;
    let s = from + off;
    for (let steps = 1; ; steps++, s += off) {
      if (s === to) return true;
      if (board[s] !== EMPTY || steps === range) break;
    }
  }
  return false;
}
