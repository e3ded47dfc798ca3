/**
 * The engine's contract with its users (protocols, CLI tools, the web worker).
 *
 * Search is synchronous and CPU-bound; callers that must stay responsive run it in a worker
 * thread and stop it through `stopFlag` (an Int32Array that may live in a SharedArrayBuffer).
 * Game history for repetition draws comes from the Position's own undo stack: play the game's
 * moves with `make()` on one Position and pass that Position.
 */

import type { Move } from '../core/move.js';
import type { Position } from '../core/position.js';

/** Transposition table size of a new engine, in MiB (UCI's and XBoard's default `Hash`). */
export const DEFAULT_HASH_MB = 16;
/** The largest transposition table the protocols let a GUI ask for (MiB). */
export const MAX_HASH_MB = 1024;
/** The protocols' Contempt option takes −MAX_CONTEMPT…MAX_CONTEMPT centipawns (SearchOptions.contempt). */
export const MAX_CONTEMPT = 100;

export interface SearchLimits {
  depth?: number;
  nodes?: number;
  /** Milliseconds for this move. */
  movetime?: number;
  wtime?: number;
  btime?: number;
  winc?: number;
  binc?: number;
  movestogo?: number;
  /** Search until stopped (stopFlag) or `depth`/`nodes` reached. */
  infinite?: boolean;
  /** Casual strength 1–8 (limited depth/nodes plus controlled randomness); undefined = full strength. */
  level?: number;
}

/** Centipawns, or mate in `value` moves (positive: the side to move mates; negative: is mated). */
export type Score = { readonly kind: 'cp'; readonly value: number } | { readonly kind: 'mate'; readonly value: number };

export interface SearchInfo {
  readonly depth: number;
  readonly seldepth: number;
  readonly score: Score;
  readonly nodes: number;
  readonly nps: number;
  readonly timeMs: number;
  readonly pv: readonly Move[];
  /** 1-based line number, set only in MultiPV mode (`SearchOptions.multiPv` > 1). */
  readonly multipv?: number;
}

export interface SearchResult {
  /** 0 (MOVE_NONE) only when the position has no legal move or the game is over. */
  readonly bestMove: Move;
  readonly ponder: Move;
  readonly score: Score;
  readonly depth: number;
  readonly nodes: number;
  readonly pv: readonly Move[];
}

export interface SearchOptions {
  readonly limits: SearchLimits;
  readonly onInfo?: (info: SearchInfo) => void;
  /** Polled during search: a non-zero element 0 stops it (the best move so far is returned). */
  readonly stopFlag?: Int32Array;
  /** Seed for the randomness of strength levels (deterministic when given). */
  readonly seed?: number;
  /**
   * Lines to report (MultiPV, as Stockfish: line k is the best root move once lines 1…k−1 are
   * excluded); default 1. Each completed depth reports every line through onInfo, best first.
   */
  readonly multiPv?: number;
  /**
   * Centipawns a draw counts against the side the engine plays, inside the search (default
   * CONTEMPT in score.ts). Positive plays on in equal positions; negative seeks draws, which is
   * what a weaker side wants against a stronger opponent. Reported scores include it.
   */
  readonly contempt?: number;
}

export interface Engine {
  /** Forget everything learned (transposition table, history tables). */
  newGame(): void;
  /** Transposition table size in MiB. */
  setHashSize(mb: number): void;
  /** Search the position (it is restored before returning). */
  search(pos: Position, options: SearchOptions): SearchResult;
}
