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

import { findVariant, VARIANTS } from '../variants/index.js';
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

/** Caravan id → name announced in xboard mode. Orthodox chess is XBoard's own `normal`. */
const XBOARD_NAMES: Readonly<Record<string, string>> = {
  wildebeest: 'wildebeest',
  'camel-decimal': 'cameldecimal',
  'shatranj-kamil': 'kamil10',
  'shatranj-kamil-2': 'kamil10b',
  'bachelor-kamil': 'bachelorkamil',
  'bachelor-kamil-reflective': 'bachelorkamilr',
  chess: 'normal',
};

/** Is `name` free of every XBoard built-in name (so XBoard treats it as engine-defined)? */
export function isXboardSafeName(name: string): boolean {
  const lower = name.toLowerCase();
  return !XBOARD_BUILTIN_NAMES.some((b) => lower.includes(b));
}

export function xboardVariantName(def: VariantDefinition): string {
  return XBOARD_NAMES[def.id] ?? def.id;
}

/** Every variant's xboard-mode name, the default (first) one first. */
export function xboardVariantNames(): string[] {
  return VARIANTS.map(xboardVariantName);
}

/** The variant an xboard-mode name or a canonical id designates. */
export function findXboardVariant(name: string): VariantDefinition | undefined {
  const lower = name.toLowerCase();
  for (const v of VARIANTS) if (xboardVariantName(v) === lower) return v;
  return findVariant(lower);
}

/**
 * XBoard 4.9's internal piece types in PieceToChar order (44 per colour; the last is the King),
 * with the letter its default "fairy" table gives each. Caravan puts each of its letters on the
 * type that carries that letter by default, so XBoard's own defaults and the table agree; the
 * moves come from the `piece` commands anyway.
 */
const XBOARD_TYPE_COUNT = 44;
const DEFAULT_FAIRY_LETTERS = 'PNBRQFEACWMOHIJGDVLSU';

function xboardSlot(letter: string): number {
  if (letter === 'K') return XBOARD_TYPE_COUNT - 1;
  const i = DEFAULT_FAIRY_LETTERS.indexOf(letter);
  if (i < 0) throw new Error(`no XBoard piece type for letter ${letter}`);
  return i;
}

/** The PieceToChar table (white half then black half) naming exactly the variant's pieces. */
export function pieceToCharTable(def: VariantDefinition): string {
  const slots = new Array<string>(XBOARD_TYPE_COUNT).fill('.');
  for (const p of def.pieces) slots[xboardSlot(p.letter)] = p.letter;
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
 * rank. Castling is `isO<n>` per king distance.
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
  if (piece.royal && def.castling) {
    for (const d of def.castling.kingDistances) betza += `isO${d}`;
  }
  return betza;
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
  if (def.id === 'chess') return [];
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
