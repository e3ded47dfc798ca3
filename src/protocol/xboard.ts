/**
 * The XBoard / CECP v2 protocol as a state machine: `handle(line)` takes one input line and
 * writes reply lines through `out`; the engine's own moves arrive later through the Searcher.
 * No process I/O here (see cli/xboard-command.ts).
 *
 * While the engine thinks about its own move, commands that only change settings (`post`,
 * `time`, `level`, …) take effect at once and `?` makes it move now; every other command waits
 * until the move is out (so `ping` is answered after the move, as the protocol requires), and
 * commands that end the game or change the position (`force`, `new`, `result`, `setboard`,
 * `undo`, `quit`, …) first abort the search, whose move is then dropped.
 *
 * Conventions (engine-intf.html): `new` sets up orthodox chess (XBoard sends `variant` next for
 * other variants); moves are coordinate text with ranks counted from 0 on 10-rank boards;
 * `Illegal move: …` / `Error (…): …` replies leave the state unchanged.
 *
 * Analyze mode (`analyze` … `exit`): the engine searches the current position without end,
 * always printing thinking output, and never moves. Every command other than the immediate ones
 * stops that search; the command then runs (a move entered, `undo`, `setboard`, `new` …) and
 * the analysis starts again on the resulting position, until `exit` (or `new`, `quit`) ends the
 * mode. A search that ends by itself (a forced mate found to the end) is not restarted.
 *
 * Over 450 lines on purpose: CECP's modes (force, playing, analyze) and commands interlock;
 * splitting the state machine would spread one transition table over several files.
 */

import { excerpt } from '../core/excerpt.js';
import { Game } from '../core/game.js';
import type { Move } from '../core/move.js';
import { unwrap } from '../core/result.js';
import { MAX_CONTEMPT, MAX_HASH_MB, type SearchLimits } from '../engine/api.js';
import { MAX_LEVEL } from '../engine/levels.js';
import { CONTEMPT } from '../engine/score.js';
import { outcomeText, resultToken } from '../notation/outcome-text.js';
import { moveToUci, parseUciMove } from '../notation/uci.js';
import { resolveVariant, VARIANTS } from '../variants/index.js';
import type { MarriageMode, VariantDefinition } from '../variants/schema.js';
import { ENGINE_NAME, engineVersion } from './identity.js';
import type { InfoReport, ScoreText, SearchReport } from './search-messages.js';
import { requestVariant } from './search-runner.js';
import type { Searcher } from './searcher.js';
import type { SessionOptions } from './session-options.js';
import { boardDiagram } from './text.js';
import {
  findXboardVariant,
  fromXboardSquares,
  parseCastlingLegs,
  toXboardSquares,
  xboardMoveLines,
  xboardVariantName,
  xboardVariantNames,
  xboardVariantSetup,
} from './xboard-variants.js';

type Out = (line: string) => void;

export interface TimeControl {
  /** Moves per session (0 = whole game). */
  readonly mps: number;
  readonly baseMs: number;
  readonly incMs: number;
}

/** Largest moves per session, base time (minutes) and increment (seconds) `level` accepts. */
const MAX_LEVEL_MPS = 10_000;
const MAX_LEVEL_MINUTES = 100_000;
const MAX_LEVEL_INC_S = 100_000;

/** A non-negative decimal of at most 12 digits before the point, else undefined (no Infinity). */
function readAmount(text: string, fraction: boolean): number | undefined {
  const re = fraction ? /^\d{1,12}(\.\d{1,6})?$/ : /^\d{1,12}$/;
  return re.test(text) ? Number(text) : undefined;
}

/**
 * Parse `level MPS BASE INC` (BASE in minutes or min:sec with seconds 0–59; INC in seconds);
 * undefined for anything else, numbers out of range included (issue 14 item 9).
 */
export function parseLevel(args: readonly string[]): TimeControl | undefined {
  if (args.length !== 3) return undefined;
  const [mpsText, baseText, incText] = args as [string, string, string];
  const mps = readAmount(mpsText, false);
  if (mps === undefined || mps > MAX_LEVEL_MPS) return undefined;
  let minutes: number | undefined;
  const mmss = /^(\d{1,12}):(\d{1,2})$/.exec(baseText);
  if (mmss) {
    const seconds = Number(mmss[2]);
    if (seconds > 59) return undefined;
    minutes = Number(mmss[1]) + seconds / 60;
  } else minutes = readAmount(baseText, true);
  if (minutes === undefined || minutes > MAX_LEVEL_MINUTES) return undefined;
  const inc = readAmount(incText, true);
  if (inc === undefined || inc > MAX_LEVEL_INC_S) return undefined;
  return { mps, baseMs: Math.round(minutes * 60_000), incMs: Math.round(inc * 1000) };
}

/** XBoard thinking-output score: centipawns, mates as ±(100000 + moves). */
export function xboardScore(s: ScoreText): number {
  if (s.kind === 'cp') return s.value;
  return s.value >= 0 ? 100000 + s.value : -100000 + s.value;
}

/** Commands that only change settings: handled at once even while the engine thinks. */
const IMMEDIATE = new Set([
  '?',
  'post',
  'nopost',
  'easy',
  'hard',
  'time',
  'otim',
  'level',
  'st',
  'sd',
  'nps',
  'name',
  'rating',
  'computer',
  'random',
  'accepted',
  'rejected',
  'xboard',
  'hint',
  'bk',
  'draw',
  'ics',
  '.',
]);

/** Commands that end the game or replace the position: they abort the engine's search first. */
const ABORTING = new Set([
  'force',
  'new',
  'variant',
  'setboard',
  'result',
  'undo',
  'remove',
  'quit',
  'edit',
  'option',
  'memory',
  'analyze',
  'exit',
]);

/** Commands after which an analysis must start again (analyze mode). */
const CHANGES_POSITION = new Set(['usermove', 'undo', 'remove', 'setboard', 'variant', 'option']);

const MOVE_TEXT = /^[a-z]\d{1,2}[a-z]\d{1,2}[a-z]?(,[a-z]\d{1,2}[a-z]\d{1,2})?$/;

export class XboardSession {
  private readonly variants: readonly VariantDefinition[];
  /** What `new` sets up: XBoard's `normal` (orthodox chess). */
  private readonly normal: VariantDefinition;
  private def: VariantDefinition;
  private marriage: MarriageMode = 'immediate';
  private game: Game;
  private force = false;
  /** The colour the engine plays (0 White, 1 Black). */
  private engineColor = 1;
  private post = false;
  private tc: TimeControl = { mps: 40, baseMs: 5 * 60_000, incMs: 0 };
  private moveTimeMs: number | undefined;
  private depthLimit: number | undefined;
  private engineTimeMs: number | undefined;
  private opponentTimeMs: number | undefined;
  private level = 0;
  /** Centipawns a draw counts against the engine (the Contempt option). */
  private contempt = CONTEMPT;
  private thinking = false;
  private aborting = false;
  private queue: string[] = [];
  /** `ping` waits for the search worker to warm up; commands after it wait in the queue. */
  private awaitingReady = false;
  private quitting = false;
  private seedCounter = 1;
  private idleWaiters: Array<() => void> = [];
  /** In analyze mode; the analysis search is running when `thinking` is also set. */
  private analyzing = false;
  /** Analyze mode: the position changed, or the analysis was stopped, since it last started. */
  private analysisStale = false;

  constructor(
    private readonly searcher: Searcher,
    private readonly out: Out,
    private readonly onQuit: () => void,
    options: SessionOptions = {},
  ) {
    this.variants = options.variants?.length ? options.variants : VARIANTS;
    this.normal = findXboardVariant('normal', this.variants) ?? (findXboardVariant('normal') as VariantDefinition);
    this.def = this.normal;
    this.game = unwrap(Game.create(this.def));
  }

  get busy(): boolean {
    return this.thinking;
  }

  /** Resolves when the engine is not thinking (and queued commands have run). */
  whenIdle(): Promise<void> {
    if (!this.thinking && !this.awaitingReady) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  handle(rawLine: string): void {
    const line = rawLine.trim();
    if (line === '' || this.quitting) return;
    const cmd = line.split(/\s+/, 1)[0] as string;
    if (this.awaitingReady && cmd !== 'quit') {
      this.queue.push(line);
      return;
    }
    // A setting acts at once only when nothing waits before it: `new` then `sd 2` must not be
    // reordered (the queued `new` would reset the depth set after it). `?` always acts at once.
    const atOnce = IMMEDIATE.has(cmd) && (this.queue.length === 0 || cmd === '?');
    if (this.thinking && !atOnce) {
      this.queue.push(line);
      if ((ABORTING.has(cmd) || this.analyzing) && !this.aborting) {
        this.aborting = true;
        this.searcher.stop();
      }
      return;
    }
    this.execute(line);
    this.resumeAnalysis();
  }

  /** Input ended without `quit`: leave analyze mode (its search would never end). */
  endOfInput(): void {
    if (!this.analyzing) return;
    this.analyzing = false;
    if (this.thinking && !this.aborting) {
      this.aborting = true;
      this.searcher.stop();
    }
  }

  /** In analyze mode and idle: analyse again if the position changed or the analysis was cut short. */
  private resumeAnalysis(): void {
    if (this.analyzing && this.analysisStale && !this.thinking && !this.quitting) this.analyze();
  }

  private execute(line: string): void {
    const [cmd, ...args] = line.split(/\s+/) as [string, ...string[]];
    const rest = line.slice(cmd.length).trim();
    if (CHANGES_POSITION.has(cmd) || MOVE_TEXT.test(line)) this.analysisStale = true;
    switch (cmd) {
      case 'xboard':
      case 'accepted':
      case 'rejected':
      case 'easy':
      case 'hard':
      case 'computer':
      case 'name':
      case 'rating':
      case 'ics':
      case 'hint':
      case 'bk':
      case 'draw':
      case 'cores':
      case '.':
        break;
      case 'random':
        break;
      case 'protover':
        this.features();
        break;
      case 'new':
        this.analyzing = false;
        this.newGame();
        break;
      case 'analyze':
        // The search starts once the commands queued behind this one have run (resumeAnalysis),
        // so `analyze` and `ping` sent together are both answered (issue 14 item 4).
        this.force = true;
        this.analyzing = true;
        this.analysisStale = true;
        break;
      case 'exit':
        this.analyzing = false;
        break;
      case 'variant':
        this.variant(rest, line);
        break;
      case 'setboard':
        this.setboard(rest, line);
        break;
      case 'usermove':
        this.userMove(rest);
        break;
      case 'go':
        this.analyzing = false;
        this.force = false;
        this.engineColor = this.game.position.turn;
        this.think();
        break;
      case 'playother':
        this.force = false;
        this.engineColor = this.game.position.turn ^ 1;
        break;
      case 'white':
        this.engineColor = 1;
        break;
      case 'black':
        this.engineColor = 0;
        break;
      case 'force':
      case 'result':
        this.force = true;
        break;
      case '?':
        // (In analyze mode there is no move to hurry.)
        if (this.thinking && !this.analyzing) this.searcher.stop();
        break;
      case 'level': {
        const tc = parseLevel(args);
        if (!tc) this.error('bad level, expected: level MPS BASE INC', line);
        else {
          this.tc = tc;
          this.moveTimeMs = undefined;
        }
        break;
      }
      case 'st': {
        const seconds = args.length === 1 ? readAmount(args[0] as string, true) : undefined;
        if (seconds === undefined || seconds <= 0 || seconds > MAX_LEVEL_MINUTES * 60) {
          this.error('bad st, expected seconds per move', line);
        } else this.moveTimeMs = Math.max(1, Math.round(seconds * 1000));
        break;
      }
      case 'sd': {
        const depth = args.length === 1 ? readAmount(args[0] as string, false) : undefined;
        if (depth === undefined || depth <= 0 || depth > 1000) this.error('bad sd, expected a depth 1–1000', line);
        else this.depthLimit = depth;
        break;
      }
      case 'time':
      case 'otim': {
        if (args.length !== 1 || !/^-?\d{1,12}$/.test(args[0] as string)) {
          this.error(`bad ${cmd}, expected centiseconds`, line);
          break;
        }
        const ms = Math.max(0, Number(args[0]) * 10);
        if (cmd === 'time') this.engineTimeMs = ms;
        else this.opponentTimeMs = ms;
        break;
      }
      case 'nps':
        this.error('nps is not supported', line);
        break;
      case 'ping':
        this.ping(args[0]);
        break;
      case 'undo':
        this.takeBack(1, line);
        break;
      case 'remove':
        this.takeBack(2, line);
        break;
      case 'post':
        this.post = true;
        break;
      case 'nopost':
        this.post = false;
        break;
      case 'memory':
        this.memory(args, line);
        break;
      case 'option':
        this.option(rest, line);
        break;
      case 'd':
        for (const l of boardDiagram(this.game)) this.out(`# ${l}`);
        break;
      case 'quit':
        this.analyzing = false;
        this.quitting = true;
        this.queue = [];
        this.onQuit();
        break;
      default:
        if (MOVE_TEXT.test(line)) this.userMove(line);
        else this.error('unknown command', line);
    }
  }

  private error(reason: string, command: string): void {
    this.out(`Error (${reason}): ${excerpt(command)}`);
  }

  /**
   * `pong` means a search started now keeps its time (as `readyok` does in UCI): it waits for
   * the search worker to warm up; commands after it wait with it, in order (issue 14 item 5).
   */
  private ping(tag: string | undefined): void {
    const reply = `pong ${tag ?? ''}`.trimEnd();
    if (this.searcher.ready) {
      this.out(reply);
      return;
    }
    this.awaitingReady = true;
    void this.searcher.whenReady().then(() => {
      this.awaitingReady = false;
      if (!this.quitting) this.out(reply);
      this.drain();
    });
  }

  private features(): void {
    const variants = xboardVariantNames(this.variants).join(',');
    this.out(
      `feature myname="${ENGINE_NAME} ${engineVersion()}" ping=1 setboard=1 usermove=1 san=0 sigint=0 sigterm=0 ` +
        `colors=0 analyze=1 draw=0 time=1 reuse=1 memory=1 variants="${variants}"`,
    );
    this.out(`feature option="Level -spin 0 0 ${MAX_LEVEL}"`);
    this.out('feature option="Marriage -combo immediate /// delayed"');
    this.out(`feature option="Contempt -spin ${CONTEMPT} -${MAX_CONTEMPT} ${MAX_CONTEMPT}"`);
    this.out('feature done=1');
  }

  private currentDef(base: VariantDefinition): VariantDefinition {
    return unwrap(resolveVariant(base, { marriage: this.marriage }));
  }

  private newGame(): void {
    this.def = this.currentDef(this.normal);
    this.game = unwrap(Game.create(this.def));
    this.force = false;
    this.engineColor = 1;
    this.depthLimit = undefined;
    this.engineTimeMs = undefined;
    this.opponentTimeMs = undefined;
    this.searcher.newGame();
  }

  private variant(name: string, line: string): void {
    const def = name ? findXboardVariant(name, this.variants) : undefined;
    if (!def) {
      this.error('unknown variant', line);
      return;
    }
    this.def = this.currentDef(def);
    this.game = unwrap(Game.create(this.def));
    for (const l of xboardVariantSetup(this.def)) this.out(l);
  }

  private setboard(fen: string, line: string): void {
    const translated = this.fenFromXboard(fen);
    const created = Game.create(this.def, translated);
    if (!created.ok) {
      this.error(`bad FEN: ${created.error.message}`, line);
      return;
    }
    this.game = created.value;
    this.reportEnd();
  }

  /**
   * XBoard's FENs differ from Caravan's in two ways: it leaves out the castling and e.p. fields
   * when a variant has none (`… w 0 1`, seen with XBoard 4.9 in Shatranj Kamil), and it writes
   * the e.p. square with its own rank numbering.
   */
  private fenFromXboard(fen: string): string {
    const fields = fen.split(/\s+/);
    const numeric = (i: number): boolean => /^\d+$/.test(fields[i] ?? '');
    if (fields.length === 4 && numeric(2) && numeric(3)) fields.splice(2, 0, '-', '-');
    else if (fields.length === 5 && numeric(3) && numeric(4)) fields.splice(3, 0, '-');
    if (fields.length >= 4 && fields[3] !== '-') {
      const ep = fromXboardSquares(this.def, fields[3] as string);
      if (ep !== undefined) fields[3] = ep;
    }
    return fields.join(' ');
  }

  private userMove(text: string): void {
    const caravanText = fromXboardSquares(this.def, text);
    const over = this.game.outcome();
    if (over) {
      this.out(`Illegal move (game over): ${excerpt(text)}`);
      return;
    }
    const m = caravanText === undefined ? undefined : this.parseMove(caravanText);
    if (m === undefined) {
      this.out(`Illegal move: ${excerpt(text)}`);
      return;
    }
    unwrap(this.game.play(m));
    if (this.reportEnd()) return;
    if (!this.force && this.game.position.turn === this.engineColor) this.think();
  }

  /** A move in Caravan text; two comma-separated legs are XBoard's form of a one-square castle. */
  private parseMove(text: string): Move | undefined {
    if (text.includes(',')) return parseCastlingLegs(this.game.position, text);
    const m = parseUciMove(this.game.position, text);
    return m.ok ? m.value : undefined;
  }

  /** Print `RESULT {reason}` if the game is over; true if it is. */
  private reportEnd(): boolean {
    const o = this.game.outcome();
    if (!o) return false;
    this.out(`${resultToken(o)} {${outcomeText(this.game.variant, o)}}`);
    return true;
  }

  private takeBack(n: number, line: string): void {
    if (this.game.moves.length < n) {
      this.error('command not legal now', line);
      return;
    }
    for (let i = 0; i < n; i++) this.game.undo();
  }

  private memory(args: readonly string[], line: string): void {
    const n = Number(args[0]);
    if (args.length !== 1 || !/^\d{1,12}$/.test(args[0] as string) || n < 1) {
      this.error('bad memory, expected MiB', line);
      return;
    }
    this.searcher.setHash(Math.min(n, MAX_HASH_MB));
  }

  private option(text: string, line: string): void {
    const eq = text.indexOf('=');
    const name = (eq < 0 ? text : text.slice(0, eq)).trim();
    const value = eq < 0 ? '' : text.slice(eq + 1).trim();
    if (name === 'Level') {
      if (!/^\d+$/.test(value) || Number(value) > MAX_LEVEL) this.error(`Level must be 0–${MAX_LEVEL}`, line);
      else this.level = Number(value);
    } else if (name === 'Contempt') {
      const n = Number(value) || 0; // '-0' is 0
      if (!/^-?\d+$/.test(value) || Math.abs(n) > MAX_CONTEMPT)
        this.error(`Contempt must be an integer from -${MAX_CONTEMPT} to ${MAX_CONTEMPT}`, line);
      else this.contempt = n;
    } else if (name === 'Marriage') {
      if (value !== 'immediate' && value !== 'delayed') this.error('Marriage must be immediate or delayed', line);
      else {
        this.marriage = value;
        this.def = this.currentDef(this.def);
        this.game = unwrap(Game.create(this.def, this.game.startFen));
      }
    } else this.error('unknown option', line);
  }

  private limits(): SearchLimits {
    const limits: { -readonly [K in keyof SearchLimits]: SearchLimits[K] } = {};
    if (this.moveTimeMs !== undefined) limits.movetime = this.moveTimeMs;
    else {
      const own = this.engineTimeMs ?? this.tc.baseMs;
      const opp = this.opponentTimeMs ?? this.tc.baseMs;
      const white = this.engineColor === 0;
      limits.wtime = white ? own : opp;
      limits.btime = white ? opp : own;
      limits.winc = this.tc.incMs;
      limits.binc = this.tc.incMs;
      if (this.tc.mps > 0) limits.movestogo = this.tc.mps - ((this.game.position.fullmove - 1) % this.tc.mps);
    }
    if (this.depthLimit !== undefined) limits.depth = this.depthLimit;
    if (this.level > 0) limits.level = this.level;
    return limits;
  }

  private think(): void {
    if (this.reportEnd()) return;
    this.search(this.limits());
  }

  /** Analyze mode: search the current position until a command stops it (nothing if the game is over). */
  private analyze(): void {
    this.analysisStale = false;
    if (this.game.outcome()) return;
    this.search({ infinite: true });
  }

  private search(limits: SearchLimits): void {
    const moves = this.moveTexts();
    this.thinking = true;
    this.aborting = false;
    const started = this.searcher.start(
      {
        ...requestVariant(this.def, this.marriage),
        startFen: this.game.startFen,
        moves,
        limits,
        seed: this.level > 0 && !this.analyzing ? (Date.now() ^ this.seedCounter++) >>> 0 : undefined,
        ...(this.contempt !== CONTEMPT ? { contempt: this.contempt } : {}),
      },
      {
        onInfo: (info) => this.thinkingOutput(info),
        onDone: (result) => this.moved(result),
        onError: (message) => {
          this.out(`# search failed: ${message}`);
          this.moved(undefined);
        },
      },
    );
    if (!started) {
      this.thinking = false;
      this.out('# search could not be started');
    }
  }

  private moveTexts(): string[] {
    const replay = unwrap(Game.create(this.def, this.game.startFen));
    return this.game.moves.map((m) => {
      const text = moveToUci(replay.position, m);
      replay.play(m);
      return text;
    });
  }

  private thinkingOutput(info: InfoReport): void {
    if ((!this.post && !this.analyzing) || this.aborting) return;
    const pv = info.pv.map((m) => toXboardSquares(this.def, m)).join(' ');
    this.out(`${info.depth} ${xboardScore(info.score)} ${Math.round(info.timeMs / 10)} ${info.nodes} ${pv}`.trimEnd());
  }

  private moved(result: SearchReport | undefined): void {
    this.thinking = false;
    if (!this.aborting && result?.engineError) this.out(`# ${result.engineError}`);
    if (this.analyzing) {
      // An analysis never moves. Stopped by a command: run it (and what came after), then
      // analyse the position it leaves, unless it ended the mode.
      if (this.aborting) this.analysisStale = true;
      this.aborting = false;
      this.drain();
      return;
    }
    if (!this.aborting && result?.bestMove) {
      const m = parseUciMove(this.game.position, result.bestMove);
      const lines = m.ok ? xboardMoveLines(this.def, this.game.position, m.value, result.bestMove) : [];
      if (m.ok && this.game.play(m.value).ok) {
        for (const l of lines) this.out(l);
        this.reportEnd();
      } else this.out(`# internal error: the engine's move ${result.bestMove} does not fit the game`);
    }
    this.aborting = false;
    this.drain();
  }

  /**
   * A search started from the queue, with commands behind it that would have aborted it had they
   * come later (`force`, `new`, `exit` … or anything in analyze mode): abort it now, or they wait
   * for a move, or an endless analysis, that they were meant to cut short.
   */
  private abortForQueued(): void {
    if (!this.thinking || this.aborting || this.queue.length === 0) return;
    const aborts = this.analyzing || this.queue.some((l) => ABORTING.has(l.split(/\s+/, 1)[0] as string));
    if (aborts) {
      this.aborting = true;
      this.searcher.stop();
    }
  }

  private drain(): void {
    while (this.queue.length > 0 && !this.thinking && !this.quitting && !this.awaitingReady) {
      this.execute(this.queue.shift() as string);
    }
    if (this.awaitingReady) return;
    this.resumeAnalysis();
    this.abortForQueued();
    if (!this.thinking) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const w of waiters) w();
    }
  }

  /** State for tests and debugging. */
  snapshot(): { variant: string; xboardName: string; fen: string; force: boolean; engineColor: number } {
    return {
      variant: this.def.id,
      xboardName: xboardVariantName(this.def),
      fen: this.game.fen(),
      force: this.force,
      engineColor: this.engineColor,
    };
  }
}
