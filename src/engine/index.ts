/** The engine: `createEngine()` gives an object implementing the Engine contract (api.ts). */

import type { Position } from '../core/position.js';
import { DEFAULT_HASH_MB, type Engine, type SearchOptions, type SearchResult } from './api.js';
import { Search } from './search.js';

export {
  DEFAULT_HASH_MB,
  type Engine,
  type Score,
  type SearchInfo,
  type SearchLimits,
  type SearchOptions,
  type SearchResult,
} from './api.js';
export { BENCH_DEFAULT_DEPTH, type BenchLine, type BenchResult, runBench } from './bench.js';
export { BENCH_POSITIONS, type BenchPosition } from './bench-positions.js';
export { Evaluator, PIECE_VALUES } from './evaluate.js';
export { type LevelSettings, levelSettings, MAX_LEVEL, MIN_LEVEL } from './levels.js';
export { MOVE_OVERHEAD_MS, type TimeBudget, timeBudget } from './time.js';

class CaravanEngine implements Engine {
  private readonly searcher: Search;

  constructor(hashMb: number) {
    this.searcher = new Search(hashMb);
  }

  newGame(): void {
    this.searcher.clear();
  }

  setHashSize(mb: number): void {
    this.searcher.tt.resize(mb);
  }

  search(pos: Position, options: SearchOptions): SearchResult {
    const depth = pos.depth;
    try {
      return this.searcher.run(pos, options);
    } finally {
      // The search always unwinds its moves; this guards the contract against surprises.
      while (pos.depth > depth) {
        if (pos.lastMove() === 0) pos.unmakeNull();
        else pos.unmake();
      }
    }
  }
}

/** A new engine with its own transposition table (default 16 MiB). */
export function createEngine(hashMb = DEFAULT_HASH_MB): Engine {
  return new CaravanEngine(hashMb);
}
