/**
 * Train a network on data files of datagen.ts and write its weights (issue 12):
 *
 *   node dist/tools/nnue/train.js --variant camel-decimal --data a.bin,b.bin --hidden 128 \
 *     --epochs 12 --lr 0.001 --lambda 0.75 --seed 1 --out assets/nnue/camel-decimal.nnue
 *
 * Whole games are held out for validation (every --valid-every-th game), since neighbouring
 * positions of a game are near copies. Prints the loss per epoch and, for scale, the loss of the
 * hand-written evaluation on the same validation positions; at the end, the validation loss by
 * stage of the game (--stages: position indices in the game where a stage begins).
 */

import { readFileSync, writeFileSync } from 'node:fs';
import { Position } from '../../src/core/position.js';
import { EMPTY, variantTables } from '../../src/core/tables.js';
import { Evaluator } from '../../src/engine/evaluate.js';
import { NnueEvaluator } from '../../src/engine/nnue/accumulator.js';
import { layoutOf } from '../../src/engine/nnue/features.js';
import { decodeWeights, encodeWeights, type NetworkWeights } from '../../src/engine/nnue/format.js';
import { findVariant } from '../../src/variants/index.js';
import { flag } from '../tune/fsf.js';
import { readFrames, type Sample } from './data.js';
import { buildDataset, lossByStage, sigmoid, trainingTarget, trainNetwork } from './trainer.js';

const variantId = flag('variant', 'camel-decimal');
const files = flag('data', '')
  .split(',')
  .filter((f) => f !== '');
const hidden = Number(flag('hidden', '128'));
const epochs = Number(flag('epochs', '10'));
const batch = Number(flag('batch', '256'));
const lr = Number(flag('lr', '0.001'));
const lambda = Number(flag('lambda', '0.75'));
/** The same weight for the positions of drawn games (default: --lambda). */
const drawLambda = Number(flag('draw-lambda', String(lambda)));
const seed = Number(flag('seed', '1'));
const validEvery = Number(flag('valid-every', '10'));
const outScale = Number(flag('out-scale', '200'));
const decay = Number(flag('decay', '0'));
/** Learn a correction to the hand-written evaluation instead of a whole evaluation. */
const residual = process.argv.includes('--residual');
/** Add each training position mirrored left to right (the evaluation is nearly symmetric so). */
const mirror = process.argv.includes('--mirror');
const out = flag('out', `/tmp/${variantId}.nnue`);
/** Fine-tune these weights (a .nnue file) instead of starting from random ones; --hidden is then theirs. */
const initFile = flag('init', '');
/** King buckets, file zones × rank zones (features.ts zoneBuckets); 1x1 = a plain piece-square network. */
const [fileZones, rankZones] = flag('king-buckets', '1x1').split('x').map(Number) as [number, number];
/**
 * Multiplies every sample's search score before it becomes a target: another engine's scores
 * (Fairy-Stockfish's) are on its own scale, and the search's margins expect Caravan's. The run
 * prints the factor at which the hand-written evaluation fits the scores best, as a guide.
 */
const scoreScale = Number(flag('score-scale', '1'));
/** Keep only the first N positions of each game (long, shuffling endings of a data set's games are near copies). */
const firstOfGame = Number(flag('first', '100000'));
/** Where the closing report splits the validation loss by stage of the game (position index in its game). */
const stages = flag('stages', '0,50,100,150,250').split(',').map(Number);

const def = findVariant(variantId);
if (!def || files.length === 0) {
  console.error('usage: train.js --variant <id> --data <file,…> [--out <weights>]');
  process.exit(2);
}

function toPosition(s: Sample): Position {
  const t = variantTables(def!);
  const board = new Uint8Array(t.files * t.ranks).fill(EMPTY);
  for (let i = 0; i < s.squares.length; i++) board[s.squares[i] as number] = s.codes[i] as number;
  return Position.fromSetup(def!, {
    board,
    turn: s.turn,
    castling: 0,
    epSquares: [],
    epVictim: -1,
    halfmove: 0,
    fullmove: 1,
  });
}

function main(): void {
  const t = variantTables(def!);
  if (!(fileZones >= 1 && fileZones <= t.files && rankZones >= 1 && rankZones <= t.ranks)) {
    console.error(
      `--king-buckets: expected <file zones>x<rank zones>, e.g. 4x2, within the ${t.files}×${t.ranks} board`,
    );
    process.exit(2);
  }
  const layout = layoutOf(t, fileZones, rankZones);
  const train: Sample[] = [];
  const valid: Sample[] = [];
  /** Each validation position's index in its game, for the report by stage. */
  const validIndex: number[] = [];
  files.forEach((file, fi) => {
    for (const frame of readFrames(file)) {
      const held = (frame.game + fi * 7) % validEvery === 0;
      frame.samples.slice(0, firstOfGame).forEach((s, i) => {
        if (held) {
          valid.push(s);
          validIndex.push(i);
        } else train.push(s);
      });
    }
  });
  if (mirror) {
    const n = train.length;
    for (let k = 0; k < n; k++) {
      const s = train[k] as Sample;
      const squares = s.squares.map((sq) => {
        const file = sq % t.files;
        return sq - file + (t.files - 1 - file);
      });
      train.push({ ...s, squares });
    }
  }
  console.log(`${variantId}: ${train.length} training positions, ${valid.length} validation positions`);
  const ev = new Evaluator(def!);
  const handValid = valid.map((s) => ev.evaluate(toPosition(s)));
  let bestScale = 1;
  let bestScaleLoss = Infinity;
  for (let k = 0.2; k <= 2.001; k += 0.05) {
    let loss = 0;
    valid.forEach((s, i) => {
      const e = sigmoid(handValid[i] as number) - sigmoid(k * s.score);
      loss += e * e;
    });
    if (loss < bestScaleLoss) [bestScale, bestScaleLoss] = [k, loss];
  }
  console.log(`the hand-written evaluation fits the scores best at --score-scale ${bestScale.toFixed(2)}`);
  if (scoreScale !== 1) {
    for (const set of [train, valid]) {
      for (let k = 0; k < set.length; k++)
        set[k] = { ...(set[k] as Sample), score: (set[k] as Sample).score * scoreScale };
    }
  }
  let handLoss = 0;
  valid.forEach((s, i) => {
    const target = trainingTarget(s, lambda, drawLambda);
    const e = sigmoid(handValid[i] as number) - target;
    handLoss += e * e;
  });
  console.log(`hand-written evaluation, validation loss ${(handLoss / Math.max(1, valid.length)).toFixed(5)}`);
  const pieceValues = residual ? undefined : def!.pieces.map((_, type) => ev.e.value[((type + 1) << 1) | 0] as number);
  const handOf = (samples: Sample[]) =>
    residual ? Float32Array.from(samples, (s) => ev.evaluate(toPosition(s))) : undefined;
  let init: NetworkWeights | undefined;
  if (initFile !== '') {
    const decodedInit = decodeWeights(readFileSync(initFile));
    if (!decodedInit.ok) throw decodedInit.error;
    init = decodedInit.value;
    if (init.residual !== residual || init.variant !== variantId) {
      throw new Error(
        `--init ${initFile}: a ${init.residual ? 'residual' : 'full'} ${init.variant} network, but this run trains a ${residual ? 'residual' : 'full'} ${variantId} one`,
      );
    }
  }
  const started = Date.now();
  const trainSet = buildDataset(layout, t.kingType, train, lambda, handOf(train), drawLambda);
  const validSet = buildDataset(layout, t.kingType, valid, lambda, handOf(valid), drawLambda);
  const result = trainNetwork(layout, trainSet, validSet, {
    hidden,
    epochs,
    batch,
    lr,
    seed,
    outScale,
    decay,
    pieceValues,
    init,
    onEpoch: (epoch, tl, vl) =>
      console.log(
        `epoch ${epoch}: train ${tl.toFixed(5)}, validation ${vl.toFixed(5)} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
      ),
  });
  const bytes = encodeWeights(result.net.quantise(variantId, residual));
  writeFileSync(out, bytes);
  // The quantised network as the engine runs it, on the validation positions.
  const decoded = decodeWeights(bytes);
  if (!decoded.ok) throw decoded.error;
  const targets = valid.map((s) => trainingTarget(s, lambda, drawLambda));
  const predicted = predictions(decoded.value, valid, handValid);
  let qLoss = 0;
  predicted.forEach((p, i) => {
    qLoss += (p - (targets[i] as number)) ** 2;
  });
  console.log(
    `best: train ${result.trainLoss.toFixed(5)}, validation ${result.startValidLoss.toFixed(5)} → ${result.validLoss.toFixed(5)} ` +
      `(quantised ${(qLoss / Math.max(1, valid.length)).toFixed(5)}); wrote ${out} (${bytes.length} bytes)`,
  );
  const columns: [string, number[]][] = [['hand-written', handValid.map((h) => sigmoid(h))]];
  if (init) columns.push(['--init', predictions(init, valid, handValid)]);
  columns.push(['trained', predicted]);
  console.log(`validation loss by stage of the game (index in game): ${columns.map(([name]) => name).join(' / ')}`);
  const byColumn = columns.map(([, p]) => lossByStage(stages, validIndex, p, targets));
  (byColumn[0] ?? []).forEach((stage, k) => {
    const losses = byColumn.map((c) => (c[k]?.loss ?? NaN).toFixed(5)).join(' / ');
    console.log(`  ${stage.from}–${stage.to === Infinity ? '' : stage.to - 1}: ${stage.count} positions, ${losses}`);
  });
}

/** A quantised network's win probabilities on samples, as the engine evaluates (plus `hand` if residual). */
function predictions(weights: NetworkWeights, samples: readonly Sample[], hand: readonly number[]): number[] {
  const nnue = new NnueEvaluator(weights, variantTables(def!));
  return samples.map((s, i) => {
    const pos = toPosition(s);
    nnue.refresh(pos);
    return sigmoid(nnue.evaluate(pos) + (weights.residual ? (hand[i] as number) : 0));
  });
}

main();
