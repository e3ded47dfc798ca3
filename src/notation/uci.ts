/**
 * UCI-style coordinate move text (RULES.md §0): `from to [promotion]`, ranks may have two digits
 * (`a9a10w`). Castling is the king's from and to squares, except where that is also an ordinary
 * king step (Wildebeest's one-square castle): then the king moves onto its own rook (`f1k1`).
 */

import { CaravanError } from '../core/errors.js';
import { describeType, excerpt } from '../core/excerpt.js';
import { KIND_CASTLE, type Move, moveFrom, moveKind, movePromotion, moveTo } from '../core/move.js';
import { generateLegal, MAX_MOVES } from '../core/movegen.js';
import type { Position } from '../core/position.js';
import { err, ok, type Result } from '../core/result.js';
import { parseSquare, squareName } from '../core/tables.js';

/** Is this castling move written as "king takes own rook"? (Its king step is one square.) */
function castlesOntoRook(m: Move): boolean {
  return moveKind(m) === KIND_CASTLE && Math.abs(moveTo(m) - moveFrom(m)) === 1;
}

/** The square a move's text goes to: the target, or the king's own rook for a one-square castle. */
export function uciToSquare(pos: Position, m: Move): number {
  return castlesOntoRook(m) ? pos.castleRookSquares(m)[0] : moveTo(m);
}

export function moveToUci(pos: Position, m: Move): string {
  const t = pos.t;
  const promo = movePromotion(m);
  return (
    squareName(t, moveFrom(m)) +
    squareName(t, uciToSquare(pos, m)) +
    (promo >= 0 ? (t.letters[promo] as string).toLowerCase() : '')
  );
}

const buf = new Int32Array(MAX_MOVES);

/** The legal moves of a position as an array (convenience; not for hot paths). */
export function legalMoveList(pos: Position): Move[] {
  const n = generateLegal(pos, buf, 0);
  return Array.from(buf.subarray(0, n));
}

/** Find the legal move written in UCI text, or say why there is none. */
export function parseUciMove(pos: Position, text: string): Result<Move, CaravanError> {
  if (typeof text !== 'string') {
    return err(new CaravanError('invalid-move-text', `move text must be a string, got ${describeType(text)}`));
  }
  const m = /^([a-z])(\d{1,2})([a-z])(\d{1,2})([a-z]?)$/.exec(text);
  if (!m)
    return err(
      new CaravanError(
        'invalid-move-text',
        `'${excerpt(text)}' is not a move in coordinate notation (like e2e4 or a9a10w)`,
      ),
    );
  const t = pos.t;
  const from = parseSquare(t, `${m[1]}${m[2]}`);
  const to = parseSquare(t, `${m[3]}${m[4]}`);
  if (from < 0 || to < 0) {
    return err(new CaravanError('invalid-move-text', `'${text}' names a square off the ${t.files}×${t.ranks} board`));
  }
  const promoLetter = (m[5] ?? '').toUpperCase();
  for (const move of legalMoveList(pos)) {
    if (moveFrom(move) !== from) continue;
    const promo = movePromotion(move);
    const letter = promo >= 0 ? (t.letters[promo] as string) : '';
    if (letter !== promoLetter) continue;
    if (moveTo(move) === to && !castlesOntoRook(move)) return ok(move);
    if (castlesOntoRook(move) && pos.castleRookSquares(move)[0] === to) return ok(move);
  }
  return err(new CaravanError('illegal-move', `${text} is not a legal move in this position`));
}
