/**
 * Transposition table: one Int32Array indexed by the position's incremental Zobrist hash.
 *
 * Buckets of two 16-byte entries (a bucket is 32 bytes, so a probe touches one cache line):
 * slot 0 keeps the deeper (or current-search) result, slot 1 always takes the latest.
 * An entry is four 32-bit words:
 *   0  key     the hash's high half (the low half chose the bucket)
 *   1  move
 *   2  score (low 16 bits, signed) | static evaluation << 16 (NO_SCORE if none)
 *   3  draft (low 8 bits, signed; 0 = quiescence) | bound << 8 | generation << 10
 * Mate scores are made root-independent by the caller (score.ts).
 */

import { NO_SCORE } from './score.js';

export const BOUND_NONE = 0;
export const BOUND_UPPER = 1;
export const BOUND_LOWER = 2;
export const BOUND_EXACT = 3;

const ENTRY_BYTES = 16;
const WORDS = 4;

export class TranspositionTable {
  private data = new Int32Array(0);
  /** Mask of the entry index of slot 0 of a bucket. */
  private mask = 0;
  /** 1…63, so that a used entry's word 3 is never 0. */
  private generation = 1;

  // Result of the last successful probe.
  hitMove = 0;
  hitScore = 0;
  hitEval = NO_SCORE;
  hitDepth = 0;
  hitBound = BOUND_NONE;

  constructor(mb = 16) {
    this.resize(mb);
  }

  /** Size in MiB (rounded down to a power-of-two number of entries, at least 1024). */
  resize(mb: number): void {
    const want = Math.max(1024, Math.floor((Math.max(1, mb) * 1024 * 1024) / ENTRY_BYTES));
    let entries = 1024;
    while (entries * 2 <= want) entries *= 2;
    if (entries * WORDS === this.data.length) {
      this.clear();
      return;
    }
    this.data = new Int32Array(entries * WORDS);
    this.mask = (entries - 1) & ~1;
    this.generation = 1;
  }

  get entries(): number {
    return this.data.length / WORDS;
  }

  clear(): void {
    this.data.fill(0);
    this.generation = 1;
  }

  /** Start of a new search: older entries become preferred victims. */
  newSearch(): void {
    this.generation = (this.generation % 63) + 1;
  }

  /** Look the position up; on a hit the hit* fields hold the entry. */
  probe(lo: number, hi: number): boolean {
    const d = this.data;
    let i = (lo & this.mask) * WORDS;
    if (d[i] !== hi || d[i + 3] === 0) {
      i += WORDS;
      if (d[i] !== hi || d[i + 3] === 0) return false;
    }
    const w2 = d[i + 2]!;
    const w3 = d[i + 3]!;
    this.hitMove = d[i + 1]!;
    this.hitScore = (w2 << 16) >> 16;
    this.hitEval = w2 >> 16;
    this.hitDepth = (w3 << 24) >> 24;
    this.hitBound = (w3 >> 8) & 3;
    return true;
  }

  store(lo: number, hi: number, move: number, score: number, staticEval: number, depth: number, bound: number): void {
    const d = this.data;
    const i0 = (lo & this.mask) * WORDS;
    const i1 = i0 + WORDS;
    let i: number;
    if (d[i0] === hi && d[i0 + 3] !== 0) i = i0;
    else if (d[i1] === hi && d[i1 + 3] !== 0) i = i1;
    else {
      // Slot 0 is replaced when the new draft is at least as deep or the entry is from an older search;
      // the displaced entry moves down to the always-replace slot.
      const w3 = d[i0 + 3]!;
      if (w3 === 0 || w3 >> 10 !== this.generation || depth >= (w3 << 24) >> 24) {
        if (w3 !== 0) {
          d[i1] = d[i0]!;
          d[i1 + 1] = d[i0 + 1]!;
          d[i1 + 2] = d[i0 + 2]!;
          d[i1 + 3] = w3;
        }
        i = i0;
      } else i = i1;
    }
    // Keep the old move when the new result has none for the same position.
    if (move !== 0 || d[i] !== hi) d[i + 1] = move;
    d[i] = hi;
    d[i + 2] = (score & 0xffff) | (staticEval << 16);
    d[i + 3] = (Math.max(-128, Math.min(127, depth)) & 0xff) | (bound << 8) | (this.generation << 10);
  }

  /** Permille of slots filled by the current search (UCI hashfull), sampled. */
  hashfull(): number {
    let n = 0;
    const sample = Math.min(1000, this.entries);
    for (let i = 0; i < sample; i++) {
      const w3 = this.data[i * WORDS + 3]!;
      if (w3 !== 0 && w3 >> 10 === this.generation) n++;
    }
    return Math.round((n * 1000) / sample);
  }
}
