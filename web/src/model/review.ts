/**
 * Game review arithmetic, as lichess does it: engine scores become winning chances, a move is
 * judged by how much of its mover's winning chances it gave away, and each side gets an accuracy
 * from its moves' drops in win percent. Pure numbers, no DOM, no engine.
 *
 * Winning chances (lichess `winningChances`): 2 / (1 + e^(−0.00368208·cp)) − 1, in −1…1 from
 * White's side; a mate in n counts as (21 − min(10, n))·100 centipawns. Judgments (lichess
 * `Advice`): a drop of at least 0.3 is a blunder (??), 0.2 a mistake (?), 0.1 an inaccuracy (?!).
 * Accuracy (lichess `AccuracyPercent`): per move 103.1668·e^(−0.04354·drop) − 3.1669 (+1 for the
 * engine's own uncertainty) with the drop in win percent, clamped to 0–100; a side's figure is the
 * mean of the volatility-weighted mean and the harmonic mean of its moves' accuracies.
 */

import type { Color } from '../../../src/core/outcome.js';
import type { ScoreText } from '../../../src/protocol/search-messages.js';

/** NAGs of the judgments (PGN standard: $6 ?!, $2 ?, $4 ??). */
export const NAG_INACCURACY = 6;
export const NAG_MISTAKE = 2;
export const NAG_BLUNDER = 4;

export type Judgment = 'inaccuracy' | 'mistake' | 'blunder';

const JUDGMENTS: ReadonlyArray<readonly [number, Judgment, number]> = [
  [0.3, 'blunder', NAG_BLUNDER],
  [0.2, 'mistake', NAG_MISTAKE],
  [0.1, 'inaccuracy', NAG_INACCURACY],
];

/** A score (from the side to move's point of view) as centipawns from White's, mates capped. */
export function whiteCentipawns(score: ScoreText, sideToMove: Color): number {
  const sign = sideToMove === 'white' ? 1 : -1;
  if (score.kind === 'cp') return score.value * sign;
  // Mate 0 is "mated now": the side to move has lost.
  const mover = score.value > 0 ? 1 : -1;
  return (score.value === 0 ? -1 : mover) * sign * (21 - Math.min(10, Math.abs(score.value))) * 100;
}

/** Winning chances of White in −1…1 (lichess's scale). */
export function winningChances(whiteCp: number): number {
  const cp = Math.max(-1000, Math.min(1000, whiteCp));
  return 2 / (1 + Math.exp(-0.00368208 * cp)) - 1;
}

/** White's win percent, 0–100. */
export function winPercent(whiteCp: number): number {
  return 50 + 50 * winningChances(whiteCp);
}

/** The judgment of a move that took its mover's winning chances from `before` to `after` (mover's side, −1…1). */
export function judge(before: number, after: number): { judgment: Judgment; nag: number } | undefined {
  const drop = before - after;
  for (const [limit, judgment, nag] of JUDGMENTS) if (drop >= limit) return { judgment, nag };
  return undefined;
}

/** Accuracy of one move from the mover's win percent before and after it (lichess). */
export function moveAccuracy(winBefore: number, winAfter: number): number {
  if (winAfter >= winBefore) return 100;
  const raw = 103.1668 * Math.exp(-0.04354 * (winBefore - winAfter)) - 3.1669 + 1;
  return Math.max(0, Math.min(100, raw));
}

export interface MoveReview {
  /** Index of the move in the game (0 = the first move). */
  readonly index: number;
  readonly mover: Color;
  /** The mover's winning chances before and after (−1…1). */
  readonly before: number;
  readonly after: number;
  readonly accuracy: number;
  readonly judgment?: Judgment;
  readonly nag?: number;
}

export interface GameReview {
  readonly moves: readonly MoveReview[];
  /** Accuracy per side (0–100), undefined for a side without moves. */
  readonly accuracy: { readonly white: number | undefined; readonly black: number | undefined };
}

function stdDev(xs: readonly number[]): number {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / xs.length);
}

/**
 * Review a game from White's centipawns at every ply (`whiteCp[0]` the start, `whiteCp[i]` after
 * move i) and the side that made the first move.
 */
export function reviewGame(whiteCp: readonly number[], firstMover: Color): GameReview {
  const wins = whiteCp.map(winPercent);
  const moves: MoveReview[] = [];
  for (let i = 1; i < whiteCp.length; i++) {
    const mover: Color = (i - 1) % 2 === 0 ? firstMover : firstMover === 'white' ? 'black' : 'white';
    const sign = mover === 'white' ? 1 : -1;
    const before = sign * winningChances(whiteCp[i - 1] as number);
    const after = sign * winningChances(whiteCp[i] as number);
    const accuracy = moveAccuracy(50 + 50 * before, 50 + 50 * after);
    const j = judge(before, after);
    moves.push({ index: i - 1, mover, before, after, accuracy, ...(j ?? {}) });
  }
  // Volatility weights: the spread of win percent in a window around each move (lichess).
  const window = Math.max(2, Math.min(8, Math.floor(wins.length / 10)));
  const weights = moves.map((m) => {
    const from = Math.max(0, Math.min(m.index, wins.length - window));
    return Math.max(0.5, Math.min(12, stdDev(wins.slice(from, from + window))));
  });
  const side = (color: Color): number | undefined => {
    const mine = moves.map((m, k) => [m, weights[k] as number] as const).filter(([m]) => m.mover === color);
    if (mine.length === 0) return undefined;
    const weighted = mine.reduce((a, [m, w]) => a + m.accuracy * w, 0) / mine.reduce((a, [, w]) => a + w, 0);
    const harmonic = mine.length / mine.reduce((a, [m]) => a + 1 / Math.max(m.accuracy, 0.01), 0);
    return (weighted + harmonic) / 2;
  };
  return { moves, accuracy: { white: side('white'), black: side('black') } };
}
