/**
 * Fixed-depth benchmark over BENCH_POSITIONS. Each position is searched from a cleared engine,
 * so the total node count is a deterministic signature of the search and evaluation code.
 */

import { parseFen } from '../core/fen.js';
import { moveToUci } from '../notation/uci.js';
import { findVariant } from '../variants/index.js';
import type { Score } from './api.js';
import { BENCH_POSITIONS, type BenchPosition } from './bench-positions.js';
import { Search } from './search.js';

/** Default depth: about 15 s for the whole set on one idle core of the 2-core test machine, 25 s under load. */
export const BENCH_DEFAULT_DEPTH = 13;

export interface BenchLine {
  readonly index: number;
  readonly position: BenchPosition;
  readonly nodes: number;
  readonly ms: number;
  readonly bestMove: string;
  readonly score: Score;
  readonly depth: number;
}

export interface BenchResult {
  readonly lines: readonly BenchLine[];
  readonly totalNodes: number;
  readonly totalMs: number;
  readonly nps: number;
}

export function runBench(
  depth = BENCH_DEFAULT_DEPTH,
  onLine?: (line: BenchLine) => void,
  positions: readonly BenchPosition[] = BENCH_POSITIONS,
  hashMb = 16,
): BenchResult {
  const search = new Search(hashMb);
  const lines: BenchLine[] = [];
  let totalNodes = 0;
  let totalMs = 0;
  positions.forEach((position, index) => {
    const def = findVariant(position.variant);
    if (!def) throw new Error(`bench position ${index + 1}: unknown variant ${position.variant}`);
    const parsed = parseFen(def, position.fen);
    if (!parsed.ok) throw new Error(`bench position ${index + 1}: ${parsed.error.message}`);
    const pos = parsed.value;
    search.clear();
    const started = performance.now();
    const r = search.run(pos, { limits: { depth }, seed: 1 });
    const ms = performance.now() - started;
    totalNodes += r.nodes;
    totalMs += ms;
    const line: BenchLine = {
      index: index + 1,
      position,
      nodes: r.nodes,
      ms,
      bestMove: r.bestMove ? moveToUci(pos, r.bestMove) : '(none)',
      score: r.score,
      depth: r.depth,
    };
    lines.push(line);
    onLine?.(line);
  });
  return { lines, totalNodes, totalMs, nps: Math.round((totalNodes * 1000) / Math.max(1, totalMs)) };
}
