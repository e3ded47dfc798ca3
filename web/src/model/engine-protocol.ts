/**
 * Messages between the page and the engine worker. Moves travel as UCI text; the worker rebuilds
 * the game (start FEN + moves) so that repetition draws are seen, searches, and answers.
 */

import type { MarriageMode } from '../../../src/variants/schema.js';

export interface SearchRequest {
  readonly type: 'search';
  readonly id: number;
  readonly variantId: string;
  readonly marriageMode: MarriageMode;
  readonly startFen: string;
  readonly moves: readonly string[];
  /** Strength 1–8 for a game move; absent for analysis (full strength). */
  readonly level?: number;
  readonly movetime?: number;
  readonly depth?: number;
  readonly seed?: number;
  /** Int32Array view target: element 0 set non-zero stops the search (needs cross-origin isolation). */
  readonly stop?: SharedArrayBuffer;
}

export interface EngineScore {
  readonly kind: 'cp' | 'mate';
  /** From the side to move's point of view (as the engine reports it). */
  readonly value: number;
}

export interface InfoMessage {
  readonly type: 'info';
  readonly id: number;
  readonly depth: number;
  readonly score: EngineScore;
  readonly nodes: number;
  readonly nps: number;
  readonly timeMs: number;
  /** Principal variation in SAN. */
  readonly pv: readonly string[];
}

export interface DoneMessage {
  readonly type: 'done';
  readonly id: number;
  /** UCI text, or null when there is no legal move. */
  readonly bestmove: string | null;
  readonly score: EngineScore;
  readonly depth: number;
  readonly pv: readonly string[];
  readonly timeMs: number;
}

export interface ErrorMessage {
  readonly type: 'error';
  readonly id: number;
  readonly message: string;
}

export type FromWorker = InfoMessage | DoneMessage | ErrorMessage;

/** "+1.25", "−0.40", "#3", "#−2" from White's point of view. */
export function formatScore(score: EngineScore, sideToMove: 'white' | 'black'): string {
  const sign = sideToMove === 'white' ? 1 : -1;
  const v = score.value * sign;
  if (score.kind === 'mate') return v > 0 ? `#${v}` : `#−${Math.abs(v)}`;
  const pawns = (Math.abs(v) / 100).toFixed(2);
  return v > 0 ? `+${pawns}` : v < 0 ? `−${pawns}` : '0.00';
}
