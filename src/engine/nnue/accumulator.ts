/**
 * Inference of a network (format.ts) on a Position: one accumulator per perspective, the sum of
 * the input weights of its active features plus the biases, kept on a stack indexed by the
 * position's undo depth. `push` (called just before `Position.make`) derives the next level
 * from the current one by the few features the move changes; unmake needs nothing (the level
 * below is still intact), a null move copies the level. When a king moves into another king
 * bucket (features.ts), its own perspective is recomputed from the board instead, as Stockfish
 * refreshes HalfKP on a king move. No allocation per move.
 */

import { CaravanError } from '../../core/errors.js';
import type { Move } from '../../core/move.js';
import type { Position } from '../../core/position.js';
import { codeType, EMPTY, pieceCode, type VariantTables } from '../../core/tables.js';
import { bucketOffsetTable, featureTable, inputCount } from './features.js';
import type { NetworkWeights } from './format.js';

/** Deepest level: the search's plies (score.ts MAX_PLY = 128) with room to spare. */
const STACK = 160;

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
  /** Feature changes of the move being pushed, per perspective: rows added / removed. */
  private readonly added = new Int32Array(8);
  private readonly removed = new Int32Array(8);
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
    this.computeFresh(pos, this.acc, this.accPsq, 0);
  }

  private computeFresh(pos: Position, acc: Int32Array, accPsq: Int32Array, level: number): void {
    for (let p = 0; p < 2; p++) {
      const bucket = this.bucketOffsets[p * this.size + (pos.kingSq[p] as number)] as number;
      this.bucketAt[level * 2 + p] = bucket;
      this.computePerspective(pos, p, bucket, acc, accPsq, level, 0, 0);
    }
  }

  /**
   * Perspective p of `level` from scratch in king bucket offset `bucket`: every man of `pos`
   * except the first nRem of `removed`, plus the first nAdd of `added` (a move's changes, when
   * the position is still the one before it).
   */
  private computePerspective(
    pos: Position,
    p: number,
    bucket: number,
    acc: Int32Array,
    accPsq: Int32Array,
    level: number,
    nAdd: number,
    nRem: number,
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
        const key = (pos.board[sq] as number) * size + sq;
        let gone = false;
        for (let k = 0; k < nRem; k++) if (this.removed[k] === key) gone = true;
        if (gone) continue;
        const f = (this.features[ft + key] as number) + bucket;
        const row = f * H;
        for (let j = 0; j < H; j++) acc[a + j] = (acc[a + j] as number) + (w[row + j] as number);
        psq += this.psqt[f] as number;
      }
    }
    for (let k = 0; k < nAdd; k++) {
      const f = (this.features[ft + (this.added[k] as number)] as number) + bucket;
      const row = f * H;
      for (let j = 0; j < H; j++) acc[a + j] = (acc[a + j] as number) + (w[row + j] as number);
      psq += this.psqt[f] as number;
    }
    accPsq[level * 2 + p] = psq;
  }

  /** Does the incremental accumulator of the current level equal a from-scratch one? (tests) */
  matchesFresh(pos: Position): boolean {
    const level = pos.depth - this.base;
    const H = this.hidden;
    for (let p = 0; p < 2; p++) {
      const bucket = this.bucketOffsets[p * this.size + (pos.kingSq[p] as number)] as number;
      if (bucket !== this.bucketAt[level * 2 + p]) return false;
      this.computePerspective(pos, p, bucket, this.scratch, this.scratchPsq, 0, 0, 0);
    }
    for (let i = 0; i < 2 * H; i++) if (this.scratch[i] !== this.acc[level * 2 * H + i]) return false;
    return this.scratchPsq[0] === this.accPsq[level * 2] && this.scratchPsq[1] === this.accPsq[level * 2 + 1];
  }

  /** Call just before pos.make(m): the next level from this one and the move's feature changes. */
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
    // Codes and squares as (code * size + sq), features looked up per perspective below.
    let nAdd = 0;
    let nRem = 0;
    const added = this.added;
    const removed = this.removed;
    removed[nRem++] = code * size + from;
    if (kind === 2) {
      added[nAdd++] = code * size + to;
      const dir = to > from ? 1 : -1;
      const rookFrom = this.castleRookFrom?.[us * 2 + (dir > 0 ? 1 : 0)] as number;
      const rook = board[rookFrom] as number;
      removed[nRem++] = rook * size + rookFrom;
      added[nAdd++] = rook * size + (to - dir);
    } else {
      added[nAdd++] = (promo >= 0 ? pieceCode(promo, us) : code) * size + to;
      const capSq = kind === 1 ? pos.epVictim : to;
      const captured = board[capSq] as number;
      if (captured !== EMPTY) removed[nRem++] = captured * size + capSq;
    }
    // Both perspectives keep their king bucket unless our king moves into another one; then
    // ours is recomputed from the board as it will be after the move.
    const dst = level + 1;
    const them = us ^ 1;
    this.bucketAt[dst * 2 + them] = this.bucketAt[level * 2 + them] as number;
    this.apply(them, level, dst, nAdd, nRem);
    const bucketNow = this.bucketAt[level * 2 + us] as number;
    const kingTo = codeType(code) === this.kingType ? to : -1;
    const bucketNext = kingTo < 0 ? bucketNow : (this.bucketOffsets[us * size + kingTo] as number);
    this.bucketAt[dst * 2 + us] = bucketNext;
    if (bucketNext === bucketNow) this.apply(us, level, dst, nAdd, nRem);
    else this.computePerspective(pos, us, bucketNext, this.acc, this.accPsq, dst, nAdd, nRem);
  }

  /** Call just before pos.makeNull(): the next level is a copy. */
  pushNull(pos: Position): void {
    const level = pos.depth - this.base;
    const H2 = 2 * this.hidden;
    this.acc.copyWithin((level + 1) * H2, level * H2, (level + 1) * H2);
    this.accPsq[level * 2 + 2] = this.accPsq[level * 2] as number;
    this.accPsq[level * 2 + 3] = this.accPsq[level * 2 + 1] as number;
    this.bucketAt[level * 2 + 2] = this.bucketAt[level * 2] as number;
    this.bucketAt[level * 2 + 3] = this.bucketAt[level * 2 + 1] as number;
  }

  /** Perspective p of level dst: level src's plus the move's feature changes, in the same king bucket. */
  private apply(p: number, src: number, dst: number, nAdd: number, nRem: number): void {
    const H = this.hidden;
    const acc = this.acc;
    const w = this.w;
    const feats = this.features;
    const ft = p * 32 * this.size;
    const bucket = this.bucketAt[src * 2 + p] as number;
    const s = src * 2 * H + p * H;
    const d = dst * 2 * H + p * H;
    // The first change of each kind is fused with the copy (there is always one of each).
    const fa = (feats[ft + (this.added[0] as number)] as number) + bucket;
    const fr = (feats[ft + (this.removed[0] as number)] as number) + bucket;
    const ra = fa * H;
    const rr = fr * H;
    for (let j = 0; j < H; j++) acc[d + j] = (acc[s + j] as number) + (w[ra + j] as number) - (w[rr + j] as number);
    let psq = (this.accPsq[src * 2 + p] as number) + (this.psqt[fa] as number) - (this.psqt[fr] as number);
    for (let k = 1; k < nAdd; k++) {
      const f = (feats[ft + (this.added[k] as number)] as number) + bucket;
      const row = f * H;
      for (let j = 0; j < H; j++) acc[d + j] = (acc[d + j] as number) + (w[row + j] as number);
      psq += this.psqt[f] as number;
    }
    for (let k = 1; k < nRem; k++) {
      const f = (feats[ft + (this.removed[k] as number)] as number) + bucket;
      const row = f * H;
      for (let j = 0; j < H; j++) acc[d + j] = (acc[d + j] as number) - (w[row + j] as number);
      psq -= this.psqt[f] as number;
    }
    this.accPsq[dst * 2 + p] = psq;
  }

  /** The network's score of `pos` in centipawns from the side to move's view. */
  evaluate(pos: Position): number {
    const H = this.hidden;
    const level = pos.depth - this.base;
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
