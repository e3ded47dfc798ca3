/**
 * Worker thread of `caravan bench`: runs the benchmark where the engine's searches run (a
 * worker created after steadyJit, see src/protocol/jit.ts) and posts each line and the totals.
 */

import { parentPort, workerData } from 'node:worker_threads';
import { type BenchLine, type BenchResult, runBench } from '../engine/bench.js';

export type BenchMessage = { type: 'line'; line: BenchLine } | { type: 'done'; result: Omit<BenchResult, 'lines'> };

const port = parentPort;
if (!port) throw new Error('bench-worker.js must run in a worker thread');
const { depth, hashMb } = workerData as { depth: number; hashMb: number };
const result = runBench(
  depth,
  (line) => port.postMessage({ type: 'line', line } satisfies BenchMessage),
  undefined,
  hashMb,
);
port.postMessage({
  type: 'done',
  result: { totalNodes: result.totalNodes, totalMs: result.totalMs, nps: result.nps },
} satisfies BenchMessage);
