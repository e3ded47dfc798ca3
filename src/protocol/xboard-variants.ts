/**
 * How Caravan's variants look to an XBoard/WinBoard GUI (CECP v2 "engine-defined variants").
 *
 * - Names: XBoard maps a variant name to one of its built-in variants when the name CONTAINS a
 *   built-in name (`shatranj-kamil` became XBoard's 8×8 `shatranj`), so xboard mode announces
 *   names that contain none of them; the canonical ids are accepted on input too.
 * - After `variant <name>` the engine sends `setup (PIECETOCHAR) WxH+0_<parent> FEN` (board size,
 *   which XBoard piece type each letter is, start position) and one `piece X& <Betza>` line per
 *   piece so XBoard can draw the board, test legality and write SAN.
 * - Rank numbers: on boards with exactly 10 ranks XBoard counts ranks from 0 in move text
 *   (`a0`…`a9`); Caravan's own text counts from 1. `toXboardSquares`/`fromXboardSquares`
 *   translate square names inside a move text.
 */

import { KIND_CASTLE, type Move, moveFrom, moveKind, moveTo } from '../core/move.js';
import type { Position } from '../core/position.js';
import { parseSquare, squareName } from '../core/tables.js';
import { legalMoveList } from '../notation/uci.js';
import { VARIANTS } from '../variants/index.js';
import type { PieceDefinition, VariantDefinition } from '../variants/schema.js';

/** XBoard 4.9's built-in variant names (from its sources): a name containing one is unsafe. */
export const XBOARD_BUILTIN_NAMES: readonly string[] = [
  'normal',
  'wildcastle',
  'nocastle',
  'fischerandom',
  'bughouse',
  'crazyhouse',
  'losers',
  'suicide',
  'giveaway',
  'twokings',
  'kriegspiel',
  'atomic',
  '3check',
  'shatranj',
  'wild29',
  'wild30',
  'wild31',
  'wild32',
  'wild33',
  'wild34',
  'wild35',
  'wild36',
  'shogi',
  'chu',
  'courier',
  'gothic',
  'capablanca',
  'knightmate',
  'fairy',
  'cylinder',
  'falcon',
  'caparandom',
  'berolina',
  'janus',
  'super',
  'great',
  'twilight',
  'makruk',
  'seirawan',
  'grand',
  'spartan',
  'xiangqi',
  'asean',
  'lion',
  'elven',
  'unknown',
];

/** Is `name` free of every XBoard built-in name (so XBoard treats it as engine-defined)? */
export function isXboardSafeName(name: string): boolean {
  const lower = name.toLowerCase();
  return !XBOARD_BUILTIN_NAMES.some((b) => lower.includes(b));
}

/** The name announced in xboard mode (the variant data's `xboardName`, or the id). */
export function xboardVariantName(def: VariantDefinition): string {
  return def.xboardName ?? def.id;
}

/** Is the variant one of XBoard's own (orthodox chess is its `normal`), which XBoard sets up itself? */
export function isXboardBuiltin(def: VariantDefinition): boolean {
  return XBOARD_BUILTIN_NAMES.includes(xboardVariantName(def));
}

/** Every variant's xboard-mode name, the default (first) one first. */
export function xboardVariantNames(variants: readonly VariantDefinition[] = VARIANTS): string[] {
  return variants.map(xboardVariantName);
}

/** The variant an xboard-mode name or a canonical id designates (among `variants`). */
export function findXboardVariant(
  name: string,
  variants: readonly VariantDefinition[] = VARIANTS,
): VariantDefinition | undefined {
  const lower = name.toLowerCase();
  return variants.find((v) => xboardVariantName(v) === lower) ?? variants.find((v) => v.id === lower);
}

/**
 * XBoard 4.9's internal piece types in PieceToChar order (44 per colour; the last is the King),
 * with the letter its default "fairy" table gives each. Caravan puts each of its letters on the
 * type that carries that letter by default, so XBoard's own defaults and the table agree, and a
 * letter the default table lacks (a Zebra's Z) on the first type left free; the moves come from
 * the `piece` commands anyway.
 */
const XBOARD_TYPE_COUNT = 44;
const DEFAULT_FAIRY_LETTERS = 'PNBRQFEACWMOHIJGDVLSU';

/**
 * Letters drawn on another type than their own, for the picture XBoard gives that type: the
 * Shatranj Kamil Camel `D` (a dabbaba, Arabic for a siege engine) would take XBoard's `D` type,
 * drawn as a knight's head on a tower (Chancellor.svg); it takes the cannon's type `O`
 * (Canon.svg), which no one takes for a Knight (issue 14 item 11). Only when the variant has
 * no piece of that letter itself.
 */
const PICTURE_TYPES: Readonly<Record<string, string>> = { D: 'O' };

/** The PieceToChar table (white half then black half) naming exactly the variant's pieces. */
export function pieceToCharTable(def: VariantDefinition): string {
  const slots = new Array<string>(XBOARD_TYPE_COUNT).fill('.');
  const king = XBOARD_TYPE_COUNT - 1;
  const unplaced: string[] = [];
  const letters = new Set(def.pieces.map((p) => p.letter));
  const typeLetter = (letter: string): string => {
    const other = PICTURE_TYPES[letter];
    return other !== undefined && !letters.has(other) ? other : letter;
  };
  for (const p of def.pieces) {
    const i = p.royal ? king : DEFAULT_FAIRY_LETTERS.indexOf(typeLetter(p.letter));
    if (i < 0) unplaced.push(p.letter);
    else slots[i] = p.letter;
  }
  for (const letter of unplaced) slots[slots.findIndex((s, i) => s === '.' && i !== king)] = letter;
  const white = slots.join('');
  return white + white.toLowerCase();
}

/**
 * A piece's moves in XBoard's Betza dialect, including what Caravan keeps as variant data beside
 * the Betza string: pawn multi-steps and castling.
 *
 * Pawn steps by rank have no XBetza form. XBoard treats `i` (initial) moves as moves of a pawn
 * on its start square, so an orthodox double step from the start rank is `ifmnD`. Wildebeest's
 * pawn may step two from its 3rd rank whether or not it moved before (RULES.md §1), which `i`
 * cannot say; it is written without `i` (`fmnD`: XBoard accepts a 2-step from any rank, a
 * superset — better than forfeiting a legal move) plus `ifmnH` for the 3-step from the start
 * rank. Castling is `isO<n>` per king distance (see xboardCastlingBetza).
 */
export function xboardBetza(def: VariantDefinition, piece: PieceDefinition): string {
  let betza = piece.betza;
  if (piece.pawn) {
    const steps = Object.entries(def.pawn.steps).map(([rank, n]) => [Number(rank), n] as const);
    const maxStep = Math.max(1, ...steps.map(([, n]) => n));
    // A 2-step allowed from more than one rank cannot be tied to the start square.
    const twoStepRanks = steps.filter(([, n]) => n >= 2).length;
    if (maxStep >= 2) betza += twoStepRanks > 1 ? 'fmnD' : 'ifmnD';
    if (maxStep >= 3) betza += 'ifmnH';
  }
  if (piece.royal) betza += xboardCastlingBetza(def);
  return betza;
}

/**
 * The king's castling moves in XBoard's Betza dialect (checked against XBoard 4.9.1):
 * `O<n>` moves the king n squares sideways toward the first piece on its rank, which must stand
 * on the edge file in its start position; every `j` before the `O` moves that partner one file
 * in from the edge. Camel Decimal castles on rank 2 with rooks on b and i, one file in from the
 * corners (Shako-like): `isjO2`. Without the `j` XBoard finds no partner and forfeits the
 * engine for a legal castle. `O1` (Wildebeest's one-square castle) is a two-leg move in XBoard
 * (see castlingLegs). A `j` count applies to both wings, so castling that XBoard cannot
 * describe (rooks at different distances from their edges) is left out: XBoard then needs
 * `-testLegality false`.
 */
export function xboardCastlingBetza(def: VariantDefinition): string {
  const c = def.castling;
  if (!c) return '';
  const skip = c.rookFiles.queenSide;
  if (def.files - 1 - c.rookFiles.kingSide !== skip) return '';
  return c.kingDistances.map((d) => `is${'j'.repeat(skip)}O${d}`).join('');
}

/** Parent variant XBoard inherits rules from: Shatranj Kamil shares shatranj's end rules. */
function parentVariant(def: VariantDefinition): string {
  return def.end.bareKing ? 'shatranj' : 'fairy';
}

/**
 * The lines to send after `variant <name>` (none for orthodox chess, which XBoard knows):
 * `setup (…) WxH+0_parent FEN` and a `piece` line per piece type.
 */
export function xboardVariantSetup(def: VariantDefinition): string[] {
  if (isXboardBuiltin(def)) return [];
  const lines = [`setup (${pieceToCharTable(def)}) ${def.files}x${def.ranks}+0_${parentVariant(def)} ${def.startFen}`];
  for (const p of def.pieces) lines.push(`piece ${p.letter}& ${xboardBetza(def, p)}`);
  return lines;
}

/** Does XBoard count this board's ranks from 0 in move text? (Boards with exactly 10 ranks.) */
export function xboardRanksFromZero(def: VariantDefinition): boolean {
  return def.ranks === 10;
}

const SQUARE_IN_TEXT = /([a-z])(\d{1,2})/g;

/** Caravan move text (ranks from 1) → XBoard move text for this variant. */
export function toXboardSquares(def: VariantDefinition, text: string): string {
  if (!xboardRanksFromZero(def)) return text;
  return text.replace(SQUARE_IN_TEXT, (_, file: string, rank: string) => `${file}${Number(rank) - 1}`);
}

/**
 * XBoard move text → Caravan move text. Returns undefined when a rank is out of XBoard's range
 * (so the caller reports the move as illegal rather than guessing).
 */
export function fromXboardSquares(def: VariantDefinition, text: string): string | undefined {
  if (!xboardRanksFromZero(def)) return text;
  let bad = false;
  const out = text.replace(SQUARE_IN_TEXT, (_, file: string, rank: string) => {
    const r = Number(rank);
    if (r > 9 || rank.length > 1) bad = true;
    return `${file}${r + 1}`;
  });
  return bad ? undefined : out;
}

/**
 * A castle whose king moves one square (Wildebeest's `f1g1` with the rook to f1) is an ordinary
 * king step in plain move text, so XBoard 4.9.1 handles it as a two-leg move (Betza `O1`):
 * - from the engine, the king goes onto its rook and then to its square, one leg per `move`
 *   line, a comma ending every leg but the last: `move f0k0,` / `move k0g0`. (A single
 *   king-onto-rook `f0k0` is no good: XBoard reads it as its own O-O, king to j0.)
 * - to the engine, XBoard writes the king's step and then the rook's: `f0g0,k0f0`.
 * Returns the legs in Caravan squares, or undefined for any other move.
 */
export function castlingLegs(pos: Position, m: Move): [string, string] | undefined {
  if (moveKind(m) !== KIND_CASTLE) return undefined;
  const from = moveFrom(m);
  const to = moveTo(m);
  if (Math.abs(to - from) !== 1) return undefined;
  const rook = pos.castleRookSquares(m)[0];
  const t = pos.t;
  return [squareName(t, from) + squareName(t, rook), squareName(t, rook) + squareName(t, to)];
}

/** The `move …` lines announcing the engine's move `m` (Caravan UCI text `uci`) to XBoard. */
export function xboardMoveLines(def: VariantDefinition, pos: Position, m: Move, uci: string): string[] {
  const legs = castlingLegs(pos, m);
  if (!legs) return [`move ${toXboardSquares(def, uci)}`];
  return [`move ${toXboardSquares(def, legs[0])},`, `move ${toXboardSquares(def, legs[1])}`];
}

const LEG = /^([a-z]\d{1,2})([a-z]\d{1,2})$/;

/**
 * The castle written as two legs (Caravan squares): XBoard's `king step, rook move` form or the
 * engine form `king onto rook, rook square to king's square`. Undefined if no legal castle fits.
 */
export function parseCastlingLegs(pos: Position, text: string): Move | undefined {
  const parts = text.split(',');
  if (parts.length !== 2) return undefined;
  const a = LEG.exec(parts[0] as string);
  const b = LEG.exec(parts[1] as string);
  if (!a || !b) return undefined;
  const t = pos.t;
  const [a1, a2, b1, b2] = [a[1], a[2], b[1], b[2]].map((s) => parseSquare(t, s as string));
  for (const m of legalMoveList(pos)) {
    if (moveKind(m) !== KIND_CASTLE || moveFrom(m) !== a1) continue;
    const [rookFrom, rookTo] = pos.castleRookSquares(m);
    const kingTo = moveTo(m);
    if (a2 === kingTo && b1 === rookFrom && b2 === rookTo) return m;
    if (a2 === rookFrom && b1 === rookFrom && b2 === kingTo) return m;
  }
  return undefined;
}
