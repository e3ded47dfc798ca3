/**
 * Messages between the owner of a game and the search worker that owns the engine — one schema
 * for the CLI protocols (node worker thread, searcher.ts) and the web app's Web Worker. Moves
 * travel as Caravan UCI text (RULES.md §0): the worker rebuilds the position from the start FEN
 * by playing the moves, so repetition history is there. Handling is shared too (search-runner.ts).
 */

import type { SearchLimits } from '../engine/api.js';
import type { MarriageMode, VariantDefinition } from '../variants/schema.js';

export interface SearchRequest {
  readonly variantId: string;
  /** Bachelor Kamil marriage mode (ignored by other variants). */
  readonly marriage: MarriageMode;
  /** A variant Caravan does not ship, as data (shipped ones travel by id alone). */
  readonly definition?: VariantDefinition;
  readonly startFen: string;
  readonly moves: readonly string[];
  /** Depth, nodes, time or clock, and the casual strength `level` (1–8). */
  readonly limits: SearchLimits;
  readonly seed?: number;
  /** How PV lines are written: UCI text (default, for the protocols) or SAN (for people). */
  readonly pvNotation?: 'uci' | 'san';
  /** Lines to report (MultiPV, 1 when absent): each depth reports lines 1…k, `multipv` set. */
  readonly multiPv?: number;
  /** Centipawns a draw counts against the engine's side (SearchOptions.contempt); default when absent. */
  readonly contempt?: number;
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
  /** In the request's `pvNotation`. */
  readonly pv: readonly string[];
  /** The line's number (1 = best) when the request asked for more than one line. */
  readonly multipv?: number;
}

export interface SearchReport {
  /** UCI text; undefined when the position has no legal move (or the game is over). */
  readonly bestMove: string | undefined;
  /** UCI text. */
  readonly ponder: string | undefined;
  readonly score: ScoreText;
  readonly depth: number;
  readonly nodes: number;
  /** In the request's `pvNotation`. */
  readonly pv: readonly string[];
  /** Set when the engine broke its contract (the report then carries a fallback move). */
  readonly engineError?: string;
}

export type ToWorker =
  | {
      readonly type: 'search';
      readonly id: number;
      readonly request: SearchRequest;
      /**
       * Stop flag for this search (element 0 non-zero stops it), for a worker that has none of its
       * own: the web page sends one when it is cross-origin isolated. The CLI worker gets its flag
       * once, as workerData.
       */
      readonly stop?: SharedArrayBuffer;
    }
  | { readonly type: 'newgame' }
  | { readonly type: 'hash'; readonly mb: number };

export type FromWorker =
  | { readonly type: 'info'; readonly id: number; readonly info: InfoReport }
  | { readonly type: 'done'; readonly id: number; readonly result: SearchReport }
  | { readonly type: 'error'; readonly id: number; readonly message: string };

/**
 * The CLI search worker's first message: its engine is warmed up, so searches from now on keep
 * their time limits (`readyok` and `pong` wait for it, issue 14 item 5).
 */
export type WorkerReady = { readonly type: 'ready' };
