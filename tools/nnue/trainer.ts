/**
 * The trainer (issue 12): a one-hidden-layer network on sparse piece-square inputs
 * (src/engine/nnue/features.ts), fitted with Adam on minibatches in Float32Arrays, then
 * quantised to the integer weights the engine runs (src/engine/nnue/format.ts).
 *
 * Model (float): h_p = clamp(b + Σ W[f], 0, 1) per perspective p over its active features;
 * y = S·(v·[h_stm, h_opp] + c) + 100·(Σ P[f_stm] − Σ P[f_opp]) / 2 in centipawns, S = outScale.
 * Loss: mean (σ(y) − target)², σ(x) = 1 / (1 + 10^(−x/400)), where the target blends the
 * search score and the game result: λ·σ(score) + (1 − λ)·(result + 1)/2 (side to move's view).
 *
 * Factorised inputs (as Stockfish's trainer does for HalfKP): while training, each piece also
 * switches on three shared "virtual" features — its own/enemy piece type, type × rank and
 * type × file — so that what is learned for a piece on one square carries over to the squares
 * the data rarely shows. Exporting folds them into the real feature weights: the engine's
 * network has only the real inputs.
 */

import {
  bucketCount,
  type FeatureLayout,
  featureIndex,
  inputCount,
  kingBucketOf,
  squareFeatureCount,
} from '../../src/engine/nnue/features.js';
import type { NetworkWeights } from '../../src/engine/nnue/format.js';
import { makeRng } from '../../src/match/openings.js';
import type { Sample } from './data.js';

export interface Dataset {
  readonly count: number;
  /** Features of sample i, side to move's perspective: stmFeat[offset[i] .. offset[i + 1]). */
  readonly offset: Int32Array;
  readonly stmFeat: Int32Array;
  readonly oppFeat: Int32Array;
  readonly target: Float32Array;
  /** Residual training: the hand-written evaluation of each sample (cp), added to the output. */
  readonly base: Float32Array | undefined;
}

const LN10_400 = Math.LN10 / 400;

/**
 * Virtual (factor) features after the real ones: type, type × rank, type × file and, with more
 * than one king bucket, the piece-square feature whatever the bucket (what the buckets share).
 */
function virtualCount(l: FeatureLayout): number {
  const types = 2 * l.pieceTypes;
  return types + types * l.ranks + types * l.files + (bucketCount(l) > 1 ? squareFeatureCount(l) : 0);
}

/**
 * The factor features of real feature f (see featureIndex: bucket·block + (rel·ranks + r)·files + file)
 * into `out`; returns how many (3, or 4 with king buckets).
 */
function factorsOf(l: FeatureLayout, f: number, out: Int32Array): number {
  const inputs = inputCount(l);
  const types = 2 * l.pieceTypes;
  const inBucket = f % squareFeatureCount(l);
  const file = inBucket % l.files;
  const rest = (inBucket - file) / l.files;
  const rank = rest % l.ranks;
  const rel = (rest - rank) / l.ranks;
  out[0] = inputs + rel;
  out[1] = inputs + types + rel * l.ranks + rank;
  out[2] = inputs + types + types * l.ranks + rel * l.files + file;
  if (bucketCount(l) === 1) return 3;
  out[3] = inputs + types + types * l.ranks + types * l.files + inBucket;
  return 4;
}

export function sigmoid(cp: number): number {
  return 1 / (1 + 10 ** (-cp / 400));
}

/**
 * What the network is taught for one sample, as a win probability: the search score blended
 * with the game's result, `lambda` of the score (`drawLambda` in a drawn game).
 */
export function trainingTarget(s: Sample, lambda: number, drawLambda = lambda): number {
  const l = s.result === 0 ? drawLambda : lambda;
  return l * sigmoid(s.score) + (1 - l) * ((s.result + 1) / 2);
}

/** One stage of the game (positions `from` ≤ index in game < `to`) and how well an evaluation fits it there. */
export interface StageLoss {
  readonly from: number;
  readonly to: number;
  readonly count: number;
  /** Mean squared error of the predicted win probabilities against the targets (NaN for no position). */
  readonly loss: number;
}

/**
 * The loss split by stage of the game, each sample placed by its index within its game:
 * `bounds` [0, 100, 200] gives stages 0–99, 100–199 and 200 onward. A network can fit the
 * openings it was taught and still mislead the search in the long endings where games are decided.
 */
export function lossByStage(
  bounds: readonly number[],
  indexInGame: ArrayLike<number>,
  predicted: ArrayLike<number>,
  target: ArrayLike<number>,
): StageLoss[] {
  const sums = new Float64Array(bounds.length);
  const counts = new Float64Array(bounds.length);
  for (let i = 0; i < indexInGame.length; i++) {
    let stage = bounds.length - 1;
    while (stage > 0 && (indexInGame[i] as number) < (bounds[stage] as number)) stage--;
    const e = (predicted[i] as number) - (target[i] as number);
    sums[stage] += e * e;
    counts[stage]++;
  }
  return bounds.map((from, k) => ({
    from,
    to: k + 1 < bounds.length ? (bounds[k + 1] as number) : Infinity,
    count: counts[k] as number,
    loss: (sums[k] as number) / (counts[k] as number),
  }));
}

/**
 * Turn samples into the trainer's sparse arrays; `lambda` weighs the score against the result,
 * `drawLambda` does so for the samples of drawn games (a game the peer drew by shuffling to the
 * ply cap says less about its positions than one it won).
 * `kingType` (the variant's royal piece type) finds each side's king for the king buckets.
 */
export function buildDataset(
  layout: FeatureLayout,
  kingType: number,
  samples: readonly Sample[],
  lambda: number,
  base?: Float32Array,
  drawLambda = lambda,
): Dataset {
  const perPiece = bucketCount(layout) > 1 ? 5 : 4;
  let total = 0;
  for (const s of samples) total += perPiece * s.squares.length;
  const fs = new Int32Array(4);
  const fo = new Int32Array(4);
  const kingBucket = new Int32Array(2);
  const offset = new Int32Array(samples.length + 1);
  const stmFeat = new Int32Array(total);
  const oppFeat = new Int32Array(total);
  const target = new Float32Array(samples.length);
  let o = 0;
  samples.forEach((s, i) => {
    offset[i] = o;
    kingBucket.fill(0);
    for (let k = 0; k < s.squares.length; k++) {
      const code = s.codes[k] as number;
      if ((code >> 1) - 1 !== kingType) continue;
      const sq = s.squares[k] as number;
      kingBucket[code & 1] = kingBucketOf(layout, code & 1, sq % layout.files, Math.floor(sq / layout.files));
    }
    for (let k = 0; k < s.squares.length; k++) {
      const sq = s.squares[k] as number;
      const code = s.codes[k] as number;
      const type = (code >> 1) - 1;
      const color = code & 1;
      const file = sq % layout.files;
      const rank = (sq - file) / layout.files;
      const a = featureIndex(layout, s.turn, type, color, file, rank, kingBucket[s.turn]);
      const b = featureIndex(layout, s.turn ^ 1, type, color, file, rank, kingBucket[s.turn ^ 1]);
      const nf = factorsOf(layout, a, fs);
      factorsOf(layout, b, fo);
      stmFeat[o] = a;
      oppFeat[o++] = b;
      for (let v = 0; v < nf; v++) {
        stmFeat[o] = fs[v] as number;
        oppFeat[o++] = fo[v] as number;
      }
    }
    target[i] = trainingTarget(s, lambda, drawLambda);
  });
  offset[samples.length] = o;
  return { count: samples.length, offset, stmFeat, oppFeat, target, base };
}

export interface TrainOptions {
  readonly hidden: number;
  readonly epochs: number;
  readonly batch: number;
  readonly lr: number;
  readonly seed: number;
  /** Centipawns per unit of the hidden part's output. */
  readonly outScale: number;
  /** Decoupled weight decay (AdamW) on the input and output weights; 0 = none. */
  readonly decay?: number;
  /** Starting piece values (centipawns) by piece type, for the piece-square part. */
  readonly pieceValues?: readonly number[];
  /** Start from these weights instead of random ones (FloatNetwork.fromWeights): fine-tuning on new data. */
  readonly init?: NetworkWeights;
  /** Called after each epoch. */
  readonly onEpoch?: (epoch: number, trainLoss: number, validLoss: number) => void;
}

export class FloatNetwork {
  readonly inputs: number;
  readonly w: Float32Array;
  readonly b: Float32Array;
  readonly p: Float32Array;
  readonly v: Float32Array;
  readonly c = new Float32Array(1);

  constructor(
    readonly layout: FeatureLayout,
    readonly hidden: number,
    readonly outScale: number,
    seed: number,
    pieceValues?: readonly number[],
  ) {
    this.inputs = inputCount(layout) + virtualCount(layout);
    const rng = makeRng(seed);
    const gauss = (): number => {
      const u = Math.max(1e-12, rng());
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
    };
    this.w = new Float32Array(this.inputs * hidden).map(() => 0.03 * gauss());
    this.b = new Float32Array(hidden).fill(0.5);
    this.p = new Float32Array(this.inputs);
    this.v = new Float32Array(2 * hidden).map(() => 0.05 * gauss());
    if (pieceValues) {
      // Piece values on the type factor (own +, enemy −).
      const base = inputCount(layout);
      for (let t = 0; t < layout.pieceTypes; t++) {
        const value = (pieceValues[t] ?? 0) / 100;
        this.p[base + t] = value;
        this.p[base + layout.pieceTypes + t] = -value;
      }
    }
  }

  /**
   * The float model of an engine network (the inverse of `quantise`, up to rounding): the real
   * features carry the folded weights and the factor features start at zero, so fine-tuning
   * begins exactly where the shipped network is. Given a `layout` with king buckets, a network
   * without them becomes the buckets' shared piece-square factor, every bucket starting equal.
   */
  static fromWeights(weights: NetworkWeights, layout: FeatureLayout = weights.layout): FloatNetwork {
    const from = weights.layout;
    const same = from.files === layout.files && from.ranks === layout.ranks && from.pieceTypes === layout.pieceTypes;
    const grow = bucketCount(from) === 1 && bucketCount(layout) > 1;
    if (!same || (!grow && from.kingBuckets.some((b, i) => b !== layout.kingBuckets[i]))) {
      throw new Error('fromWeights: the network was trained for another feature layout');
    }
    const net = new FloatNetwork(layout, weights.hidden, weights.outScale, 1);
    const { qa, qb } = weights;
    // Where the given network's features go: the real ones, or the shared piece-square factor.
    const at = grow ? inputCount(layout) + virtualCount(layout) - squareFeatureCount(layout) : 0;
    net.w.fill(0);
    weights.inputWeights.forEach((x, i) => {
      net.w[at * weights.hidden + i] = x / qa;
    });
    net.b.set(Float32Array.from(weights.hiddenBias, (x) => x / qa));
    net.p.fill(0);
    weights.psqt.forEach((x, i) => {
      net.p[at + i] = x / 100;
    });
    net.v.set(Float32Array.from(weights.outputWeights, (x) => x / qb));
    net.c[0] = weights.outputBias / (qa * qb);
    return net;
  }

  /** Every parameter array, in a fixed order (for the optimiser). */
  params(): Float32Array[] {
    return [this.w, this.b, this.p, this.v, this.c];
  }

  /** Score (cp) of sample i, filling the hidden pre-activations of both perspectives. */
  forward(d: Dataset, i: number, aS: Float32Array, aO: Float32Array): number {
    const H = this.hidden;
    const w = this.w;
    aS.set(this.b);
    aO.set(this.b);
    let psq = 0;
    for (let k = d.offset[i] as number; k < (d.offset[i + 1] as number); k++) {
      const fs = d.stmFeat[k] as number;
      const fo = d.oppFeat[k] as number;
      const rs = fs * H;
      const ro = fo * H;
      for (let j = 0; j < H; j++) {
        aS[j] = (aS[j] as number) + (w[rs + j] as number);
        aO[j] = (aO[j] as number) + (w[ro + j] as number);
      }
      psq += (this.p[fs] as number) - (this.p[fo] as number);
    }
    let out = this.c[0] as number;
    const v = this.v;
    for (let j = 0; j < H; j++) {
      const hs = Math.min(1, Math.max(0, aS[j] as number));
      const ho = Math.min(1, Math.max(0, aO[j] as number));
      out += (v[j] as number) * hs + (v[H + j] as number) * ho;
    }
    return this.outScale * out + 50 * psq + (d.base ? (d.base[i] as number) : 0);
  }

  /** Mean loss over a dataset. */
  loss(d: Dataset): number {
    const aS = new Float32Array(this.hidden);
    const aO = new Float32Array(this.hidden);
    let sum = 0;
    for (let i = 0; i < d.count; i++) {
      const e = sigmoid(this.forward(d, i, aS, aO)) - (d.target[i] as number);
      sum += e * e;
    }
    return d.count > 0 ? sum / d.count : 0;
  }

  /** Quantise to the engine's integer weights. */
  quantise(variant: string, residual: boolean, qa = 127, qb = 256): NetworkWeights {
    const clamp16 = (x: number): number => Math.max(-32768, Math.min(32767, Math.round(x)));
    // Fold the factor features into the real ones.
    const real = inputCount(this.layout);
    const H = this.hidden;
    const w = new Float32Array(real * H);
    const p = new Float32Array(real);
    const fac = new Int32Array(4);
    for (let f = 0; f < real; f++) {
      const nf = factorsOf(this.layout, f, fac);
      let pf = this.p[f] as number;
      for (let j = 0; j < H; j++) w[f * H + j] = this.w[f * H + j] as number;
      for (let v = 0; v < nf; v++) {
        const g = fac[v] as number;
        pf += this.p[g] as number;
        for (let j = 0; j < H; j++) w[f * H + j] = (w[f * H + j] as number) + (this.w[g * H + j] as number);
      }
      p[f] = pf;
    }
    return {
      variant,
      residual,
      layout: this.layout,
      hidden: this.hidden,
      qa,
      qb,
      outScale: this.outScale,
      inputWeights: Int16Array.from(w, (x) => clamp16(x * qa)),
      hiddenBias: Int16Array.from(this.b, (x) => clamp16(x * qa)),
      psqt: Int16Array.from(p, (x) => clamp16(x * 100)),
      outputWeights: Int16Array.from(this.v, (x) => clamp16(x * qb)),
      outputBias: Math.round((this.c[0] as number) * qa * qb),
    };
  }
}

/** Adam over every parameter array; gradients are accumulated by the caller, then stepped. */
class Adam {
  private readonly m: Float32Array[];
  private readonly s: Float32Array[];
  private t = 0;
  constructor(
    private readonly params: Float32Array[],
    readonly grads: Float32Array[],
  ) {
    this.m = params.map((p) => new Float32Array(p.length));
    this.s = params.map((p) => new Float32Array(p.length));
  }

  step(lr: number, decay: number): void {
    this.t++;
    const b1 = 0.9;
    const b2 = 0.999;
    const c1 = 1 - b1 ** this.t;
    const c2 = 1 - b2 ** this.t;
    for (let k = 0; k < this.params.length; k++) {
      const p = this.params[k] as Float32Array;
      const g = this.grads[k] as Float32Array;
      const m = this.m[k] as Float32Array;
      const s = this.s[k] as Float32Array;
      for (let i = 0; i < p.length; i++) {
        const gi = g[i] as number;
        if (gi === 0 && m[i] === 0) continue; // rows no sample touched yet
        const mi = b1 * (m[i] as number) + (1 - b1) * gi;
        const si = b2 * (s[i] as number) + (1 - b2) * gi * gi;
        m[i] = mi;
        s[i] = si;
        const shrink = k === 0 || k === 3 ? decay * lr * (p[i] as number) : 0;
        p[i] = (p[i] as number) - (lr * (mi / c1)) / (Math.sqrt(si / c2) + 1e-8) - shrink;
        g[i] = 0;
      }
    }
  }
}

/** Train on `train`, report the loss on `valid` each epoch; returns the network of the best epoch. */
export function trainNetwork(
  layout: FeatureLayout,
  train: Dataset,
  valid: Dataset,
  o: TrainOptions,
): { net: FloatNetwork; trainLoss: number; validLoss: number; startValidLoss: number } {
  const net = o.init
    ? FloatNetwork.fromWeights(o.init, layout)
    : new FloatNetwork(layout, o.hidden, o.outScale, o.seed, o.pieceValues);
  const H = net.hidden;
  const grads = net.params().map((p) => new Float32Array(p.length));
  const [gw, gb, gp, gv, gc] = grads as [Float32Array, Float32Array, Float32Array, Float32Array, Float32Array];
  const adam = new Adam(net.params(), grads);
  const aS = new Float32Array(H);
  const aO = new Float32Array(H);
  const dS = new Float32Array(H);
  const dO = new Float32Array(H);
  const order = new Int32Array(train.count).map((_, i) => i);
  const rng = makeRng(o.seed ^ 0x5bd1e995);
  const startValidLoss = net.loss(valid);
  let best = { validLoss: startValidLoss, trainLoss: net.loss(train), snapshot: net.params().map((p) => p.slice()) };
  for (let epoch = 1; epoch <= o.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      const t = order[i] as number;
      order[i] = order[j] as number;
      order[j] = t;
    }
    const lr = o.lr * (epoch > o.epochs * 0.7 ? 0.3 : 1);
    let sum = 0;
    for (let start = 0; start < order.length; start += o.batch) {
      const end = Math.min(order.length, start + o.batch);
      const scale = 1 / (end - start);
      for (let n = start; n < end; n++) {
        const i = order[n] as number;
        const y = net.forward(train, i, aS, aO);
        const p = sigmoid(y);
        const e = p - (train.target[i] as number);
        sum += e * e;
        // d loss / d y
        const g = 2 * e * p * (1 - p) * LN10_400 * scale;
        const gs = g * o.outScale;
        gc[0] = (gc[0] as number) + gs;
        const v = net.v;
        for (let j = 0; j < H; j++) {
          const as = aS[j] as number;
          const ao = aO[j] as number;
          const hs = Math.min(1, Math.max(0, as));
          const ho = Math.min(1, Math.max(0, ao));
          gv[j] = (gv[j] as number) + gs * hs;
          gv[H + j] = (gv[H + j] as number) + gs * ho;
          const ds = as > 0 && as < 1 ? gs * (v[j] as number) : 0;
          const dO_ = ao > 0 && ao < 1 ? gs * (v[H + j] as number) : 0;
          dS[j] = ds;
          dO[j] = dO_;
          gb[j] = (gb[j] as number) + ds + dO_;
        }
        const gpsq = 50 * g;
        for (let k = train.offset[i] as number; k < (train.offset[i + 1] as number); k++) {
          const fs = train.stmFeat[k] as number;
          const fo = train.oppFeat[k] as number;
          gp[fs] = (gp[fs] as number) + gpsq;
          gp[fo] = (gp[fo] as number) - gpsq;
          const rs = fs * H;
          const ro = fo * H;
          for (let j = 0; j < H; j++) {
            gw[rs + j] = (gw[rs + j] as number) + (dS[j] as number);
            gw[ro + j] = (gw[ro + j] as number) + (dO[j] as number);
          }
        }
      }
      adam.step(lr, o.decay ?? 0);
    }
    const trainLoss = sum / Math.max(1, order.length);
    const validLoss = net.loss(valid);
    o.onEpoch?.(epoch, trainLoss, validLoss);
    if (validLoss < best.validLoss) best = { validLoss, trainLoss, snapshot: net.params().map((p) => p.slice()) };
  }
  net.params().forEach((p, k) => {
    p.set(best.snapshot[k] as Float32Array);
  });
  return { net, trainLoss: best.trainLoss, validLoss: best.validLoss, startValidLoss };
}
