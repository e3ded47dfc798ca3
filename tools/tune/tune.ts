/**
 * Fit the evaluation weights of one variant to Fairy-Stockfish's search scores ("Texel" tuning
 * with the peer's scores as targets): minimise the mean of (σ(eval) − σ(score))² over quiet
 * positions, σ(x) = 1 / (1 + 10^(−x/400)), plus a small pull toward the hand-set weights
 * (λ·Σ((w − w₀)/(10·step))², so weights the data hardly constrains stay put), by coordinate
 * descent on integer weights kept ≥ 0.
 *
 *   node dist/tools/tune/tune.js --variant shatranj-kamil --data /tmp/tune/sk.jsonl [--passes 8] \
 *     [--only values,mobility,centre] [--from-defaults]
 *
 * Input: JSON lines {fen, score} from fsf-selfplay.js (score from the side to move's view).
 * Quiet positions only: not in check and no capture that wins material by static exchange
 * (a static evaluation cannot see a hanging piece; the peer's search can). Every 5th game is
 * held out (whole games: neighbouring positions are near copies) to report the validation loss. Prints the fitted weights as an EVAL_SETS
 * entry (only the ones that moved) and the losses before and after.
 */

import { readFileSync } from 'node:fs';
import { MAX_MOVES } from '../../src/core/movegen.js';
import { Position } from '../../src/core/position.js';
import { generateTactical } from '../../src/engine/captures.js';
import { DEFAULT_EVAL_PARAMS, type EvalParams, evalParamsFor, type Pair } from '../../src/engine/eval-params.js';
import { Evaluator, evalTables } from '../../src/engine/evaluate.js';
import { Exchange } from '../../src/engine/see.js';
import { findVariant, type VariantDefinition } from '../../src/variants/index.js';

function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

interface Sample {
  readonly pos: Position;
  readonly target: number;
  /** Index of the game it comes from (a new game starts where the move number drops). */
  readonly game: number;
}

const PRIOR = Number(flag('prior', '1e-5'));

const sigmoid = (cp: number): number => 1 / (1 + 10 ** (-cp / 400));

function loadSamples(def: VariantDefinition, files: readonly string[]): Sample[] {
  const tables = evalTables(def);
  const see = new Exchange(tables.value, tables.t);
  const buf = new Int32Array(MAX_MOVES);
  const out: Sample[] = [];
  let game = 0;
  let lastMoveNumber = Number.POSITIVE_INFINITY;
  for (const file of files) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const { fen, score } = JSON.parse(line) as { fen: string; score: number };
      const moveNumber = Number(fen.split(' ')[5]);
      if (moveNumber < lastMoveNumber) game++;
      lastMoveNumber = moveNumber;
      // Fairy-Stockfish damps its evaluation linearly as the 50-move counter grows (Stockfish's
      // "shuffling" rule, v·(100 − counter)/100): undo that, and skip long shuffles where the
      // damping at the search's leaves is larger than at the root.
      const counter = Number(fen.split(' ')[4]);
      if (!(counter <= 40)) continue;
      const undamped = (score * 100) / (100 - counter);
      if (Math.abs(undamped) > 2000) continue;
      const parsed = Position.fromFen(def, fen);
      if (!parsed.ok) throw new Error(`${file}: ${parsed.error.message}`);
      const pos = parsed.value;
      if (pos.inCheck()) continue;
      const n = generateTactical(pos, buf, 0, evalTables(def).bestPromotion);
      let noisy = false;
      for (let i = 0; i < n && !noisy; i++) if (see.see(pos, buf[i]!) > 0) noisy = true;
      if (noisy) continue;
      out.push({ pos, target: sigmoid(undamped), game });
    }
  }
  return out;
}

/** One tunable integer weight: how to read and write it in a mutable copy of the params. */
interface Knob {
  readonly name: string;
  readonly step: number;
  get(p: MutableParams): number;
  set(p: MutableParams, v: number): void;
}

type MutableParams = {
  -readonly [K in keyof EvalParams]: EvalParams[K] extends Pair ? [number, number] : EvalParams[K];
} & {
  values: Record<string, [number, number]>;
  mobility: Record<string, [number, number]>;
  centre: Record<string, [number, number]>;
  bare: [number, number, number];
};

function mutableCopy(p: EvalParams): MutableParams {
  return JSON.parse(JSON.stringify(p)) as MutableParams;
}

function pairKnobs(name: string, step: number, pair: (p: MutableParams) => [number, number]): Knob[] {
  return [0, 1].map((i) => ({
    name: `${name}[${i}]`,
    step,
    get: (p: MutableParams) => pair(p)[i]!,
    set: (p: MutableParams, v: number) => {
      pair(p)[i] = v;
    },
  }));
}

function scalarKnob(name: keyof MutableParams, step: number): Knob {
  return {
    name,
    step,
    get: (p) => p[name] as number,
    set: (p, v) => {
      (p as unknown as Record<string, number>)[name] = v;
    },
  };
}

function knobsFor(def: VariantDefinition, base: MutableParams): Knob[] {
  const knobs: Knob[] = [];
  const t = evalTables(def).t;
  for (let type = 0; type < t.pieceCount; type++) {
    if (type === t.kingType) continue;
    const letter = t.letters[type]!;
    const isPawn = t.isPawn[type]!;
    const riders = t.moves[(type + 1) << 1]!.rideOffsets.length;
    base.values[letter] ??= [...evalTables(def).params.values[letter]!] as [number, number];
    knobs.push(...pairKnobs(`values.${letter}`, 6, (p) => p.values[letter]!));
    if (isPawn) continue;
    base.mobility[letter] ??= [
      ...(riders >= 8 ? base.mobilityQueen : riders > 0 ? base.mobilityRider : base.mobilityLeaper),
    ] as [number, number];
    base.centre[letter] ??= [...(riders > 0 ? base.centreRider : base.centreLeaper)] as [number, number];
    knobs.push(...pairKnobs(`mobility.${letter}`, 1, (p) => p.mobility[letter]!));
    knobs.push(...pairKnobs(`centre.${letter}`, 4, (p) => p.centre[letter]!));
  }
  for (const [name, step] of [
    ['pawnAdvance', 10],
    ['passedBase', 3],
    ['passedScale', 20],
    ['isolated', 3],
    ['semiOpenFile', 5],
    ['openFile', 5],
    ['doubled', 3],
  ] as const) {
    knobs.push(...pairKnobs(name, step, (p) => p[name]));
  }
  for (const [name, step] of [
    ['pawnCentre', 3],
    ['shieldNear', 3],
    ['shieldFar', 3],
    ['kingHome', 5],
    ['kingAdvance', 3],
    ['kingCentre', 3],
    ['kingDanger', 10],
    ['kingDangerOne', 1],
    ['tempo', 3],
  ] as const) {
    knobs.push(scalarKnob(name, step));
  }
  // Not fitted: the bare-king bonus and the marriage partner terms steer the search toward the
  // variant's own goals, which the peer's evaluation does not model (its search finds them).
  return knobs;
}

/** Mean squared error of the predicted scores. */
function error(def: VariantDefinition, params: MutableParams, samples: readonly Sample[]): number {
  const ev = new Evaluator(def, params as unknown as EvalParams);
  let sum = 0;
  for (const s of samples) {
    const d = sigmoid(ev.evaluate(s.pos)) - s.target;
    sum += d * d;
  }
  return sum / samples.length;
}

/** The error plus the pull toward the starting weights. */
function objective(
  def: VariantDefinition,
  params: MutableParams,
  samples: readonly Sample[],
  knobs: readonly Knob[],
  start: readonly number[],
): number {
  let prior = 0;
  for (let i = 0; i < knobs.length; i++) {
    const d = (knobs[i]!.get(params) - start[i]!) / (10 * knobs[i]!.step);
    prior += d * d;
  }
  return error(def, params, samples) + PRIOR * prior;
}

function main(): void {
  const def = findVariant(flag('variant', 'shatranj-kamil'));
  if (!def) throw new Error('unknown variant');
  const files = flag('data', '').split(',').filter(Boolean);
  const passes = Number(flag('passes', '8'));
  const all = loadSamples(def, files);
  const train = all.filter((s) => s.game % 5 !== 0);
  const valid = all.filter((s) => s.game % 5 === 0);
  const games = all.length ? all[all.length - 1]!.game : 0;
  console.log(
    `${def.id}: ${all.length} quiet positions from ${games} games (${train.length} train, ${valid.length} validation)`,
  );

  // Start from the variant's current weights, or with --from-defaults from the hand-set ones.
  const start = mutableCopy(
    process.argv.includes('--from-defaults') ? DEFAULT_EVAL_PARAMS : evalParamsFor(def.evalSet),
  );
  const params = mutableCopy(start);
  // --only values,mobility: fit just the weights whose names start with one of these.
  const only = flag('only', '').split(',').filter(Boolean);
  const knobs = knobsFor(def, params).filter((k) => only.length === 0 || only.some((o) => k.name.startsWith(o)));
  const startValues = knobs.map((k) => k.get(params));
  const loss = (p: MutableParams): number => objective(def, p, train, knobs, startValues);
  let best = loss(params);
  const report = (label: string): void =>
    console.log(
      `${label}: train ${error(def, params, train).toFixed(6)} validation ${error(def, params, valid).toFixed(6)}`,
    );
  report('start');
  for (let pass = 1; pass <= passes; pass++) {
    let improved = 0;
    for (const k of knobs) {
      const v = k.get(params);
      for (const dir of [1, -1]) {
        if (v + dir * k.step < 0) continue;
        k.set(params, v + dir * k.step);
        const l = loss(params);
        if (l < best) {
          best = l;
          improved++;
          // Keep going in this direction while it helps.
          for (;;) {
            const w = k.get(params);
            if (w + dir * k.step < 0) break;
            k.set(params, w + dir * k.step);
            const l2 = loss(params);
            if (l2 < best) best = l2;
            else {
              k.set(params, w);
              break;
            }
          }
          break;
        }
        k.set(params, v);
      }
    }
    report(`pass ${pass} (${improved} weights moved)`);
    if (improved === 0) break;
  }
  // Report the fitted weights that differ from the start.
  const changed: Record<string, unknown> = {};
  for (const key of Object.keys(params) as (keyof MutableParams)[]) {
    if (JSON.stringify(params[key]) !== JSON.stringify(start[key])) changed[key] = params[key];
  }
  console.log(JSON.stringify(changed, null, 1));
}

main();
