/**
 * Score scale of the search: centipawns from the side to move's point of view, with game
 * ends (checkmate and the variants' own wins: stalemate, bare king, marriage/taming) mapped
 * to "mate" scores MATE − ply, so that a shorter win always scores higher.
 */

import type { Score } from './api.js';

export const MAX_PLY = 128;
export const MATE = 30000;
/** Scores at or beyond this are wins/losses in a known number of plies. */
export const MATE_BOUND = MATE - 2 * MAX_PLY;
export const INF = 31000;
/** "No score" marker (outside every real score). */
export const NO_SCORE = -32000;
export const DRAW = 0;
/**
 * Contempt: inside the search a draw counts CONTEMPT centipawns against the side the engine plays,
 * so that it plays on in equal positions instead of repeating (a game result is still reported
 * as it is).
 */
export const CONTEMPT = 12;

/** Score for the side to move that wins at `ply`. */
export function winIn(ply: number): number {
  return MATE - ply;
}

/** Score for the side to move that loses at `ply`. */
export function lossIn(ply: number): number {
  return -MATE + ply;
}

export function isMateScore(s: number): boolean {
  return s >= MATE_BOUND || s <= -MATE_BOUND;
}

/** A node-relative mate score to the transposition table's root-independent form. */
export function scoreToTT(s: number, ply: number): number {
  if (s >= MATE_BOUND) return s + ply;
  if (s <= -MATE_BOUND) return s - ply;
  return s;
}

export function scoreFromTT(s: number, ply: number): number {
  if (s >= MATE_BOUND) return s - ply;
  if (s <= -MATE_BOUND) return s + ply;
  return s;
}

/** Internal score → the API's centipawns or mate-in-N moves (N > 0: the side to move wins). */
export function toApiScore(s: number): Score {
  if (s >= MATE_BOUND) return { kind: 'mate', value: Math.floor((MATE - s + 1) / 2) };
  if (s <= -MATE_BOUND) return { kind: 'mate', value: 0 - Math.floor((MATE + s) / 2) };
  return { kind: 'cp', value: s === 0 ? 0 : s };
}
