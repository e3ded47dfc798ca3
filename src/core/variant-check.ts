/**
 * The one validator of variant definitions: is this something the rules core can play? Every
 * entry point that takes a definition (Position.fromFen, Game.create, parseFen) asks here first,
 * so a bad definition — or a value that is no definition at all — is an `invalid-variant`
 * CaravanError naming what is wrong, never a throw from deep in the table compiler.
 *
 * Checked: the shape and types of every field; an id usable in protocol text; the board within
 * the padded mailbox (tables.ts); one-letter piece letters, each once; exactly one royal piece;
 * Betza strings the parser knows, with no leap longer than the board padding; pawn steps that
 * fit the e.p. squares a position keeps; promotion, castling, marriage and dead-position letters
 * that name pieces; then the table compiler's own checks and the start FEN. The verdict is
 * remembered per definition object, so the check costs one lookup on every later call.
 */

import { resolveVariant } from '../variants/index.js';
import type { VariantDefinition } from '../variants/schema.js';
import { parseBetza } from './betza.js';
import { CaravanError } from './errors.js';
import { parseFen } from './fen.js';
import { MAX_EP } from './position.js';
import { err, ok, type Result } from './result.js';
import { compileVariant, PAD } from './tables.js';

/** The padded board holds at most this many squares (8-bit square indices, see tables.ts). */
const MAX_PADDED_SQUARES = 256;
const MAX_FILES_OR_RANKS = 16;
const MAX_PIECE_TYPES = 14;

const verdicts = new WeakMap<object, CaravanError | true>();

type Obj = Record<string, unknown>;

const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const isInt = (x: unknown, min: number, max: number): x is number =>
  typeof x === 'number' && Number.isInteger(x) && x >= min && x <= max;
const isStr = (x: unknown, maxLength = 200): x is string => typeof x === 'string' && x.length <= maxLength;
const isOptBool = (x: unknown): boolean => x === undefined || typeof x === 'boolean';
const isStrList = (x: unknown): x is string[] => Array.isArray(x) && x.every((s) => isStr(s));

/** Is a leap (dx, dy) short enough that from any board square it lands inside the padding? */
export function leapFitsPadding(dx: number, dy: number): boolean {
  return Math.abs(dx) <= PAD && Math.abs(dy) <= PAD;
}

/** The largest boards the padded mailbox holds (files + PAD columns, ranks + 2·PAD + 1 rows). */
export function boardFits(files: number, ranks: number): boolean {
  return (
    isInt(files, 1, MAX_FILES_OR_RANKS) &&
    isInt(ranks, 1, MAX_FILES_OR_RANKS) &&
    (files + PAD) * (ranks + 2 * PAD + 1) <= MAX_PADDED_SQUARES
  );
}

/** The first problem of a definition's shape and content, or undefined when there is none. */
function problem(d: Obj): string | undefined {
  if (!isStr(d.id, 64) || !/^[a-z0-9][a-z0-9-]*$/.test(d.id)) {
    return 'id must be lower-case letters, digits and hyphens (at most 64), e.g. "camel-ten"';
  }
  if (!isStr(d.name) || d.name === '') return 'name must be a non-empty string';
  if (!isStr(d.summary, 4000)) return 'summary must be a string of at most 4000 characters';
  const { files, ranks } = d;
  if (!isInt(files, 1, 64) || !isInt(ranks, 1, 64)) return 'files and ranks must be positive integers';
  if (!boardFits(files, ranks)) {
    return (
      `board ${files}×${ranks} is over the supported size: at most ${MAX_FILES_OR_RANKS} files and ranks, and ` +
      `(files + ${PAD}) × (ranks + ${2 * PAD + 1}) ≤ ${MAX_PADDED_SQUARES} (e.g. 12×10 or 10×12)`
    );
  }

  const pieces = d.pieces;
  if (!Array.isArray(pieces) || pieces.length === 0) return 'pieces must be a non-empty list';
  if (pieces.length > MAX_PIECE_TYPES) return `at most ${MAX_PIECE_TYPES} piece types (got ${pieces.length})`;
  const letters: string[] = [];
  for (const [i, p] of pieces.entries()) {
    if (!isObj(p)) return `piece ${i + 1} is not an object`;
    const label = `piece ${i + 1}${isStr(p.name, 40) ? ` (${p.name})` : ''}`;
    if (!isStr(p.name, 40) || p.name === '') return `${label}: name must be a non-empty string`;
    if (!isStr(p.letter) || !/^[A-Z]$/.test(p.letter)) return `${label}: letter must be one capital letter A–Z`;
    if (letters.includes(p.letter)) return `${label}: letter ${p.letter} is already taken by another piece`;
    letters.push(p.letter);
    if (!isOptBool(p.royal) || !isOptBool(p.pawn)) return `${label}: royal and pawn must be true or false`;
    if (!isStr(p.betza, 100)) return `${label}: betza must be a string of at most 100 characters`;
    const parsed = parseBetza(p.betza);
    if (!parsed.ok) return `${label}: ${parsed.error}`;
    for (const c of parsed.value.components) {
      if (!leapFitsPadding(c.dx, c.dy)) {
        return `${label}: leap (${Math.abs(c.dx)},${Math.abs(c.dy)}) in "${p.betza}" is longer than the board padding (${PAD})`;
      }
    }
  }
  const royals = pieces.filter((p) => (p as Obj).royal === true);
  if (royals.length !== 1) return `exactly one royal piece is needed (got ${royals.length})`;
  if ((royals[0] as Obj).pawn === true) return 'the royal piece cannot be a pawn';
  const royal = (royals[0] as Obj).letter as string;
  const isPiece = (l: unknown) => typeof l === 'string' && letters.includes(l.toUpperCase());
  const isMan = (l: unknown) => isPiece(l) && (l as string).toUpperCase() !== royal;

  if (!isStr(d.startFen, 1000)) return 'startFen must be a string of at most 1000 characters';

  const pawn = d.pawn;
  if (!isObj(pawn) || !isObj(pawn.steps) || typeof pawn.enPassant !== 'boolean') {
    return 'pawn must be { steps: { rank: squares }, enPassant: true|false }';
  }
  for (const [rank, n] of Object.entries(pawn.steps)) {
    if (!isInt(Number(rank), 1, ranks) || String(Number(rank)) !== rank) return `pawn step rank ${rank} is not a rank`;
    if (!isInt(n, 1, MAX_EP + 1)) {
      return `pawn step from rank ${rank} must be 1–${MAX_EP + 1} squares (a position keeps ${MAX_EP} e.p. squares)`;
    }
  }

  const promo = d.promotion;
  if (!isObj(promo) || !Array.isArray(promo.ranks) || !isStrList(promo.choices)) {
    return 'promotion must be { ranks: [rank…], choices: [letter…] }';
  }
  if (!promo.ranks.every((r) => isInt(r, 1, ranks))) return `promotion ranks must be ranks 1–${ranks}`;
  for (const c of promo.choices) if (!isMan(c)) return `promotion choice ${c} is not a non-royal piece of the variant`;

  const c = d.castling;
  if (c !== undefined) {
    if (!isObj(c) || !isObj(c.rookFiles) || !Array.isArray(c.kingDistances)) {
      return 'castling must be { rank, kingFile, rookFiles: { queenSide, kingSide }, kingDistances: [n…] }';
    }
    const { queenSide, kingSide } = c.rookFiles;
    if (!isInt(c.rank, 1, ranks)) return `castling rank must be 1–${ranks}`;
    if (!isInt(c.kingFile, 0, files - 1) || !isInt(queenSide, 0, files - 1) || !isInt(kingSide, 0, files - 1)) {
      return `castling files must be 0–${files - 1}`;
    }
    if (!(queenSide < c.kingFile && c.kingFile < kingSide)) return 'castling: the king must start between its rooks';
    if (c.kingDistances.length === 0 || !c.kingDistances.every((n) => isInt(n, 1, files))) {
      return 'castling king distances must be a non-empty list of positive integers';
    }
  }

  const end = d.end;
  if (!isObj(end)) return 'end must be an object';
  if (end.stalemate !== 'draw' && end.stalemate !== 'win') return "end.stalemate must be 'draw' or 'win'";
  if (!isOptBool(end.bareKing)) return 'end.bareKing must be true or false';
  if (end.marriage !== undefined) {
    const m = end.marriage;
    if (!isObj(m) || !isStrList(m.partners) || (m.mode !== 'immediate' && m.mode !== 'delayed')) {
      return "end.marriage must be { partners: [letter…], mode: 'immediate'|'delayed' }";
    }
    for (const l of m.partners) if (!isMan(l)) return `marriage partner ${l} is not a non-royal piece of the variant`;
  }
  const dead = end.deadPositions;
  if (!isObj(dead) || !Array.isArray(dead.material) || !isOptBool(dead.sameColorBishops)) {
    return 'end.deadPositions must be { material: [[white, black]…], sameColorBishops?: true|false }';
  }
  for (const pair of dead.material) {
    if (!Array.isArray(pair) || pair.length !== 2 || !pair.every((s) => isStr(s, 32))) {
      return 'each dead-position entry is a pair of letter strings';
    }
    for (const l of pair.join('')) if (!isMan(l)) return `dead-position letter ${l} is not a non-royal piece`;
  }

  const draws = d.draws;
  if (!isObj(draws) || !isInt(draws.repetitions, 0, 1000) || !isInt(draws.moveRule, 0, 10_000)) {
    return 'draws must be { repetitions: n, moveRule: n } (whole numbers, 0 = none)';
  }

  if (d.aliases !== undefined && !isStrList(d.aliases)) return 'aliases must be a list of strings';
  if (d.xboardName !== undefined && (!isStr(d.xboardName, 64) || !/^[a-z0-9]+$/.test(d.xboardName))) {
    return 'xboardName must be lower-case letters and digits';
  }
  if (!isOptBool(d.menu)) return 'menu must be true or false';
  if (d.evalSet !== undefined && !isStr(d.evalSet, 64)) return 'evalSet must be a string';
  return undefined;
}

function verdict(def: VariantDefinition): CaravanError | true {
  const known = verdicts.get(def);
  if (known !== undefined) return known;
  const d = def as unknown as Obj;
  const who = isStr(d.id, 64) ? `variant '${d.id}'` : 'variant definition';
  const fail = (message: string): CaravanError => {
    const e = new CaravanError('invalid-variant', `${who}: ${message}`);
    verdicts.set(def, e);
    return e;
  };
  let bad: string | undefined;
  try {
    bad = problem(d);
  } catch (e) {
    // A definition whose fields cannot be read (a throwing getter or proxy).
    bad = `cannot be read (${e instanceof Error ? e.message : String(e)})`.slice(0, 200);
  }
  if (bad !== undefined) return fail(bad);
  const compiled = compileVariant(def);
  if (!compiled.ok) return fail(compiled.error);
  // Mark it playable before reading its start position: parseFen asks here again.
  verdicts.set(def, true);
  const start = parseFen(def, def.startFen);
  if (!start.ok) return fail(`start FEN: ${start.error.message}`);
  return true;
}

/**
 * The one definition object for a variant id or definition (see resolveVariant), checked:
 * `unknown-variant` for an id Caravan does not ship, `invalid-variant` for a value that is no
 * playable definition.
 */
export function checkedVariant(variant: unknown): Result<VariantDefinition, CaravanError> {
  const def = resolveVariant(variant);
  if (!def.ok) return def;
  const v = verdict(def.value);
  return v === true ? ok(def.value) : err(v);
}
