/**
 * Inference of a network (format.ts) on a Position: one accumulator per perspective, the sum of
 * the input weights of its active features plus the biases, kept on a stack indexed by the
 * position's undo depth. `push` (called just before `Position.make`) records the few features
 * the move changes; unmake needs nothing (the level below is still intact), a null move changes
 * nothing. The accumulators are brought up to date lazily, when `evaluate` asks: from the nearest
 * computed level below by the recorded changes, as Stockfish does, so that the many positions
 * the search leaves without evaluating (table cut-offs, cached evaluations) cost nothing. When a
 * king has moved into another king bucket (features.ts) since that level, its own perspective is
 * recomputed from the board instead, as Stockfish refreshes HalfKP on a king move. No allocation
 * per move.
 */

import { CaravanError } from '../../core/errors.js';
import type { Move } from '../../core/move.js';
import type { Position } from '../../core/position.js';
import { codeType, EMPTY, pieceCode, type VariantTables } from '../../core/tables.js';
import { bucketOffsetTable, featureTable, inputCount } from './features.js';
import type { NetworkWeights } from './format.js';

/** Deepest level: the search's plies (score.ts MAX_PLY = 128) with room to spare. */
const STACK = 160;
/** Most features one move adds or removes: castling moves two men, a capture removes two. */
const CHANGES = 2;

export class NnueEvaluator {
  readonly weights: NetworkWeights;
  private readonly hidden: number;
  private readonly size: number;
  private readonly features: Int32Array;
  private readonly w: Int16Array;
  private readonly psqt: Int16Array;
  /** [level * 2H + persp * H + j] */
  private readonly acc: Int32Array;
  /** [level * 2 + persp] */
  private readonly accPsq: Int32Array;
  /** Offset of each perspective's king bucket in the features: [level * 2 + persp]. */
  private readonly bucketAt: Int32Array;
  /** Bucket offset of each perspective's king on each padded square: [persp * size + sq]. */
  private readonly bucketOffsets: Int32Array;
  private readonly kingType: number;
  private readonly scratch: Int32Array;
  private readonly scratchPsq = new Int32Array(2);
  /**
   * Feature changes of the move that led to each level, as (code * size + sq): up to
   * CHANGES added at [level * CHANGES + k], as many removed; their counts per level.
   */
  private readonly added = new Int32Array(STACK * CHANGES);
  private readonly removed = new Int32Array(STACK * CHANGES);
  private readonly addedCount = new Uint8Array(STACK);
  private readonly removedCount = new Uint8Array(STACK);
  /** Is perspective p of a level up to date: [level * 2 + p]. */
  private readonly computed = new Uint8Array(STACK * 2);
  private readonly pawnType: number;
  private readonly castleRookFrom: Int16Array | undefined;
  private readonly qa: number;
  private readonly outDiv: number;
  /** Position depth of level 0. */
  private base = 0;

  constructor(weights: NetworkWeights, t: VariantTables) {
    const l = weights.layout;
    if (l.files !== t.files || l.ranks !== t.ranks || l.pieceTypes !== t.pieceCount) {
      throw new CaravanError(
        'invalid-weights',
        `network weights: trained for a ${l.files}×${l.ranks} board with ${l.pieceTypes} piece types, ` +
          `but ${t.def.id} has ${t.files}×${t.ranks} and ${t.pieceCount}`,
      );
    }
    this.weights = weights;
    this.hidden = weights.hidden;
    this.size = t.size;
    this.features = featureTable(l, t);
    this.bucketOffsets = bucketOffsetTable(l, t);
    this.bucketAt = new Int32Array(STACK * 2);
    this.kingType = t.kingType;
    this.w = weights.inputWeights;
    this.psqt = weights.psqt;
    this.acc = new Int32Array(STACK * 2 * this.hidden);
    this.accPsq = new Int32Array(STACK * 2);
    this.scratch = new Int32Array(2 * this.hidden);
    this.pawnType = t.pawnType;
    this.castleRookFrom = t.castling?.rookFrom;
    this.qa = weights.qa;
    this.outDiv = weights.outScale / (weights.qa * weights.qb);
    if (inputCount(l) * this.hidden !== this.w.length)
      throw new CaravanError('invalid-weights', 'network weights: size mismatch');
  }

  /** Compute the accumulators of `pos` from scratch; it becomes level 0. */
  refresh(pos: Position): void {
    this.base = pos.depth;
    for (let p = 0; p < 2; p++) {
      const bucket = this.bucketOffsets[p * this.size + (pos.kingSq[p] as number)] as number;
      this.bucketAt[p] = bucket;
      this.computePerspective(pos, p, bucket, this.acc, this.accPsq, 0);
      this.computed[p] = 1;
    }
  }

  /** Perspective p of `level` from scratch, from the men of `pos`, in king bucket offset `bucket`. */
  private computePerspective(
    pos: Position,
    p: number,
    bucket: number,
    acc: Int32Array,
    accPsq: Int32Array,
    level: number,
  ): void {
    const H = this.hidden;
    const bias = this.weights.hiddenBias;
    const w = this.w;
    const size = this.size;
    const a = level * 2 * H + p * H;
    for (let j = 0; j < H; j++) acc[a + j] = bias[j] as number;
    let psq = 0;
    const ft = p * 32 * size;
    for (let color = 0; color < 2; color++) {
      for (let i = 0; i < (pos.pcount[color] as number); i++) {
        const sq = pos.pieceSquare(color, i);
        const f = (this.features[ft + (pos.board[sq] as number) * size + sq] as number) + bucket;
        const row = f * H;
        for (let j = 0; j < H; j++) acc[a + j] = (acc[a + j] as number) + (w[row + j] as number);
        psq += this.psqt[f] as number;
      }
    }
    accPsq[level * 2 + p] = psq;
  }

  /** Does the accumulator of the current level, brought up to date, equal a from-scratch one? (tests) */
  matchesFresh(pos: Position): boolean {
    const level = pos.depth - this.base;
    this.update(pos, level);
    const H = this.hidden;
    for (let p = 0; p < 2; p++) {
      const bucket = this.bucketOffsets[p * this.size + (pos.kingSq[p] as number)] as number;
      if (bucket !== this.bucketAt[level * 2 + p]) return false;
      this.computePerspective(pos, p, bucket, this.scratch, this.scratchPsq, 0);
    }
    for (let i = 0; i < 2 * H; i++) if (this.scratch[i] !== this.acc[level * 2 * H + i]) return false;
    return this.scratchPsq[0] === this.accPsq[level * 2] && this.scratchPsq[1] === this.accPsq[level * 2 + 1];
  }

  /** Call just before pos.make(m): records the move's feature changes as the next level's. */
  push(pos: Position, m: Move): void {
    const level = pos.depth - this.base;
    const size = this.size;
    const board = pos.board;
    const from = m & 0xff;
    const to = (m >>> 8) & 0xff;
    const promo = ((m >>> 16) & 0xf) - 1;
    const kind = (m >>> 20) & 3;
    const code = board[from] as number;
    const us = code & 1;
    const dst = level + 1;
    const at = dst * CHANGES;
    const added = this.added;
    const removed = this.removed;
    let nAdd = 0;
    let nRem = 0;
    removed[at + nRem++] = code * size + from;
    if (kind === 2) {
      added[at + nAdd++] = code * size + to;
      const dir = to > from ? 1 : -1;
      const rookFrom = this.castleRookFrom?.[us * 2 + (dir > 0 ? 1 : 0)] as number;
      const rook = board[rookFrom] as number;
      removed[at + nRem++] = rook * size + rookFrom;
      added[at + nAdd++] = rook * size + (to - dir);
    } else {
      added[at + nAdd++] = (promo >= 0 ? pieceCode(promo, us) : code) * size + to;
      const capSq = kind === 1 ? pos.epVictim : to;
      const captured = board[capSq] as number;
      if (captured !== EMPTY) removed[at + nRem++] = captured * size + capSq;
    }
    this.addedCount[dst] = nAdd;
    this.removedCount[dst] = nRem;
    const them = us ^ 1;
    this.bucketAt[dst * 2 + them] = this.bucketAt[level * 2 + them] as number;
    const kingTo = codeType(code) === this.kingType ? to : -1;
    this.bucketAt[dst * 2 + us] =
      kingTo < 0 ? (this.bucketAt[level * 2 + us] as number) : (this.bucketOffsets[us * size + kingTo] as number);
    this.computed[dst * 2] = 0;
    this.computed[dst * 2 + 1] = 0;
  }

  /** Call just before pos.makeNull(): the next level changes no feature. */
  pushNull(pos: Position): void {
    const level = pos.depth - this.base;
    const dst = level + 1;
    this.addedCount[dst] = 0;
    this.removedCount[dst] = 0;
    this.bucketAt[dst * 2] = this.bucketAt[level * 2] as number;
    this.bucketAt[dst * 2 + 1] = this.bucketAt[level * 2 + 1] as number;
    this.computed[dst * 2] = 0;
    this.computed[dst * 2 + 1] = 0;
  }

  /**
   * Bring both perspectives of `level` (the current position's) up to date: from the nearest
   * computed level below in the same king bucket, one level's changes at a time; from the board
   * when the king changed bucket on the way.
   */
  private update(pos: Position, level: number): void {
    const computed = this.computed;
    const bucketAt = this.bucketAt;
    for (let p = 0; p < 2; p++) {
      if (computed[level * 2 + p] === 1) continue;
      const bucket = bucketAt[level * 2 + p] as number;
      let from = level;
      while (computed[from * 2 + p] === 0 && bucketAt[(from - 1) * 2 + p] === bucket) from--;
      if (computed[from * 2 + p] === 0) {
        this.computePerspective(pos, p, bucket, this.acc, this.accPsq, level);
      } else {
        for (let l = from + 1; l <= level; l++) {
          this.apply(p, l);
          computed[l * 2 + p] = 1;
        }
      }
      computed[level * 2 + p] = 1;
    }
  }

  /** Perspective p of `level`: the level below plus the changes recorded for it (same king bucket). */
  private apply(p: number, level: number): void {
    const H = this.hidden;
    const acc = this.acc;
    const w = this.w;
    const feats = this.features;
    const ft = p * 32 * this.size;
    const bucket = this.bucketAt[level * 2 + p] as number;
    const s = (level - 1) * 2 * H + p * H;
    const d = level * 2 * H + p * H;
    const at = level * CHANGES;
    const nAdd = this.addedCount[level] as number;
    const nRem = this.removedCount[level] as number;
    let psq = this.accPsq[(level - 1) * 2 + p] as number;
    if (nAdd === 0) {
      // A null move.
      acc.copyWithin(d, s, s + H);
    } else {
      // The first change of each kind is fused with the copy (a move has at least one of each).
      const fa = (feats[ft + (this.added[at] as number)] as number) + bucket;
      const fr = (feats[ft + (this.removed[at] as number)] as number) + bucket;
      const ra = fa * H;
      const rr = fr * H;
      for (let j = 0; j < H; j++) acc[d + j] = (acc[s + j] as number) + (w[ra + j] as number) - (w[rr + j] as number);
      psq += (this.psqt[fa] as number) - (this.psqt[fr] as number);
      for (let k = 1; k < nAdd; k++) {
        const f = (feats[ft + (this.added[at + k] as number)] as number) + bucket;
        const row = f * H;
        for (let j = 0; j < H; j++) acc[d + j] = (acc[d + j] as number) + (w[row + j] as number);
        psq += this.psqt[f] as number;
      }
      for (let k = 1; k < nRem; k++) {
        const f = (feats[ft + (this.removed[at + k] as number)] as number) + bucket;
        const row = f * H;
        for (let j = 0; j < H; j++) acc[d + j] = (acc[d + j] as number) - (w[row + j] as number);
        psq -= this.psqt[f] as number;
      }
    }
    this.accPsq[level * 2 + p] = psq;
  }

  /** The network's score of `pos` in centipawns from the side to move's view. */
  evaluate(pos: Position): number {
    const H = this.hidden;
    const level = pos.depth - this.base;
    this.update(pos, level);
    const stm = pos.turn;
    const acc = this.acc;
    const ow = this.weights.outputWeights;
    const qa = this.qa;
    const us = level * 2 * H + stm * H;
    const them = level * 2 * H + (stm ^ 1) * H;
    let sum = this.weights.outputBias;
    for (let j = 0; j < H; j++) {
      // Clipped ReLU: [0, QA].
      let a = acc[us + j] as number;
      if (a < 0) a = 0;
      else if (a > qa) a = qa;
      let b = acc[them + j] as number;
      if (b < 0) b = 0;
      else if (b > qa) b = qa;
      sum += a * (ow[j] as number) + b * (ow[H + j] as number);
    }
    const psq = ((this.accPsq[level * 2 + stm] as number) - (this.accPsq[level * 2 + (stm ^ 1)] as number)) >> 1;
    return Math.trunc(sum * this.outDiv) + psq;
  }
}
