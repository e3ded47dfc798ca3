/** An engine score for people. */

import type { Color } from '../../../src/core/outcome.js';
import type { ScoreText } from '../../../src/protocol/search-messages.js';

/** "+1.25", "−0.40", "#3", "#−2" from White's point of view (`score` is the side to move's). */
export function formatScore(score: ScoreText, sideToMove: Color): string {
  const sign = sideToMove === 'white' ? 1 : -1;
  const v = score.value * sign;
  if (score.kind === 'mate') return v > 0 ? `#${v}` : `#−${Math.abs(v)}`;
  const pawns = (Math.abs(v) / 100).toFixed(2);
  return v > 0 ? `+${pawns}` : v < 0 ? `−${pawns}` : '0.00';
}

/** The computer takes a draw when its own score is at most this (centipawns): it is not better. */
export const DRAW_ACCEPT_CP = 50;

/**
 * Does the computer accept a draw offer, by its latest score (its own point of view)? With no
 * score yet it plays on; a mate against it is accepted, a mate for it is not.
 */
export function engineAcceptsDraw(score: ScoreText | undefined): boolean {
  if (!score) return false;
  if (score.kind === 'mate') return score.value < 0;
  return score.value <= DRAW_ACCEPT_CP;
}
