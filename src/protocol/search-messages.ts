/**
 * Messages between a protocol front end (main thread, owns the game) and the search worker
 * (owns the engine). Moves travel as Caravan UCI text (RULES.md §0): the worker rebuilds the
 * position from the start FEN by playing the moves, so repetition history is there.
 */

import type { SearchLimits } from '../engine/api.js';
import type { MarriageMode } from '../variants/schema.js';

export interface SearchRequest {
  readonly variantId: string;
  /** Bachelor Kamil marriage mode (ignored by other variants). */
  readonly marriage: MarriageMode;
  readonly startFen: string;
  readonly moves: readonly string[];
  readonly limits: SearchLimits;
  readonly seed?: number;
}

export type ScoreText = { readonly kind: 'cp' | 'mate'; readonly value: number };

/** A search progress report with the PV as move text. */
export interface InfoReport {
  readonly depth: number;
  readonly seldepth: number;
  readonly score: ScoreText;
  readonly nodes: number;
  readonly nps: number;
  readonly timeMs: number;
  readonly pv: readonly string[];
}

export interface SearchReport {
  /** Undefined when the position has no legal move (or the game is over). */
  readonly bestMove: string | undefined;
  readonly ponder: string | undefined;
  readonly score: ScoreText;
  readonly depth: number;
  readonly nodes: number;
  readonly pv: readonly string[];
  /** Set when the engine broke its contract (the report then carries a fallback move). */
  readonly engineError?: string;
}

export type ToWorker =
  | { readonly type: 'search'; readonly id: number; readonly request: SearchRequest }
  | { readonly type: 'newgame' }
  | { readonly type: 'hash'; readonly mb: number };

export type FromWorker =
  /** The engine is warmed up: searches from now on keep their time limits. */
  | { readonly type: 'ready' }
  | { readonly type: 'info'; readonly id: number; readonly info: InfoReport }
  | { readonly type: 'done'; readonly id: number; readonly result: SearchReport }
  | { readonly type: 'error'; readonly id: number; readonly message: string };
