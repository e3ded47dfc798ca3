/**
 * How a game ended, in PGN's result token and in one English sentence — the one wording used by
 * the PGN end comment, the XBoard result comment, UCI's "game over" line, the match runner's
 * Termination tag and the web app's end banner.
 */

import type { Color, Outcome } from '../core/outcome.js';
import type { VariantDefinition } from '../variants/schema.js';

/** A finished game's PGN result. */
export type ResultToken = '1-0' | '0-1' | '1/2-1/2';

export function resultToken(o: Outcome): ResultToken {
  return o.winner === 'white' ? '1-0' : o.winner === 'black' ? '0-1' : '1/2-1/2';
}

const colorWord = (c: Color) => (c === 'white' ? 'White' : 'Black');
const other = (c: Color): Color => (c === 'white' ? 'black' : 'white');

function pieceName(def: VariantDefinition, letter: string, fallback: string): string {
  return def.pieces.find((p) => p.letter === letter)?.name ?? fallback;
}

/** One sentence for a finished game: "White wins by taming: King next to Gnu". */
export function outcomeText(def: VariantDefinition, o: Outcome): string {
  const w = o.winner;
  switch (o.reason) {
    case 'checkmate':
      return w ? `${colorWord(w)} wins by checkmate` : 'Checkmate';
    case 'stalemate':
      return w ? `${colorWord(other(w))} is stalemated — ${colorWord(w)} wins` : 'Draw by stalemate';
    case 'bare-king':
      return w ? `${colorWord(other(w))} is bared — ${colorWord(w)} wins` : 'Bare king';
    case 'counter-bare':
      return 'Draw: both kings are bare (the bared side took the last man back at once)';
    case 'marriage':
      return `${colorWord(w ?? 'white')} wins by marriage: King next to ${pieceName(def, 'Q', 'Queen')}`;
    case 'taming':
      return `${colorWord(w ?? 'white')} wins by taming: King next to ${pieceName(def, 'W', 'Gnu')}`;
    case 'threefold-repetition':
      return 'Draw by threefold repetition';
    case 'fifty-move':
      return `Draw by the ${def.draws.moveRule}-move rule`;
    case 'insufficient-material':
      return 'Draw: neither side can win any more (dead position)';
  }
}
