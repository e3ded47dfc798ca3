/**
 * Static exchange evaluation: the material balance of the capture sequence on one square when
 * each side always recaptures with its least valuable attacker (and may stop when that pays).
 * Generic over the variant's attack tables; pieces uncovered behind a capturer (x-rays) are
 * found because every step rescans the lines with the captured pieces lifted off the board.
 * Pins are ignored, as usual.
 */

import { KIND_CASTLE, KIND_EN_PASSANT, type Move, moveFrom, moveKind, movePromotion, moveTo } from '../core/move.js';
import type { Position } from '../core/position.js';
import { codeColor, EMPTY, pieceCode, type VariantTables } from '../core/tables.js';
import { rideStop } from '../core/targets.js';

/** Threshold argument of Exchange.exchange meaning "the exact value". */
const NO_THRESHOLD = -0x40000000;

export class Exchange {
  private readonly gain = new Int32Array(64);
  private readonly liftedSq = new Int16Array(64);
  private readonly liftedCode = new Uint8Array(64);
  /** Square of the last attacker found by leastValuable. */
  private attackerSq = -1;

  /**
   * Lowest value of any piece code per colour: once leastValuable has found an attacker that
   * cheap, no other can be strictly cheaper, so the scan stops there (same result).
   */
  private readonly cheapest = new Int32Array(2);

  /**
   * Per colour, for the attack tables of `t`: leapRest[i] is the lowest value of a piece that
   * attacks along leap entry i or a later one; rideLowest the lowest value of any rider. Once the
   * attacker found is no more valuable than that, the later entries cannot hold a strictly
   * cheaper one, so the scan skips them (same result).
   */
  private readonly leapRest: [Int32Array, Int32Array];
  private readonly rideLowest = new Int32Array(2);

  /** @param value material by piece code (the king valued high). */
  constructor(
    private readonly value: Int16Array,
    t: VariantTables,
  ) {
    this.cheapest.fill(0x7fff);
    for (let code = 2; code < value.length; code++) {
      const c = codeColor(code);
      if (value[code]! < this.cheapest[c]!) this.cheapest[c] = value[code]!;
    }
    const lowestIn = (mask: number) => {
      let v = 0x7fff;
      for (let code = 2; code < value.length; code++) if ((mask >>> code) & 1 && value[code]! < v) v = value[code]!;
      return v;
    };
    this.leapRest = [new Int32Array(0), new Int32Array(0)];
    for (let c = 0; c < 2; c++) {
      const lm = t.attackLeapMasks[c]!;
      const rest = new Int32Array(lm.length + 1);
      rest[lm.length] = 0x7fff;
      for (let i = lm.length - 1; i >= 0; i--) rest[i] = Math.min(rest[i + 1]!, lowestIn(lm[i]!));
      this.leapRest[c] = rest;
      let low = 0x7fff;
      const rm = t.attackRideMasks[c]!;
      for (let i = 0; i < rm.length; i++) low = Math.min(low, lowestIn(rm[i]!));
      this.rideLowest[c] = low;
    }
  }

  /** Exchange value of move m for the side to move, in the value table's units. */
  see(pos: Position, m: Move): number {
    return this.exchange(pos, m, NO_THRESHOLD);
  }

  /**
   * Is see(pos, m) ≥ threshold? The same answer, but the exchange stops as soon as the bounds on
   * its value settle the question (most callers only need the sign).
   */
  seeGe(pos: Position, m: Move, threshold: number): boolean {
    return this.exchange(pos, m, threshold) >= threshold;
  }

  /**
   * The exchange value of m; with a threshold other than NO_THRESHOLD, possibly only a value on
   * the same side of the threshold as the exact one.
   */
  private exchange(pos: Position, m: Move, threshold: number): number {
    const kind = moveKind(m);
    if (kind === KIND_CASTLE) return 0;
    const board = pos.board;
    const value = this.value;
    const from = moveFrom(m);
    const to = moveTo(m);
    const us = pos.turn;
    let mover = board[from]!;
    const promo = movePromotion(m);
    let lifted = 0;
    let d = 0;
    const captured = kind === KIND_EN_PASSANT ? pieceCode(pos.t.pawnType, us ^ 1) : board[to]!;
    this.gain[0] = captured === EMPTY ? 0 : value[captured]!;
    if (promo >= 0) {
      mover = pieceCode(promo, us);
      this.gain[0] += value[mover]! - value[board[from]!]!;
    }
    // Lift the mover; on e.p. the victim too.
    this.liftedSq[lifted] = from;
    this.liftedCode[lifted++] = board[from]!;
    board[from] = EMPTY;
    if (kind === KIND_EN_PASSANT) {
      this.liftedSq[lifted] = pos.epVictim;
      this.liftedCode[lifted++] = board[pos.epVictim]!;
      board[pos.epVictim] = EMPTY;
    }
    let onSquare = mover;
    let side = us ^ 1;
    for (;;) {
      // gain[d]: balance if `side` now takes the piece standing on the square.
      d++;
      const g = value[onSquare]! - this.gain[d - 1]!;
      this.gain[d] = g;
      if (d >= 62) break;
      if (threshold !== NO_THRESHOLD) {
        // The value after capture d−1 lies in [−gain[d], gain[d−1]] whatever follows (capture d
        // can only make it worse for the side that made d−1, by at most the piece on the
        // square); the unwinding below is monotone, so map both ends to bounds on the result.
        // (d − 1 order-reversing steps: the ends swap when d − 1 is odd.)
        const a = this.unwind(d - 1, 0 - g);
        const b = this.unwind(d - 1, this.gain[d - 1]!);
        const low = (d & 1) === 1 ? a : b;
        const high = (d & 1) === 1 ? b : a;
        if (low >= threshold || high < threshold) {
          for (let i = lifted - 1; i >= 0; i--) board[this.liftedSq[i]!] = this.liftedCode[i]!;
          return low >= threshold ? low : high;
        }
      }
      const attacker = this.leastValuable(pos, to, side);
      if (attacker === EMPTY) break;
      const sq = this.attackerSq;
      this.liftedSq[lifted] = sq;
      this.liftedCode[lifted++] = attacker;
      board[sq] = EMPTY;
      onSquare = attacker;
      side ^= 1;
    }
    while (--d > 0) this.gain[d - 1] = 0 - Math.max(0 - this.gain[d - 1]!, this.gain[d]!);
    for (let i = lifted - 1; i >= 0; i--) board[this.liftedSq[i]!] = this.liftedCode[i]!;
    return this.gain[0]!;
  }

  /** The exchange value at the root if the value after capture d is x (the unwinding of see). */
  private unwind(d: number, x: number): number {
    for (let k = d - 1; k >= 0; k--) {
      x = Math.min(this.gain[k]!, 0 - x);
    }
    return x;
  }

  /** Least valuable piece of `side` attacking `sq` (EMPTY if none); its square in attackerSq. */
  private leastValuable(pos: Position, sq: number, side: number): number {
    const t = pos.t;
    const board = pos.board;
    const value = this.value;
    let best = EMPTY;
    let bestValue = 0x7fff;
    const cheapest = this.cheapest[side]!;
    const lo = t.attackLeapOffsets[side]!;
    const lm = t.attackLeapMasks[side]!;
    const rest = this.leapRest[side]!;
    for (let i = 0; i < lo.length; i++) {
      const s = sq - lo[i]!;
      const p = board[s]!;
      if ((lm[i]! >>> p) & 1 && value[p]! < bestValue) {
        best = p;
        bestValue = value[p]!;
        this.attackerSq = s;
        if (bestValue === cheapest) return best;
        if (bestValue <= rest[i + 1]!) break;
      }
    }
    if (bestValue <= this.rideLowest[side]!) return best;
    const ro = t.attackRideOffsets[side]!;
    const rm = t.attackRideMasks[side]!;
    const rr = t.attackRideRanges[side]!;
    for (let i = 0; i < ro.length; i++) {
      const s = rideStop(board, sq, 0 - ro[i]!, rr[i]!);
      const p = board[s]!;
      if ((rm[i]! >>> p) & 1 && value[p]! < bestValue) {
        best = p;
        bestValue = value[p]!;
        this.attackerSq = s;
      }
    }
    return best;
  }
}
