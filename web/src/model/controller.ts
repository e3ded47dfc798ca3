/**
 * The game controller: everything the play page does with a game, without a DOM.
 *
 * It owns a rules-library Game and the record of played moves (UCI, SAN, FEN after), answers
 * what the board should show (position, last move, check, legal destinations) for the ply being
 * viewed, turns board input (from/to square names, promotion letter) into legal moves, and
 * imports/exports FEN and PGN. It knows no rules of its own: every answer comes from the library.
 * Square names are the library's (`a10`); the board adapter converts them to chessgroundx keys.
 */

import { Game } from '../../../src/core/game.js';
import { type Move, moveFrom, moveTo } from '../../../src/core/move.js';
import type { Outcome } from '../../../src/core/outcome.js';
import { squareName } from '../../../src/core/tables.js';
import { readPgn, writePgn } from '../../../src/notation/pgn.js';
import { moveToSan, parseSan } from '../../../src/notation/san.js';
import { moveToUci, parseUciMove } from '../../../src/notation/uci.js';
import { DEFAULT_VARIANT_ID, findVariant, resolveVariant } from '../../../src/variants/index.js';
import type { MarriageMode, VariantDefinition } from '../../../src/variants/schema.js';
import { describeOutcome, type EndDescription } from './describe.js';

export type Side = 'white' | 'black';
export type Mode = 'hotseat' | 'engine';

/** How a game is played: everything needed to start it again. */
export interface GameSettings {
  readonly variantId: string;
  /** Bachelor Kamil only (ignored elsewhere). */
  readonly marriageMode: MarriageMode;
  readonly mode: Mode;
  /** The human's colour against the computer. */
  readonly humanColor: Side;
  /** Computer strength 1–8. */
  readonly level: number;
}

export const DEFAULT_LEVEL = 4;

export function defaultSettings(variantId = DEFAULT_VARIANT_ID): GameSettings {
  return { variantId, marriageMode: 'immediate', mode: 'hotseat', humanColor: 'white', level: DEFAULT_LEVEL };
}

export interface PlayedMove {
  readonly uci: string;
  readonly san: string;
  /** Squares the moving piece left and reached (the king's, for castling). */
  readonly from: string;
  readonly to: string;
  /** Position after the move. */
  readonly fen: string;
  /** The king in check after the move, if any. */
  readonly check?: string;
}

export type MoveAttempt =
  | { readonly kind: 'played'; readonly move: PlayedMove }
  | { readonly kind: 'promotion'; readonly choices: readonly string[] }
  | { readonly kind: 'illegal'; readonly reason: string };

export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };
const ok = <T>(value: T): Result<T> => ({ ok: true, value });
const fail = <T>(error: string): Result<T> => ({ ok: false, error });

/** A saved game: settings, start position and moves (UCI). */
export interface GameRecord {
  readonly settings: GameSettings;
  readonly startFen: string;
  readonly moves: readonly string[];
}

/** The variant definition a game's settings call for (marriage mode applied), or undefined. */
export function variantFor(settings: Pick<GameSettings, 'variantId' | 'marriageMode'>): VariantDefinition | undefined {
  const def = resolveVariant(settings.variantId, { marriage: settings.marriageMode });
  return def.ok ? def.value : undefined;
}

interface Target {
  readonly moves: Move[];
  /** Promotion letters, in the variant's order ('' = no promotion). */
  readonly promotions: string[];
}

export class GameController {
  readonly settings: GameSettings;
  readonly def: VariantDefinition;
  private readonly game: Game;
  private readonly played: PlayedMove[] = [];
  /** The ply shown on the board (0 = start; played.length = the live position). */
  private cursor = 0;
  private targets: Map<string, Map<string, Target>> | undefined;
  /** The king in check in the start position, if any. */
  private readonly startCheck: string | undefined;

  private constructor(settings: GameSettings, def: VariantDefinition, game: Game) {
    this.settings = settings;
    this.def = def;
    this.game = game;
    const pos = game.position;
    this.startCheck = pos.inCheck() ? squareName(pos.t, pos.kingSq[pos.turn] as number) : undefined;
  }

  /** A new game from the variant's start or a FEN; moves (UCI) replayed if given. */
  static create(settings: GameSettings, startFen?: string, moves: readonly string[] = []): Result<GameController> {
    const def = variantFor(settings);
    if (!def) return fail(`unknown variant '${settings.variantId}'`);
    const text = startFen?.trim();
    const g = Game.create(def, text === '' ? undefined : text);
    if (!g.ok) return fail(`FEN: ${g.error.message}`);
    const level = Math.min(8, Math.max(1, Math.round(Number(settings.level) || DEFAULT_LEVEL)));
    const c = new GameController({ ...settings, level }, def, g.value);
    for (const [i, uci] of moves.entries()) {
      const r = c.playUci(uci);
      if (!r.ok) return fail(`move ${i + 1} (${uci}): ${r.error}`);
    }
    return ok(c);
  }

  /** Start again from a record (as saved); errors say what is wrong with it. */
  static fromRecord(record: GameRecord): Result<GameController> {
    return GameController.create(record.settings, record.startFen, record.moves);
  }

  /** The same game with other settings (mode, colour, level): moves are kept. */
  withSettings(settings: Partial<GameSettings>): Result<GameController> {
    const next = { ...this.settings, ...settings };
    const c = GameController.create(
      next,
      this.game.startFen,
      this.played.map((m) => m.uci),
    );
    if (c.ok) c.value.cursor = Math.min(this.cursor, c.value.played.length);
    return c;
  }

  record(): GameRecord {
    return { settings: this.settings, startFen: this.game.startFen, moves: this.played.map((m) => m.uci) };
  }

  // ---- what to show ----

  get startFen(): string {
    return this.game.startFen;
  }

  get history(): readonly PlayedMove[] {
    return this.played;
  }

  /** The ply shown (0 … history.length). */
  get ply(): number {
    return this.cursor;
  }

  get isLive(): boolean {
    return this.cursor === this.played.length;
  }

  /** FEN of the position shown. */
  fen(): string {
    return this.cursor === 0 ? this.game.startFen : (this.played[this.cursor - 1] as PlayedMove).fen;
  }

  /** FEN of the live position (the end of the game so far). */
  liveFen(): string {
    return this.game.fen();
  }

  /** Side to move in the position shown. */
  turn(): Side {
    const f = this.fen().split(/\s+/)[1];
    return f === 'b' ? 'black' : 'white';
  }

  /** Side to move in the live position. */
  liveTurn(): Side {
    return this.game.position.turn === 0 ? 'white' : 'black';
  }

  lastMove(): readonly [string, string] | undefined {
    const m = this.played[this.cursor - 1];
    return m ? [m.from, m.to] : undefined;
  }

  /** Square of the king in check in the position shown. */
  checkSquare(): string | undefined {
    return this.cursor > 0 ? (this.played[this.cursor - 1] as PlayedMove).check : this.startCheck;
  }

  outcome(): Outcome | undefined {
    return this.game.outcome();
  }

  /** The end of the game in words, once it is over. */
  end(): EndDescription | undefined {
    const o = this.game.outcome();
    return o ? describeOutcome(this.def, o) : undefined;
  }

  isOver(): boolean {
    return this.game.outcome() !== undefined;
  }

  /** Is the computer to move now (engine mode, live position, game not over)? */
  engineToMove(): boolean {
    return this.settings.mode === 'engine' && !this.isOver() && this.liveTurn() !== this.settings.humanColor;
  }

  /** May the person at the board move now (in the live position)? */
  humanToMove(): boolean {
    if (this.isOver()) return false;
    return this.settings.mode === 'hotseat' || this.liveTurn() === this.settings.humanColor;
  }

  /**
   * Legal destinations by origin for the board (empty unless the live position is shown and a
   * human is to move). Castling appears as the king's destination; Wildebeest's one-square castle
   * as the king dropped on its own rook (the king step to the same square is a plain move).
   */
  dests(): Map<string, string[]> {
    const out = new Map<string, string[]>();
    if (!this.isLive || !this.humanToMove()) return out;
    for (const [from, tos] of this.legalTargets()) out.set(from, [...tos.keys()]);
    return out;
  }

  private legalTargets(): Map<string, Map<string, Target>> {
    if (this.targets) return this.targets;
    const pos = this.game.position;
    const map = new Map<string, Map<string, Target>>();
    for (const m of this.game.legalMoves()) {
      const uci = moveToUci(pos, m);
      const parts = /^([a-z]\d+)([a-z]\d+)([a-z]?)$/.exec(uci);
      if (!parts) continue;
      const from = parts[1] as string;
      const to = parts[2] as string;
      let tos = map.get(from);
      if (!tos) {
        tos = new Map();
        map.set(from, tos);
      }
      let target = tos.get(to);
      if (!target) {
        target = { moves: [], promotions: [] };
        tos.set(to, target);
      }
      target.moves.push(m);
      target.promotions.push((parts[3] ?? '').toUpperCase());
    }
    this.targets = map;
    return map;
  }

  // ---- input ----

  /**
   * A move from the board: `from`→`to` (square names), with the promotion letter when the move
   * promotes. Without it, a promotion with several choices answers `promotion` and the choices in
   * the variant's order; with a single choice it is played at once.
   */
  move(from: string, to: string, promotion?: string): MoveAttempt {
    if (!this.isLive) return { kind: 'illegal', reason: 'go to the end of the game to move' };
    if (this.isOver()) return { kind: 'illegal', reason: 'the game is over' };
    const target = this.legalTargets().get(from)?.get(to);
    if (!target) return { kind: 'illegal', reason: `${from}-${to} is not a legal move` };
    const promos = target.promotions;
    let index = 0;
    if (promos.length > 1 || (promos[0] ?? '') !== '') {
      if (promotion === undefined) {
        if (promos.length === 1) index = 0;
        else return { kind: 'promotion', choices: this.def.promotion.choices.filter((c) => promos.includes(c)) };
      } else {
        index = promos.indexOf(promotion.toUpperCase());
        if (index < 0) return { kind: 'illegal', reason: `cannot promote to '${promotion}' here` };
      }
    }
    return { kind: 'played', move: this.playMove(target.moves[index] as Move) };
  }

  /** Play a move given in UCI text (from the engine, or a saved game). */
  playUci(uci: string): Result<PlayedMove> {
    if (this.isOver()) return fail('the game is over');
    const m = parseUciMove(this.game.position, uci.trim());
    if (!m.ok) return fail(m.error.message);
    return ok(this.playMove(m.value));
  }

  /** Play a move typed in SAN (keyboard entry); coordinate text (`e2e4`) works too. */
  playSan(text: string): Result<PlayedMove> {
    if (!this.isLive) return fail('go to the end of the game to move');
    if (this.isOver()) return fail('the game is over');
    const t = text.trim();
    const san = parseSan(this.game.position, t);
    if (san.ok) return ok(this.playMove(san.value));
    const uci = parseUciMove(this.game.position, t);
    if (uci.ok) return ok(this.playMove(uci.value));
    return fail(san.error.message);
  }

  private playMove(m: Move): PlayedMove {
    const pos = this.game.position;
    const t = pos.t;
    const san = moveToSan(pos, m);
    const uci = moveToUci(pos, m);
    const from = squareName(t, moveFrom(m));
    const to = squareName(t, moveTo(m));
    const r = this.game.play(m);
    if (!r.ok) throw r.error; // m came from the legal move list: cannot happen
    const check = pos.inCheck() ? squareName(t, pos.kingSq[pos.turn] as number) : undefined;
    const played: PlayedMove = check
      ? { uci, san, from, to, fen: this.game.fen(), check }
      : { uci, san, from, to, fen: this.game.fen() };
    this.played.push(played);
    this.cursor = this.played.length;
    this.targets = undefined;
    return played;
  }

  /**
   * Take back: one ply in hotseat; against the computer, back to the human's previous turn
   * (the computer's reply and the human's move). Returns the number of plies taken back.
   */
  takeback(): number {
    let n = 0;
    if (this.played.length === 0) return 0;
    this.undoOne();
    n++;
    if (this.settings.mode === 'engine') {
      while (this.played.length > 0 && this.liveTurn() !== this.settings.humanColor) {
        this.undoOne();
        n++;
      }
    }
    return n;
  }

  private undoOne(): void {
    this.game.undo();
    this.played.pop();
    this.cursor = this.played.length;
    this.targets = undefined;
  }

  // ---- navigation ----

  goto(ply: number): void {
    this.cursor = Math.max(0, Math.min(this.played.length, Math.trunc(ply)));
  }
  first(): void {
    this.goto(0);
  }
  prev(): void {
    this.goto(this.cursor - 1);
  }
  next(): void {
    this.goto(this.cursor + 1);
  }
  last(): void {
    this.goto(this.played.length);
  }

  // ---- import / export ----

  /** The game as PGN (the variant, marriage mode and start FEN in tags). */
  pgn(tags: Record<string, string> = {}): string {
    const all: Record<string, string> = { Event: 'Casual game', Site: 'Caravan', ...tags };
    if (this.settings.mode === 'engine') {
      const engine = `Caravan level ${this.settings.level}`;
      all.White = this.settings.humanColor === 'white' ? (tags.White ?? 'Player') : engine;
      all.Black = this.settings.humanColor === 'black' ? (tags.Black ?? 'Player') : engine;
    }
    return writePgn(this.game, all);
  }

  /**
   * A new game from a FEN of this game's variant, with the same settings. The current game is
   * untouched; a bad FEN is an error that says what is wrong.
   */
  static fromFen(settings: GameSettings, fen: string): Result<GameController> {
    const text = fen.trim();
    if (text === '') return fail('FEN: the text is empty');
    return GameController.create(settings, text);
  }

  /**
   * A new game from PGN text: its Variant tag picks the variant (the settings' variant when there
   * is none), FEN/SetUp tags the start, Marriage the Bachelor Kamil mode. The moves are replayed
   * through the rules; errors name the move.
   */
  static fromPgn(settings: GameSettings, text: string): Result<GameController> {
    if (text.trim() === '') return fail('PGN: the text is empty');
    // A Variant tag decides; without one the game is of the variant being played.
    const tagged = /^\s*\[\s*Variant\s/m.test(text);
    const r = readPgn(text, tagged ? {} : { variant: settings.variantId });
    if (!r.ok) return fail(`PGN: ${r.error.message}`);
    const pg = r.value;
    const baseId = findVariant(pg.variant.id) ? pg.variant.id : settings.variantId;
    const marriageMode = pg.variant.end.marriage?.mode ?? settings.marriageMode;
    const game = pg.game;
    const moves: string[] = [];
    // Replay the PGN's game from its start to collect UCI text.
    const replay = Game.create(pg.variant, game.startFen);
    if (!replay.ok) return fail(`PGN: ${replay.error.message}`);
    for (const m of game.moves) {
      moves.push(moveToUci(replay.value.position, m));
      replay.value.play(m);
    }
    return GameController.create({ ...settings, variantId: baseId, marriageMode }, game.startFen, moves);
  }
}
