/**
 * What every player action does to a stored game, as pure functions: (state, action, time) →
 * a change to commit, or a typed refusal. The rules of play come from the library (legal moves,
 * SAN, outcome, dead positions); this module adds clocks, offers and the online ends
 * (resignation, agreement, time, abort, abandonment).
 */

import { CaravanError } from '../core/errors.js';
import { Game } from '../core/game.js';
import { isDeadPosition } from '../core/outcome.js';
import { err, ok, type Result } from '../core/result.js';
import { pgnClock, writePgn } from '../notation/pgn.js';
import { moveToSan } from '../notation/san.js';
import { moveToUci, parseUciMove } from '../notation/uci.js';
import { findVariant, withMarriageMode } from '../variants/index.js';
import type { VariantDefinition } from '../variants/schema.js';
import type { Color, EventRow, GameChange, GameRow, MoveRow, SeatRow, StoredGame } from './store/types.js';

export const DAY_MS = 86_400_000;

/** Why the server refuses something; `code` is stable (docs/online.md lists them). */
export class Refusal {
  constructor(
    readonly code: string,
    readonly message: string,
  ) {}
}

export interface Timing {
  /** Time taken off each real-time move for the network (ms). */
  readonly lagAllowanceMs: number;
  /** How long a player must have been gone before the opponent may claim the win (ms). */
  readonly claimAfterMs: number;
}

export const other = (c: Color): Color => (c === 'white' ? 'black' : 'white');
export const turnOf = (ply: number): Color => (ply % 2 === 0 ? 'white' : 'black');

export function variantOf(row: Pick<GameRow, 'variant' | 'marriage'>): VariantDefinition | undefined {
  const v = findVariant(row.variant);
  if (!v) return undefined;
  return row.marriage && v.end.marriage ? withMarriageMode(v, row.marriage) : v;
}

/** The library game of a stored record (its moves replayed: every one was checked when played). */
export function replay(stored: Pick<StoredGame, 'game' | 'moves'>): Game {
  const v = variantOf(stored.game);
  if (!v) throw new CaravanError('unknown-variant', `stored game has unknown variant ${stored.game.variant}`);
  const r = Game.create(v);
  if (!r.ok) throw r.error;
  const g = r.value;
  for (const m of stored.moves) {
    const mv = parseUciMove(g.position, m.uci);
    if (!mv.ok || !g.play(mv.value).ok) throw new CaravanError('illegal-move', `stored move ${m.uci} does not replay`);
  }
  return g;
}

/** A game in memory: the stored record plus the replayed library game. */
export interface LiveGame {
  readonly row: GameRow;
  readonly seats: readonly SeatRow[];
  readonly moves: readonly MoveRow[];
  readonly game: Game;
}

export function liveGame(stored: StoredGame): LiveGame {
  return { row: stored.game, seats: stored.seats, moves: stored.moves, game: replay(stored) };
}

/** Clocks as of `now`: the side to move's time keeps running (real-time games, from ply 2). */
export function clocksAt(row: GameRow, now: number): { white: number; black: number; running: Color | null } {
  const running = row.status === 'started' && row.tcKind === 'realtime' && row.ply >= 2 ? turnOf(row.ply) : null;
  let white = row.whiteMs;
  let black = row.blackMs;
  if (running && row.turnStartedAt !== null) {
    const used = Math.max(0, now - row.turnStartedAt);
    if (running === 'white') white = Math.max(0, white - used);
    else black = Math.max(0, black - used);
  }
  return { white, black, running };
}

/** When the side to move loses on time (or must have moved by, in correspondence), from `now`. */
function deadlineFor(row: GameRow, ply: number, now: number, timing: Timing): number | null {
  if (row.tcKind === 'correspondence') return now + row.days * DAY_MS;
  if (row.tcKind === 'realtime' && ply >= 2) {
    const left = turnOf(ply) === 'white' ? row.whiteMs : row.blackMs;
    return now + left + timing.lagAllowanceMs;
  }
  return null;
}

interface Built {
  readonly change: GameChange;
  /** Events as sent to clients (seq, type and the fields). */
  readonly events: readonly ClientEvent[];
}

export type ClientEvent = { readonly seq: number; readonly type: string; readonly at: number } & Record<
  string,
  unknown
>;

export function eventFromRow(e: EventRow): ClientEvent {
  return { ...(JSON.parse(e.data) as Record<string, unknown>), seq: e.seq, type: e.type, at: e.at };
}

/** Assemble a change: the new row gets the next event numbers. */
function build(
  live: LiveGame,
  now: number,
  next: Partial<GameRow>,
  events: readonly (Record<string, unknown> & { type: string })[],
  extra: Omit<GameChange, 'game' | 'expectedSeq' | 'events'> = {},
): Built {
  let seq = live.row.seq;
  const rows: EventRow[] = [];
  const client: ClientEvent[] = [];
  for (const { type, ...fields } of events) {
    seq++;
    rows.push({ seq, type, data: JSON.stringify(fields), at: now });
    client.push({ ...fields, seq, type, at: now });
  }
  const game: GameRow = { ...live.row, ...next, seq, updatedAt: now };
  return { change: { game, expectedSeq: live.row.seq, events: rows, ...extra }, events: client };
}

/** The end of a game: the row fields and the event. */
function ending(
  winner: Color | null,
  reason: string,
  aborted = false,
): { row: Partial<GameRow>; event: { type: string } & Record<string, unknown> } {
  const result = aborted ? '*' : winner === 'white' ? '1-0' : winner === 'black' ? '0-1' : '1/2-1/2';
  return {
    row: { status: 'ended', result, reason, deadline: null, drawOffer: null, takebackAsk: null },
    event: { type: 'end', result, winner, reason },
  };
}

function seatColorMoved(ply: number, c: Color): boolean {
  return c === 'white' ? ply >= 1 : ply >= 2;
}

/**
 * Can `winner` still win by some series of legal moves? Not when the position is dead
 * (the variant's dead-position rule), nor with a lone king unless stalemate wins.
 */
export function couldWin(game: Game, winner: Color): boolean {
  const pos = game.position;
  if (isDeadPosition(pos)) return false;
  const side = winner === 'white' ? 0 : 1;
  if (pos.menCount(side) === 0 && game.variant.end.stalemate !== 'win') return false;
  return true;
}

export function timeoutEnd(live: LiveGame, now: number): Built | undefined {
  const r = live.row;
  if (r.status !== 'started' || r.deadline === null || r.deadline > now) return undefined;
  const loser = turnOf(r.ply);
  const clocks = clocksAt(r, now);
  const row: Partial<GameRow> = r.tcKind === 'realtime' ? { whiteMs: clocks.white, blackMs: clocks.black } : {};
  if (r.ply < 2) {
    const e = ending(null, 'aborted', true);
    return build(live, now, { ...row, ...e.row }, [e.event]);
  }
  const win = other(loser);
  const e = couldWin(live.game, win) ? ending(win, 'timeout') : ending(null, 'timeout-vs-insufficient');
  return build(live, now, { ...row, ...e.row }, [e.event]);
}

function requireStarted(live: LiveGame): Refusal | undefined {
  if (live.row.status === 'ended') return new Refusal('game-over', `the game is over (${live.row.reason})`);
  if (live.row.status !== 'started') return new Refusal('not-started', 'the opponent has not joined yet');
  return undefined;
}

export function join(live: LiveGame, color: Color, now: number, timing: Timing): Built | undefined {
  const seat = live.seats.find((s) => s.color === color);
  if (!seat || seat.joinedAt !== null) return undefined;
  const bothIn = live.seats.every((s) => s.color === color || s.joinedAt !== null);
  const start: Partial<GameRow> =
    bothIn && live.row.status === 'waiting'
      ? { status: 'started', turnStartedAt: now, deadline: deadlineFor(live.row, 0, now, timing) }
      : {};
  const events: ({ type: string } & Record<string, unknown>)[] = [{ type: 'join', color }];
  if (start.status) events.push({ type: 'start' });
  return build(live, now, start, events, { joined: { color, at: now } });
}

export function move(
  live: LiveGame,
  color: Color,
  uci: string,
  ply: number,
  now: number,
  timing: Timing,
): Result<Built, Refusal> {
  const refused = requireStarted(live);
  if (refused) return err(refused);
  const r = live.row;
  if (ply !== r.ply) return err(new Refusal('stale-ply', `the game is at ply ${r.ply}, not ${ply}`));
  if (turnOf(r.ply) !== color) return err(new Refusal('not-your-turn', `it is ${turnOf(r.ply)}'s turn`));
  const parsed = parseUciMove(live.game.position, uci);
  if (!parsed.ok) return err(new Refusal('illegal-move', parsed.error.message));
  let whiteMs = r.whiteMs;
  let blackMs = r.blackMs;
  let clockMs: number | null = null;
  if (r.tcKind === 'realtime') {
    if (r.ply >= 2 && r.turnStartedAt !== null) {
      const used = Math.max(0, now - r.turnStartedAt - timing.lagAllowanceMs);
      const left = (color === 'white' ? whiteMs : blackMs) - used;
      if (left <= 0) {
        const t = timeoutEnd(live, Math.max(now, r.deadline ?? now));
        if (t) return ok(t);
        return err(new Refusal('timeout', 'your time ran out'));
      }
      clockMs = left + r.incMs;
    } else clockMs = color === 'white' ? whiteMs : blackMs;
    if (color === 'white') whiteMs = clockMs;
    else blackMs = clockMs;
  }
  const san = moveToSan(live.game.position, parsed.value);
  const text = moveToUci(live.game.position, parsed.value);
  const played = live.game.play(parsed.value);
  if (!played.ok) return err(new Refusal('illegal-move', played.error.message));
  const outcome = live.game.outcome();
  live.game.undo(); // the cached game changes only once the database has the move
  const nextPly = r.ply + 1;
  const base: { -readonly [K in keyof GameRow]?: GameRow[K] } = {
    ply: nextPly,
    whiteMs,
    blackMs,
    turnStartedAt: now,
    takebackAsk: null,
    drawOffer: r.drawOffer === color ? color : null,
  };
  const withClock = { ...r, ...base } as GameRow;
  base.deadline = deadlineFor(withClock, nextPly, now, timing);
  const events: ({ type: string } & Record<string, unknown>)[] = [
    { type: 'move', ply: r.ply, uci: text, san, clockMs, white: whiteMs, black: blackMs },
  ];
  let row = base;
  if (outcome) {
    const e = ending(outcome.winner, outcome.reason);
    row = { ...base, ...e.row };
    events.push(e.event);
  }
  return ok(build(live, now, row, events, { addMoves: [{ ply: r.ply, uci: text, clockMs, at: now }] }));
}

export type ActionType =
  | 'resign'
  | 'abort'
  | 'draw-offer'
  | 'draw-accept'
  | 'draw-decline'
  | 'takeback-ask'
  | 'takeback-accept'
  | 'takeback-decline'
  | 'claim-victory'
  | 'rematch';

export const ACTIONS: readonly ActionType[] = [
  'resign',
  'abort',
  'draw-offer',
  'draw-accept',
  'draw-decline',
  'takeback-ask',
  'takeback-accept',
  'takeback-decline',
  'claim-victory',
  'rematch',
];

/** Is the seat of `color` gone (no socket anywhere) for at least claimAfterMs? */
export function goneLongEnough(
  live: LiveGame,
  color: Color,
  now: number,
  timing: Timing,
  onlineHere: boolean,
): boolean {
  if (onlineHere) return false;
  const seat = live.seats.find((s) => s.color === color);
  const since = seat?.presentUntil ?? seat?.joinedAt ?? null;
  return since !== null && now - since >= timing.claimAfterMs;
}

/**
 * A game action other than a move. `rematch` here only records the wish; when both want it the
 * caller creates the new game (see Rooms) and commits `rematchId` with the returned event.
 */
export function action(
  live: LiveGame,
  color: Color,
  type: ActionType,
  now: number,
  timing: Timing,
  opponentOnlineHere: boolean,
): Result<Built, Refusal> {
  const r = live.row;
  const you = color;
  const them = other(color);
  const notNow = (why: string) => err(new Refusal('not-allowed', why));
  if (type === 'rematch') {
    if (r.status !== 'ended') return notNow('a rematch can be asked once the game is over');
    if (r.rematchId) return notNow('the rematch has already been created');
    if (r.rematchAsk === you) return notNow('you have already asked for a rematch');
    return ok(build(live, now, { rematchAsk: r.rematchAsk ?? you }, [{ type: 'rematch-offer', by: you }]));
  }
  if (type === 'abort') {
    if (r.status === 'ended') return err(new Refusal('game-over', `the game is over (${r.reason})`));
    if (r.status === 'started' && seatColorMoved(r.ply, you)) return notNow('you have already moved: resign instead');
    const e = ending(null, 'aborted', true);
    return ok(build(live, now, { ...clockFields(r, now), ...e.row }, [{ ...e.event, by: you }]));
  }
  const refused = requireStarted(live);
  if (refused) return err(refused);
  switch (type) {
    case 'resign': {
      const e = ending(them, 'resign');
      return ok(build(live, now, { ...clockFields(r, now), ...e.row }, [{ ...e.event, by: you }]));
    }
    case 'draw-offer':
      if (r.drawOffer === them) return action(live, color, 'draw-accept', now, timing, opponentOnlineHere);
      if (r.drawOffer === you) return notNow('you have already offered a draw');
      return ok(build(live, now, { drawOffer: you }, [{ type: 'draw-offer', by: you }]));
    case 'draw-accept': {
      if (r.drawOffer !== them) return notNow('there is no draw offer to accept');
      const e = ending(null, 'agreement');
      return ok(build(live, now, { ...clockFields(r, now), ...e.row }, [{ ...e.event, by: you }]));
    }
    case 'draw-decline':
      if (r.drawOffer !== them) return notNow('there is no draw offer to decline');
      return ok(build(live, now, { drawOffer: null }, [{ type: 'draw-decline', by: you }]));
    case 'takeback-ask':
      if (!seatColorMoved(r.ply, you)) return notNow('you have no move to take back');
      if (r.takebackAsk === you) return notNow('you have already asked for a takeback');
      return ok(build(live, now, { takebackAsk: you }, [{ type: 'takeback-ask', by: you }]));
    case 'takeback-accept': {
      if (r.takebackAsk !== them) return notNow('there is no takeback request to accept');
      // The asker's last move goes, and the opponent's reply after it if there was one.
      const back = turnOf(r.ply) === them ? 2 : 1;
      const ply = Math.max(0, r.ply - back);
      const clocks = clockFields(r, now);
      const next = { ...r, ...clocks, ply } as GameRow;
      return ok(
        build(
          live,
          now,
          {
            ...clocks,
            ply,
            turnStartedAt: now,
            deadline: deadlineFor(next, ply, now, timing),
            takebackAsk: null,
            drawOffer: null,
          },
          [{ type: 'takeback', by: them, ply, white: clocks.whiteMs ?? r.whiteMs, black: clocks.blackMs ?? r.blackMs }],
          { dropMovesFrom: ply },
        ),
      );
    }
    case 'takeback-decline':
      if (r.takebackAsk !== them) return notNow('there is no takeback request to decline');
      return ok(build(live, now, { takebackAsk: null }, [{ type: 'takeback-decline', by: you }]));
    case 'claim-victory': {
      if (r.tcKind !== 'realtime') return notNow('victory can be claimed only in real-time games');
      if (!goneLongEnough(live, them, now, timing, opponentOnlineHere))
        return notNow(`the opponent has not been gone for ${Math.round(timing.claimAfterMs / 1000)} s`);
      const e = ending(you, 'abandoned');
      return ok(build(live, now, { ...clockFields(r, now), ...e.row }, [{ ...e.event, by: you }]));
    }
  }
  return notNow('unknown action');
}

/** The running clock stopped at `now` (for ends and takebacks). */
function clockFields(r: GameRow, now: number): { whiteMs?: number; blackMs?: number } {
  if (r.tcKind !== 'realtime') return {};
  const c = clocksAt(r, now);
  return { whiteMs: c.white, blackMs: c.black };
}

/** The rematch game: same variant and time, colours swapped, each player keeps their secret. */
export function rematchRows(live: LiveGame, id: string, now: number): { game: GameRow; seats: SeatRow[] } {
  const r = live.row;
  const game: GameRow = {
    ...r,
    id,
    status: 'started',
    result: '*',
    reason: null,
    ply: 0,
    seq: 1,
    whiteMs: r.baseMs,
    blackMs: r.baseMs,
    turnStartedAt: now,
    deadline: r.tcKind === 'correspondence' ? now + r.days * DAY_MS : null,
    drawOffer: null,
    takebackAsk: null,
    rematchAsk: null,
    rematchId: null,
    rematchOf: r.id,
    createdAt: now,
    updatedAt: now,
  };
  const seats = live.seats.map((s) => ({ ...s, gameId: id, color: other(s.color), joinedAt: now, presentUntil: null }));
  return { game, seats };
}

export function rematchCreated(live: LiveGame, id: string, now: number, by: Color): Built {
  return build(live, now, { rematchId: id, rematchAsk: null }, [{ type: 'rematch', game: id, by }]);
}

/** The game as PGN, with each move's clock as a `[%clk h:mm:ss]` comment. */
export function gamePgn(live: LiveGame, site: string): string {
  const r = live.row;
  const tags: Record<string, string> = {
    Event: 'Caravan online game',
    Site: site,
    Date: new Date(r.createdAt).toISOString().slice(0, 10).replace(/-/g, '.'),
    Result: r.result,
  };
  if (r.tcKind === 'realtime') tags.TimeControl = `${Math.round(r.baseMs / 1000)}+${Math.round(r.incMs / 1000)}`;
  if (r.tcKind === 'correspondence') tags.TimeControl = `1/${r.days * 86400}`;
  if (r.reason) tags.Termination = r.reason;
  const comments = live.moves.map((m) => (m.clockMs === null ? undefined : `[%clk ${pgnClock(m.clockMs)}]`));
  return writePgn(live.game, tags, comments);
}

/** The public view of a game (no secrets), as the HTTP API and the `state` message give it. */
export function summary(live: LiveGame, now: number, online: { white: boolean; black: boolean }) {
  const r = live.row;
  const start = Game.create(live.game.variant);
  const sans: string[] = [];
  if (start.ok) {
    const g = start.value;
    for (const m of live.game.moves) {
      sans.push(moveToSan(g.position, m));
      g.play(m);
    }
  }
  return {
    id: r.id,
    variant: r.variant,
    marriage: r.marriage,
    clock:
      r.tcKind === 'realtime'
        ? { kind: 'realtime', baseMs: r.baseMs, incMs: r.incMs }
        : r.tcKind === 'correspondence'
          ? { kind: 'correspondence', days: r.days }
          : { kind: 'none' },
    status: r.status,
    result: r.result,
    reason: r.reason,
    ply: r.ply,
    seq: r.seq,
    turn: turnOf(r.ply),
    fen: live.game.fen(),
    moves: live.moves.map((m, i) => ({ ply: m.ply, uci: m.uci, san: sans[i] ?? '', clockMs: m.clockMs })),
    clocks: clocksAt(r, now),
    deadline: r.deadline,
    players: {
      white: { joined: live.seats.some((s) => s.color === 'white' && s.joinedAt !== null), online: online.white },
      black: { joined: live.seats.some((s) => s.color === 'black' && s.joinedAt !== null), online: online.black },
    },
    drawOffer: r.drawOffer,
    takebackAsk: r.takebackAsk,
    rematchAsk: r.rematchAsk,
    rematchId: r.rematchId,
    rematchOf: r.rematchOf,
    createdAt: r.createdAt,
    now,
  };
}

export type GameSummary = ReturnType<typeof summary>;

/** The in-memory game after a committed change (no need to read it back from the database). */
export function advance(live: LiveGame, change: GameChange): LiveGame {
  const moves = [...live.moves];
  if (change.dropMovesFrom !== undefined) {
    while (live.game.moves.length > change.dropMovesFrom) live.game.undo();
    moves.length = Math.min(moves.length, change.dropMovesFrom);
  }
  for (const m of change.addMoves ?? []) {
    const parsed = parseUciMove(live.game.position, m.uci);
    if (!parsed.ok || !live.game.play(parsed.value).ok)
      throw new CaravanError('illegal-move', `committed move ${m.uci} does not play`);
    moves.push(m);
  }
  const j = change.joined;
  const seats = j
    ? live.seats.map((s) => (s.color === j.color && s.joinedAt === null ? { ...s, joinedAt: j.at } : s))
    : live.seats;
  return { row: change.game, seats, moves, game: live.game };
}
