/**
 * Evaluation speed micro-benchmark (`npm run bench:eval`): nanoseconds per full evaluation
 * (`Evaluator.evaluateIncremental`) over positions the search really evaluates.
 *
 *   node dist/bench/evaluate-speed.js [--filter camel] [--positions 600] [--rounds 15]
 *
 * Whole searches are too noisy on this machine to show a 3 % change in one function; this
 * isolates it. Positions: a depth-10 search of each middlegame of src/engine/bench-positions.ts
 * ("ply 20"), keeping every 7th position it fully evaluates (the evaluator is wrapped for that
 * search only). Each is then parsed into its own Position, its incremental sums computed once,
 * and the evaluation timed alone: a warm-up, then `--rounds` rounds of 100 passes over all
 * positions; the median round is printed with a checksum of the scores (equal checksums = the
 * same evaluation, for A/B comparisons of builds).
 */

import { makeFen, parseFen } from '../src/core/fen.js';
import type { Position } from '../src/core/position.js';
import { BENCH_POSITIONS } from '../src/engine/bench-positions.js';
import { Evaluator } from '../src/engine/evaluate.js';
import { Search } from '../src/engine/search.js';
import { findVariant } from '../src/variants/index.js';

const args = process.argv.slice(2);
const opt = (name: string, dflt: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? (args[i + 1] ?? dflt) : dflt;
};
const filter = opt('filter', '');
const wanted = Number(opt('positions', '600'));
const rounds = Number(opt('rounds', '15'));
const PASSES = 100;

/** FENs of positions the search evaluates in full, from a depth-10 search of `fen`. */
function sampledPositions(variant: string, fen: string): string[] {
  const def = findVariant(variant);
  if (!def) throw new Error(`unknown variant ${variant}`);
  const parsed = parseFen(def, fen);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const out: string[] = [];
  const original = Evaluator.prototype.evaluateIncremental;
  let calls = 0;
  Evaluator.prototype.evaluateIncremental = function (this: Evaluator, pos: Position): number {
    if (++calls % 7 === 0 && out.length < wanted) out.push(makeFen(pos));
    return original.call(this, pos);
  };
  try {
    new Search(16).run(parsed.value, { limits: { depth: 10 }, seed: 1 });
  } finally {
    Evaluator.prototype.evaluateIncremental = original;
  }
  return out;
}

console.log(`evaluation speed: ${PASSES} passes per round, ${rounds} rounds, median round shown`);
for (const p of BENCH_POSITIONS.filter((b) => b.label === 'ply 20' && b.variant.includes(filter))) {
  const def = findVariant(p.variant);
  if (!def) continue;
  const positions = sampledPositions(p.variant, p.fen).map((f) => {
    const r = parseFen(def, f);
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  });
  const ev = new Evaluator(def);
  const sums = positions.map((q) => {
    ev.computePsq(q);
    return [ev.psqMg, ev.psqEg, ev.psqPhase, ev.pawnLo, ev.pawnHi] as const;
  });
  const evaluateAll = (): number => {
    let checksum = 0;
    for (let i = 0; i < positions.length; i++) {
      const s = sums[i]!;
      ev.psqMg = s[0];
      ev.psqEg = s[1];
      ev.psqPhase = s[2];
      ev.pawnLo = s[3];
      ev.pawnHi = s[4];
      checksum += ev.evaluateIncremental(positions[i]!);
    }
    return checksum;
  };
  const checksum = evaluateAll();
  for (let r = 0; r < 30; r++) evaluateAll();
  const ns: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const t0 = process.hrtime.bigint();
    for (let k = 0; k < PASSES; k++) evaluateAll();
    ns.push(Number(process.hrtime.bigint() - t0) / (PASSES * positions.length));
  }
  ns.sort((a, b) => a - b);
  const median = ns[ns.length >> 1]!;
  console.log(
    `${`${p.variant} ${p.label}`.padEnd(24)} ${String(positions.length).padStart(4)} positions` +
      `  ${median.toFixed(0).padStart(5)} ns per evaluation (fastest round ${ns[0]!.toFixed(0)})  checksum ${checksum}`,
  );
}
