/**
 * Results that hang over the position shown (issue 13): the rules library is asked, the page
 * only puts its answers into words. A bared king that must take back now (RULES.md §3), a delayed
 * marriage the side to move must break (RULES.md §4), and few legal moves where stalemate wins
 * (RULES.md §§1, 3).
 */

import { isBare, marriageThreat, stalemateValue } from '../../../src/core/end-rules.js';
import type { Position } from '../../../src/core/position.js';

/** At most this many legal moves and stalemate wins: say so. */
export const FEW_MOVES = 3;

const word = (color: number) => (color === 0 ? 'White' : 'Black');

/** Sentences about results pending in `pos` (the side to move has `legalCount` legal moves). */
export function pendingResults(pos: Position, legalCount: number): string[] {
  const stm = pos.turn;
  const mover = stm ^ 1;
  const notes: string[] = [];
  if (legalCount === 0) return notes;
  if (isBare(pos, stm) && pos.menCount(mover) === 1) {
    notes.push(`${word(stm)}'s king is bare: it must take ${word(mover)}'s last man now, or lose.`);
  }
  if (marriageThreat(pos)) {
    notes.push(
      `${word(mover)} stands married: ${word(stm)} must break it this move (take the partner, ` +
        `move it away or give check), or ${word(mover)} wins.`,
    );
  }
  if (stalemateValue(pos.t) < 0 && legalCount <= FEW_MOVES && !pos.inCheck()) {
    notes.push(
      `${word(stm)} has only ${legalCount} legal move${legalCount === 1 ? '' : 's'} — ` +
        'stalemate wins in this variant: the stalemated side loses.',
    );
  }
  return notes;
}
