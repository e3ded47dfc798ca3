/**
 * The UCI protocol as a state machine: `handle(line)` takes one input line and writes reply
 * lines through `out`; search results arrive later through the Searcher. No process I/O here
 * (see cli/uci-command.ts).
 *
 * Options: UCI_Variant (combo of every variant id), UCI_Marriage (immediate|delayed, Bachelor
 * Kamil), Hash (MiB), Level (0 = full strength, 1–8 casual levels), Move Overhead (ms taken off
 * the clock for GUI and pipe latency before the engine plans its time), MultiPV (lines reported per
 * depth as `info … multipv N … pv …`, best first), Contempt (centipawns a draw counts against the
 * engine; negative seeks draws, as Stockfish's option did). Moves are Caravan's coordinate text (RULES.md §0). Bad input gets `info string error …` and changes nothing.
 *
 * Over 450 lines on purpose: one state machine (options, position, go parsing with its error
 * reports) reads best as one file; the parsing helpers it could shed are already in text.ts.
 */

import { excerpt } from '../core/excerpt.js';
import { Game } from '../core/game.js';
import { unwrap } from '../core/result.js';
import { DEFAULT_HASH_MB, MAX_CONTEMPT, MAX_HASH_MB, type SearchLimits } from '../engine/api.js';
import { MAX_LEVEL } from '../engine/levels.js';
import { CONTEMPT } from '../engine/score.js';
import { outcomeText } from '../notation/outcome-text.js';
import { parseUciMove } from '../notation/uci.js';
import { findVariantByName, resolveVariant, VARIANTS } from '../variants/index.js';
import type { MarriageMode, VariantDefinition } from '../variants/schema.js';
import { ENGINE_AUTHOR, ENGINE_NAME, engineVersion } from './identity.js';
import type { InfoReport, ScoreText, SearchReport } from './search-messages.js';
import { requestVariant } from './search-runner.js';
import type { Searcher } from './searcher.js';
import type { SessionOptions, VariantFileReader } from './session-options.js';
import { boardDiagram } from './text.js';

export const MAX_MOVE_OVERHEAD_MS = 5000;
/** Most lines `setoption name MultiPV` accepts (each one is a full root search per depth). */
export const MAX_MULTIPV = 16;

type Out = (line: string) => void;

export function formatScore(s: ScoreText): string {
  return `${s.kind} ${s.value}`;
}

export function formatInfo(info: InfoReport): string {
  const parts = [
    `info depth ${info.depth}`,
    `seldepth ${info.seldepth}`,
    ...(info.multipv !== undefined ? [`multipv ${info.multipv}`] : []),
    `score ${formatScore(info.score)}`,
    `nodes ${info.nodes}`,
    `nps ${info.nps}`,
    `time ${Math.round(info.timeMs)}`,
  ];
  if (info.pv.length > 0) parts.push(`pv ${info.pv.join(' ')}`);
  return parts.join(' ');
}

/** Split `setoption name <name…> value <value…>`; undefined if malformed. */
export function parseSetOption(args: readonly string[]): { name: string; value: string } | undefined {
  if (args[0] !== 'name') return undefined;
  const v = args.indexOf('value');
  const nameTokens = v < 0 ? args.slice(1) : args.slice(1, v);
  if (nameTokens.length === 0) return undefined;
  return { name: nameTokens.join(' '), value: v < 0 ? '' : args.slice(v + 1).join(' ') };
}

const GO_INT_KEYS = ['wtime', 'btime', 'winc', 'binc', 'movestogo', 'depth', 'nodes', 'movetime', 'mate'] as const;
const GO_WORDS = new Set<string>([...GO_INT_KEYS, 'infinite', 'ponder', 'searchmoves']);
/** Largest number a go limit takes (about 31 years in ms); longer digit strings are clamped to it. */
const GO_MAX = 1e12;
/** Smallest value of each limit: a search needs at least one ply, one node, one millisecond. */
const GO_MIN: Readonly<Record<string, number>> = { depth: 1, nodes: 1, movetime: 1, movestogo: 1 };

export interface GoCommand {
  readonly limits: SearchLimits;
  /** Hold the best move until `stop` (go infinite / go ponder). */
  readonly waitForStop: boolean;
  /** Words of a feature Caravan does not offer (searchmoves, mate). */
  readonly ignored: string[];
  /** What was wrong with the command and what was done instead (reported as info strings). */
  readonly warnings: string[];
}

/**
 * Parse the arguments of `go`. Every `go` is a search that ends in one bestmove (issue 14 item
 * 3): as Stockfish does, a bad word is reported and ignored rather than refusing the command.
 * A limit out of range is clamped (depth 0 → 1, a negative clock → 0, a million digits → 10^12);
 * a limit word without an integer, or an unknown word, is dropped. When words were dropped (or
 * name a feature not offered: `mate`, `searchmoves`) and no limit is left, the search is one ply deep, so a GUI that meant a limited search gets its
 * answer; a bare `go` searches until `stop`, as the protocol says.
 */
export function parseGo(args: readonly string[]): GoCommand {
  const limits: Record<string, number | boolean> = {};
  const ignored: string[] = [];
  const warnings: string[] = [];
  let waitForStop = false;
  for (let i = 0; i < args.length; i++) {
    const key = args[i] as string;
    if (key === 'infinite') {
      limits.infinite = true;
      waitForStop = true;
    } else if (key === 'ponder') {
      // No Ponder option is offered; a ponder search is treated as infinite until stop/ponderhit.
      limits.infinite = true;
      waitForStop = true;
    } else if (key === 'searchmoves') {
      ignored.push('searchmoves');
      while (i + 1 < args.length && !GO_WORDS.has(args[i + 1] as string)) i++;
    } else if ((GO_INT_KEYS as readonly string[]).includes(key)) {
      const text = args[i + 1];
      if (text === undefined || !/^[-+]?\d+$/.test(text)) {
        warnings.push(`go ${key} needs an integer, got '${excerpt(text ?? '')}'; ${key} ignored`);
        if (text !== undefined && !GO_WORDS.has(text)) i++;
        continue;
      }
      i++;
      if (key === 'mate') {
        ignored.push('mate');
        continue;
      }
      const min = GO_MIN[key] ?? 0;
      const n = Math.min(GO_MAX, Number(text));
      if (n < min || Number(text) > GO_MAX) {
        const used = Math.max(min, n);
        warnings.push(`go ${key} ${excerpt(text)} is out of range; using ${used}`);
        limits[key] = used;
      } else limits[key] = n;
    } else warnings.push(`unknown go parameter '${excerpt(key)}' ignored`);
  }
  if (limits.infinite) {
    // An infinite search ignores the clock; keep depth/nodes limits if given.
    for (const k of ['wtime', 'btime', 'winc', 'binc', 'movestogo', 'movetime']) delete limits[k];
  }
  const limited = ['infinite', 'depth', 'nodes', 'movetime', 'wtime', 'btime'].some((k) => limits[k] !== undefined);
  if (!limited && (warnings.length > 0 || ignored.length > 0)) {
    limits.depth = 1;
    warnings.push('no usable limit left; searching depth 1');
  }
  return { limits: limits as SearchLimits, waitForStop, ignored, warnings };
}

/** Commands that act at once even while a search runs. */
const DURING_SEARCH = new Set(['isready', 'stop', 'ponderhit', 'quit', 'debug']);

export class UciSession {
  /** The variants the session was given (the shipped ones by default); VariantPath adds to them. */
  private readonly given: readonly VariantDefinition[];
  /** The variants offered now: the given ones, then those of the VariantPath file. */
  private variants: readonly VariantDefinition[];
  private readonly readVariantFile: VariantFileReader | undefined;
  /** The variant chosen (UCI_Variant), before the marriage mode is applied. */
  private base: VariantDefinition;
  private marriage: MarriageMode = 'immediate';
  private hashMb = DEFAULT_HASH_MB;
  private level = 0;
  /** Milliseconds taken off the clocks before the engine plans its time (GUI/pipe latency). */
  private moveOverheadMs = 0;
  private multiPv = 1;
  private contempt = CONTEMPT;
  private game: Game;
  /** Moves of the current position as text (what the worker replays). */
  private moveTexts: string[] = [];
  private searching = false;
  private waitForStop = false;
  private stopRequested = false;
  private heldResult: SearchReport | undefined;
  private idleWaiters: Array<() => void> = [];
  private queue: string[] = [];
  /** `isready` waits for the search worker; commands after it wait in the queue. */
  private awaitingReady = false;
  private quitting = false;
  private inputEnded = false;
  private seedCounter = 1;

  constructor(
    private readonly searcher: Searcher,
    private readonly out: Out,
    options: SessionOptions = {},
  ) {
    this.given = options.variants?.length ? options.variants : VARIANTS;
    this.variants = this.given;
    this.readVariantFile = options.readVariantFile;
    this.base = this.variants[0] as VariantDefinition;
    this.game = unwrap(Game.create(this.variant()));
  }

  /** The variant as currently configured (with the marriage mode applied). */
  variant(): VariantDefinition {
    return unwrap(resolveVariant(this.base, { marriage: this.marriage }));
  }

  get busy(): boolean {
    return this.searching;
  }

  /** Resolves when no search is running and no command waits. */
  whenIdle(): Promise<void> {
    if (!this.searching && !this.awaitingReady) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * Handle one input line; returns 'quit' when the session should end. While a search runs,
   * only `isready`, `stop`, `ponderhit`, `quit` and `debug` act at once; other commands wait
   * in order until its bestmove is out (so `stop`, `position …`, `go …` sent together work).
   */
  handle(rawLine: string): 'continue' | 'quit' {
    const line = rawLine.trim();
    if (this.quitting) return 'quit';
    if (line === '') return 'continue';
    const cmd = line.split(/\s+/, 1)[0] as string;
    if (this.awaitingReady && cmd !== 'quit') {
      this.queue.push(line);
      return 'continue';
    }
    if (this.searching && !DURING_SEARCH.has(cmd)) {
      this.queue.push(line);
      return 'continue';
    }
    return this.execute(line);
  }

  /**
   * `readyok` means a search started now keeps its limit: it waits for the search worker to
   * warm up (issue 14 item 5); commands after `isready` wait with it, in order.
   */
  private isReady(): void {
    if (this.searcher.ready) {
      this.out('readyok');
      return;
    }
    this.awaitingReady = true;
    void this.searcher.whenReady().then(() => {
      this.awaitingReady = false;
      if (!this.quitting) this.out('readyok');
      this.drainQueue();
    });
  }

  private execute(line: string): 'continue' | 'quit' {
    const [cmd, ...args] = line.split(/\s+/) as [string, ...string[]];
    switch (cmd) {
      case 'uci':
        this.identify();
        break;
      case 'isready':
        this.isReady();
        break;
      case 'debug':
      case 'register':
        break;
      case 'setoption':
        this.setOption(args);
        break;
      case 'ucinewgame':
        this.searcher.newGame();
        this.resetPosition();
        break;
      case 'position':
        this.position(args);
        break;
      case 'go':
        this.go(args);
        break;
      case 'stop':
        this.stop();
        break;
      case 'ponderhit':
        this.stop();
        break;
      case 'd':
        for (const l of boardDiagram(this.game)) this.out(l);
        break;
      case 'quit':
        this.quitting = true;
        this.queue = [];
        this.stop();
        return 'quit';
      default:
        this.error(`unknown command: ${excerpt(line)}`);
    }
    return 'continue';
  }

  private error(message: string): void {
    this.out(`info string error ${message}`);
  }

  private identify(): void {
    this.out(`id name ${ENGINE_NAME} ${engineVersion()}`);
    this.out(`id author ${ENGINE_AUTHOR}`);
    this.out(
      `option name UCI_Variant type combo default ${this.base.id} ${this.variants.map((v) => `var ${v.id}`).join(' ')}`,
    );
    if (this.readVariantFile) this.out('option name VariantPath type string default <empty>');
    this.out('option name UCI_Marriage type combo default immediate var immediate var delayed');
    this.out(`option name Hash type spin default ${DEFAULT_HASH_MB} min 1 max ${MAX_HASH_MB}`);
    this.out(`option name Level type spin default 0 min 0 max ${MAX_LEVEL}`);
    this.out(`option name Move Overhead type spin default 0 min 0 max ${MAX_MOVE_OVERHEAD_MS}`);
    this.out(`option name MultiPV type spin default 1 min 1 max ${MAX_MULTIPV}`);
    this.out(`option name Contempt type spin default ${CONTEMPT} min -${MAX_CONTEMPT} max ${MAX_CONTEMPT}`);
    this.out('uciok');
  }

  private setOption(args: readonly string[]): void {
    const opt = parseSetOption(args);
    if (!opt) {
      this.error(`malformed setoption (expected: setoption name <name> value <value>): ${excerpt(args.join(' '))}`);
      return;
    }
    const name = opt.name.toLowerCase();
    switch (name) {
      case 'uci_variant': {
        const def =
          this.variants.find((v) => v.id === opt.value.toLowerCase()) ?? findVariantByName(opt.value, this.variants);
        if (!def) {
          this.error(`unknown variant '${excerpt(opt.value)}' (known: ${this.variants.map((v) => v.id).join(', ')})`);
          return;
        }
        this.base = def;
        this.resetPosition();
        this.out(`info string variant ${def.id} files ${def.files} ranks ${def.ranks} startpos ${def.startFen}`);
        return;
      }
      case 'variantpath':
        if (!this.readVariantFile) break;
        this.loadVariantPath(opt.value);
        return;
      case 'uci_marriage': {
        const mode = opt.value.toLowerCase();
        if (mode !== 'immediate' && mode !== 'delayed') {
          this.error(`UCI_Marriage must be immediate or delayed, got '${excerpt(opt.value)}'`);
          return;
        }
        this.marriage = mode;
        this.resetPosition();
        return;
      }
      case 'hash': {
        const n = spinValue(opt.value, 1, MAX_HASH_MB);
        if (n === undefined) {
          this.error(`Hash must be an integer 1–${MAX_HASH_MB}, got '${excerpt(opt.value)}'`);
          return;
        }
        this.hashMb = n;
        this.searcher.setHash(n);
        return;
      }
      case 'level': {
        const n = spinValue(opt.value, 0, MAX_LEVEL);
        if (n === undefined) {
          this.error(`Level must be an integer 0–${MAX_LEVEL}, got '${excerpt(opt.value)}'`);
          return;
        }
        this.level = n;
        return;
      }
      case 'move overhead': {
        const n = spinValue(opt.value, 0, MAX_MOVE_OVERHEAD_MS);
        if (n === undefined) {
          this.error(`Move Overhead must be an integer 0–${MAX_MOVE_OVERHEAD_MS}, got '${excerpt(opt.value)}'`);
          return;
        }
        this.moveOverheadMs = n;
        return;
      }
      case 'multipv': {
        const n = spinValue(opt.value, 1, MAX_MULTIPV);
        if (n === undefined) {
          this.error(`MultiPV must be an integer 1–${MAX_MULTIPV}, got '${opt.value}'`);
          return;
        }
        this.multiPv = n;
        return;
      }
      case 'contempt': {
        const n = spinValue(opt.value, -MAX_CONTEMPT, MAX_CONTEMPT);
        if (n === undefined) {
          this.error(
            `Contempt must be an integer from -${MAX_CONTEMPT} to ${MAX_CONTEMPT}, got '${excerpt(opt.value)}'`,
          );
          return;
        }
        this.contempt = n;
        return;
      }
    }
    this.error(`unknown option: ${excerpt(opt.name)}`);
  }

  /**
   * `setoption name VariantPath value <file>` (as in Fairy-Stockfish): the file's variants join
   * UCI_Variant's combo (a GUI sends `uci` again to see it), replacing an earlier file's;
   * `<empty>` or nothing unloads them. A bad file changes nothing and is reported.
   */
  private loadVariantPath(value: string): void {
    const path = value.trim() === '<empty>' ? '' : value.trim();
    let loaded: readonly VariantDefinition[] = [];
    if (path !== '') {
      const read = (this.readVariantFile as VariantFileReader)(path, this.given);
      if (!read.ok) {
        this.error(`VariantPath: ${read.error.message}; variants unchanged`);
        return;
      }
      loaded = read.value;
    }
    this.variants = [...this.given, ...loaded];
    if (!this.variants.includes(this.base)) {
      this.base = this.variants[0] as VariantDefinition;
      this.resetPosition();
    }
    const ids = loaded.map((v) => v.id).join(', ');
    if (path === '') this.out('info string VariantPath: no variant file');
    else this.out(`info string VariantPath: loaded ${ids === '' ? 'no variant not offered already' : ids}`);
  }

  /** The start position of the current variant (after a variant change or ucinewgame). */
  private resetPosition(): void {
    this.game = unwrap(Game.create(this.variant()));
    this.moveTexts = [];
  }

  private position(args: readonly string[]): void {
    const movesAt = args.indexOf('moves');
    const head = movesAt < 0 ? args : args.slice(0, movesAt);
    const moves = movesAt < 0 ? [] : args.slice(movesAt + 1);
    let fen: string | undefined;
    if (head[0] === 'startpos' && head.length === 1) fen = undefined;
    else if (head[0] === 'fen' && head.length > 1) fen = head.slice(1).join(' ');
    else {
      this.error(
        `malformed position command (expected: position startpos|fen <fen> [moves …]): ${excerpt(args.join(' '))}`,
      );
      return;
    }
    const created = Game.create(this.variant(), fen);
    if (!created.ok) {
      this.error(`bad FEN: ${created.error.message}; position unchanged`);
      return;
    }
    const game = created.value;
    const texts: string[] = [];
    for (const text of moves) {
      const m = parseUciMove(game.position, text);
      const played = m.ok ? game.play(m.value) : m;
      if (!played.ok) {
        this.error(`illegal move ${excerpt(text)}: ${played.error.message}; position unchanged`);
        return;
      }
      texts.push(text);
    }
    this.game = game;
    this.moveTexts = texts;
  }

  private go(args: readonly string[]): void {
    const parsed = parseGo(args);
    for (const warning of parsed.warnings) this.error(warning);
    for (const word of parsed.ignored) this.out(`info string ${word} is not supported; ignored`);
    const over = this.game.outcome();
    if (over || this.game.legalMoves().length === 0) {
      if (over) this.out(`info string game over: ${outcomeText(this.game.variant, over)}`);
      this.out('bestmove (none)');
      return;
    }
    const limits = withOverhead(parsed.limits, this.moveOverheadMs);
    if (this.level > 0) limits.level = this.level;
    this.searching = true;
    this.waitForStop = parsed.waitForStop;
    this.stopRequested = false;
    this.heldResult = undefined;
    const started = this.searcher.start(
      {
        ...requestVariant(this.base, this.marriage),
        startFen: this.game.startFen,
        moves: this.moveTexts,
        limits,
        seed: this.level > 0 ? (Date.now() ^ this.seedCounter++) >>> 0 : undefined,
        ...(this.multiPv > 1 ? { multiPv: this.multiPv } : {}),
        ...(this.contempt !== CONTEMPT ? { contempt: this.contempt } : {}),
      },
      {
        onInfo: (info) => this.out(formatInfo(info)),
        onDone: (result) => this.finished(result),
        onError: (message) => {
          this.error(message);
          this.finished(undefined);
        },
      },
    );
    if (!started) {
      this.searching = false;
      this.error('the search could not be started');
      this.out('bestmove (none)');
    } else if (this.inputEnded && this.waitForStop) this.stop();
  }

  private finished(result: SearchReport | undefined): void {
    if (result?.engineError) this.error(result.engineError);
    if (this.waitForStop && !this.stopRequested && result) {
      // UCI: after go infinite / go ponder the best move waits for stop (or ponderhit).
      this.heldResult = result;
      return;
    }
    this.emitBest(result);
  }

  private emitBest(result: SearchReport | undefined): void {
    this.searching = false;
    this.heldResult = undefined;
    if (result?.bestMove) this.out(`bestmove ${result.bestMove}${result.ponder ? ` ponder ${result.ponder}` : ''}`);
    else this.out('bestmove (none)');
    this.drainQueue();
  }

  /** Commands that arrived during a search (or an isready wait), in order, until one starts a new search. */
  private drainQueue(): void {
    while (this.queue.length > 0 && !this.searching && !this.awaitingReady && !this.quitting) {
      this.execute(this.queue.shift() as string);
    }
    if (this.searching || this.awaitingReady) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const w of waiters) w();
  }

  private stop(): void {
    if (!this.searching) return;
    this.stopRequested = true;
    if (this.heldResult) this.emitBest(this.heldResult);
    else this.searcher.stop();
  }

  /** Input ended: an infinite (or ponder) search would never end, so stop it; others finish. */
  endOfInput(): void {
    this.inputEnded = true;
    if (this.searching && this.waitForStop) this.stop();
  }

  /** Current state for tests and the CLI. */
  snapshot(): {
    variant: string;
    fen: string;
    moves: readonly string[];
    hashMb: number;
    level: number;
    moveOverheadMs: number;
  } {
    return {
      variant: this.base.id,
      fen: this.game.fen(),
      moves: this.moveTexts,
      hashMb: this.hashMb,
      level: this.level,
      moveOverheadMs: this.moveOverheadMs,
    };
  }
}

/** The limits with `overheadMs` taken off both clocks (never below 1 ms) and off movetime. */
export function withOverhead(
  limits: SearchLimits,
  overheadMs: number,
): { -readonly [K in keyof SearchLimits]: SearchLimits[K] } {
  const out = { ...limits };
  if (overheadMs > 0) {
    if (out.wtime !== undefined) out.wtime = Math.max(1, out.wtime - overheadMs);
    if (out.btime !== undefined) out.btime = Math.max(1, out.btime - overheadMs);
    if (out.movetime !== undefined) out.movetime = Math.max(1, out.movetime - overheadMs);
  }
  return out;
}

function spinValue(text: string, min: number, max: number): number | undefined {
  if (!/^-?\d+$/.test(text)) return undefined;
  const n = Number(text) || 0; // '-0' is 0
  return n >= min && n <= max ? n : undefined;
}

/** Every variant id, for help texts. */
export const UCI_VARIANTS: readonly string[] = VARIANTS.map((v) => v.id);
