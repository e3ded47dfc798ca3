/**
 * PGN export and import for Caravan's variants.
 *
 * Written: the Seven Tag Roster, then `Variant` (the Caravan id), `Marriage "delayed"` for a
 * Bachelor Kamil game under that option (RULES.md §4), `SetUp "1"` + `FEN` when the game did not
 * start from the variant's start position, then any other tags; movetext in SAN (san.ts) with
 * move numbers, lines of at most 80 characters, a comment naming how a finished game ended, and
 * the result token.
 *
 * Read: tag pairs, `Variant` (ids, player names, Fairy-Stockfish names; see src/variants/names.ts),
 * `FEN`, movetext with move numbers, `{comments}`, `;` comments, `%` escape lines, `$n` NAGs,
 * `!?`-style suffixes, nested `(variations)` (skipped), result token. Every move is checked
 * against the rules; errors name the move number, side and text.
 *
 * Game trees (game-tree.ts): `writePgnTree` / `readPgnTree` keep the variations, comments and
 * NAGs (the analysis board's PGN); they are a section of their own at the end of this file.
 *
 * Over 450 lines on purpose: the plain reader, the tree reader (variations, comments, NAGs) and
 * both writers share one tokenizer and one tag reader; apart they would need a fourth module.
 */

import { CaravanError } from '../core/errors.js';
import { describeType, excerpt } from '../core/excerpt.js';
import { makeFen, parseFen } from '../core/fen.js';
import { Game } from '../core/game.js';
import { err, ok, type Result } from '../core/result.js';
import { findVariantByName, isNameOf, resolveVariant } from '../variants/index.js';
import type { VariantDefinition } from '../variants/schema.js';
import { GameTree, moveNumber, type TreeNode } from './game-tree.js';
import { outcomeText, resultToken } from './outcome-text.js';
import { moveToSan, parseSan } from './san.js';

export interface PgnGame {
  /** Every tag pair as read (values unescaped). */
  readonly tags: Record<string, string>;
  readonly variant: VariantDefinition;
  /** The game with every mainline move played. */
  readonly game: Game;
  /** The result token of the movetext, else the Result tag, else `*`. */
  readonly result: string;
}

export interface ReadPgnOptions {
  /**
   * The variant (id, name, or a definition — also of a variant Caravan does not ship) when the
   * PGN has no `Variant` tag; a tag naming another variant is an error. Without either, the game
   * is orthodox chess, as PGN defines.
   */
  readonly variant?: string | VariantDefinition;
}

const RESULTS = new Set(['1-0', '0-1', '1/2-1/2', '*']);
const MAX_LINE = 80;

// ---------------------------------------------------------------------------------------------
// Writing

/** Tag names are PGN symbols: letters, digits and `_`; anything else becomes `_`. */
function tagName(name: string): string {
  const s = name.replace(/[^A-Za-z0-9_]/g, '_');
  return /^[A-Za-z0-9]/.test(s) ? s : `X${s}`;
}

function tagValue(value: string): string {
  return String(value)
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"');
}

/** Tags the game itself decides; values given for them are ignored. */
const DERIVED_TAGS = new Set(['Result', 'Variant', 'Marriage', 'SetUp', 'FEN']);
const ROSTER: ReadonlyArray<readonly [string, string]> = [
  ['Event', '?'],
  ['Site', '?'],
  ['Date', '????.??.??'],
  ['Round', '?'],
  ['White', '?'],
  ['Black', '?'],
];

/**
 * The game as PGN. The result is the game's outcome when it is over; otherwise the `Result` tag
 * given (say, for a resignation) when it is a valid result token, else `*`.
 */
/**
 * A clock reading as a PGN `[%clk]` value, h:mm:ss, with tenths when asked (engine matches
 * at a few seconds a game need them; whole seconds suit the online server's games).
 */
export function pgnClock(ms: number, tenths = false): string {
  const t = Math.max(0, Math.floor(ms / 100));
  const s = Math.floor(t / 10);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const hms = `${h}:${String(m).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
  return tenths ? `${hms}.${t % 10}` : hms;
}

export function writePgn(
  game: Game,
  tags: Record<string, string> = {},
  /** A comment after each move (by index), e.g. `[%clk 0:04:59]` from the online server. */
  moveComments: readonly (string | undefined)[] = [],
): string {
  const def = game.variant;
  const outcome = game.outcome();
  const given = tags.Result;
  const result = outcome ? resultToken(outcome) : given !== undefined && RESULTS.has(given) ? given : '*';

  const pairs: Array<readonly [string, string]> = ROSTER.map(([name, fallback]) => [name, tags[name] ?? fallback]);
  pairs.push(['Result', result], ['Variant', def.id]);
  if (def.end.marriage?.mode === 'delayed') pairs.push(['Marriage', 'delayed']);
  const standardStart = parseFen(def, def.startFen);
  if (!standardStart.ok || makeFen(standardStart.value) !== game.startFen) {
    pairs.push(['SetUp', '1'], ['FEN', game.startFen]);
  }
  const roster = new Set(ROSTER.map(([name]) => name));
  for (const [name, value] of Object.entries(tags)) {
    if (!roster.has(name) && !DERIVED_TAGS.has(name)) pairs.push([tagName(name), value]);
  }
  const header = pairs.map(([name, value]) => `[${name} "${tagValue(value)}"]`).join('\n');

  const words: string[] = [];
  const start = parseFen(def, game.startFen);
  if (!start.ok) throw start.error; // cannot happen: Game.create validated and normalised it
  const pos = start.value;
  game.moves.forEach((m, i) => {
    if (pos.turn === 0) words.push(`${pos.fullmove}.`);
    else if (i === 0) words.push(`${pos.fullmove}...`);
    words.push(moveToSan(pos, m));
    const comment = moveComments[i];
    if (comment) words.push(`{${comment}}`);
    pos.make(m);
  });
  if (outcome) words.push(`{${outcomeText(def, outcome)}}`);
  words.push(result);
  return `${header}\n\n${wrap(words)}\n`;
}

/** Join words with spaces into lines of at most 80 characters (a longer word gets its own line). */
function wrap(words: readonly string[]): string {
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    // A comment may hold spaces: wrap inside it too, PGN allows line breaks in comments.
    for (const part of w.startsWith('{') ? w.split(' ') : [w]) {
      if (line === '') line = part;
      else if (line.length + 1 + part.length <= MAX_LINE) line += ` ${part}`;
      else {
        lines.push(line);
        line = part;
      }
    }
  }
  if (line !== '') lines.push(line);
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------
// Reading: a lazy tokenizer (so that reading the first game never trips over a later one)

type Token =
  | { readonly type: 'tag'; readonly name: string; readonly value: string; readonly line: number }
  | { readonly type: 'symbol'; readonly text: string; readonly line: number }
  | { readonly type: 'open'; readonly line: number }
  | { readonly type: 'close'; readonly line: number }
  // Only from a Tokenizer made with `annotations` (the game-tree reader): the plain reader skips them.
  | { readonly type: 'comment'; readonly text: string; readonly line: number }
  | { readonly type: 'nag'; readonly value: number; readonly line: number };

function pgnError(message: string): { ok: false; error: CaravanError } {
  return err(new CaravanError('invalid-pgn', message));
}

const TAG_RE = /\[[ \t]*([A-Za-z0-9_+#=:-]+)[ \t]*"((?:[^"\\\r\n]|\\.)*)"[ \t]*\]/y;
const NAG_RE = /\$\d+/y;
/** Characters that end a symbol token. */
const DELIMITERS = new Set([' ', '\t', '\r', '\n', '\f', '\v', '{', '}', '(', ')', '[', ']', ';', '$', '"', '<', '>']);

class Tokenizer {
  private i = 0;
  private line = 1;
  private peeked: Result<Token | undefined, CaravanError> | undefined;

  constructor(
    private readonly text: string,
    private readonly annotations = false,
  ) {
    if (text.charCodeAt(0) === 0xfeff) this.i = 1;
  }

  peek(): Result<Token | undefined, CaravanError> {
    if (!this.peeked) this.peeked = this.scan();
    return this.peeked;
  }

  next(): Result<Token | undefined, CaravanError> {
    const r = this.peek();
    this.peeked = undefined;
    return r;
  }

  private skipLine(): void {
    const end = this.text.indexOf('\n', this.i);
    this.i = end < 0 ? this.text.length : end;
  }

  private scan(): Result<Token | undefined, CaravanError> {
    const s = this.text;
    while (this.i < s.length) {
      const c = s[this.i] as string;
      const atLineStart = this.i === 0 || s[this.i - 1] === '\n';
      if (c === '\n') {
        this.line++;
        this.i++;
      } else if (c === ' ' || c === '\t' || c === '\r' || c === '\f' || c === '\v') {
        this.i++;
      } else if (c === '%' && atLineStart) {
        this.skipLine();
      } else if (c === ';') {
        this.skipLine();
      } else if (c === '{') {
        const end = s.indexOf('}', this.i + 1);
        if (end < 0) return pgnError(`line ${this.line}: comment '{' is never closed`);
        const line = this.line;
        for (let k = this.i; k < end; k++) if (s[k] === '\n') this.line++;
        const start = this.i + 1;
        this.i = end + 1;
        if (this.annotations) return ok({ type: 'comment', text: s.slice(start, end), line });
      } else if (c === '<') {
        // Reserved for future expansion by the PGN standard: skipped like a comment.
        const end = s.indexOf('>', this.i + 1);
        if (end < 0) return pgnError(`line ${this.line}: '<' is never closed by '>'`);
        for (let k = this.i; k < end; k++) if (s[k] === '\n') this.line++;
        this.i = end + 1;
      } else if (c === '$') {
        NAG_RE.lastIndex = this.i;
        const nag = NAG_RE.exec(s);
        if (!nag) return pgnError(`line ${this.line}: '$' is not followed by a NAG number`);
        this.i = NAG_RE.lastIndex;
        if (this.annotations) return ok({ type: 'nag', value: Number(nag[0].slice(1)), line: this.line });
      } else if (c === '[') {
        TAG_RE.lastIndex = this.i;
        const m = TAG_RE.exec(s);
        const line = this.line;
        if (!m) {
          const end = s.indexOf('\n', this.i);
          return pgnError(
            `line ${line}: malformed tag pair ${excerpt(s.slice(this.i, end < 0 ? s.length : end))} (expected [Name "value"])`,
          );
        }
        this.i = TAG_RE.lastIndex;
        const value = (m[2] as string).replace(/\\(.)/g, '$1');
        return ok({ type: 'tag', name: m[1] as string, value, line });
      } else if (c === '(' || c === ')') {
        this.i++;
        return ok(c === '(' ? { type: 'open', line: this.line } : { type: 'close', line: this.line });
      } else if (c === '"' || c === ']' || c === '}' || c === '>') {
        return pgnError(`line ${this.line}: unexpected '${c}' outside a tag pair or comment`);
      } else {
        const start = this.i;
        while (this.i < s.length && !DELIMITERS.has(s[this.i] as string)) this.i++;
        return ok({ type: 'symbol', text: s.slice(start, this.i), line: this.line });
      }
    }
    return ok(undefined);
  }
}

// ---------------------------------------------------------------------------------------------
// Reading: one game from the token stream

function gameVariant(tags: Record<string, string>, options: ReadPgnOptions): Result<VariantDefinition, CaravanError> {
  let def: VariantDefinition | undefined;
  const wanted = options.variant;
  if (typeof wanted === 'object') {
    const given = resolveVariant(wanted);
    if (!given.ok) return given;
    def = given.value;
  } else if (wanted !== undefined) {
    def = findVariantByName(wanted);
    if (!def) return err(new CaravanError('unknown-variant', `unknown variant '${excerpt(String(wanted))}'`));
  }
  const tag = tags.Variant;
  if (tag !== undefined && tag.trim() !== '' && !(def && isNameOf(def, tag))) {
    const named = findVariantByName(tag);
    if (!named) return pgnError(`Variant tag '${excerpt(tag)}' names no variant Caravan knows`);
    if (def && def.id !== named.id) return pgnError(`Variant tag says '${named.id}' but '${def.id}' was asked for`);
    def = named;
  }
  // PGN: a game without a Variant tag is standard chess.
  def ??= findVariantByName('standard') as VariantDefinition;
  const marriage = tags.Marriage?.trim().toLowerCase();
  if (marriage !== undefined && marriage !== '') {
    if (!def.end.marriage) return pgnError(`Marriage tag given, but ${def.name} has no marriage rule`);
    if (marriage !== 'delayed' && marriage !== 'immediate') {
      return pgnError(`Marriage tag '${excerpt(tags.Marriage as string)}' is not 'immediate' or 'delayed'`);
    }
    const resolved = resolveVariant(def, { marriage });
    if (!resolved.ok) return resolved;
    def = resolved.value;
  }
  return ok(def);
}

function moveLabel(game: Game): string {
  return `move ${game.position.fullmove} (${game.position.turn === 0 ? 'white' : 'black'})`;
}

/**
 * A game as read: the Game exists once a FEN tag or a move needed it (a database of results
 * only, `1-0 1-0 …`, builds none); `fen` is the FEN tag, undefined for the start position.
 */
interface ReadGame {
  readonly tags: Record<string, string>;
  readonly variant: VariantDefinition;
  readonly result: string;
  readonly fen: string | undefined;
  readonly game: Game | undefined;
}

/** A new game of a variant from a FEN that was already read once (so it cannot fail). */
function startGame(def: VariantDefinition, fen: string | undefined): Game {
  const created = Game.create(def, fen);
  if (!created.ok) throw created.error; // cannot happen: the variant and FEN were validated
  return created.value;
}

/** Read the next game; ok(undefined) when the text has no more game. */
/** The tag pairs at the reader's place (none when a game has no header). */
function readTags(tk: Tokenizer): Result<Record<string, string>, CaravanError> {
  const tags: Record<string, string> = {};
  for (;;) {
    const t = tk.peek();
    if (!t.ok) return t;
    if (t.value?.type !== 'tag') return ok(tags);
    tk.next();
    tags[t.value.name] = t.value.value;
  }
}

function readOne(tk: Tokenizer, options: ReadPgnOptions): Result<ReadGame | undefined, CaravanError> {
  const header = readTags(tk);
  if (!header.ok) return header;
  const tags = header.value;
  const sawAny = Object.keys(tags).length > 0;
  const first = tk.peek();
  if (!first.ok) return first;
  if (!sawAny && first.value === undefined) return ok(undefined);

  const variant = gameVariant(tags, options);
  if (!variant.ok) return variant;
  const def = variant.value;
  const fenTag = tags.FEN?.trim();
  const fen = fenTag === undefined || fenTag === '' ? undefined : fenTag;
  let started: Game | undefined;
  if (fen !== undefined) {
    const created = Game.create(def, fen);
    if (!created.ok) return pgnError(`FEN tag: ${created.error.message}`);
    started = created.value;
  }

  let result: string | undefined;
  let depth = 0;
  let openLine = 0;
  for (;;) {
    const t = tk.peek();
    if (!t.ok) return t;
    const tok = t.value;
    if (tok === undefined) break;
    if (tok.type === 'tag') {
      if (depth > 0) return pgnError(`line ${tok.line}: tag pair inside a variation opened on line ${openLine}`);
      break; // the next game's tags (this one had no result token)
    }
    tk.next();
    if (tok.type === 'open') {
      if (depth === 0) openLine = tok.line;
      depth++;
      continue;
    }
    if (tok.type === 'close') {
      if (depth === 0) return pgnError(`line ${tok.line}: ')' closes no variation`);
      depth--;
      continue;
    }
    if (depth > 0 || tok.type !== 'symbol') continue; // variations are skipped unread
    const text = tok.text === '½-½' ? '1/2-1/2' : tok.text;
    if (RESULTS.has(text)) {
      result = text;
      break;
    }
    const numbered = /^(\d+)(\.+)(.*)$/.exec(text);
    if (/^\d+$/.test(text) || /^\.+$/.test(text)) continue; // move number, or dots "1 ... e5"
    let san = text;
    if (numbered) {
      san = numbered[3] as string;
      if (san === '') continue;
    }
    if (/^[!?]+$/.test(san) || /^e\.?p\.?$/.test(san)) continue; // annotations written apart
    started ??= startGame(def, undefined);
    const game = started;
    if (san === '--' || san === 'Z0' || san === '0000') {
      return pgnError(`line ${tok.line}: ${moveLabel(game)}: null move '${san}' cannot be played`);
    }
    // game.play checks the outcome; it is worked out here only on the way to an error.
    const parsed = parseSan(game.position, san);
    const played = parsed.ok ? game.play(parsed.value) : parsed;
    if (!played.ok) {
      const over = game.outcome();
      // Players often play on past a threefold repetition nobody claimed: the game is the draw it
      // reached, the moves after it are left unread (issue 13, newcomer fix 6).
      if (over?.reason === 'threefold-repetition') continue;
      if (over) {
        return pgnError(
          `line ${tok.line}: ${moveLabel(game)}: '${excerpt(san)}' comes after the end of the game (${over.reason})`,
        );
      }
      if (!parsed.ok) return pgnError(`line ${tok.line}: ${moveLabel(game)}: ${parsed.error.message}`);
      return pgnError(`line ${tok.line}: ${moveLabel(game)}: '${excerpt(san)}': ${played.error.message}`);
    }
  }
  if (depth > 0) return pgnError(`variation opened on line ${openLine} is never closed`);
  return ok({
    tags,
    variant: def,
    fen,
    game: started,
    result: result ?? (RESULTS.has(tags.Result ?? '') ? (tags.Result as string) : '*'),
  });
}

/**
 * A game of a database as kept in memory: its moves, not a Game with its position and undo
 * stack (about 10 KB each). The Game is rebuilt from the moves the first time it is asked for,
 * then kept. Holding a quarter of a million Games made the collector's work grow faster than the
 * input (issue 14 item 7).
 */
class StoredGame implements PgnGame {
  readonly tags: Record<string, string>;
  readonly variant: VariantDefinition;
  readonly result: string;
  private readonly fen: string | undefined;
  private readonly moves: Int32Array | undefined;
  private built: Game | undefined;

  constructor(read: ReadGame) {
    this.tags = read.tags;
    this.variant = read.variant;
    this.result = read.result;
    this.fen = read.fen;
    const moves = read.game?.moves;
    this.moves = moves && moves.length > 0 ? Int32Array.from(moves) : undefined;
  }

  get game(): Game {
    if (!this.built) {
      const game = startGame(this.variant, this.fen);
      if (this.moves) for (const m of this.moves) game.play(m);
      this.built = game;
    }
    return this.built;
  }
}

/** An error for a text that is not a string or options that are not an object (issue 14 item 8). */
function badArguments(text: unknown, options: unknown): { ok: false; error: CaravanError } | undefined {
  if (typeof text !== 'string') return pgnError(`PGN must be a string, got ${describeType(text)}`);
  if (options === null || typeof options !== 'object') {
    return pgnError(`PGN reading options must be an object, got ${describeType(options)}`);
  }
  return undefined;
}

/** Read the first game of a PGN text (any later games are not looked at). */
export function readPgn(text: string, options: ReadPgnOptions = {}): Result<PgnGame, CaravanError> {
  const bad = badArguments(text, options);
  if (bad) return bad;
  const r = readOne(new Tokenizer(text), options);
  if (!r.ok) return r;
  if (!r.value) return pgnError('the text holds no game');
  const { tags, variant, result, fen, game } = r.value;
  return ok({ tags, variant, result, game: game ?? startGame(variant, fen) });
}

/** Read every game of a PGN text; an error names the game (1-based) it is in. */
export function readPgnGames(text: string, options: ReadPgnOptions = {}): Result<PgnGame[], CaravanError> {
  const bad = badArguments(text, options);
  if (bad) return bad;
  const tk = new Tokenizer(text);
  const games: PgnGame[] = [];
  for (;;) {
    const r = readOne(tk, options);
    if (!r.ok) return pgnError(`game ${games.length + 1}: ${r.error.message}`);
    if (!r.value) return ok(games);
    games.push(new StoredGame(r.value));
  }
}

// ---------------------------------------------------------------------------------------------
// Game trees: variations, comments and NAGs kept (the analysis board's PGN). Separate from the
// plain reader above, which keeps the main line only.

export interface PgnTree {
  readonly tags: Record<string, string>;
  readonly variant: VariantDefinition;
  readonly tree: GameTree;
  /** The result token of the movetext, else the Result tag, else `*`. */
  readonly result: string;
}

/** Move suffixes as the NAGs they stand for (PGN standard §10). */
const SUFFIX_NAGS: Readonly<Record<string, number>> = { '!': 1, '?': 2, '!!': 3, '??': 4, '!?': 5, '?!': 6 };

/** A comment's text as PGN allows it: no `}` inside, whitespace runs as one space. */
function commentWord(text: string): string {
  return `{${text.replace(/}/g, ')').replace(/\s+/g, ' ').trim()}}`;
}

/**
 * The tree as PGN: the header of `writePgn` for its main line (tags, variant, FEN, result), then
 * movetext with every variation in parentheses, NAGs as `$n` and comments in braces.
 */
export function writePgnTree(tree: GameTree, tags: Record<string, string> = {}): string {
  const main = tree.gameAt(tree.mainline().at(-1) ?? tree.root);
  const plain = writePgn(main, tags);
  // Tag values never hold a line break (tagValue), so the header ends at the first blank line.
  const header = plain.slice(0, plain.indexOf('\n\n'));
  const result = /\[Result "([^"]*)"\]/.exec(header)?.[1] ?? '*';
  const start = parseFen(tree.variant, tree.startFen);
  if (!start.ok) throw start.error; // cannot happen: GameTree.create validated it
  const startTurn = start.value.turn;
  const startFullmove = start.value.fullmove;
  const words: string[] = [];
  let open = '';
  const emit = (node: TreeNode, numbered: boolean): void => {
    const { turn, fullmove } = moveNumber(startTurn, startFullmove, node);
    const number = turn === 0 ? `${fullmove}.` : numbered ? `${fullmove}...` : '';
    // '(' is written onto the variation's first word.
    if (number !== '') words.push(`${open}${number}`, node.san);
    else words.push(`${open}${node.san}`);
    open = '';
    for (const nag of node.nags) words.push(`$${nag}`);
    if (node.comment !== '') words.push(commentWord(node.comment));
  };
  // From `node` on: its main continuation, each variation of that move in parentheses, then on.
  const line = (from: TreeNode, numberFirst: boolean): void => {
    let numbered = numberFirst;
    for (let node = from; node.children.length > 0; ) {
      const [next, ...alternatives] = node.children as [TreeNode, ...TreeNode[]];
      emit(next, numbered);
      numbered = next.comment !== '';
      for (const alt of alternatives) {
        open = '(';
        emit(alt, true);
        line(alt, alt.comment !== '');
        words[words.length - 1] += ')';
        numbered = true;
      }
      node = next;
    }
  };
  if (tree.root.comment !== '') words.push(commentWord(tree.root.comment));
  line(tree.root, true);
  words.push(result);
  return `${header}\n\n${wrap(words)}\n`;
}

/** Where the reader stands: the node moves are added after, and the game at that node. */
interface TreeCursor {
  node: TreeNode;
  /** Moves played on `game` since the variation began (to undo at its end). */
  played: number;
}

/**
 * Read the first game of a PGN text as a tree: variations (nested to any depth), `{comments}`
 * (after a move, or before the first one), `$n` NAGs and `!`/`?` suffixes (as NAGs $1–$6).
 * Every move of every variation is checked against the rules; errors name the move.
 */
export function readPgnTree(text: string, options: ReadPgnOptions = {}): Result<PgnTree, CaravanError> {
  if (typeof text !== 'string') return pgnError('PGN must be a string');
  const tk = new Tokenizer(text, true);
  const header = readTags(tk);
  if (!header.ok) return header;
  const tags = header.value;
  const variant = gameVariant(tags, options);
  if (!variant.ok) return variant;
  const fen = tags.FEN?.trim();
  const created = GameTree.create(variant.value, fen === undefined || fen === '' ? undefined : fen);
  if (!created.ok) return pgnError(`FEN tag: ${created.error.message}`);
  const tree = created.value;
  const game = tree.gameAt(tree.root);
  let cur: TreeCursor = { node: tree.root, played: 0 };
  const outer: TreeCursor[] = [];
  const openLines: number[] = [];
  let result: string | undefined;
  for (;;) {
    const t = tk.next();
    if (!t.ok) return t;
    const tok = t.value;
    if (tok === undefined || tok.type === 'tag') break;
    if (tok.type === 'comment') {
      const c = tok.text.replace(/\s+/g, ' ').trim();
      cur.node.comment = cur.node.comment === '' ? c : `${cur.node.comment} ${c}`;
    } else if (tok.type === 'nag') {
      if (cur.node.parent) cur.node.nags.push(tok.value);
    } else if (tok.type === 'open') {
      // A variation replaces the last move: it starts from the position before it.
      const last = cur.node;
      if (!last.parent) return pgnError(`line ${tok.line}: a variation needs a move before it`);
      game.undo();
      outer.push({ node: last, played: cur.played });
      openLines.push(tok.line);
      cur = { node: last.parent, played: 0 };
    } else if (tok.type === 'close') {
      const back = outer.pop();
      if (!back) return pgnError(`line ${tok.line}: ')' closes no variation`);
      openLines.pop();
      for (let k = 0; k < cur.played; k++) game.undo();
      const r = game.play(back.node.move);
      if (!r.ok) throw r.error; // it was played here before the variation
      cur = back;
    } else {
      const word = tok.text === '½-½' ? '1/2-1/2' : tok.text;
      if (RESULTS.has(word)) {
        if (outer.length > 0) return pgnError(`line ${tok.line}: result ${word} inside a variation`);
        result = word;
        break;
      }
      if (/^\d+$/.test(word) || /^\.+$/.test(word)) continue; // move number, or dots "1 ... e5"
      const numbered = /^\d+\.+(.*)$/.exec(word)?.[1] ?? word;
      const suffix = /[!?]{1,2}$/.exec(numbered)?.[0];
      const nag = suffix === undefined ? undefined : SUFFIX_NAGS[suffix];
      const san = suffix ? numbered.slice(0, -suffix.length) : numbered;
      if (san === '') {
        // An annotation written apart from its move.
        if (nag !== undefined && cur.node.parent) cur.node.nags.push(nag);
        continue;
      }
      if (/^e\.?p\.?$/.test(san)) continue;
      const over = game.outcome();
      if (over) {
        return pgnError(
          `line ${tok.line}: ${moveLabel(game)}: '${excerpt(san)}' comes after the end of the game (${over.reason})`,
        );
      }
      const parsed = parseSan(game.position, san);
      if (!parsed.ok) return pgnError(`line ${tok.line}: ${moveLabel(game)}: ${parsed.error.message}`);
      const node = tree.play(cur.node, parsed.value, game);
      if (!node.ok) return pgnError(`line ${tok.line}: ${moveLabel(game)}: '${excerpt(san)}': ${node.error.message}`);
      cur = { node: node.value, played: cur.played + 1 };
      if (nag !== undefined) node.value.nags.push(nag);
    }
  }
  if (outer.length > 0) return pgnError(`variation opened on line ${openLines.at(-1)} is never closed`);
  return ok({
    tags,
    variant: variant.value,
    tree,
    result: result ?? (RESULTS.has(tags.Result ?? '') ? (tags.Result as string) : '*'),
  });
}
