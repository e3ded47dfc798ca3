/**
 * Checks and pins by geometry, to spare most attack tests.
 *
 * From each square, the squares a piece could attack on an empty board are known by their
 * offset. So a move can only give direct check if the enemy king lies at such an offset from the
 * destination, and only discovered check if the origin square is on a line (a multiple of a
 * ride direction) of one of the mover's riders through the enemy king. Likewise, a piece that
 * is not on such a line of an enemy rider through its own king cannot be pinned. Moves that pass
 * a filter are tested exactly.
 */

import { KIND_NORMAL, KIND_PAWN_MULTI, type Move, moveFrom, moveKind, movePromotion, moveTo } from '../core/move.js';
import type { Position } from '../core/position.js';
import { EMPTY, pieceCode, type VariantTables } from '../core/tables.js';

export class CheckDetector {
  /** reach[code * span + (delta + half)]: a piece of `code` may attack at offset delta. */
  private readonly reach: Uint8Array;
  /** line[color * span + (delta + half)]: delta is a positive multiple of a ride direction of `color`. */
  private readonly line: Uint8Array;
  private readonly half: number;
  private readonly span: number;

  constructor(t: VariantTables) {
    this.half = t.size;
    this.span = 2 * t.size + 1;
    const codes = 2 * (t.pieceCount + 1);
    this.reach = new Uint8Array(codes * this.span);
    this.line = new Uint8Array(2 * this.span);
    for (let type = 0; type < t.pieceCount; type++) {
      for (let color = 0; color < 2; color++) {
        const code = pieceCode(type, color);
        const mv = t.moves[code];
        if (!mv) continue;
        for (let i = 0; i < t.squares.length; i++) {
          const x = t.squares[i]!;
          for (let k = 0; k < mv.leapOffsets.length; k++) {
            const y = x + mv.leapOffsets[k]!;
            if (t.fileOf[y]! >= 0) this.reach[code * this.span + y - x + this.half] = 1;
          }
          for (let k = 0; k < mv.rideOffsets.length; k++) {
            const off = mv.rideOffsets[k]!;
            const range = mv.rideRanges[k]!;
            for (let y = x + off, steps = 1; t.fileOf[y]! >= 0; y += off, steps++) {
              this.reach[code * this.span + y - x + this.half] = 1;
              this.line[color * this.span + y - x + this.half] = 1;
              if (steps === range) break;
            }
          }
        }
      }
    }
  }

  /** Could a piece of `code` moving from→to give check to the king on `king` (for the side `us`)? */
  mayCheck(code: number, from: number, to: number, king: number, us: number): boolean {
    const h = this.half;
    return this.reach[code * this.span + king - to + h] !== 0 || this.line[us * this.span + king - from + h] !== 0;
  }

  /** Could the piece on `from` be pinned to its king on `king` by a rider of `them`? */
  mayBePinned(from: number, king: number, them: number): boolean {
    return this.line[them * this.span + king - from + this.half] !== 0;
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
    const check = pos.isAttacked(king, us);
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
    if ((kind === KIND_NORMAL || kind === KIND_PAWN_MULTI) && !this.mayCheck(code, moveFrom(m), moveTo(m), king, us)) {
      return false;
    }
    return pos.isAttacked(king, us);
  }

  /**
   * After making a pseudo-legal move m from a position that was not in check: was the mover's
   * king left attacked? Only king moves, en passant, castling and pieces on a line of an enemy
   * rider through their king need the attack test.
   */
  leftInCheck(pos: Position, m: Move, mover: number, kingType: number): boolean {
    const us = pos.turn ^ 1;
    const king = pos.kingSq[us]!;
    if (moveKind(m) === KIND_NORMAL && (mover >> 1) - 1 !== kingType && !this.mayBePinned(moveFrom(m), king, us ^ 1)) {
      return false;
    }
    return pos.isAttacked(king, us ^ 1);
  }

  private byMaking(pos: Position, m: Move): boolean {
    const us = pos.turn;
    pos.make(m);
    const check = pos.isAttacked(pos.kingSq[us ^ 1]!, us);
    pos.unmake();
    return check;
  }
}
