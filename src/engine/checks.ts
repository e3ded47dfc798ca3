/**
 * Checks and pins by geometry, to spare most attack tests.
 *
 * From each square, the squares a piece could attack on an empty board are known by their
 * offset. So a move can only give direct check if the enemy king lies at such an offset from the
 * destination, and only discovered check if the origin square is on a line (a multiple of a
 * ride direction) of one of the mover's riders through the enemy king. Likewise, a piece that
 * is not on such a line of an enemy rider through its own king cannot be pinned. Moves that pass
 * a filter are tested exactly, and for normal moves only along the routes the move can open or
 * close: a leap of the moved piece to the king, and the one line from the king through the
 * destination and through the origin (no other attack on that king can have changed, since it
 * was not in check before the move).
 */

import { KIND_NORMAL, KIND_PAWN_MULTI, type Move, moveFrom, moveKind, movePromotion, moveTo } from '../core/move.js';
import type { Position } from '../core/position.js';
import { codeType, EMPTY, pieceCode, type VariantTables } from '../core/tables.js';
import { forEachEmptyBoardTarget, rideStop } from '../core/targets.js';

/** rideStep entry: more than one ride step fits the offset. */
const AMBIGUOUS = 0x7fff;

export class CheckDetector {
  /** reach[code * span + (delta + half)]: a piece of `code` may attack at offset delta. */
  private readonly reach: Uint8Array;
  /** line[color * span + (delta + half)]: delta is a positive multiple of a ride direction of `color`. */
  private readonly line: Uint8Array;
  private readonly half: number;
  private readonly span: number;
  /** leapAttack[code * span + (delta + half)]: a piece of `code` attacks the square delta away by a leap. */
  private readonly leapAttack: Uint8Array;
  /**
   * rideStep[color * span + (delta + half)]: the step s of the attack rides of `color` such that
   * delta is a positive multiple of s; 0 if none; AMBIGUOUS if two steps fit (then the whole
   * attack test is used).
   */
  private readonly rideStep: Int16Array;
  private readonly rideOffsets: readonly [Int16Array, Int16Array];
  private readonly rideMasks: readonly [Int32Array, Int32Array];
  private readonly rideRanges: readonly [Uint8Array, Uint8Array];

  constructor(t: VariantTables) {
    this.half = t.size;
    this.span = 2 * t.size + 1;
    const codes = 2 * (t.pieceCount + 1);
    this.reach = new Uint8Array(codes * this.span);
    this.line = new Uint8Array(2 * this.span);
    this.leapAttack = new Uint8Array(codes * this.span);
    this.rideStep = new Int16Array(2 * this.span);
    this.rideOffsets = t.attackRideOffsets;
    this.rideMasks = t.attackRideMasks;
    this.rideRanges = t.attackRideRanges;
    for (let color = 0; color < 2; color++) {
      const lo = t.attackLeapOffsets[color]!;
      const lm = t.attackLeapMasks[color]!;
      for (let i = 0; i < lo.length; i++) {
        for (let code = 2; code < codes; code++) {
          if ((lm[i]! >>> code) & 1) this.leapAttack[code * this.span + lo[i]! + this.half] = 1;
        }
      }
      const ro = t.attackRideOffsets[color]!;
      for (let i = 0; i < ro.length; i++) {
        const step = ro[i]!;
        for (let i0 = 0; i0 < t.squares.length; i0++) {
          const x = t.squares[i0]!;
          for (let y = x + step; t.fileOf[y]! >= 0; y += step) {
            const k = color * this.span + y - x + this.half;
            const had = this.rideStep[k]!;
            this.rideStep[k] = had === 0 || had === step ? step : AMBIGUOUS;
          }
        }
      }
    }
    for (let type = 0; type < t.pieceCount; type++) {
      for (let color = 0; color < 2; color++) {
        const code = pieceCode(type, color);
        for (let i = 0; i < t.squares.length; i++) {
          const x = t.squares[i]!;
          forEachEmptyBoardTarget(t, code, x, (y, byRide) => {
            this.reach[code * this.span + y - x + this.half] = 1;
            if (byRide) this.line[color * this.span + y - x + this.half] = 1;
          });
        }
      }
    }
  }

  /** Could a piece of `code` moving from→to give check to the king on `king` (for the side `us`)? */
  mayCheck(code: number, from: number, to: number, king: number, us: number): boolean {
    const h = this.half;
    return this.reach[code * this.span + king - to + h] !== 0 || this.line[us * this.span + king - from + h] !== 0;
  }

  /** Does m (legal, about to be made by the side to move) give check? */
  givesCheck(pos: Position, m: Move): boolean {
    const kind = moveKind(m);
    if (kind !== KIND_NORMAL && kind !== KIND_PAWN_MULTI) return this.byMaking(pos, m);
    const board = pos.board;
    const us = pos.turn;
    const from = moveFrom(m);
    const to = moveTo(m);
    const promo = movePromotion(m);
    const code = board[from]!;
    const after = promo >= 0 ? pieceCode(promo, us) : code;
    const king = pos.kingSq[us ^ 1]!;
    if (!this.mayCheck(after, from, to, king, us)) return false;
    const captured = board[to]!;
    board[from] = EMPTY;
    board[to] = after;
    const check = this.newAttack(pos, after, from, to, king, us);
    board[from] = code;
    board[to] = captured;
    return check;
  }

  /**
   * After making a normal move or promotion m (by the side now not to move): is the opponent in
   * check? `code` is the piece now on the destination.
   */
  checkAfter(pos: Position, m: Move, code: number): boolean {
    const them = pos.turn;
    const us = them ^ 1;
    const king = pos.kingSq[them]!;
    const kind = moveKind(m);
    if (kind !== KIND_NORMAL && kind !== KIND_PAWN_MULTI) return pos.isAttacked(king, us);
    const from = moveFrom(m);
    const to = moveTo(m);
    if (!this.mayCheck(code, from, to, king, us)) return false;
    return this.newAttack(pos, code, from, to, king, us);
  }

  /**
   * With a normal move from→to made (board updated, `code` now on `to`) by `us`, whose opponent's
   * king on `king` was not in check before: is it in check now? Only the moved piece's leap and
   * the lines from the king through `to` and through `from` can carry a new attack.
   */
  private newAttack(pos: Position, code: number, from: number, to: number, king: number, us: number): boolean {
    const h = this.half;
    if (this.leapAttack[code * this.span + king - to + h] === 1) return true;
    const row = us * this.span + h;
    const stepTo = this.rideStep[row + king - to]!;
    const stepFrom = this.rideStep[row + king - from]!;
    if (stepTo === AMBIGUOUS || stepFrom === AMBIGUOUS) return pos.isAttacked(king, us);
    if (stepTo !== 0 && this.attackedAlong(pos, king, us, stepTo)) return true;
    return stepFrom !== 0 && stepFrom !== stepTo && this.attackedAlong(pos, king, us, stepFrom);
  }

  /** Is `sq` attacked by a rider of `byColor` coming along `step` (as in Position.isAttacked)? */
  private attackedAlong(pos: Position, sq: number, byColor: number, step: number): boolean {
    const board = pos.board;
    const ro = this.rideOffsets[byColor]!;
    const rm = this.rideMasks[byColor]!;
    const rr = this.rideRanges[byColor]!;
    for (let i = 0; i < ro.length; i++) {
      if (ro[i] !== step) continue;
      if ((rm[i]! >>> board[rideStop(board, sq, 0 - step, rr[i]!)]!) & 1) return true;
    }
    return false;
  }

  /**
   * After making a pseudo-legal move m from a position that was not in check: was the mover's
   * king left attacked? Only king moves, en passant, castling and pieces on a line of an enemy
   * rider through their king need the attack test.
   */
  leftInCheck(pos: Position, m: Move, mover: number, kingType: number): boolean {
    const us = pos.turn ^ 1;
    const king = pos.kingSq[us]!;
    const them = us ^ 1;
    if (moveKind(m) !== KIND_NORMAL || codeType(mover) === kingType) return pos.isAttacked(king, them);
    // A normal move of another piece can only open the line from the king through its origin.
    const step = this.rideStep[them * this.span + king - moveFrom(m) + this.half]!;
    if (step === 0) return false;
    if (step === AMBIGUOUS) return pos.isAttacked(king, them);
    return this.attackedAlong(pos, king, them, step);
  }

  private byMaking(pos: Position, m: Move): boolean {
    const us = pos.turn;
    pos.make(m);
    const check = pos.isAttacked(pos.kingSq[us ^ 1]!, us);
    pos.unmake();
    return check;
  }
}
