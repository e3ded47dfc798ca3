/**
 * Is a move (from the transposition table, hence possibly from another position after a hash
 * collision) pseudo-legal here? Covers normal moves and promotions; castling, en passant and
 * multi-square pawn steps answer false (the caller then finds them in the generated list).
 * Pseudo-legal: the caller still checks that the mover's king is not left attacked.
 */

import { KIND_NORMAL, type Move, moveFrom, moveKind, movePromotion, moveTo } from '../core/move.js';
import type { Position } from '../core/position.js';
import { codeType, EMPTY, OFF, ownedBy } from '../core/tables.js';
import { reachesByMove } from '../core/targets.js';

export function isPseudoLegal(pos: Position, m: Move): boolean {
  if (moveKind(m) !== KIND_NORMAL) return false;
  const t = pos.t;
  const board = pos.board;
  const us = pos.turn;
  const from = moveFrom(m);
  const to = moveTo(m);
  if (from >= t.size || to >= t.size) return false;
  const code = board[from]!;
  if (!ownedBy(code, us)) return false;
  const target = board[to]!;
  if (target === OFF || ownedBy(target, us)) return false;
  if (target !== EMPTY && codeType(target) === t.kingType) return false;
  const promo = movePromotion(m);
  if (t.isPawn[codeType(code)]) {
    if ((t.promotionSquare[us]![to] === 1) !== promo >= 0) return false;
    if (promo >= 0 && !t.promotionTypes.includes(promo)) return false;
  } else if (promo >= 0) return false;
  return reachesByMove(t, board, code, from, to);
}
