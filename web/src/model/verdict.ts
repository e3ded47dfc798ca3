/**
 * Ends of a game that the rules library does not decide because they are the players' doing or
 * the clock's: a resignation, a draw agreed, a flag fallen. The flag's verdict asks the library
 * whether the side left on the board could still win (the variant's dead-position rules).
 */

import { type Color, isDeadPosition } from '../../../src/core/outcome.js';
import { Position } from '../../../src/core/position.js';
import type { ResultToken } from '../../../src/notation/outcome-text.js';
import type { VariantDefinition } from '../../../src/variants/schema.js';
import { placementRows, rowsPlacement } from './placement.js';

export type VerdictReason = 'resignation' | 'agreement' | 'time-forfeit' | 'time-draw';

export interface Verdict {
  /** The winner, or null for a draw. */
  readonly winner: Color | null;
  readonly reason: VerdictReason;
}

const word = (c: Color) => (c === 'white' ? 'White' : 'Black');
export const otherColor = (c: Color): Color => (c === 'white' ? 'black' : 'white');

export function verdictToken(v: Verdict): ResultToken {
  return v.winner === 'white' ? '1-0' : v.winner === 'black' ? '0-1' : '1/2-1/2';
}

export function verdictText(v: Verdict): string {
  switch (v.reason) {
    case 'resignation':
      return `${word(otherColor(v.winner ?? 'white'))} resigns — ${word(v.winner ?? 'white')} wins`;
    case 'agreement':
      return 'Draw agreed';
    case 'time-forfeit':
      return `${word(otherColor(v.winner ?? 'white'))} lost on time — ${word(v.winner ?? 'white')} wins`;
    case 'time-draw':
      return 'Draw: the flag fell, but the other side has nothing left to win with';
  }
}

/** PGN's Termination tag for a verdict (the standard words). */
export function verdictTermination(v: Verdict): string {
  return v.reason === 'time-forfeit' || v.reason === 'time-draw' ? 'time forfeit' : 'normal';
}

/**
 * The verdict when `flagged`'s time has run out in the position `fen`: a loss, unless the
 * opponent could not win even against a bare king — that is, the opponent's men against the
 * flagged side's king alone make a dead position by the variant's rules, or the opponent has no
 * men at all — then a draw.
 */
export function flagVerdict(def: VariantDefinition, fen: string, flagged: Color): Verdict {
  const winner = otherColor(flagged);
  const reduced = Position.fromFen(def, kingOnly(fen, flagged));
  if (reduced.ok) {
    const pos = reduced.value;
    const opponent = winner === 'white' ? 0 : 1;
    if (pos.menCount(opponent) === 0 || isDeadPosition(pos)) return { winner: null, reason: 'time-draw' };
  }
  return { winner, reason: 'time-forfeit' };
}

/** The FEN with every man of `side` taken off (its king stays), no castling or e.p. rights. */
function kingOnly(fen: string, side: Color): string {
  const [placement = '', turn = 'w', , , half = '0', full = '1'] = fen.trim().split(/\s+/);
  const mine = (c: string) => c !== '' && (side === 'white' ? c === c.toUpperCase() : c === c.toLowerCase());
  const rows = placementRows(placement).map((cells) => cells.map((c) => (mine(c) && c.toUpperCase() !== 'K' ? '' : c)));
  return `${rowsPlacement(rows)} ${turn} - - ${half} ${full}`;
}
