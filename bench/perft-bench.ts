/**
 * Perft speed benchmark (`npm run bench`): leaf nodes per second, single-threaded, on the
 * Wildebeest start position and the random positions of ../shared/perft/reference.json.
 * Each case runs `--runs` times; the median is reported (machines here are shared and noisy).
 *
 *   node dist/bench/perft-bench.js [--runs 3] [--full] [--filter wildebeest]
 *
 * Without --full the Wildebeest start position runs at depth 4 (4.5 M leaves); with --full at
 * depth 5 (224 M leaves, about half a minute per run).
 */

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFen } from '../src/core/fen.js';
import { perft } from '../src/core/perft.js';
import { findVariant } from '../src/variants/index.js';

interface RefCase {
  variant: string;
  fen: string;
  depth: number;
  nodes: number;
  kind: string;
}

const args = process.argv.slice(2);
const opt = (name: string, dflt: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? (args[i + 1] ?? dflt) : dflt;
};
const runs = Number(opt('runs', '3'));
const full = args.includes('--full');
const filter = opt('filter', '');

const here = dirname(fileURLToPath(import.meta.url));
const refPath = join(here, '..', '..', '..', 'shared', 'perft', 'reference.json');
const reference = JSON.parse(readFileSync(refPath, 'utf8')) as RefCase[];

// The deepest reference case per (variant, fen), capped by size.
const cap = full ? 250_000_000 : 10_000_000;
const chosen = new Map<string, RefCase>();
for (const c of reference) {
  if (c.nodes > cap) continue;
  if (filter && !c.variant.includes(filter)) continue;
  const key = `${c.variant} ${c.fen}`;
  const prev = chosen.get(key);
  if (!prev || prev.depth < c.depth) chosen.set(key, c);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};

let totalNodes = 0;
let totalMs = 0;
const rates: number[] = [];
console.log(`perft benchmark: ${runs} run(s) per case, median shown`);
for (const c of chosen.values()) {
  const variant = findVariant(c.variant);
  if (!variant) throw new Error(`unknown variant ${c.variant}`);
  const parsed = parseFen(variant, c.fen);
  if (!parsed.ok) throw parsed.error;
  const times: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    const nodes = perft(parsed.value, c.depth);
    times.push(performance.now() - t0);
    if (nodes !== c.nodes) throw new Error(`${c.variant} ${c.kind} depth ${c.depth}: ${nodes} != ${c.nodes}`);
  }
  const ms = median(times);
  const rate = c.nodes / (ms / 1000);
  rates.push(rate);
  totalNodes += c.nodes;
  totalMs += ms;
  console.log(
    `${c.variant.padEnd(26)} ${c.kind.padEnd(9)} d${c.depth} ${String(c.nodes).padStart(10)} nodes ${ms.toFixed(0).padStart(7)} ms ${(rate / 1e6).toFixed(2).padStart(6)} M nodes/s`,
  );
}
console.log(
  `total ${totalNodes} nodes in ${totalMs.toFixed(0)} ms: ${(totalNodes / totalMs / 1000).toFixed(2)} M nodes/s; median of cases ${(median(rates) / 1e6).toFixed(2)} M nodes/s`,
);
