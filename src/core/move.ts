/**
 * Integer move encoding (hot path: no objects per move).
 *
 *   bits 0–7   from square (padded-board index)
 *   bits 8–15  to square
 *   bits 16–19 promotion piece type + 1 (0 = none)
 *   bits 20–21 kind: NORMAL, EN_PASSANT, CASTLE, PAWN_MULTI (a pawn step of two or more squares)
 *
 * A castling move stores the king's from and to squares; the rook is implied by the direction.
 */

export type Move = number;

export const MOVE_NONE = 0;

export const KIND_NORMAL = 0;
export const KIND_EN_PASSANT = 1;
export const KIND_CASTLE = 2;
export const KIND_PAWN_MULTI = 3;

export function encodeMove(from: number, to: number, promoType: number, kind: number): Move {
  return from | (to << 8) | ((promoType + 1) << 16) | (kind << 20);
}

export function moveFrom(m: Move): number {
  return m & 0xff;
}

export function moveTo(m: Move): number {
  return (m >>> 8) & 0xff;
}

/** Promotion piece type, or -1 when the move is not a promotion. */
export function movePromotion(m: Move): number {
  return ((m >>> 16) & 0xf) - 1;
}

export function moveKind(m: Move): number {
  return (m >>> 20) & 0x3;
}
