/**
 * The game controller: everything the play page does with a game, without a DOM.
 *
 * It owns a rules-library Game and the record of played moves. After every change it asks the
 * rules once for the live position's legal moves (and, when there are none, the outcome) and
 * answers from that: the `snapshot` of the ply shown — position, side to move, last move and its
 * SAN, check, legal destinations, the game's end — is built once and everything on the page reads
 * it. Moves are integers; the board's from/to square names are matched to the legal move here
 * (a promotion with several choices asks which), UCI text only comes and goes with the engine
 * worker and the saved record. It knows no rules of its own: every answer comes from the library.
 * Square names are the library's (`a10`); the board adapter converts them to chessgroundx keys.
 */

import { Game } from '../../../src/core/game.js';
import { type Move, moveFrom, movePromotion, moveTo } from '../../../src/core/move.js';
import { type Color, colorName, type Outcome } from '../../../src/core/outcome.js';
import { err, ok, type Result } from '../../../src/core/result.js';
import { squareName } from '../../../src/core/tables.js';
import { outcomeText, resultToken } from '../../../src/notation/outcome-text.js';
import { readPgn, writePgn } from '../../../src/notation/pgn.js';
import { moveToSan, parseSan } from '../../../src/notation/san.js';
import { moveToUci, uciToSquare } from '../../../src/notation/uci.js';
import { findVariant } from '../../../src/variants/index.js';
import type { VariantDefinition } from '../../../src/variants/schema.js';
import { newGameId, playerNames } from './archive.js';
import { timeControlTag } from './clock.js';
import { pendingResults } from './pending.js';
import { clampLevel, type GameRecord, type GameSettings, variantFor } from './settings.js';
import type { MoveAttempt, PlayedMove, Snapshot } from './snapshot.js';
import { caseReadings } from './typed-move.js';
import { flagVerdict, otherColor, type Verdict, verdictTermination, verdictText, verdictToken } from './verdict.js';

interface Target {
  readonly moves: Move[];
  /** Promotion letters, in the variant's order ('' = no promotion). */
  readonly promotions: string[];
}

/** What the rules said about the live position: asked once per ply. */
interface Live {
  readonly id: number;
  /** Legal moves by from-square and board to-square (see Snapshot.dests). */
  readonly targets: ReadonlyMap<string, ReadonlyMap<string, Target>>;
  readonly dests: ReadonlyMap<string, readonly string[]>;
  readonly outcome: Outcome | undefined;
  /** Results pending in the position, in words (model/pending.ts). */
  readonly notes: readonly string[];
}

const NO_DESTS: ReadonlyMap<string, readonly string[]> = new Map();
let nextPositionId = 1;

export class GameController {
  readonly settings: GameSettings;
  readonly def: VariantDefinition;
  private readonly game: Game;
  private readonly played: PlayedMove[] = [];
  /** The ply shown on the board (0 = start; played.length = the live position). */
  private cursor = 0;
  private live: Live;
  private snap: Snapshot | undefined;
  private readonly startTurn: Color;
  private readonly startFullmove: number;
  /** The king in check in the start position, if any. */
  private readonly startCheck: string | undefined;
  /** A resignation, agreed draw or flag fall (the rules' own ends are the Game's). */
  private verdictGiven: Verdict | undefined;
  /** The game's archive id and start time (ms since 1970). */
  id: string = newGameId(Date.now(), Math.random());
  started: number = Date.now();

  private constructor(settings: GameSettings, def: VariantDefinition, game: Game) {
    this.settings = settings;
    this.def = def;
    this.game = game;
    const pos = game.position;
    this.startTurn = colorName(pos.turn);
    this.startFullmove = pos.fullmove;
    this.startCheck = this.checkNow();
    this.live = this.askRules();
  }

  /** A new game from the variant's start or a FEN; moves (UCI) replayed if given. */
  static create(
    settings: GameSettings,
    startFen?: string,
    moves: readonly string[] = [],
  ): Result<GameController, string> {
    const def = variantFor(settings);
    if (!def) return err(`unknown variant '${settings.variantId}'`);
    const text = startFen?.trim();
    const g = Game.create(def, text === '' ? undefined : text);
    // Name the FEN once: some of the library's messages already start with it.
    if (!g.ok) return err(/^FEN\b/.test(g.error.message) ? g.error.message : `FEN: ${g.error.message}`);
    const c = new GameController({ ...settings, level: clampLevel(settings.level) }, def, g.value);
    for (const [i, uci] of moves.entries()) {
      const r = c.playUci(uci);
      if (!r.ok) return err(`move ${i + 1} (${uci}): ${r.error}`);
    }
    return ok(c);
  }

  /** Start again from a record (as saved); errors say what is wrong with it. */
  static fromRecord(record: GameRecord): Result<GameController, string> {
    const r = GameController.create(record.settings, record.startFen, record.moves);
    if (!r.ok) return r;
    const c = r.value;
    if (record.id) c.id = record.id;
    if (record.started !== undefined) c.started = record.started;
    if (record.verdict && !c.live.outcome) c.verdictGiven = record.verdict;
    return r;
  }

  /** The same game with other settings (mode, colour, level): moves are kept. */
  withSettings(settings: Partial<GameSettings>): Result<GameController, string> {
    const next = { ...this.settings, ...settings };
    const c = GameController.fromRecord({ ...this.record(), settings: next });
    if (c.ok) c.value.goto(this.cursor);
    return c;
  }

  record(): GameRecord {
    const v = this.verdictGiven;
    return {
      settings: this.settings,
      startFen: this.game.startFen,
      moves: this.played.map((m) => m.uci),
      id: this.id,
      started: this.started,
      ...(v ? { verdict: v } : {}),
    };
  }

  /** Is the game over, by the rules or by a verdict? */
  get over(): boolean {
    return this.live.outcome !== undefined || this.verdictGiven !== undefined;
  }

  get verdict(): Verdict | undefined {
    return this.verdictGiven;
  }

  /** End the game by a verdict (refused once it is over). */
  private decide(v: Verdict): boolean {
    if (this.over) return false;
    this.verdictGiven = v;
    this.changed(false);
    return true;
  }

  /** `side` resigns. */
  resign(side: Color): boolean {
    return this.decide({ winner: otherColor(side), reason: 'resignation' });
  }

  /** Both sides agree to a draw. */
  agreeDraw(): boolean {
    return this.decide({ winner: null, reason: 'agreement' });
  }

  /** `side`'s time has run out in the live position: lost, or drawn when the other cannot win. */
  flagFell(side: Color): boolean {
    return this.decide(flagVerdict(this.def, this.game.fen(), side));
  }

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

  /** The ply shown, as the page shows it (built on first read after a change). */
  get snapshot(): Snapshot {
    this.snap ??= this.buildSnapshot();
    return this.snap;
  }

  // ---- the rules, asked once per ply ----

  private checkNow(): string | undefined {
    const pos = this.game.position;
    return pos.inCheck() ? squareName(pos.t, pos.kingSq[pos.turn] as number) : undefined;
  }

  /** The one legal-move generation of a ply; the outcome only when there is no legal move. */
  private askRules(): Live {
    const pos = this.game.position;
    const t = pos.t;
    const legal = this.game.legalMoves(); // none once the game is over
    const targets = new Map<string, Map<string, Target>>();
    for (const m of legal) {
      const from = squareName(t, moveFrom(m));
      const to = squareName(t, uciToSquare(pos, m));
      let tos = targets.get(from);
      if (!tos) {
        tos = new Map();
        targets.set(from, tos);
      }
      let target = tos.get(to);
      if (!target) {
        target = { moves: [], promotions: [] };
        tos.set(to, target);
      }
      const promo = movePromotion(m);
      target.moves.push(m);
      target.promotions.push(promo >= 0 ? (t.letters[promo] as string) : '');
    }
    const dests = new Map<string, string[]>();
    for (const [from, tos] of targets) dests.set(from, [...tos.keys()]);
    const outcome = legal.length === 0 ? this.game.outcome() : undefined;
    const notes = outcome ? [] : pendingResults(pos, legal.length);
    return { id: nextPositionId++, targets, dests, outcome, notes };
  }

  private buildSnapshot(): Snapshot {
    const s = this.settings;
    const live = this.live;
    const isLive = this.isLive;
    const last = this.played[this.cursor - 1];
    const liveTurn = colorName(this.game.position.turn);
    const over = this.over;
    const v = this.verdictGiven;
    const humanToMove = !over && (s.mode === 'hotseat' || liveTurn === s.humanColor);
    const movable = over || !isLive ? undefined : s.mode === 'engine' ? s.humanColor : liveTurn;
    return {
      positionId: live.id,
      ply: this.cursor,
      live: isLive,
      fen: last ? last.fen : this.game.startFen,
      turn: last ? last.turn : this.startTurn,
      lastMove: last,
      check: last ? last.check : this.startCheck,
      moves: this.played.slice(),
      startTurn: this.startTurn,
      startFullmove: this.startFullmove,
      liveTurn,
      outcome: live.outcome,
      verdict: v,
      end: live.outcome
        ? { result: resultToken(live.outcome), text: outcomeText(this.def, live.outcome) }
        : v && { result: verdictToken(v), text: verdictText(v) },
      notes: isLive && !over ? live.notes : [],
      dests: isLive && humanToMove ? live.dests : NO_DESTS,
      movable,
      premove: s.mode === 'engine' && isLive && !over,
      humanToMove,
      engineToMove: s.mode === 'engine' && !over && liveTurn !== s.humanColor,
      canTakeBack: !v && this.humanMoves() > 0,
    };
  }

  // ---- input ----

  /** The legal move from `from` to `to` (board squares) in the live position, or why there is none. */
  private find(from: string, to: string, promotion?: string): Exclude<MoveAttempt, { kind: 'played' }> | Move {
    if (this.over) return { kind: 'illegal', reason: 'the game is over' };
    const target = this.live.targets.get(from)?.get(to);
    if (!target) return { kind: 'illegal', reason: `${from}-${to} is not a legal move` };
    const promos = target.promotions;
    // No promotion, or a single choice (Shatranj Kamil's General): nothing to ask.
    if (promos.length === 1 && (promotion === undefined || promos[0] === '')) return target.moves[0] as Move;
    if (promotion === undefined)
      return { kind: 'promotion', choices: this.def.promotion.choices.filter((c) => promos.includes(c)) };
    const index = promos.indexOf(promotion.toUpperCase());
    if (index < 0) return { kind: 'illegal', reason: `cannot promote to '${promotion}' here` };
    return target.moves[index] as Move;
  }

  /**
   * A move from the board: `from`→`to` (square names), with the promotion letter when the move
   * promotes. Without it, a promotion with several choices answers `promotion` and the choices in
   * the variant's order; with a single choice it is played at once.
   */
  move(from: string, to: string, promotion?: string): MoveAttempt {
    if (!this.isLive) return { kind: 'illegal', reason: 'go to the end of the game to move' };
    const found = this.find(from, to, promotion);
    return typeof found === 'number' ? { kind: 'played', move: this.playMove(found) } : found;
  }

  /** Play a move given in UCI text (from the engine, or a saved game) in the live position. */
  playUci(uci: string): Result<PlayedMove, string> {
    const text = uci.trim();
    const parts = /^([a-z]\d{1,2})([a-z]\d{1,2})([a-z]?)$/.exec(text);
    if (!parts) return err(`'${text}' is not a move in coordinate notation (like e2e4 or a9a10w)`);
    const found = this.find(parts[1] as string, parts[2] as string, parts[3] || undefined);
    if (typeof found !== 'number') {
      if (found.kind === 'illegal') return err(found.reason);
      return err(`${text} needs a promotion letter (${found.choices.join(', ').toLowerCase()})`);
    }
    // UCI text is exact: a promotion letter where none belongs, or a missing one, is refused.
    if (moveToUci(this.game.position, found) !== text) return err(`${text} is not a legal move in this position`);
    return ok(this.playMove(found));
  }

  /**
   * Play a move typed in SAN (keyboard entry); coordinate text (`e2e4`) works too. Text that is
   * not SAN as typed is read again without regard to letter case (`nf3`, `o-o`) and played when
   * exactly one legal move fits.
   */
  playSan(text: string): Result<PlayedMove, string> {
    if (!this.isLive) return err('go to the end of the game to move');
    if (this.over) return err('the game is over');
    const t = text.trim();
    const pos = this.game.position;
    const san = parseSan(pos, t);
    if (san.ok) return ok(this.playMove(san.value));
    const fits = new Map<Move, string>();
    for (const reading of caseReadings(t)) {
      const r = parseSan(pos, reading);
      if (r.ok && !fits.has(r.value)) fits.set(r.value, moveToSan(pos, r.value));
    }
    if (fits.size === 1) return ok(this.playMove([...fits.keys()][0] as Move));
    if (fits.size > 1) return err(`'${t}' could be ${[...fits.values()].join(' or ')}: write which`);
    const uci = this.playUci(t.toLowerCase());
    return uci.ok ? uci : err(san.error.message);
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
    const check = this.checkNow();
    const fen = this.game.fen();
    const turn = colorName(pos.turn);
    const played: PlayedMove = check
      ? { move: m, uci, san, from, to, fen, turn, check }
      : { move: m, uci, san, from, to, fen, turn };
    this.played.push(played);
    this.changed(true);
    return played;
  }

  /** After a change: the live position (when it moved) asked again, the view shown rebuilt. */
  private changed(liveMoved: boolean): void {
    if (liveMoved) {
      this.cursor = this.played.length;
      this.live = this.askRules();
    }
    this.snap = undefined;
  }

  /**
   * Take back: one ply in hotseat; against the computer, back to the human's previous turn
   * (the computer's reply and the human's move). Returns the number of plies taken back.
   */
  takeback(): number {
    // Against the computer, only the computer's moves so far (the human plays Black and has not
    // moved yet): nothing to take back — undoing them would only make the computer play again.
    if (this.humanMoves() === 0 || this.verdictGiven) return 0;
    let n = 0;
    const human = this.settings.mode === 'engine' ? this.settings.humanColor : undefined;
    while (this.played.length > 0 && (n === 0 || (human && this.game.position.turn !== colorIndex(human)))) {
      this.game.undo();
      this.played.pop();
      n++;
    }
    if (n > 0) this.changed(true);
    return n;
  }

  /** Moves played by the person (in hotseat: by either side). */
  private humanMoves(): number {
    if (this.settings.mode === 'hotseat') return this.played.length;
    let n = 0;
    let mover = this.startTurn;
    for (const m of this.played) {
      if (mover === this.settings.humanColor) n++;
      mover = m.turn;
    }
    return n;
  }

  // ---- navigation ----

  goto(ply: number): void {
    const next = Math.max(0, Math.min(this.played.length, Math.trunc(ply)));
    if (next === this.cursor) return;
    this.cursor = next;
    this.changed(false);
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

  /**
   * The game as PGN: the variant, marriage mode and start FEN, the date it started, the players
   * (the engine by name and level), the time control, the result and how it ended.
   */
  pgn(tags: Record<string, string> = {}): string {
    const d = new Date(this.started);
    const date = `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, '0')}.${String(d.getDate()).padStart(2, '0')}`;
    const names = playerNames(this.settings);
    const tc = this.settings.timeControl;
    const v = this.verdictGiven;
    const outcome = this.live.outcome;
    const all: Record<string, string> = {
      Event: 'Casual game',
      Site: 'Caravan',
      Date: date,
      White: names.white,
      Black: names.black,
      TimeControl: tc ? timeControlTag(tc) : '-',
      ...(v ? { Result: verdictToken(v) } : {}),
      Termination: outcome || v ? (v ? verdictTermination(v) : 'normal') : 'unterminated',
      ...tags,
    };
    return writePgn(this.game, all);
  }

  /**
   * A new game from a FEN of this game's variant, with the same settings. The current game is
   * untouched; a bad FEN is an error that says what is wrong.
   */
  static fromFen(settings: GameSettings, fen: string): Result<GameController, string> {
    const text = fen.trim();
    if (text === '') return err('FEN: the text is empty');
    return GameController.create(settings, text);
  }

  /**
   * A new game from PGN text: its Variant tag picks the variant (the settings' variant when there
   * is none), FEN/SetUp tags the start, Marriage the Bachelor Kamil mode. The moves are replayed
   * through the rules; errors name the move.
   */
  static fromPgn(settings: GameSettings, text: string): Result<GameController, string> {
    if (text.trim() === '') return err('PGN: the text is empty');
    // A Variant tag decides; without one the game is of the variant being played.
    const tagged = /^\s*\[\s*Variant\s/m.test(text);
    const r = readPgn(text, tagged ? {} : { variant: settings.variantId });
    if (!r.ok) return err(`PGN: ${r.error.message}`);
    const pg = r.value;
    const baseId = findVariant(pg.variant.id) ? pg.variant.id : settings.variantId;
    const marriageMode = pg.variant.end.marriage?.mode ?? settings.marriageMode;
    const game = pg.game;
    const moves: string[] = [];
    // Replay the PGN's game from its start to collect UCI text.
    const replay = Game.create(pg.variant, game.startFen);
    if (!replay.ok) return err(`PGN: ${replay.error.message}`);
    for (const m of game.moves) {
      moves.push(moveToUci(replay.value.position, m));
      replay.value.play(m);
    }
    return GameController.create({ ...settings, variantId: baseId, marriageMode }, game.startFen, moves);
  }
}

const colorIndex = (c: Color): number => (c === 'white' ? 0 : 1);
