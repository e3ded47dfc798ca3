/**
 * The match arbiter: plays games between two engine processes with Caravan's rules as the
 * judge. Colours alternate; each opening is played twice, once with each engine as White.
 * Clocks run on wall time (base + increment; the engine whose clock runs out loses, after a
 * small tolerance for process latency). An illegal move, a crash, no answer, `bestmove (none)`
 * while moves exist, or a resignation lose the game; everything else — mate, stalemate, bare
 * king, marriage, repetition, the 50-move rule, dead positions — is decided by Game.outcome().
 * With `voidIllegal` an illegal move voids the game instead (result `*`, not scored): against a
 * peer whose rules differ from Caravan's, such a move says the peer lost track of the game, not
 * that it lost it (Fairy-Stockfish's Wildebeest sections each know one castling distance).
 */

import { Game } from '../core/game.js';
import { outcomeText, resultToken } from '../notation/outcome-text.js';
import { pgnClock, writePgn } from '../notation/pgn.js';
import { parseUciMove } from '../notation/uci.js';
import type { VariantDefinition } from '../variants/schema.js';
import { eloLine, type Score, type SprtSpec, type SprtState, scoreLine, sprt, sprtLine } from './elo.js';
import { EngineExited, EngineTimeout } from './engine-process.js';
import { createMatchEngine, type EngineSpec, type MatchEngine } from './match-engines.js';
import type { Opening } from './openings.js';
import { OPENINGS_TAG, openingOf } from './resume.js';

export interface TimeControlSpec {
  readonly baseMs: number;
  readonly incMs: number;
}

export interface MatchConfig {
  readonly variant: VariantDefinition;
  readonly engines: readonly [EngineSpec, EngineSpec];
  readonly games: number;
  /** Undefined: no clock (engines need depth/nodes/movetime limits). */
  readonly tc: TimeControlSpec | undefined;
  readonly openings: readonly Opening[];
  /** Where the openings come from (openings.ts), written to every game for a later resume. */
  readonly openingsSource: string;
  readonly concurrency: number;
  /** Clock tolerance before a flag counts (process and pipe latency). */
  readonly marginMs: number;
  /** Longest wait for a move when there is no clock. */
  readonly moveTimeoutMs: number;
  readonly event?: string;
  /** Progress lines (running score, results). */
  readonly report: (line: string) => void;
  /** Engine traffic, for debugging. */
  readonly log?: (line: string) => void;
  /** Called with the PGN of all finished games (in game order) after each game. */
  readonly onPgn?: (pgn: string) => void;
  /**
   * Games of this match already played (resume.ts `readFinishedGames`), with the engines' display
   * names as those games have them: they count in the score and only the other games are played.
   */
  readonly resume?: { readonly records: readonly GameRecord[]; readonly names: readonly [string, string] | undefined };
  /** Aborting stops the match: engines are closed, the unfinished games are dropped. */
  readonly signal?: AbortSignal;
  /**
   * Stop starting games once this SPRT accepts a hypothesis (games already under way finish and
   * count); the state is reported after every game.
   */
  readonly sprt?: SprtSpec;
  /**
   * A move that is illegal under Caravan's rules voids the game (result `*`, Termination
   * `void: …`, not scored) instead of losing it.
   */
  readonly voidIllegal?: boolean;
}

export type Termination = 'normal' | 'time forfeit' | 'rules infraction' | 'abandoned' | 'void';

export interface GameRecord {
  readonly index: number;
  /** Index (0/1) of the engine playing White. */
  readonly white: number;
  readonly game: Game;
  /** `*`: a void game (MatchConfig.voidIllegal), not scored. */
  readonly result: '1-0' | '0-1' | '1/2-1/2' | '*';
  readonly reason: string;
  readonly termination: Termination;
  readonly pgn: string;
}

export interface MatchResult {
  readonly names: readonly [string, string];
  /** From the first engine's point of view. */
  readonly score: Score;
  readonly games: readonly GameRecord[];
  /** The signal stopped the match before every game was played. */
  readonly stopped: boolean;
  /** The SPRT's state at the end (when the match ran one). */
  readonly sprt?: SprtState;
}

interface Slot {
  /** 1-based: which of the concurrent games this slot plays, named in the log. */
  readonly number: number;
  engines: [MatchEngine | undefined, MatchEngine | undefined];
}

class GameAborted extends Error {}
/** The match was stopped while a game was being set up. */
class MatchStopped extends Error {}

function today(): string {
  const d = new Date();
  return `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, '0')}.${String(d.getDate()).padStart(2, '0')}`;
}

export function tcTag(tc: TimeControlSpec | undefined): string {
  if (!tc) return '-';
  return `${tc.baseMs / 1000}+${tc.incMs / 1000}`;
}

export async function runMatch(config: MatchConfig): Promise<MatchResult> {
  if (config.openings.length === 0) throw new Error('no openings');
  const t0 = performance.now();
  const names: [string, string] = ['', ''];
  const score = { wins: 0, losses: 0, draws: 0 };
  const records: Array<GameRecord | undefined> = new Array(config.games);
  for (const r of config.resume?.records ?? []) {
    records[r.index] = r;
    addToScore(score, r);
  }
  // Game indices still to play, in order: each keeps the opening and colours of its index.
  const todo = Array.from({ length: config.games }, (_, i) => i).filter((i) => records[i] === undefined);
  let failed = false;
  let stopped = false;
  // The SPRT has accepted a hypothesis (possibly with the resumed games alone): no new game starts.
  let decided = config.sprt !== undefined && sprt(score, config.sprt).decision !== undefined;
  const slots: Slot[] = [];
  const stop = (): void => {
    stopped = true;
    for (const slot of slots) for (const e of slot.engines) e?.close().catch(() => {});
  };
  if (config.signal?.aborted) stopped = true;
  config.signal?.addEventListener('abort', stop, { once: true });

  const engineFor = async (slot: Slot, i: 0 | 1): Promise<MatchEngine> => {
    if (stopped) throw new MatchStopped();
    const cur = slot.engines[i];
    if (cur && !cur.dead) return cur;
    if (cur) await cur.close().catch(() => {});
    const log = config.log;
    const e = createMatchEngine(
      config.engines[i],
      log
        ? (line) => log(`${(performance.now() - t0).toFixed(0).padStart(7)} ${slot.number}.${i + 1}${line}`)
        : undefined,
    );
    slot.engines[i] = e;
    await e.start();
    if (stopped) {
      await e.close().catch(() => {});
      throw new MatchStopped();
    }
    if (!names[i]) names[i] = config.engines[i].name ?? e.engineName;
    return e;
  };

  const displayNames = (): [string, string] => {
    const [a, b] = names;
    if (a !== b) return [a, b];
    return [`${a} #1`, `${b} #2`];
  };

  const playOne = async (slot: Slot, index: number): Promise<GameRecord> => {
    const opening = openingOf(config.openings, index);
    const whiteEngine = index % 2; // game 0: engine 0 is White
    const created = Game.create(config.variant, opening.fen);
    if (!created.ok) throw new Error(`bad opening FEN: ${created.error.message}`);
    const game = created.value;
    const texts: string[] = [];
    for (const t of opening.moves) {
      const m = parseUciMove(game.position, t);
      if (!m.ok || !game.play(m.value).ok) throw new Error(`bad opening move ${t}`);
      texts.push(t);
    }
    const startFen = opening.fen;
    const engines: [MatchEngine, MatchEngine] = [await engineFor(slot, 0), await engineFor(slot, 1)];
    const clocks = [config.tc?.baseMs ?? 0, config.tc?.baseMs ?? 0];
    // Each engine move's clock after it (with the increment), for the PGN: where the time went.
    const clockComments: (string | undefined)[] = texts.map(() => undefined);
    let result: GameRecord['result'] | undefined;
    let reason = '';
    let termination: Termination = 'normal';
    const lose = (side: number, why: string, how: Termination): void => {
      result = side === 0 ? '0-1' : '1-0';
      reason = why;
      termination = how;
    };
    for (const k of [0, 1] as const) {
      try {
        await (engines[k] as MatchEngine).newGame(config.variant, config.tc);
      } catch (e) {
        // A crash or hang while setting up the game loses it; anything else (say, an unsupported
        // variant) is a configuration error that stops the match.
        if (!(e instanceof EngineExited || e instanceof EngineTimeout)) throw e;
        await (engines[k] as MatchEngine).close().catch(() => {});
        const side = k === whiteEngine ? 0 : 1;
        if (result === undefined)
          lose(side, `${side === 0 ? 'White' : 'Black'}'s engine failed to start the game: ${e.message}`, 'abandoned');
      }
    }
    while (result === undefined) {
      const over = game.outcome();
      if (over) {
        result = resultToken(over);
        reason = outcomeText(game.variant, over);
        break;
      }
      const side = game.position.turn;
      const engineIndex = side === 0 ? whiteEngine : 1 - whiteEngine;
      const engine = engines[engineIndex] as MatchEngine;
      const color = side === 0 ? 'White' : 'Black';
      const timeoutMs = config.tc ? (clocks[side] as number) + config.marginMs : config.moveTimeoutMs;
      const started = performance.now();
      let move: string | undefined;
      try {
        const r = await engine.think({
          startFen,
          moves: texts,
          turn: side,
          clocks: config.tc
            ? { wtime: clocks[0] as number, btime: clocks[1] as number, winc: config.tc.incMs, binc: config.tc.incMs }
            : undefined,
          timeoutMs,
        });
        if (r.resigned) {
          lose(side, `${color} resigns`, 'normal');
          break;
        }
        move = r.move;
      } catch (e) {
        if (e instanceof EngineTimeout) {
          if (config.tc) lose(side, `${color} loses on time`, 'time forfeit');
          else lose(side, `${color} did not answer within ${config.moveTimeoutMs} ms`, 'abandoned');
        } else if (e instanceof EngineExited)
          lose(side, `${color}'s engine crashed: ${(e as Error).message}`, 'abandoned');
        else lose(side, `${color}'s engine failed: ${(e as Error).message}`, 'abandoned');
        break;
      }
      const elapsed = performance.now() - started;
      if (config.tc) {
        clocks[side] = (clocks[side] as number) - elapsed;
        if ((clocks[side] as number) < -config.marginMs) {
          lose(side, `${color} loses on time`, 'time forfeit');
          break;
        }
        clocks[side] = Math.max(0, clocks[side] as number) + config.tc.incMs;
      }
      if (move === undefined) {
        lose(side, `${color} gave no move in a position with legal moves`, 'rules infraction');
        break;
      }
      const m = parseUciMove(game.position, move);
      if (!m.ok) {
        if (config.voidIllegal) {
          result = '*';
          reason = `${color} played a move illegal under Caravan's rules: ${move}`;
          termination = 'void';
        } else lose(side, `${color} played an illegal move: ${move}`, 'rules infraction');
        break;
      }
      game.play(m.value);
      texts.push(move);
      clockComments.push(config.tc ? `[%clk ${pgnClock(clocks[side] as number, true)}]` : undefined);
    }
    const [nameA, nameB] = displayNames();
    const tags: Record<string, string> = {
      Event: config.event ?? `Caravan match: ${config.variant.name}`,
      Site: 'caravan match',
      Date: today(),
      Round: String(index + 1),
      White: whiteEngine === 0 ? nameA : nameB,
      Black: whiteEngine === 0 ? nameB : nameA,
      Result: result as string,
      TimeControl: tcTag(config.tc),
      PlyCount: String(game.moves.length),
    };
    if (termination !== 'normal' || !game.outcome()) tags.Termination = `${termination}: ${reason}`;
    tags[OPENINGS_TAG] = config.openingsSource;
    return {
      index,
      white: whiteEngine,
      game,
      result: result as GameRecord['result'],
      reason,
      termination,
      pgn: writePgn(game, tags, clockComments),
    };
  };

  const worker = async (slot: Slot): Promise<void> => {
    try {
      for (let index = todo.shift(); index !== undefined && !failed && !stopped && !decided; index = todo.shift()) {
        let rec: GameRecord;
        try {
          rec = await playOne(slot, index);
        } catch (e) {
          if (stopped) break;
          // A failure outside a game's moves (handshake, variant not supported): stop the match.
          failed = true;
          throw new GameAborted(`game ${index + 1}: ${(e as Error).message}`);
        }
        // A game that ended while the match stopped may have ended by the engines' shutdown.
        if (stopped) break;
        records[index] = rec;
        addToScore(score, rec);
        const [a, b] = displayNames();
        const [w, bl] = rec.white === 0 ? [a, b] : [b, a];
        config.report(`Finished game ${index + 1} (${w} vs ${bl}): ${rec.result} {${rec.reason}}`);
        config.report(scoreLine(a, b, score));
        if (config.sprt) {
          const state = sprt(score, config.sprt);
          config.report(sprtLine(state, config.sprt));
          if (state.decision !== undefined) decided = true;
        }
        config.onPgn?.(
          records
            .filter((r): r is GameRecord => r !== undefined)
            .map((r) => r.pgn)
            .join('\n'),
        );
      }
    } finally {
      await Promise.all(slot.engines.map((e) => e?.close().catch(() => {})));
    }
  };

  const n = Math.max(1, Math.min(config.concurrency, todo.length));
  for (let k = 0; k < n; k++) slots.push({ number: k + 1, engines: [undefined, undefined] });
  const resumedNames = config.resume?.names;
  try {
    if (resumedNames) {
      // The finished games must be between these two engines, on the same sides: start them
      // (the names may be their own) before playing anything.
      const first = slots[0] as Slot;
      try {
        await engineFor(first, 0);
        await engineFor(first, 1);
      } catch (e) {
        if (!(e instanceof MatchStopped)) throw e;
      }
      const [a, b] = displayNames();
      if (!stopped && (a !== resumedNames[0] || b !== resumedNames[1])) {
        throw new Error(
          `the PGN's games are ${resumedNames[0]} vs ${resumedNames[1]} (first engine named first), ` +
            `this match is ${a} vs ${b}: not the same match (give the engines' --name as before?)`,
        );
      }
    }
    await Promise.all(slots.map((slot) => worker(slot)));
  } finally {
    config.signal?.removeEventListener('abort', stop);
    await Promise.all(slots.flatMap((slot) => slot.engines.map((e) => e?.close().catch(() => {}))));
  }
  const [a, b] = resumedNames && !names[0] ? resumedNames : displayNames();
  config.report(scoreLine(a, b, score));
  config.report(eloLine(score));
  const voided = records.filter((r) => r?.result === '*').length;
  if (voided > 0) config.report(`Void games (not scored): ${voided}`);
  const state = config.sprt ? sprt(score, config.sprt) : undefined;
  if (state && config.sprt) config.report(sprtLine(state, config.sprt));
  return {
    names: [a, b],
    score,
    games: records.filter((r): r is GameRecord => r !== undefined),
    stopped,
    ...(state ? { sprt: state } : {}),
  };
}

/** Count a game into the score, from the first engine's point of view. */
function addToScore(score: { wins: number; losses: number; draws: number }, rec: GameRecord): void {
  if (rec.result === '*') return;
  if (rec.result === '1/2-1/2') score.draws++;
  else if ((rec.result === '1-0') === (rec.white === 0)) score.wins++;
  else score.losses++;
}
