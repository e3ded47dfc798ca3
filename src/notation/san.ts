/**
 * Standard Algebraic Notation for Caravan's variants (RULES.md §0, "Move text").
 *
 * Written as in chess and as Fairy-Stockfish writes it: piece letter (none for pawns), the
 * smallest disambiguation that works (file, then rank, then both), `x` for captures (en passant
 * is a plain capture, `bxa3`), promotion as `=` + upper-case letter (also when there is only one
 * choice, `a1=F`), `+`/`#` for check/mate. Ranks may have two digits (`Ra10`, `R10h9`). Castling
 * is `O-O` (toward the highest file) / `O-O-O` (toward file a); where the variant allows several
 * king distances (Wildebeest) the king's destination follows a colon: `O-O:h1`.
 *
 * The reader is forgiving of what players and Fairy-Stockfish write — annotations (`+#!?`), a
 * missing `x`, promotion without `=` or in lower case, `0-0`, `e.p.`, over-disambiguation
 * (`Nb1d2`, which makes coordinate text like `e2e4` readable too), a bare `O-O` when only one
 * castling distance is legal — but never guesses between two legal moves.
 */

import { CaravanError } from '../core/errors.js';
import { describeType, excerpt } from '../core/excerpt.js';
import { KIND_CASTLE, KIND_EN_PASSANT, type Move, moveFrom, moveKind, movePromotion, moveTo } from '../core/move.js';
import { generateLegal, MAX_MOVES } from '../core/movegen.js';
import type { Position } from '../core/position.js';
import { err, ok, type Result } from '../core/result.js';
import { codeType, EMPTY, parseSquare, squareName, type VariantTables } from '../core/tables.js';

// Scratch buffers: one for the moves of the position written about, one for the position after
// the move (the mate test). SAN is not on a search hot path, but it runs for every legal move
// in move lists and PGN, so no per-call allocation of move lists.
const movesBuf = new Int32Array(MAX_MOVES);
const afterBuf = new Int32Array(MAX_MOVES);

/** Longest SAN text looked at; anything longer is rejected before any pattern runs. */
const MAX_SAN_LENGTH = 40;

function fileLetter(t: VariantTables, sq: number): string {
  return String.fromCharCode(97 + (t.fileOf[sq] as number));
}

function rankText(t: VariantTables, sq: number): string {
  return String((t.rankOf[sq] as number) + 1);
}

/** Does the move take a piece (en passant included)? Castling never does. */
function isCapture(pos: Position, m: Move): boolean {
  const kind = moveKind(m);
  if (kind === KIND_CASTLE) return false;
  return kind === KIND_EN_PASSANT || pos.board[moveTo(m)] !== EMPTY;
}

/** `+`, `#` or nothing: the check mark of the move, found by playing it (and taking it back). */
function checkSuffix(pos: Position, m: Move): string {
  pos.make(m);
  let suffix = '';
  if (pos.inCheck()) suffix = generateLegal(pos, afterBuf, 0) === 0 ? '#' : '+';
  pos.unmake();
  return suffix;
}

/** The castling text without check mark: `O-O`, `O-O-O`, or with `:square` where distances vary. */
function castleText(pos: Position, m: Move): string {
  const base = moveTo(m) > moveFrom(m) ? 'O-O' : 'O-O-O';
  const distances = pos.t.def.castling?.kingDistances.length ?? 0;
  return distances > 1 ? `${base}:${squareName(pos.t, moveTo(m))}` : base;
}

/**
 * SAN body (no check mark) of legal move `m`, given the legal moves `list[0..n)` of `pos`.
 * Disambiguation looks at the other legal moves of the same piece (type and colour) to the same
 * square; promotions of one pawn share a from-square, so they never count as rivals.
 */
function sanBody(pos: Position, m: Move, list: Int32Array, n: number): string {
  const t = pos.t;
  if (moveKind(m) === KIND_CASTLE) return castleText(pos, m);
  const from = moveFrom(m);
  const to = moveTo(m);
  const code = pos.board[from] as number;
  const type = codeType(code);
  const capture = isCapture(pos, m);
  let sameFile = false;
  let sameRank = false;
  let rivals = false;
  for (let i = 0; i < n; i++) {
    const o = list[i] as number;
    const of = moveFrom(o);
    if (moveTo(o) !== to || of === from || moveKind(o) === KIND_CASTLE || pos.board[of] !== code) continue;
    rivals = true;
    if (t.fileOf[of] === t.fileOf[from]) sameFile = true;
    if (t.rankOf[of] === t.rankOf[from]) sameRank = true;
  }
  let text: string;
  if (t.isPawn[type]) {
    // Pawn captures always name the pawn's file; a second pawn on that file able to take on the
    // same square (impossible with the shipped pawns, possible with other pawn moves) adds the rank.
    if (capture) text = fileLetter(t, from) + (rivals && sameFile ? rankText(t, from) : '') + 'x';
    else text = rivals ? squareName(t, from) : '';
    text += squareName(t, to);
    const promo = movePromotion(m);
    if (promo >= 0) text += `=${t.letters[promo] as string}`;
    return text;
  }
  text = t.letters[type] as string;
  if (rivals) {
    if (!sameFile) text += fileLetter(t, from);
    else if (!sameRank) text += rankText(t, from);
    else text += squareName(t, from);
  }
  return text + (capture ? 'x' : '') + squareName(t, to);
}

function indexOfMove(list: Int32Array, n: number, m: Move): number {
  for (let i = 0; i < n; i++) if (list[i] === m) return i;
  return -1;
}

/**
 * The SAN of legal move `m` in `pos` (the position before the move; left unchanged).
 * `m` must be legal in `pos` (it comes from the move generator or a parser): a move that is not
 * is a caller's bug and throws a CaravanError of kind `illegal-move`.
 */
export function moveToSan(pos: Position, m: Move): string {
  const n = generateLegal(pos, movesBuf, 0);
  if (indexOfMove(movesBuf, n, m) < 0) {
    throw new CaravanError('illegal-move', `moveToSan: move ${describeMove(pos, m)} is not legal in ${pos.toFen()}`);
  }
  return sanBody(pos, m, movesBuf, n) + checkSuffix(pos, m);
}

/** From and to squares of a move for error messages, safe for any integer. */
function describeMove(pos: Position, m: Move): string {
  const t = pos.t;
  const name = (sq: number) => (sq < t.size && t.fileOf[sq] !== -1 ? squareName(t, sq) : `#${sq}`);
  return `${name(moveFrom(m))}${name(moveTo(m))}`;
}

/**
 * SAN of a sequence of moves played one after another from `pos`. The position is restored
 * afterwards, also when a move turns out not to be legal (which throws, as in moveToSan).
 */
export function sanLine(pos: Position, moves: readonly Move[]): string[] {
  const out: string[] = [];
  let made = 0;
  try {
    for (const m of moves) {
      out.push(moveToSan(pos, m));
      pos.make(m);
      made++;
    }
  } finally {
    for (; made > 0; made--) pos.unmake();
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Reading

function sanError(kind: 'invalid-san' | 'illegal-move' | 'ambiguous-san', text: string, why: string) {
  return err(new CaravanError(kind, `'${excerpt(text)}' ${why}`));
}

const CASTLE_RE = /^([O0o])-\1(-\1)?(?::([a-z]\d{1,2}))?$/;
/** piece? fromFile? fromRank? (x|-)? toSquare (=? promotion)?  (`x` is never a file: boards have ≤ 16.) */
const MOVE_RE = /^([A-Z])?([a-wyz])?(\d{1,2})?([x-])?([a-z])(\d{1,2})(?:=?([A-Za-z]))?$/;

/** Remove check marks, `!?` annotations and an `e.p.` note from the end of SAN text. */
function stripSuffixes(text: string): string {
  let s = text;
  for (;;) {
    const next = s
      .replace(/[+#!?]+$/, '')
      .replace(/\s*e\.?p\.?$/, '')
      .trimEnd();
    if (next === s) return s;
    s = next;
  }
}

function colorName(pos: Position): string {
  return pos.turn === 0 ? 'white' : 'black';
}

function pieceName(pos: Position, type: number): string {
  return (pos.t.def.pieces[type]?.name ?? 'piece').toLowerCase();
}

/**
 * The legal move written in `san`, or a typed error: `invalid-san` (not SAN, or names a piece or
 * square the variant lacks), `illegal-move` (well-formed but no such legal move) or
 * `ambiguous-san` (several legal moves fit; the message lists their SAN).
 */
export function parseSan(pos: Position, san: string): Result<Move, CaravanError> {
  if (typeof san !== 'string')
    return err(new CaravanError('invalid-san', `SAN must be a string, got ${describeType(san)}`));
  const text = san.trim();
  if (text.length === 0) return sanError('invalid-san', '', 'is empty, not a move');
  if (text.length > MAX_SAN_LENGTH) return sanError('invalid-san', text, 'is too long to be a move in SAN');
  const body = stripSuffixes(text);
  if (body.length === 0) return sanError('invalid-san', text, 'is only an annotation, not a move');
  const castle = CASTLE_RE.exec(body);
  if (castle) return parseCastle(pos, text, castle[2] !== undefined, castle[3]);
  const parts = MOVE_RE.exec(body);
  if (!parts) return sanError('invalid-san', text, 'is not a move in SAN (like Nf3, exd5, b10=C, O-O)');
  return parsePieceMove(pos, text, parts);
}

function parseCastle(
  pos: Position,
  text: string,
  long: boolean,
  target: string | undefined,
): Result<Move, CaravanError> {
  const t = pos.t;
  const side = long ? 'O-O-O' : 'O-O';
  if (!t.castling) return sanError('illegal-move', text, `is not legal: ${t.def.name} has no castling`);
  let targetSq = -1;
  if (target !== undefined) {
    targetSq = parseSquare(t, target);
    if (targetSq < 0)
      return sanError('invalid-san', text, `names ${target}, a square off the ${t.files}×${t.ranks} board`);
  }
  const n = generateLegal(pos, movesBuf, 0);
  const options: Move[] = [];
  for (let i = 0; i < n; i++) {
    const m = movesBuf[i] as number;
    if (moveKind(m) !== KIND_CASTLE || moveTo(m) > moveFrom(m) === long) continue;
    if (targetSq >= 0 && moveTo(m) !== targetSq) continue;
    options.push(m);
  }
  if (options.length === 1) return ok(options[0] as Move);
  if (options.length === 0) {
    const where = target !== undefined ? ` with the king to ${target}` : '';
    return sanError('illegal-move', text, `is not legal: ${colorName(pos)} cannot castle ${side}${where} here`);
  }
  const forms = options.map((m) => castleText(pos, m)).join(' ');
  return sanError(
    'ambiguous-san',
    text,
    `is ambiguous: ${colorName(pos)} may castle ${side} to several squares; write one of ${forms}`,
  );
}

function parsePieceMove(pos: Position, text: string, parts: RegExpExecArray): Result<Move, CaravanError> {
  const t = pos.t;
  const [, pieceLetter, fromFile, fromRank, separator, toFile, toRank, promoLetter] = parts;
  let type = t.pawnType;
  if (pieceLetter !== undefined) {
    type = t.letters.indexOf(pieceLetter);
    if (type < 0)
      return sanError(
        'invalid-san',
        text,
        `names piece '${pieceLetter}', which ${t.def.name} does not have (${t.letters.join(' ')})`,
      );
  }
  if (type < 0) return sanError('invalid-san', text, `is a pawn move, but ${t.def.name} has no pawns`);
  const toName = `${toFile}${toRank}`;
  const to = parseSquare(t, toName);
  if (to < 0) return sanError('invalid-san', text, `names ${toName}, a square off the ${t.files}×${t.ranks} board`);
  const fileIdx = fromFile === undefined ? -1 : fromFile.charCodeAt(0) - 97;
  if (fileIdx >= t.files)
    return sanError('invalid-san', text, `names file ${fromFile}, off the ${t.files}×${t.ranks} board`);
  const rankIdx = fromRank === undefined ? -1 : Number(fromRank) - 1;
  if (fromRank !== undefined && (rankIdx < 0 || rankIdx >= t.ranks || fromRank.startsWith('0'))) {
    return sanError('invalid-san', text, `names rank ${fromRank}, off the ${t.files}×${t.ranks} board`);
  }
  let promo = -1;
  if (promoLetter !== undefined) {
    promo = t.letters.indexOf(promoLetter.toUpperCase());
    const choices = t.def.promotion.choices.join(' or ');
    if (!t.isPawn[type]) return sanError('invalid-san', text, `promotes a ${pieceName(pos, type)}; only pawns promote`);
    if (promo < 0 || !t.def.promotion.choices.some((c) => c.toUpperCase() === promoLetter.toUpperCase())) {
      return sanError('invalid-san', text, `promotes to '${promoLetter}', not a choice in ${t.def.name} (${choices})`);
    }
  }

  const n = generateLegal(pos, movesBuf, 0);
  const fits: Move[] = [];
  let promotionMissing = false;
  let fromTypeReaches = false;
  for (let i = 0; i < n; i++) {
    const m = movesBuf[i] as number;
    if (moveKind(m) === KIND_CASTLE || moveTo(m) !== to) continue;
    const from = moveFrom(m);
    if (codeType(pos.board[from] as number) !== type) continue;
    if (fileIdx >= 0 && t.fileOf[from] !== fileIdx) continue;
    if (rankIdx >= 0 && t.rankOf[from] !== rankIdx) continue;
    fromTypeReaches = true;
    const mp = movePromotion(m);
    if (promoLetter === undefined && mp >= 0) {
      promotionMissing = true;
      // With one promotion choice there is nothing to choose: accept `a1` for `a1=F`.
      if (t.def.promotion.choices.length !== 1) continue;
    } else if (mp !== promo) continue;
    fits.push(m);
  }
  if (fits.length === 1) {
    const m = fits[0] as Move;
    if (separator === 'x' && !isCapture(pos, m)) {
      return sanError('illegal-move', text, `is not legal: it is written as a capture but ${toName} is empty`);
    }
    return ok(m);
  }
  if (fits.length > 1) {
    const forms = fits.map((m) => sanBody(pos, m, movesBuf, n)).join(' ');
    return sanError('ambiguous-san', text, `is ambiguous: it fits ${fits.length} legal moves (${forms})`);
  }
  const who = `${colorName(pos)} ${pieceName(pos, type)}`;
  if (promotionMissing) {
    return sanError('illegal-move', text, `needs a promotion piece (=${t.def.promotion.choices.join(' or =')})`);
  }
  if (fromTypeReaches) {
    return sanError('illegal-move', text, `is not legal: no ${who} move to ${toName} promotes that way`);
  }
  const whence = fileIdx >= 0 || rankIdx >= 0 ? ` from ${fromFile ?? ''}${fromRank ?? ''}` : '';
  const why = pos.inCheck() ? ` (${colorName(pos)} is in check)` : '';
  return sanError('illegal-move', text, `is not legal: no ${who}${whence} can move to ${toName}${why}`);
}
