/**
 * Jocly (npm `jocly`, AGPL-3.0, a dev dependency only) as a UCI engine process for matches:
 *
 *   node dist/tools/peers/jocly-uci.js
 *
 * Jocly's `wildebeest-chess` game runs headless in Node (`createMatch`, `applyMove`,
 * `machineSearch` with its UCT AI). This file is never imported by the library or the web app:
 * it is run as a separate process, and loads Jocly with `require` at run time.
 *
 * Keeping Jocly in step: Caravan's own Game replays every `position` command (so the arbiter's
 * rules decide what happened); each move is then found among Jocly's legal moves by its UCI text
 * and applied there. When Jocly cannot replay a move (its e.p. covers only the last passed square)
 * or its board no longer matches Caravan's, Jocly is reloaded from Caravan's FEN (losing its
 * repetition history) and an `info string` says so. The move Jocly answers is checked with
 * `parseUciMove` in Caravan's position before it is sent.
 *
 * Options: `Level` (Jocly's levels easy/fast/medium/strong; default strong, the strongest),
 * `Move Overhead` (ms kept back from the clock). Jocly's levels limit a search by nodes and by
 * seconds (strong: 20000 nodes, 15 s); under a clock the wrapper lowers the seconds to a share of
 * the remaining time, so a level is never allowed more time than the clock gives.
 * `stop` cannot cut a Jocly search short: the answer comes when the (time-capped) search ends.
 */

import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { makeFen } from '../../src/core/fen.js';
import { Game } from '../../src/core/game.js';
import { parseUciMove } from '../../src/notation/uci.js';

/** A move as Jocly's chessbase games represent it (only the fields used here). */
export interface JoclyMove {
  /** from / to square: rank * width + file, 0-based. */
  f: number;
  t: number;
  /** Castling with the rook on this square (Jocly's 1-square Wildebeest castle). */
  cg?: number;
  /** Piece type after the move (also set on pawn steps, where Jocly changes the pawn's type). */
  pr?: number;
  a?: string;
}

interface JoclyLevel {
  name: string;
  maxDuration?: number;
  maxNodes?: number;
  [key: string]: unknown;
}

interface JoclyPieceInit {
  s: 1 | -1;
  t: number;
  p: number;
  m: boolean;
}

interface JoclyInitial {
  pieces: JoclyPieceInit[];
  turn: 1 | -1;
  enPassant: string | null;
  noCaptCount: number;
}

interface JoclyMatch {
  game: {
    Import: (format: string, text: string) => { status: boolean; initial?: JoclyInitial };
    mBoard: { mMoves: JoclyMove[] };
    /** Long-castle rook moves by king destination (wildebeest-chess only). */
    wbExtraCastleRook?: Record<number, { r0: number; r: number }>;
  };
  load(state: { initialBoard: string; playedMoves: JoclyMove[] }): Promise<void>;
  getPossibleMoves(): Promise<JoclyMove[]>;
  applyMove(m: JoclyMove): Promise<unknown>;
  getBoardState(): Promise<string>;
  getConfig(): Promise<{ model: { levels: JoclyLevel[] } }>;
  machineSearch(opts: { level: JoclyLevel }): Promise<{ move?: JoclyMove }>;
}

interface JoclyModule {
  createMatch(game: string): Promise<JoclyMatch>;
}

// Wildebeest geometry in Jocly: 11 files × 10 ranks, square = rank * 11 + file.
const WIDTH = 11;
const HEIGHT = 10;
/** Jocly's wildebeest-chess piece type numbers (from its model's `cbDefine`). */
const TYPE = { N: 4, B: 5, R: 6, Q: 7, K: 8, C: 9, W: 10 } as const;
/** Pawn types: Jocly encodes the pawn's remaining step range as its type. */
const PAWN = {
  white: { normal: 0, double: 1, triple: 11 },
  black: { normal: 2, double: 3, triple: 12 },
} as const;
/** Promotion piece letter by Jocly type (Wildebeest promotes to Queen or Wildebeest only). */
const PROMO_LETTER = new Map<number, string>([
  [TYPE.Q, 'q'],
  [TYPE.W, 'w'],
]);

function squareText(sq: number): string {
  return String.fromCharCode(97 + (sq % WIDTH)) + String(Math.floor(sq / WIDTH) + 1);
}

/**
 * Jocly move → Caravan UCI text. Jocly's 1-square castle carries the rook square in `cg`, which is
 * exactly Caravan's king-onto-own-rook spelling; longer castles are plain king moves of 2–4 files
 * in both programs. `pr` is also set on plain pawn steps (type changes), so only Q/W count.
 */
export function joclyMoveToUci(m: JoclyMove): string {
  const to = m.cg !== undefined ? m.cg : m.t;
  const promo = m.pr !== undefined ? (PROMO_LETTER.get(m.pr) ?? '') : '';
  // A pawn type change is not a promotion; a promotion only happens on the last rank.
  const lastRank = Math.floor(m.t / WIDTH) === 0 || Math.floor(m.t / WIDTH) === HEIGHT - 1;
  return squareText(m.f) + squareText(to) + (lastRank ? promo : '');
}

/**
 * A Caravan FEN → Jocly's initial-position record. Jocly's own FEN import reads each digit of a
 * run separately ("11" as 1+1) and gives every pawn one type, so the wrapper builds the record
 * itself. Castling rights become "unmoved" flags on king and rook (Jocly's rights are implicit).
 */
export function joclyInitialFromFen(fen: string): JoclyInitial {
  const [placement = '', side = 'w', castling = '-', ep = '-', halfmove = '0'] = fen.trim().split(/\s+/);
  const rows = placement.split('/');
  if (rows.length !== HEIGHT) throw new Error(`FEN has ${rows.length} ranks, Wildebeest has ${HEIGHT}`);
  const board = new Map<number, string>();
  rows.forEach((row, i) => {
    const rank = HEIGHT - 1 - i;
    let file = 0;
    for (const tok of row.match(/\d+|[a-zA-Z]/g) ?? []) {
      if (/^\d/.test(tok)) file += Number(tok);
      else board.set(rank * WIDTH + file++, tok);
    }
    if (file !== WIDTH) throw new Error(`FEN rank ${rank + 1} has ${file} files, Wildebeest has ${WIDTH}`);
  });
  const rights = new Set(castling === '-' ? [] : castling.split(''));
  // Rook squares that keep a castling right (K/k = rook on file k, Q/q = rook on file a).
  const castleRooks = new Set<number>();
  if (rights.has('K')) castleRooks.add(WIDTH - 1);
  if (rights.has('Q')) castleRooks.add(0);
  if (rights.has('k')) castleRooks.add((HEIGHT - 1) * WIDTH + WIDTH - 1);
  if (rights.has('q')) castleRooks.add((HEIGHT - 1) * WIDTH);
  const pieces: JoclyPieceInit[] = [];
  for (const [p, letter] of board) {
    const s: 1 | -1 = letter === letter.toUpperCase() ? 1 : -1;
    const upper = letter.toUpperCase();
    const rank = Math.floor(p / WIDTH);
    // Ranks counted from the owner's side: 0 = back rank.
    const ownRank = s === 1 ? rank : HEIGHT - 1 - rank;
    let t: number;
    let m: boolean;
    if (upper === 'P') {
      const types = s === 1 ? PAWN.white : PAWN.black;
      // The step range depends on the rank (RULES.md §1), as Jocly's pawn types do.
      t = ownRank === 1 ? types.triple : ownRank === 2 ? types.double : types.normal;
      m = ownRank !== 1;
    } else if (upper in TYPE) {
      t = TYPE[upper as keyof typeof TYPE];
      if (upper === 'K') {
        m = !(s === 1 ? rights.has('K') || rights.has('Q') : rights.has('k') || rights.has('q'));
      } else if (upper === 'R') {
        m = !castleRooks.has(p);
      } else {
        // Only used by Jocly's evaluation ("minor pieces moved"): on the back rank counts as home.
        m = ownRank !== 0;
      }
    } else {
      throw new Error(`piece '${letter}' is not a Wildebeest piece`);
    }
    pieces.push({ s, t, p, m });
  }
  const turn: 1 | -1 = side === 'b' ? -1 : 1;
  // Jocly takes one e.p. square and the pawn directly beyond it; Caravan lists every passed square
  // that can be taken on. Keep the one next to the pawn that just moved, if it is listed.
  let enPassant: string | null = null;
  for (const sq of ep === '-' ? [] : (ep.match(/[a-z]\d{1,2}/g) ?? [])) {
    const file = sq.charCodeAt(0) - 97;
    const rank = Number(sq.slice(1)) - 1;
    const pawnSq = (rank - turn) * WIDTH + file;
    if (board.get(pawnSq) === (turn === 1 ? 'p' : 'P')) enPassant = sq;
  }
  return { pieces, turn, enPassant, noCaptCount: Number(halfmove) || 0 };
}

/** Jocly's board FEN placement, in Caravan's letters (Jocly's camel is M) and digits. */
function joclyPlacement(joclyFen: string): string {
  return (joclyFen.split(' ')[0] ?? '').replace(/m/g, 'c').replace(/M/g, 'C');
}

function placementOf(fen: string): string {
  return fen.split(' ')[0] ?? '';
}

interface Options {
  level: string;
  overheadMs: number;
}

class JoclyPeer {
  private match!: JoclyMatch;
  private levels: JoclyLevel[] = [];
  readonly options: Options = { level: 'strong', overheadMs: 100 };
  private variantOk = true;
  /** What Jocly's board currently reflects: the start FEN and the UCI moves played from it. */
  private syncedStart: string | undefined;
  private syncedMoves: string[] = [];
  /** Caravan's game for the last `position` command (undefined if that command failed). */
  private game: Game | undefined;
  private pendingInit: JoclyInitial | undefined;
  searching = false;

  constructor(private readonly out: (line: string) => void) {}

  async init(): Promise<void> {
    const require = createRequire(import.meta.url);
    const jocly = require('jocly') as JoclyModule;
    this.match = await jocly.createMatch('wildebeest-chess');
    this.levels = (await this.match.getConfig()).model.levels;
    // Jocly 0.9.13 bug: its table of long castles has black's king-side entries one square off
    // (keys g10/h10/i10 instead of h10/i10/j10), so black's 4-square castle f10–j10, which its
    // move generator offers, throws in ApplyMove (during replay and inside its own search).
    // Add the missing j10 entry (king j10, rook k10 → i10); the other entries are right.
    const table = this.match.game.wbExtraCastleRook;
    if (table && table[108] === undefined) table[108] = { r0: 109, r: 107 };
    // Jocly's Load calls Import for an initial board; answer with the record built from Caravan's
    // FEN (see joclyInitialFromFen for why Jocly's own import cannot be used).
    this.match.game.Import = () => {
      if (!this.pendingInit) return { status: false };
      return { status: true, initial: this.pendingInit };
    };
  }

  get levelNames(): string[] {
    return this.levels.map((l) => l.name);
  }

  private error(text: string): void {
    this.out(`info string error ${text}`);
  }

  setVariant(name: string): void {
    this.variantOk = name.toLowerCase() === 'wildebeest';
    if (!this.variantOk) this.error(`variant '${name}' is not supported (only wildebeest)`);
  }

  newGame(): void {
    this.syncedStart = undefined;
    this.syncedMoves = [];
  }

  private async loadJocly(fen: string): Promise<void> {
    this.pendingInit = joclyInitialFromFen(fen);
    await this.match.load({ initialBoard: fen, playedMoves: [] });
    this.pendingInit = undefined;
  }

  /** Play one UCI move on Jocly's board; false if Jocly has no such legal move. */
  private async applyToJocly(uci: string): Promise<boolean> {
    this.match.game.mBoard.mMoves = []; // make Jocly generate the moves of the current position
    const moves = await this.match.getPossibleMoves();
    const jm = moves.find((m) => joclyMoveToUci(m) === uci);
    if (!jm) return false;
    await this.match.applyMove(jm);
    return true;
  }

  async position(args: string): Promise<void> {
    this.game = undefined;
    if (!this.variantOk) return this.error('position ignored: the variant is not wildebeest');
    const m = /^(startpos|fen\s+(.+?))(?:\s+moves\s+(.*))?$/.exec(args.trim());
    if (!m) return this.error(`cannot read 'position ${args}'`);
    const created = Game.create('wildebeest', m[2]);
    if (!created.ok) return this.error(`bad FEN: ${created.error.message}`);
    const game = created.value;
    const startFen = game.fen();
    const moves = (m[3] ?? '').trim().split(/\s+/).filter(Boolean);

    // Continue from Jocly's current board if it is a prefix of this game, else start over.
    const prefix =
      this.syncedStart === startFen &&
      this.syncedMoves.length <= moves.length &&
      this.syncedMoves.every((mv, i) => moves[i] === mv);
    if (!prefix) {
      await this.loadJocly(startFen);
      this.syncedStart = startFen;
      this.syncedMoves = [];
    }
    for (const [i, text] of moves.entries()) {
      const mv = parseUciMove(game.position, text);
      if (!mv.ok) return this.error(`move ${i + 1} '${text}': ${mv.error.message}`);
      const played = game.play(mv.value);
      if (!played.ok) return this.error(`move ${i + 1} '${text}': ${played.error.message}`);
      if (i < this.syncedMoves.length) continue; // already on Jocly's board
      const fen = game.fen();
      let resync = false;
      try {
        resync = !(await this.applyToJocly(text));
        if (resync) this.out(`info string jocly cannot replay ${text}; reloading it from the FEN ${fen}`);
      } catch (e) {
        resync = true;
        const why = e instanceof Error ? e.message : String(e);
        this.out(`info string jocly failed on ${text} (${why}); reloading it from the FEN ${fen}`);
      }
      if (!resync && joclyPlacement(await this.match.getBoardState()) !== placementOf(fen)) {
        resync = true;
        this.out(`info string jocly's board differs after ${text}; reloading it from the FEN ${fen}`);
      }
      // Reloading loses Jocly's repetition history, not its position: it is Caravan's.
      if (resync) await this.loadJocly(fen);
      this.syncedMoves.push(text);
    }
    this.game = game;
  }

  /** Seconds Jocly may think: the level's own limit, lowered to a share of the clock. */
  private thinkSeconds(go: string, level: JoclyLevel): number | undefined {
    const num = (key: string): number | undefined => {
      const r = new RegExp(`\\b${key}\\s+(\\d+)`).exec(go);
      return r ? Number(r[1]) : undefined;
    };
    const white = this.game?.position.turn === 0;
    const time = num(white ? 'wtime' : 'btime');
    const inc = num(white ? 'winc' : 'binc') ?? 0;
    const movetime = num('movetime');
    let ms: number | undefined;
    if (movetime !== undefined) ms = movetime - this.options.overheadMs;
    else if (time !== undefined) {
      const movesToGo = num('movestogo') ?? 30;
      ms = Math.min(time / movesToGo + inc * 0.75, time * 0.5) - this.options.overheadMs;
    }
    if (ms === undefined) return level.maxDuration;
    // Jocly's UCT search may come back empty-handed with much less than a tenth of a second.
    const s = Math.max(0.1, ms / 1000);
    return level.maxDuration === undefined ? s : Math.min(level.maxDuration, s);
  }

  async go(args: string): Promise<void> {
    const game = this.game;
    if (!game) {
      this.error('go without a usable position');
      this.out('bestmove (none)');
      return;
    }
    if (game.legalMoves().length === 0) {
      this.out('bestmove (none)');
      return;
    }
    const base = this.levels.find((l) => l.name === this.options.level) ?? this.levels[this.levels.length - 1];
    if (!base) throw new Error('jocly offers no AI level');
    const level: JoclyLevel = { ...base };
    const seconds = this.thinkSeconds(args, level);
    if (seconds !== undefined) level.maxDuration = seconds;
    const started = Date.now();
    this.searching = true;
    let result: { move?: JoclyMove };
    try {
      result = await this.match.machineSearch({ level });
    } finally {
      this.searching = false;
    }
    const ms = Date.now() - started;
    if (!result.move) {
      this.error(`jocly returned no move in ${makeFen(game.position)}`);
      this.out('bestmove (none)');
      return;
    }
    const text = joclyMoveToUci(result.move);
    const checked = parseUciMove(game.position, text);
    if (!checked.ok) {
      this.error(`jocly's move ${text} is not legal in ${makeFen(game.position)}: ${checked.error.message}`);
      this.out('bestmove (none)');
      return;
    }
    this.out(`info string jocly level ${level.name} ${ms} ms (limit ${level.maxDuration ?? '-'} s)`);
    this.out(`bestmove ${text}`);
  }
}

async function main(): Promise<void> {
  const out = (line: string): void => {
    process.stdout.write(`${line}\n`);
  };
  const peer = new JoclyPeer(out);
  await peer.init();
  // Commands run one after another (a `go` holds back the next `position`, as in any UCI engine),
  // but `isready` and `quit` are answered at once even during a search.
  let chain: Promise<void> = Promise.resolve();
  const later = (task: () => Promise<void> | void): void => {
    chain = chain.then(task).catch((e: unknown) => {
      out(`info string error ${e instanceof Error ? e.message : String(e)}`);
    });
  };
  const rl = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  for await (const raw of rl) {
    const line = raw.trim();
    const [cmd = '', ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    switch (cmd) {
      case '':
        break;
      case 'uci':
        out('id name Jocly 0.9.13');
        out('id author Michel Gutierrez (Jocly); UCI wrapper by Caravan');
        out('option name UCI_Variant type combo default wildebeest var wildebeest');
        out(`option name Level type combo default strong${peer.levelNames.map((n) => ` var ${n}`).join('')}`);
        out('option name Move Overhead type spin default 100 min 0 max 5000');
        out('uciok');
        break;
      case 'isready':
        // During a search, answer now (UCI requires it); otherwise after the queued commands.
        if (peer.searching) out('readyok');
        else later(() => out('readyok'));
        break;
      case 'setoption': {
        const m = /^name\s+(.+?)(?:\s+value\s+(.*))?$/.exec(args);
        const name = m?.[1]?.toLowerCase();
        const value = (m?.[2] ?? '').trim();
        if (name === 'uci_variant') later(() => peer.setVariant(value));
        else if (name === 'level') {
          if (peer.levelNames.includes(value.toLowerCase())) peer.options.level = value.toLowerCase();
          else out(`info string error unknown Level '${value}' (${peer.levelNames.join(', ')})`);
        } else if (name === 'move overhead' && /^\d+$/.test(value)) peer.options.overheadMs = Number(value);
        else out(`info string error unknown option '${args}'`);
        break;
      }
      case 'ucinewgame':
        later(() => peer.newGame());
        break;
      case 'position':
        later(() => peer.position(args));
        break;
      case 'go':
        later(() => peer.go(args));
        break;
      case 'stop':
      case 'ponderhit':
        break; // a Jocly search cannot be interrupted; its answer comes when its time is up
      case 'quit':
        process.exit(0);
        break;
      default:
        out(`info string error unknown command '${line}'`);
    }
  }
  // End of input (piped commands): finish what was asked, then leave.
  await chain;
  process.exit(0);
}

// Run only as a program (tests may import the move/FEN translators).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e: unknown) => {
    process.stderr.write(`jocly-uci: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  });
}
