/**
 * `caravan bench [--depth n] [--hash mb]`: fixed-depth search over the built-in positions, in a
 * worker thread set up like the engine's search worker (so nodes/s is what `caravan uci` gets).
 */

import { Worker } from 'node:worker_threads';
import { BENCH_DEFAULT_DEPTH, type BenchLine } from '../engine/bench.js';
import { steadyJit } from '../protocol/jit.js';
import { flag, parseArgs, UsageError } from './args.js';
import type { BenchMessage } from './bench-worker.js';

export const BENCH_HELP = `usage: caravan bench [--depth <n>] [--hash <MiB>]
Fixed-depth search over the built-in positions of every variant, in a worker thread set up like
the engine's search worker; prints nodes, time and best move per position, then nodes/s.
options:
  --depth <n>           search depth 1–30 (default ${BENCH_DEFAULT_DEPTH})
  --hash <MiB>          transposition table size 1–4096 (default 16)`;

/** Options are checked at once (a UsageError is thrown); the search then runs in a worker. */
export function benchCommand(argv: readonly string[], out: (line: string) => void): Promise<void> {
  const args = parseArgs(argv, { values: ['depth', 'hash'] });
  const depthText = flag(args, 'depth') ?? String(BENCH_DEFAULT_DEPTH);
  if (!/^\d+$/.test(depthText) || Number(depthText) < 1 || Number(depthText) > 30) {
    throw new UsageError(`bad depth '${depthText}': expected an integer 1–30`);
  }
  const hashText = flag(args, 'hash') ?? '16';
  if (!/^\d+$/.test(hashText) || Number(hashText) < 1 || Number(hashText) > 4096) {
    throw new UsageError(`bad hash size '${hashText}': expected MiB 1–4096`);
  }
  const depth = Number(depthText);
  return benchInWorker(depth, Number(hashText), out);
}

function formatLine(l: BenchLine): string {
  const score = l.score.kind === 'mate' ? `mate ${l.score.value}` : `cp ${l.score.value}`;
  return (
    `${String(l.index).padStart(2)} ${l.position.variant.padEnd(26)} ${l.position.label.padEnd(10)} ` +
    `depth ${l.depth}  nodes ${String(l.nodes).padStart(9)}  ${String(Math.round(l.ms)).padStart(6)} ms  ` +
    `bestmove ${l.bestMove.padEnd(7)} score ${score}`
  );
}

function benchInWorker(depth: number, hashMb: number, out: (line: string) => void): Promise<void> {
  steadyJit();
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./bench-worker.js', import.meta.url), { workerData: { depth, hashMb } });
    let done = false;
    worker.on('message', (msg: BenchMessage) => {
      if (msg.type === 'line') {
        out(formatLine(msg.line));
        return;
      }
      done = true;
      out('===========================');
      out(`Total time (ms): ${Math.round(msg.result.totalMs)}`);
      out(`Total nodes: ${msg.result.totalNodes}`);
      out(`Nodes/second: ${msg.result.nps}`);
      resolve();
    });
    worker.on('error', reject);
    worker.on('exit', (code) => {
      if (!done) reject(new Error(`bench worker stopped (exit code ${code}) before the end`));
    });
  });
}
