/**
 * Engine speed benchmark (`npm run bench:engine`): nodes per second of fixed-depth searches in
 * middlegame positions, single-threaded. The aim is ≥ 500 k nodes/s in every middlegame.
 *
 *   node dist/bench/engine-nps.js [--runs 5] [--depth 14] [--filter wildebeest] [--hash 16]
 *
 * Method (the one used for the tables in bench/README.md): one warm-up pass, a depth-9 search of
 * every `caravan bench` position, so V8 has optimised the hot functions; then, per position and
 * run, a search to the fixed depth from a cleared engine (16 MiB hash). The middlegames are the
 * self-play positions of src/engine/bench-positions.ts ("ply 20", "ply 30", "ply 40"). Node
 * counts are exact and identical on every run; times are not (machines here are shared), so
 * each position runs `--runs` times and the median is reported, by wall and by CPU time.
 *
 * Comparing two builds: run them one after the other on the same core, alternated, several
 * rounds (`taskset -c 1 node A/dist/bench/engine-nps.js`, then B, …), and compare the medians.
 * The cores of a virtual machine need not be alike: on the 2-core machine here core 0 ran both
 * Caravan and Fairy-Stockfish about a third slower than core 1 for hours (bench/README.md,
 * twenty-fourth session), so unpinned runs, or two builds side by side on the two cores, measured
 * the core as much as the build.
 *
 * The searches run in a worker thread created after steadyJit(), as the engine's searches do
 * (src/protocol/jit.ts); `--concurrent-jit` runs them on the main thread with V8's default
 * background compilation instead, for comparison.
 */

import { isMainThread, Worker } from 'node:worker_threads';

import { parseFen } from '../src/core/fen.js';
import type { Position } from '../src/core/position.js';
import { BENCH_POSITIONS, type BenchPosition } from '../src/engine/bench-positions.js';
import { loadNetworks } from '../src/engine/nnue/node-loader.js';
import { Search } from '../src/engine/search.js';
import { steadyJit } from '../src/protocol/jit.js';
import { findVariant } from '../src/variants/index.js';

const args = process.argv.slice(2);
const opt = (name: string, dflt: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? (args[i + 1] ?? dflt) : dflt;
};
const runs = Number(opt('runs', '5'));
const depth = Number(opt('depth', '14'));
const hashMb = Number(opt('hash', '16'));
const filter = opt('filter', '');

/** The measured middlegames: two per variant, from the bench set. */
const MIDDLEGAMES: readonly (readonly [variant: string, label: string])[] = [
  ['wildebeest', 'ply 20'],
  ['wildebeest', 'ply 30'],
  ['camel-decimal', 'ply 20'],
  ['camel-decimal', 'ply 40'],
  ['shatranj-kamil', 'ply 20'],
  ['shatranj-kamil', 'ply 40'],
  ['bachelor-kamil', 'ply 20'],
  ['bachelor-kamil', 'ply 40'],
];

function load(p: BenchPosition): Position {
  const def = findVariant(p.variant);
  if (!def) throw new Error(`unknown variant ${p.variant}`);
  const parsed = parseFen(def, p.fen);
  if (!parsed.ok) throw new Error(`${p.variant} ${p.label}: ${parsed.error.message}`);
  return parsed.value;
}

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

function measure(): void {
  // Networks as the engine loads them (CARAVAN_NNUE=on|off|<files>, see src/engine/nnue/node-loader.ts).
  const networks = loadNetworks();
  if (!networks.ok) throw networks.error;
  console.log(`networks: ${networks.value.join(', ') || 'none (hand-written evaluation)'}`);
  const search = new Search(hashMb);

  // Warm-up: the same code paths as the measurement, in every variant.
  for (const p of BENCH_POSITIONS) {
    search.clear();
    search.run(load(p), { limits: { depth: 9 }, seed: 1 });
  }

  const chosen = MIDDLEGAMES.map(([variant, label]) => {
    const p = BENCH_POSITIONS.find((b) => b.variant === variant && b.label === label);
    if (!p) throw new Error(`no bench position ${variant} ${label}`);
    return p;
  }).filter((p) => !filter || p.variant.includes(filter));

  console.log(`engine nodes/s: depth ${depth}, ${hashMb} MiB hash, ${runs} run(s) per position, median shown`);
  console.log('position                   nodes      ms   k nodes/s (wall)   k nodes/s (CPU)   runs (k nodes/s wall)');
  const allWall: number[] = [];
  for (const p of chosen) {
    let nodes = -1;
    const ms: number[] = [];
    const cpuMs: number[] = [];
    for (let r = 0; r < runs; r++) {
      // A fresh position each run: make/unmake may leave the piece lists in another order, which
      // changes the move order and so the tree.
      const pos = load(p);
      search.clear();
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      const result = search.run(pos, { limits: { depth }, seed: 1 });
      ms.push(performance.now() - t0);
      cpuMs.push(process.cpuUsage(cpu0).user / 1000);
      if (nodes >= 0 && result.nodes !== nodes) throw new Error(`${p.variant} ${p.label}: node count changed`);
      nodes = result.nodes;
    }
    const knps = (t: number) => nodes / Math.max(1, t);
    const wall = ms.map(knps);
    allWall.push(median(wall));
    console.log(
      `${`${p.variant} ${p.label}`.padEnd(24)} ${String(nodes).padStart(9)} ${median(ms).toFixed(0).padStart(7)}` +
        `   ${median(wall).toFixed(0).padStart(16)}   ${median(cpuMs.map(knps)).toFixed(0).padStart(15)}` +
        `   ${wall.map((x) => x.toFixed(0)).join(' ')}`,
    );
  }
  console.log(`slowest position: ${Math.min(...allWall).toFixed(0)} k nodes/s (wall, median)`);
}

if (isMainThread && !args.includes('--concurrent-jit')) {
  steadyJit();
  new Worker(new URL(import.meta.url), { argv: args });
} else {
  measure();
}
