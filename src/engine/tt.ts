/**
 * Transposition table: typed arrays indexed by the position's incremental Zobrist hash.
 *
 * Buckets of two entries: slot 0 keeps the deeper (or newer-search) result, slot 1 always takes
 * the latest. An entry is 16 bytes spread over parallel arrays:
 *   key   Int32  the hash's high half (the low half chose the bucket)
 *   move  Int32
 *   score Int16  (mate scores made root-independent by the caller, see score.ts)
 *   eval  Int16  static evaluation (NO_SCORE if none)
 *   depth Int8   draft (0 = quiescence)
 *   info  Uint8  bound (2 bits) | generation << 2
 */

import { NO_SCORE } from './score.js';

export const BOUND_NONE = 0;
export const BOUND_UPPER = 1;
export const BOUND_LOWER = 2;
export const BOUND_EXACT = 3;

const ENTRY_BYTES = 16;

export class TranspositionTable {
  private keys = new Int32Array(0);
  private moves = new Int32Array(0);
  private scores = new Int16Array(0);
  private evals = new Int16Array(0);
  private depths = new Int8Array(0);
  private infos = new Uint8Array(0);
  private mask = 0;
  /** 1…63, so that a used entry's info byte is never 0. */
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
    if (entries === this.keys.length) {
      this.clear();
      return;
    }
    this.keys = new Int32Array(entries);
    this.moves = new Int32Array(entries);
    this.scores = new Int16Array(entries);
    this.evals = new Int16Array(entries).fill(NO_SCORE);
    this.depths = new Int8Array(entries);
    this.infos = new Uint8Array(entries);
    this.mask = (entries - 1) & ~1;
    this.generation = 1;
  }

  get entries(): number {
    return this.keys.length;
  }

  clear(): void {
    this.keys.fill(0);
    this.moves.fill(0);
    this.scores.fill(0);
    this.evals.fill(NO_SCORE);
    this.depths.fill(0);
    this.infos.fill(0);
    this.generation = 1;
  }

  /** Start of a new search: older entries become preferred victims. */
  newSearch(): void {
    this.generation = (this.generation % 63) + 1;
  }

  /** Look the position up; on a hit the hit* fields hold the entry. */
  probe(lo: number, hi: number): boolean {
    const i = lo & this.mask;
    for (let j = i; j < i + 2; j++) {
      if (this.keys[j] === hi && this.infos[j] !== 0) {
        this.hitMove = this.moves[j]!;
        this.hitScore = this.scores[j]!;
        this.hitEval = this.evals[j]!;
        this.hitDepth = this.depths[j]!;
        this.hitBound = this.infos[j]! & 3;
        return true;
      }
    }
    return false;
  }

  store(lo: number, hi: number, move: number, score: number, staticEval: number, depth: number, bound: number): void {
    const i = lo & this.mask;
    let j = i;
    if (this.keys[i] === hi && this.infos[i] !== 0) j = i;
    else if (this.keys[i + 1] === hi && this.infos[i + 1] !== 0) j = i + 1;
    else {
      // Slot 0 is replaced when the new draft is at least as deep or the entry is from an older search.
      const info0 = this.infos[i]!;
      if (info0 === 0 || info0 >> 2 !== this.generation || depth >= this.depths[i]!) {
        // The displaced slot-0 entry moves down to the always-replace slot.
        if (info0 !== 0) this.copy(i, i + 1);
        j = i;
      } else j = i + 1;
    }
    // Keep the old move when the new result has none for the same position.
    if (move !== 0 || this.keys[j] !== hi) this.moves[j] = move;
    this.keys[j] = hi;
    this.scores[j] = score;
    this.evals[j] = staticEval;
    this.depths[j] = Math.max(-128, Math.min(127, depth));
    this.infos[j] = (this.generation << 2) | bound;
  }

  private copy(from: number, to: number): void {
    this.keys[to] = this.keys[from]!;
    this.moves[to] = this.moves[from]!;
    this.scores[to] = this.scores[from]!;
    this.evals[to] = this.evals[from]!;
    this.depths[to] = this.depths[from]!;
    this.infos[to] = this.infos[from]!;
  }

  /** Permille of slots filled by the current search (UCI hashfull), sampled. */
  hashfull(): number {
    let n = 0;
    const sample = Math.min(1000, this.keys.length);
    for (let i = 0; i < sample; i++) if (this.infos[i] !== 0 && this.infos[i]! >> 2 === this.generation) n++;
    return Math.round((n * 1000) / sample);
  }
}
