/**
 * The online game server: HTTP API (create, read, PGN) and the WebSocket protocol of
 * docs/online.md. The database is the authority: a change is computed from a game's state,
 * committed with a condition on the game's event number, and only then acknowledged and
 * broadcast. Each game's work in this process runs one at a time (a room's queue); other
 * processes on the same PostgreSQL are heard through LISTEN/NOTIFY and read back.
 *
 * Over 450 lines on purpose: every client message is one case of the same commit-then-broadcast
 * step; the storage, clocks and rules it calls live in their own modules.
 */

import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import { err, ok, type Result } from '../core/result.js';
import { newGame } from './create.js';
import {
  ACTIONS,
  type ActionType,
  action,
  advance,
  type ClientEvent,
  clocksAt,
  eventFromRow,
  gamePgn,
  join,
  type LiveGame,
  liveGame,
  move,
  other,
  Refusal,
  rematchCreated,
  rematchRows,
  summary,
  type Timing,
  timeoutEnd,
  turnOf,
} from './game-rules.js';
import { isId, isSecret, newGameId, secretMatches } from './secrets.js';
import { SerialQueue } from './serial.js';
import type { Color, GameChange, Repository } from './store/types.js';

export interface GameServerOptions {
  readonly store: Repository;
  /** Milliseconds since 1970; tests inject a clock they move by hand. */
  readonly now?: () => number;
  readonly timing?: Partial<Timing>;
  /** How often to look for games whose time ran out (0 = only when sweep() is called). */
  readonly sweepEveryMs?: number;
  /** A seat counts as online this long after its last sign of life from any process. */
  readonly presenceTtlMs?: number;
  readonly maxMessageBytes?: number;
  /** Messages a socket may send per second on average, and in a burst. */
  readonly ratePerSecond?: number;
  readonly rateBurst?: number;
  /** Games one address may create in a burst, and per second after it. */
  readonly createBurst?: number;
  readonly createPerSecond?: number;
}

type Built = { change: GameChange; events: readonly ClientEvent[] };

const MAX_BODY = 4096;
const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};

interface Conn {
  readonly ws: WebSocket;
  room?: Room;
  color: Color | null;
  tokens: number;
  refilledAt: number;
  dropped: number;
  warnedAt: number;
  /** Has had its `state` or `events` answer to hello (broadcasts skip it until then). */
  synced: boolean;
}

class Room {
  live: LiveGame | undefined;
  readonly conns = new Set<Conn>();
  readonly here = { white: 0, black: 0 };
  /** The last event number sent to this room's sockets. */
  sentSeq = 0;
  lastPresence = '';
  catchUpQueued = false;
  timer: NodeJS.Timeout | undefined;
  private readonly queue = new SerialQueue();

  constructor(readonly id: string) {}

  /** Run fn after everything queued for this game before it. */
  run<T>(fn: () => Promise<T>): Promise<T> {
    return this.queue.run(fn);
  }
}

function send(ws: WebSocket, msg: unknown): void {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(msg));
}

export class GameServer {
  readonly store: Repository;
  private readonly now: () => number;
  readonly timing: Timing;
  private readonly rooms = new Map<string, Room>();
  private readonly wss: WebSocketServer;
  private readonly presenceTtlMs: number;
  private readonly ratePerSecond: number;
  private readonly rateBurst: number;
  private sweeper: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly creators = new Map<string, { tokens: number; at: number }>();
  private readonly createBurst: number;
  private readonly createPerSecond: number;

  constructor(options: GameServerOptions) {
    this.store = options.store;
    this.now = options.now ?? Date.now;
    this.timing = { lagAllowanceMs: 300, claimAfterMs: 30_000, ...options.timing };
    this.presenceTtlMs = options.presenceTtlMs ?? 20_000;
    this.ratePerSecond = options.ratePerSecond ?? 20;
    this.rateBurst = options.rateBurst ?? 60;
    this.createBurst = options.createBurst ?? 1000;
    this.createPerSecond = options.createPerSecond ?? 10;
    this.wss = new WebSocketServer({ noServer: true, maxPayload: options.maxMessageBytes ?? 4096 });
    this.wss.on('connection', (ws) => this.connected(ws));
    const every = options.sweepEveryMs ?? 1000;
    if (every > 0) {
      this.sweeper = setInterval(() => void this.sweep().catch(logError), every);
      this.sweeper.unref();
    }
    this.heartbeat = setInterval(() => void this.refreshPresence().catch(logError), this.presenceTtlMs / 2);
    this.heartbeat.unref();
  }

  /** Start hearing other processes' commits (PostgreSQL); call once before serving. */
  async start(): Promise<void> {
    await this.store.onChange((gameId) => {
      const room = this.rooms.get(gameId);
      if (room && room.conns.size > 0 && !room.catchUpQueued) {
        room.catchUpQueued = true; // several notifications in a row: one read catches up on all
        void room.run(() => this.catchUp(room)).catch(logError);
      }
    });
  }

  // ---------------------------------------------------------------------------------------
  // HTTP

  /** Serves /api/…; returns false for any other path (the caller serves it). */
  handle(req: IncomingMessage, res: ServerResponse): boolean {
    // Only the path matters; a request line that is no URL at all is not ours (a 400 elsewhere).
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (!path.startsWith('/api/')) return false;
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v);
    let url: URL;
    try {
      url = new URL(`http://x${path}`);
    } catch {
      json(res, 400, refusalBody(new Refusal('bad-request', 'not a valid path')));
      return true;
    }
    this.api(req, res, url).catch((e: unknown) => {
      logError(e);
      if (!res.headersSent) json(res, 500, { error: { code: 'server-error', message: 'internal error' } });
      else res.end();
    });
    return true;
  }

  /** Games created per address: a burst (1000), then a few a second (10): a flood cannot fill the disk fast. */
  private mayCreate(address: string): boolean {
    const t = Date.now();
    if (this.creators.size > 10_000) this.creators.clear();
    const b = this.creators.get(address) ?? { tokens: this.createBurst, at: t };
    b.tokens = Math.min(this.createBurst, b.tokens + ((t - b.at) / 1000) * this.createPerSecond);
    b.at = t;
    this.creators.set(address, b);
    if (b.tokens < 1) return false;
    b.tokens--;
    return true;
  }

  private async api(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const parts = url.pathname.split('/').filter(Boolean); // ['api', 'games', id?, 'pgn'?]
    if (parts[1] !== 'games' || parts.length > 4)
      return json(res, 404, refusalBody(new Refusal('not-found', 'no such API path')));
    if (parts.length === 2) {
      if (req.method !== 'POST') return json(res, 405, refusalBody(new Refusal('method', 'use POST to create a game')));
      if (!this.mayCreate(req.socket.remoteAddress ?? '?'))
        return json(
          res,
          429,
          refusalBody(new Refusal('rate-limited', 'too many games created from this address: wait a little')),
        );
      const body = await readJson(req);
      if (!body.ok) return json(res, body.error.code === 'too-big' ? 413 : 400, refusalBody(body.error));
      const made = newGame(body.value, this.now());
      if (!made.ok) return json(res, 400, refusalBody(made.error));
      const g = made.value;
      await this.store.createGame(g.game, g.seats, g.events);
      const origin = originOf(req);
      const link = (p: string) => ({ path: p, url: `${origin}/${p}` });
      return json(res, 201, {
        id: g.game.id,
        color: g.creator,
        secret: g.creatorSecret,
        links: {
          private: link(`#/g/${g.game.id}/${g.creatorSecret}`),
          invite: link(`#/g/${g.game.id}/${g.inviteSecret}`),
          watch: link(`#/g/${g.game.id}`),
        },
      });
    }
    const id = parts[2];
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return json(res, 405, refusalBody(new Refusal('method', 'use GET')));
    if (!isId(id)) return json(res, 404, refusalBody(new Refusal('unknown-game', 'no such game')));
    const room = this.room(id);
    const live = await room.run(() => this.current(room));
    this.dropIfIdle(room);
    if (!live) return json(res, 404, refusalBody(new Refusal('unknown-game', 'no such game')));
    if (parts[3] === 'pgn') {
      const text = gamePgn(live, originOf(req));
      res.writeHead(200, {
        'Content-Type': 'application/x-chess-pgn; charset=utf-8',
        'Content-Disposition': `attachment; filename="caravan-${id}.pgn"`,
      });
      res.end(text);
      return;
    }
    if (parts[3] !== undefined) return json(res, 404, refusalBody(new Refusal('not-found', 'no such API path')));
    return json(res, 200, summary(live, this.now(), this.online(room, live)));
  }

  // ---------------------------------------------------------------------------------------
  // WebSocket

  /** Accept WebSocket upgrades at /ws on this HTTP server. */
  attach(server: Server): void {
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      const path = (req.url ?? '').split('?')[0];
      if (path !== '/ws' || this.closed) {
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
        return;
      }
      socket.on('error', () => undefined);
      this.wss.handleUpgrade(req, socket, head, (ws) => this.wss.emit('connection', ws, req));
    });
  }

  private connected(ws: WebSocket): void {
    const conn: Conn = {
      ws,
      color: null,
      tokens: this.rateBurst,
      refilledAt: Date.now(),
      dropped: 0,
      warnedAt: 0,
      synced: false,
    };
    ws.on('error', () => undefined);
    ws.on('message', (data, isBinary) => this.message(conn, data, isBinary));
    ws.on('close', () => {
      const room = conn.room;
      if (!room || this.closed) return;
      room.conns.delete(conn);
      void room
        .run(async () => {
          if (conn.color) {
            room.here[conn.color]--;
            if (room.here[conn.color] === 0) await this.store.setPresence(room.id, conn.color, this.now());
            await this.reloadSeats(room);
          }
          this.broadcastPresence(room);
        })
        .catch(logError)
        .finally(() => this.dropIfIdle(room));
    });
  }

  /** Token bucket per socket: a flood gets errors, a long flood a closed connection. */
  private allowed(conn: Conn): boolean {
    const t = Date.now();
    conn.tokens = Math.min(this.rateBurst, conn.tokens + ((t - conn.refilledAt) / 1000) * this.ratePerSecond);
    conn.refilledAt = t;
    if (conn.tokens >= 1) {
      conn.tokens--;
      conn.dropped = 0;
      return true;
    }
    conn.dropped++;
    if (conn.dropped > 200) conn.ws.close(1008, 'too many messages');
    else if (t - conn.warnedAt > 1000) {
      conn.warnedAt = t;
      send(conn.ws, { type: 'error', code: 'rate-limited', message: 'too many messages: slow down' });
    }
    return false;
  }

  private message(conn: Conn, data: RawData, isBinary: boolean): void {
    if (!this.allowed(conn)) return;
    const fail = (code: string, message: string, id?: unknown) =>
      send(conn.ws, { type: 'error', code, message, ...(id !== undefined ? { id } : {}) });
    if (isBinary) {
      fail('bad-json', 'send text frames with JSON');
      return;
    }
    let msg: unknown;
    try {
      msg = JSON.parse(data.toString());
    } catch {
      fail('bad-json', 'the message is not JSON');
      return;
    }
    if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) {
      fail('bad-message', 'a message is a JSON object');
      return;
    }
    const m = msg as Record<string, unknown>;
    const id = typeof m.id === 'string' || typeof m.id === 'number' ? m.id : undefined;
    const type = m.type;
    const work = (): Promise<void> => {
      if (type === 'ping') {
        send(conn.ws, { type: 'pong', ...(id !== undefined ? { id } : {}), now: this.now() });
        return Promise.resolve();
      }
      if (type === 'hello') return this.hello(conn, m);
      if (!conn.room) {
        fail('no-hello', 'send "hello" with the game first', id);
        return Promise.resolve();
      }
      if (type === 'move') return this.onMove(conn, conn.room, m, id);
      if (typeof type === 'string' && (ACTIONS as readonly string[]).includes(type))
        return this.onAction(conn, conn.room, type as ActionType, id);
      fail('unknown-type', `unknown message type ${JSON.stringify(type).slice(0, 40)}`, id);
      return Promise.resolve();
    };
    work().catch((e: unknown) => {
      logError(e);
      fail('server-error', 'internal error', id);
    });
  }

  private async hello(conn: Conn, m: Record<string, unknown>): Promise<void> {
    const fail = (code: string, message: string) => send(conn.ws, { type: 'error', code, message });
    if (conn.room) return fail('already-joined', 'this connection already follows a game');
    if (!isId(m.game)) return fail('bad-message', 'hello needs "game": the game id');
    if (m.secret !== undefined && !isSecret(m.secret))
      return fail('wrong-secret', 'that is not a seat secret of this game');
    const gameId = m.game;
    const room = this.room(gameId);
    await room.run(async () => {
      const live = await this.current(room);
      if (!live) {
        fail('unknown-game', 'no such game');
        conn.ws.close(4004, 'unknown game');
        return;
      }
      let color: Color | null = null;
      if (typeof m.secret === 'string') {
        const seat = live.seats.find((s) => secretMatches(m.secret as string, s.secretHash));
        if (!seat) {
          fail('wrong-secret', 'that is not a seat secret of this game');
          conn.ws.close(4003, 'wrong secret');
          return;
        }
        color = seat.color;
      }
      if (conn.ws.readyState !== conn.ws.OPEN) return;
      conn.room = room;
      conn.color = color;
      room.conns.add(conn); // not sent to until synced below
      if (color) {
        room.here[color]++;
        if (room.here[color] === 1) await this.store.setPresence(room.id, color, this.now() + this.presenceTtlMs);
        // The seat is taken before the player hears anything: a move right after is in order.
        const joined = await this.apply(room, (l) => {
          const j = join(l, color as Color, this.now(), this.timing);
          return j ? ok(j) : undefined;
        });
        if (joined && !joined.ok) fail(joined.error.code, joined.error.message);
        await this.reloadSeats(room);
      }
      const now = room.live ?? live;
      if (room.sentSeq < now.row.seq) room.sentSeq = now.row.seq;
      const since = m.seq;
      if (
        typeof since === 'number' &&
        Number.isInteger(since) &&
        since > 0 &&
        since <= now.row.seq &&
        now.row.seq - since <= 500
      ) {
        const missed = (await this.store.eventsAfter(room.id, since)).filter((e) => e.seq <= now.row.seq);
        send(conn.ws, {
          type: 'events',
          you: color,
          events: missed.map(eventFromRow),
          seq: now.row.seq,
          clocks: clocksAt(now.row, this.now()),
        });
      } else send(conn.ws, { type: 'state', you: color, game: summary(now, this.now(), this.online(room, now)) });
      conn.synced = true;
      this.broadcastPresence(room);
    });
  }

  private async onMove(conn: Conn, room: Room, m: Record<string, unknown>, id: unknown): Promise<void> {
    const reply = (msg: Record<string, unknown>) => send(conn.ws, { ...msg, ...(id !== undefined ? { id } : {}) });
    const color = conn.color;
    if (!color) return reply({ type: 'error', code: 'not-a-player', message: 'spectators cannot move' });
    const uci = m.uci;
    const ply = m.ply;
    if (typeof uci !== 'string' || uci.length > 12 || typeof ply !== 'number' || !Number.isInteger(ply) || ply < 0)
      return reply({
        type: 'error',
        code: 'bad-message',
        message: 'move needs "uci" (text) and "ply" (the ply it is played at)',
      });
    await room.run(async () => {
      const live = await this.current(room);
      if (!live) return;
      // A move resent after a lost acknowledgement: it is already there, acknowledge it again.
      const resent = (l: LiveGame) => ply < l.row.ply && l.moves[ply]?.uci === uci.trim() && turnOf(ply) === color;
      if (resent(live)) return reply({ type: 'ack', ply, seq: live.row.seq, duplicate: true });
      const done = await this.apply(room, (l) => move(l, color, uci.trim(), ply, this.now(), this.timing));
      if (!done) return;
      const now = room.live;
      if (!done.ok && done.error.code === 'stale-ply' && now && resent(now))
        return reply({ type: 'ack', ply, seq: now.row.seq, duplicate: true });
      if (!done.ok) {
        reply({ type: 'error', code: done.error.code, message: done.error.message });
        if (done.error.code === 'stale-ply') {
          const fresh = await this.current(room);
          if (fresh)
            send(conn.ws, { type: 'state', you: color, game: summary(fresh, this.now(), this.online(room, fresh)) });
        }
        return;
      }
      reply({ type: 'ack', ply, seq: done.value.change.game.seq });
    });
  }

  private async onAction(conn: Conn, room: Room, type: ActionType, id: unknown): Promise<void> {
    const reply = (msg: Record<string, unknown>) => send(conn.ws, { ...msg, ...(id !== undefined ? { id } : {}) });
    const color = conn.color;
    if (!color) return reply({ type: 'error', code: 'not-a-player', message: 'spectators cannot do that' });
    await room.run(async () => {
      const live = await this.current(room);
      if (!live) return;
      let done: Result<Built, Refusal> | undefined;
      if (
        type === 'rematch' &&
        live.row.status === 'ended' &&
        !live.row.rematchId &&
        live.row.rematchAsk === other(color)
      ) {
        // Both want it: the new game first (an orphan if we then lose a race), then the link.
        const newId = newGameId();
        const rows = rematchRows(live, newId, this.now());
        await this.store.createGame(rows.game, rows.seats, [
          { seq: 1, type: 'created', data: JSON.stringify({ rematchOf: live.row.id }), at: this.now() },
        ]);
        done = await this.apply(room, (l) =>
          l.row.rematchId
            ? err(new Refusal('not-allowed', 'the rematch exists'))
            : ok(rematchCreated(l, newId, this.now(), color)),
        );
      } else {
        // Whether the opponent is gone is read afresh (they may be on another process).
        if (type === 'claim-victory') await this.reloadSeats(room);
        const opponentHere = room.here[other(color)] > 0;
        done = await this.apply(room, (l) => action(l, color, type, this.now(), this.timing, opponentHere));
      }
      if (!done) return;
      if (!done.ok) return reply({ type: 'error', code: done.error.code, message: done.error.message });
      reply({ type: 'ack', seq: done.value.change.game.seq });
    });
  }

  // ---------------------------------------------------------------------------------------
  // State, commits, broadcast

  private room(id: string): Room {
    let r = this.rooms.get(id);
    if (!r) {
      r = new Room(id);
      this.rooms.set(id, r);
    }
    return r;
  }

  private dropIfIdle(room: Room): void {
    if (room.conns.size === 0 && this.rooms.get(room.id) === room) {
      if (room.timer) clearTimeout(room.timer);
      this.rooms.delete(room.id);
    }
  }

  /** The room's game, loaded from the database if not cached. Call inside room.run. */
  private async current(room: Room): Promise<LiveGame | undefined> {
    if (!room.live) {
      const stored = await this.store.loadGame(room.id);
      room.live = stored ? liveGame(stored) : undefined;
    }
    return room.live;
  }

  private async reloadSeats(room: Room): Promise<void> {
    const stored = await this.store.loadGame(room.id);
    if (stored && room.live && stored.game.seq === room.live.row.seq) room.live = { ...room.live, seats: stored.seats };
    else room.live = stored ? liveGame(stored) : undefined;
  }

  /**
   * Compute a change from the current state and commit it; when another process changed the
   * game first, reload and compute again (a move for a ply that is gone is then refused).
   */
  private async apply(
    room: Room,
    make: (live: LiveGame) => Result<Built, Refusal> | undefined,
  ): Promise<Result<Built, Refusal> | undefined> {
    let reread = false;
    for (let attempt = 0; attempt < 4; attempt++) {
      if (!room.live) reread = true;
      const live = await this.current(room);
      if (!live) return err(new Refusal('unknown-game', 'no such game'));
      const built = make(live);
      if (built && !built.ok && !reread && this.store.kind === 'postgres') {
        // Another process may have changed the game since we cached it: judge again on fresh data.
        room.live = undefined;
        continue;
      }
      if (!built?.ok) return built;
      if (await this.store.commit(built.value.change)) {
        room.live = advance(live, built.value.change);
        this.broadcast(room, built.value.events);
        this.schedule(room, room.live);
        return built;
      }
      room.live = undefined;
    }
    return err(new Refusal('conflict', 'the game changed meanwhile: try again'));
  }

  private broadcast(room: Room, events: readonly ClientEvent[]): void {
    const fresh = events.filter((e) => e.seq > room.sentSeq);
    if (fresh.length === 0) return;
    room.sentSeq = Math.max(room.sentSeq, ...fresh.map((e) => e.seq));
    const clocks = room.live ? clocksAt(room.live.row, this.now()) : undefined;
    const text = JSON.stringify({ type: 'events', events: fresh, seq: room.sentSeq, clocks });
    for (const c of room.conns) if (c.synced && c.ws.readyState === c.ws.OPEN) c.ws.send(text);
  }

  /** Another process committed: read what this room has not seen and pass it on. */
  private async catchUp(room: Room): Promise<void> {
    room.catchUpQueued = false;
    const missed = await this.store.eventsAfter(room.id, room.sentSeq);
    if (missed.length === 0) return; // our own commit, already sent
    room.live = undefined;
    const fresh = await this.current(room);
    this.broadcast(room, missed.map(eventFromRow));
    if (fresh) this.schedule(room, fresh);
    this.broadcastPresence(room);
  }

  private online(room: Room, live: LiveGame): { white: boolean; black: boolean } {
    const t = this.now();
    const seat = (c: Color) => live.seats.find((s) => s.color === c);
    return {
      white: room.here.white > 0 || (seat('white')?.presentUntil ?? 0) > t,
      black: room.here.black > 0 || (seat('black')?.presentUntil ?? 0) > t,
    };
  }

  private broadcastPresence(room: Room): void {
    if (!room.live) return;
    const online = this.online(room, room.live);
    const text = JSON.stringify({ type: 'presence', ...online });
    if (text === room.lastPresence) return;
    room.lastPresence = text;
    for (const c of room.conns) if (c.synced && c.ws.readyState === c.ws.OPEN) c.ws.send(text);
  }

  /**
   * Heartbeat: keep our players' seats marked online, and read the other seats' marks (players
   * connected to other processes) so the presence shown is at most half a TTL old.
   */
  private async refreshPresence(): Promise<void> {
    for (const room of [...this.rooms.values()]) {
      if (room.conns.size === 0) continue;
      await room.run(async () => {
        for (const color of ['white', 'black'] as const)
          if (room.here[color] > 0) await this.store.setPresence(room.id, color, this.now() + this.presenceTtlMs);
        if (this.store.kind === 'postgres') await this.reloadSeats(room);
        this.broadcastPresence(room);
      });
    }
  }

  /** A timer at the flag fall of a real-time game followed here. */
  private schedule(room: Room, live: LiveGame): void {
    if (room.timer) clearTimeout(room.timer);
    room.timer = undefined;
    if (live.row.status !== 'started' || live.row.deadline === null || live.row.tcKind !== 'realtime') return;
    const wait = Math.max(0, live.row.deadline - this.now()) + 5;
    room.timer = setTimeout(
      () => void room.run(() => this.endIfDue(room)).catch(logError),
      Math.min(wait, 2 ** 31 - 1),
    );
    room.timer.unref();
  }

  private async endIfDue(room: Room): Promise<boolean> {
    const done = await this.apply(room, (l) => {
      const t = timeoutEnd(l, this.now());
      return t ? ok(t) : undefined;
    });
    return !!done?.ok;
  }

  /**
   * End every game whose time ran out, connected or not. Any process may run this: the
   * conditional write lets exactly one of them end a game. Resolves to how many it ended.
   */
  async sweep(): Promise<number> {
    if (this.closed) return 0;
    const due = await this.store.dueGames(this.now(), 200);
    let ended = 0;
    for (const id of due) {
      const room = this.room(id);
      const end = async () => {
        room.live = undefined; // another process may have changed it: read it afresh
        return this.endIfDue(room);
      };
      if (await room.run(end)) ended++;
      this.dropIfIdle(room);
    }
    return ended;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.sweeper) clearInterval(this.sweeper);
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const room of this.rooms.values()) if (room.timer) clearTimeout(room.timer);
    for (const c of this.wss.clients) c.terminate();
    await new Promise<void>((done) => this.wss.close(() => done()));
  }
}

function logError(e: unknown): void {
  console.error(`caravan server: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
}

function refusalBody(r: Refusal): { error: { code: string; message: string } } {
  return { error: { code: r.code, message: r.message } };
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

function originOf(req: IncomingMessage): string {
  const host = String(req.headers.host ?? 'localhost').replace(/[^A-Za-z0-9.:[\]-]/g, '');
  return `http://${host}`;
}

async function readJson(req: IncomingMessage): Promise<Result<unknown, Refusal>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return err(new Refusal('too-big', `the body is larger than ${MAX_BODY} bytes`));
    chunks.push(chunk as Buffer);
  }
  try {
    return ok(JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown);
  } catch {
    return err(new Refusal('bad-json', 'the body is not JSON'));
  }
}
