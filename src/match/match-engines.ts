/**
 * The match tool's view of an engine: start it, set a variant, ask for a move in a position,
 * close it. One implementation per protocol (UCI, XBoard), both over EngineProcess.
 */

import { fromXboardSquares, isXboardBuiltin, toXboardSquares, xboardVariantName } from '../protocol/xboard-variants.js';
import type { VariantDefinition } from '../variants/schema.js';
import { EngineProcess, EngineTimeout } from './engine-process.js';

export type Protocol = 'uci' | 'xboard';

export interface EngineSpec {
  readonly command: string;
  readonly protocol: Protocol;
  /** Display name (default: the name the engine gives itself). */
  readonly name?: string;
  /** Engine options as name → value (UCI `setoption`, XBoard `option NAME=VALUE`). */
  readonly options: ReadonlyArray<readonly [string, string]>;
  /** The engine's name for the variant (default: Caravan's id for UCI, the xboard-mode name for XBoard). */
  readonly variantName?: string;
  readonly depth?: number;
  readonly nodes?: number;
  /** Fixed milliseconds per move. */
  readonly movetime?: number;
}

export interface Clocks {
  readonly wtime: number;
  readonly btime: number;
  readonly winc: number;
  readonly binc: number;
}

export interface ThinkRequest {
  /** FEN the game started from, or undefined for the variant's start position. */
  readonly startFen: string | undefined;
  /** Every move so far, in Caravan UCI text. */
  readonly moves: readonly string[];
  /** Side to move (0 White, 1 Black). */
  readonly turn: number;
  /** Clocks when the game has a time control. */
  readonly clocks: Clocks | undefined;
  /** Give up waiting after this many milliseconds. */
  readonly timeoutMs: number;
}

export interface ThinkResult {
  /** The move in Caravan UCI text; undefined when the engine says it has none. */
  readonly move: string | undefined;
  /** The engine resigned (XBoard `resign`). */
  readonly resigned?: boolean;
  /** Last reported score from the engine's point of view (centipawns, or "mate n"). */
  readonly score?: string;
  readonly depth?: number;
}

export interface MatchEngine {
  readonly spec: EngineSpec;
  /** The engine's own name (after start()). */
  readonly engineName: string;
  start(): Promise<void>;
  newGame(def: VariantDefinition, tc: { baseMs: number; incMs: number } | undefined): Promise<void>;
  think(req: ThinkRequest): Promise<ThinkResult>;
  /** True once the process has died. */
  readonly dead: boolean;
  close(): Promise<void>;
}

const HANDSHAKE_MS = 30_000;

export function createMatchEngine(spec: EngineSpec, log?: (line: string) => void): MatchEngine {
  return spec.protocol === 'xboard' ? new XboardMatchEngine(spec, log) : new UciMatchEngine(spec, log);
}

/** Parse a UCI `info` line's depth and score. */
function parseInfo(line: string): { depth?: number; score?: string } {
  const depth = /\bdepth (\d+)/.exec(line);
  const score = /\bscore (cp|mate) (-?\d+)/.exec(line);
  return {
    depth: depth ? Number(depth[1]) : undefined,
    score: score ? (score[1] === 'cp' ? score[2] : `mate ${score[2]}`) : undefined,
  };
}

/** What both protocols' engines share: the spawned process and its life. */
abstract class ProcessEngine {
  protected proc: EngineProcess | undefined;
  engineName = '';

  constructor(
    readonly spec: EngineSpec,
    protected readonly log?: (line: string) => void,
  ) {}

  get dead(): boolean {
    return !this.proc || this.proc.exited;
  }

  protected get p(): EngineProcess {
    if (!this.proc) throw new Error('engine not started');
    return this.proc;
  }

  protected spawn(): void {
    this.proc = new EngineProcess(this.spec.command, this.log);
  }

  async close(): Promise<void> {
    await this.proc?.close('quit');
  }
}

class UciMatchEngine extends ProcessEngine implements MatchEngine {
  private variants: string[] | undefined;

  async start(): Promise<void> {
    this.spawn();
    const names: string[] = [];
    this.p.onLine = (line) => {
      const id = /^id name (.+)$/.exec(line);
      if (id) names.push((id[1] as string).trim());
      const variant = /^option name UCI_Variant type combo .*$/.exec(line);
      if (variant) this.variants = [...line.matchAll(/\bvar (\S+)/g)].map((m) => m[1] as string);
    };
    this.p.send('uci');
    await this.p.waitFor((l) => l.trim() === 'uciok', HANDSHAKE_MS);
    this.p.onLine = undefined;
    this.engineName = names[0] ?? this.spec.command;
    for (const [name, value] of this.spec.options) this.p.send(`setoption name ${name} value ${value}`);
    await this.ready();
  }

  private async ready(): Promise<void> {
    this.p.send('isready');
    await this.p.waitFor((l) => l.trim() === 'readyok', HANDSHAKE_MS);
  }

  async newGame(def: VariantDefinition): Promise<void> {
    const name = this.spec.variantName ?? def.id;
    if (this.variants && !this.variants.includes(name)) {
      throw new Error(
        `engine '${this.engineName}' does not offer UCI_Variant ${name} (it offers: ${this.variants.join(', ')})`,
      );
    }
    // Orthodox chess (XBoard's built-in `normal`) is what an engine without UCI_Variant plays.
    if (this.variants || !isXboardBuiltin(def)) this.p.send(`setoption name UCI_Variant value ${name}`);
    this.p.send('ucinewgame');
    await this.ready();
  }

  async think(req: ThinkRequest): Promise<ThinkResult> {
    const pos = req.startFen === undefined ? 'position startpos' : `position fen ${req.startFen}`;
    this.p.send(req.moves.length ? `${pos} moves ${req.moves.join(' ')}` : pos);
    const go = ['go'];
    if (this.spec.depth !== undefined) go.push(`depth ${this.spec.depth}`);
    if (this.spec.nodes !== undefined) go.push(`nodes ${this.spec.nodes}`);
    if (this.spec.movetime !== undefined) go.push(`movetime ${this.spec.movetime}`);
    if (req.clocks) {
      const c = req.clocks;
      go.push(`wtime ${Math.max(0, Math.round(c.wtime))} btime ${Math.max(0, Math.round(c.btime))}`);
      go.push(`winc ${c.winc} binc ${c.binc}`);
    }
    let last: { depth?: number; score?: string } = {};
    this.p.onLine = (line) => {
      if (line.startsWith('info ') && / score /.test(line)) last = parseInfo(line);
    };
    this.p.send(go.join(' '));
    try {
      const line = await this.p.waitFor((l) => /^bestmove\b/.test(l.trim()), req.timeoutMs);
      const move = line.trim().split(/\s+/)[1];
      return {
        move: move === undefined || move === '(none)' || move === '0000' ? undefined : move,
        score: last.score,
        depth: last.depth,
      };
    } catch (e) {
      if (e instanceof EngineTimeout) this.p.kill();
      throw e;
    } finally {
      if (this.proc) this.proc.onLine = undefined;
    }
  }
}

/** Split an XBoard `feature` line into key/value pairs (values may be quoted). */
export function parseFeatures(line: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const re = /(\w+)=("([^"]*)"|\S+)/g;
  for (const m of line.slice('feature'.length).matchAll(re)) out.push([m[1] as string, m[3] ?? (m[2] as string)]);
  return out;
}

class XboardMatchEngine extends ProcessEngine implements MatchEngine {
  private features = new Map<string, string>();
  private def: VariantDefinition | undefined;
  /** Moves the engine already knows in the current game. */
  private synced = 0;
  private pingId = 0;

  async start(): Promise<void> {
    this.spawn();
    let done = false;
    let resolveDone: () => void = () => {};
    const doneSeen = new Promise<void>((r) => {
      resolveDone = r;
    });
    this.p.onLine = (line) => {
      if (!line.startsWith('feature ')) return;
      for (const [k, v] of parseFeatures(line)) {
        this.features.set(k, v);
        if (k !== 'done') this.p.send(`accepted ${k}`);
        if (k === 'done' && v === '1') {
          done = true;
          resolveDone();
        }
      }
    };
    this.p.send('xboard');
    this.p.send('protover 2');
    // Protocol: wait for done=1, or two seconds when the engine sends no done feature.
    await Promise.race([doneSeen, new Promise((r) => setTimeout(r, done ? 0 : 2000))]);
    if (!done && this.features.get('done') === '0')
      await Promise.race([doneSeen, new Promise((r) => setTimeout(r, HANDSHAKE_MS))]);
    this.p.onLine = undefined;
    this.engineName = this.features.get('myname') ?? this.spec.command;
    for (const [name, value] of this.spec.options) this.p.send(`option ${name}=${value}`);
  }

  private async sync(): Promise<string[]> {
    if (this.features.get('ping') !== '1') return [];
    const id = ++this.pingId;
    const seen: string[] = [];
    this.p.onLine = (line) => seen.push(line);
    this.p.send(`ping ${id}`);
    try {
      await this.p.waitFor((l) => l.trim() === `pong ${id}`, HANDSHAKE_MS);
    } finally {
      this.p.onLine = undefined;
    }
    return seen;
  }

  async newGame(def: VariantDefinition, tc: { baseMs: number; incMs: number } | undefined): Promise<void> {
    this.def = def;
    const name = this.spec.variantName ?? xboardVariantName(def);
    const offered = this.features.get('variants');
    if (name !== 'normal' && offered !== undefined && !offered.split(',').includes(name)) {
      throw new Error(`engine '${this.engineName}' does not offer variant ${name} (it offers: ${offered})`);
    }
    this.p.send('new');
    if (name !== 'normal') this.p.send(`variant ${name}`);
    this.p.send('force');
    this.p.send('post');
    this.p.send('easy');
    if (this.spec.movetime !== undefined) this.p.send(`st ${this.spec.movetime / 1000}`);
    else if (tc) {
      const secs = Math.round(tc.baseMs / 1000);
      this.p.send(`level 0 ${Math.floor(secs / 60)}:${String(secs % 60).padStart(2, '0')} ${tc.incMs / 1000}`);
    } else this.p.send('st 100000');
    if (this.spec.depth !== undefined) this.p.send(`sd ${this.spec.depth}`);
    if (this.spec.nodes !== undefined) throw new Error('a node limit cannot be given to an XBoard engine');
    this.synced = -1; // position not yet sent
    await this.sync();
  }

  async think(req: ThinkRequest): Promise<ThinkResult> {
    const def = this.def as VariantDefinition;
    if (this.synced < 0) {
      if (req.startFen !== undefined) {
        if (this.features.get('setboard') !== '1')
          throw new Error(`engine '${this.engineName}' cannot take a FEN (no setboard feature)`);
        this.p.send(`setboard ${req.startFen}`);
      }
      this.synced = 0;
    }
    const prefix = this.features.get('usermove') === '1' ? 'usermove ' : '';
    const sent = req.moves.slice(this.synced);
    for (const m of sent) this.p.send(`${prefix}${toXboardSquares(def, m)}`);
    this.synced = req.moves.length;
    const replies = await this.sync();
    const rejected = replies.find((l) => /^(Illegal move|Error)/.test(l));
    if (rejected) throw new Error(`engine '${this.engineName}' rejected the game's moves: ${rejected}`);
    if (req.clocks) {
      const white = req.turn === 0;
      const own = white ? req.clocks.wtime : req.clocks.btime;
      const opp = white ? req.clocks.btime : req.clocks.wtime;
      this.p.send(`time ${Math.max(0, Math.round(own / 10))}`);
      this.p.send(`otim ${Math.max(0, Math.round(opp / 10))}`);
    }
    let last: { depth?: number; score?: string } = {};
    this.p.onLine = (line) => {
      const t = /^\s*(\d+)\s+(-?\d+)\s+\d+\s+\d+/.exec(line);
      if (t) {
        const s = Number(t[2]);
        last = {
          depth: Number(t[1]),
          score: Math.abs(s) >= 100000 ? `mate ${s > 0 ? s - 100000 : s + 100000}` : String(s),
        };
      }
    };
    this.p.send('go');
    try {
      // A move ending in ',' is the first leg of a two-leg move (Caravan sends a Wildebeest
      // one-square castle as `move f0k0,` + `move k0g0` so XBoard's board follows): wait for
      // the last leg. Its first leg, king onto rook, is the castle's own UCI-style text.
      let firstLeg: string | undefined;
      const line = await this.p.waitFor((l) => {
        const s = l.trim();
        if (s === 'resign') return true;
        if (!/^move\s/.test(s)) return false;
        const legText = s.split(/\s+/)[1] ?? '';
        if (firstLeg === undefined) firstLeg = legText;
        return !legText.endsWith(',');
      }, req.timeoutMs);
      this.p.send('force');
      if (line.trim() === 'resign') return { move: undefined, resigned: true, ...last };
      const text = (firstLeg ?? '').replace(/,$/, '');
      const move = fromXboardSquares(def, text) ?? text;
      this.synced++;
      return { move, ...last };
    } catch (e) {
      if (e instanceof EngineTimeout) this.p.kill();
      throw e;
    } finally {
      if (this.proc) this.proc.onLine = undefined;
    }
  }
}
