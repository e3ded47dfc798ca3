/**
 * The evaluation bar beside the board: White's share is its winning chances on lichess's scale
 * (model/review.ts), the number is the score in pawns or "M3" for a mate in 3 (White's point of
 * view: −M3 when Black mates).
 */

import type { Color } from '../../../src/core/outcome.js';
import type { ScoreText } from '../../../src/protocol/search-messages.js';
import { whiteCentipawns, winningChances } from '../model/review.js';
import { h } from '../ui/dom.js';

/** The score for the bar's label, from White's point of view. */
export function barLabel(score: ScoreText, sideToMove: Color): string {
  const sign = sideToMove === 'white' ? 1 : -1;
  const v = score.value * sign;
  if (score.kind === 'mate') {
    // Mate 0: the side to move is mated.
    const whiteMates = score.value === 0 ? sign < 0 : v > 0;
    return `${whiteMates ? '' : '−'}M${Math.abs(score.value)}`;
  }
  const pawns = (Math.abs(v) / 100).toFixed(1);
  return v > 0 ? `+${pawns}` : v < 0 ? `−${pawns}` : '0.0';
}

export class EvalBar {
  readonly element = h('div.eval-bar', {
    id: 'eval-bar',
    role: 'meter',
    'aria-label': 'Evaluation',
    'aria-valuemin': '0',
    'aria-valuemax': '100',
  });
  private readonly white = h('div.eval-white');
  private readonly label = h('span.eval-label', { id: 'eval-bar-label' });

  constructor() {
    this.element.append(this.white, this.label);
    this.clear();
  }

  /** `whiteShare` in 0…100: the part of the bar that is White's. */
  private draw(whiteShare: number, text: string): void {
    this.white.style.height = `${whiteShare}%`;
    this.element.setAttribute('aria-valuenow', whiteShare.toFixed(1));
    this.element.setAttribute('aria-valuetext', text);
    this.element.dataset.white = whiteShare.toFixed(1);
    this.label.textContent = text;
  }

  show(score: ScoreText, sideToMove: Color): void {
    this.draw(50 + 50 * winningChances(whiteCentipawns(score, sideToMove)), barLabel(score, sideToMove));
  }

  /** A finished game: the winner's side fills the bar, the result is the label. */
  showResult(result: string): void {
    this.draw(result === '1-0' ? 100 : result === '0-1' ? 0 : 50, result);
  }

  clear(): void {
    this.draw(50, '');
  }
}
