/**
 * The repository over either database: every SQL statement of the server is in this module,
 * written once in the dialect both SQLite and PostgreSQL accept.
 */

import type { Db, Sql, SqlRow, SqlValue } from './db.js';
import { MIGRATIONS } from './migrations.js';
import type { Color, EventRow, GameChange, GameRow, MoveRow, Repository, SeatRow, StoredGame } from './types.js';

const GAME_COLUMNS = [
  'id',
  'variant',
  'marriage',
  'tc_kind',
  'base_ms',
  'inc_ms',
  'days',
  'status',
  'result',
  'reason',
  'ply',
  'seq',
  'white_ms',
  'black_ms',
  'turn_started_at',
  'deadline',
  'draw_offer',
  'takeback_ask',
  'rematch_ask',
  'rematch_id',
  'rematch_of',
  'created_at',
  'updated_at',
] as const;

function gameValues(g: GameRow): SqlValue[] {
  return [
    g.id,
    g.variant,
    g.marriage,
    g.tcKind,
    g.baseMs,
    g.incMs,
    g.days,
    g.status,
    g.result,
    g.reason,
    g.ply,
    g.seq,
    g.whiteMs,
    g.blackMs,
    g.turnStartedAt,
    g.deadline,
    g.drawOffer,
    g.takebackAsk,
    g.rematchAsk,
    g.rematchId,
    g.rematchOf,
    g.createdAt,
    g.updatedAt,
  ];
}

const num = (v: unknown): number => Number(v);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const strOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

function gameFromRow(r: SqlRow): GameRow {
  return {
    id: String(r.id),
    variant: String(r.variant),
    marriage: strOrNull(r.marriage) as GameRow['marriage'],
    tcKind: String(r.tc_kind) as GameRow['tcKind'],
    baseMs: num(r.base_ms),
    incMs: num(r.inc_ms),
    days: num(r.days),
    status: String(r.status) as GameRow['status'],
    result: String(r.result),
    reason: strOrNull(r.reason),
    ply: num(r.ply),
    seq: num(r.seq),
    whiteMs: num(r.white_ms),
    blackMs: num(r.black_ms),
    turnStartedAt: numOrNull(r.turn_started_at),
    deadline: numOrNull(r.deadline),
    drawOffer: strOrNull(r.draw_offer) as Color | null,
    takebackAsk: strOrNull(r.takeback_ask) as Color | null,
    rematchAsk: strOrNull(r.rematch_ask) as Color | null,
    rematchId: strOrNull(r.rematch_id),
    rematchOf: strOrNull(r.rematch_of),
    createdAt: num(r.created_at),
    updatedAt: num(r.updated_at),
  };
}

const INSERT_GAME = `INSERT INTO games (${GAME_COLUMNS.join(', ')}) VALUES (${GAME_COLUMNS.map(() => '?').join(', ')})`;
/** The conditional write: only if nobody changed the game since the seq the change was made from. */
const UPDATE_GAME = `UPDATE games SET ${GAME_COLUMNS.slice(1)
  .map((c) => `${c} = ?`)
  .join(', ')} WHERE id = ? AND seq = ?`;
const INSERT_SEAT = 'INSERT INTO seats (game_id, color, secret_hash, joined_at, present_until) VALUES (?, ?, ?, ?, ?)';
const INSERT_MOVE = 'INSERT INTO moves (game_id, ply, uci, clock_ms, at) VALUES (?, ?, ?, ?, ?)';
const INSERT_EVENT = 'INSERT INTO events (game_id, seq, type, data, at) VALUES (?, ?, ?, ?, ?)';

async function insertEvents(sql: Sql, gameId: string, events: readonly EventRow[]): Promise<void> {
  for (const e of events) await sql.run(INSERT_EVENT, [gameId, e.seq, e.type, e.data, e.at]);
}

export class SqlRepository implements Repository {
  readonly kind: 'sqlite' | 'postgres';
  schemaVersion = 0;

  private constructor(private readonly db: Db) {
    this.kind = db.kind;
  }

  /** Opens the repository, applying every migration not applied yet (one at a time, atomically). */
  static async open(db: Db): Promise<SqlRepository> {
    const repo = new SqlRepository(db);
    await db.run('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)');
    for (const m of MIGRATIONS) {
      await db.tx(async (sql) => {
        // Two processes starting at once: PostgreSQL serialises them on an advisory lock,
        // SQLite on its write lock (the driver begins transactions IMMEDIATE).
        if (db.kind === 'postgres') await sql.all('SELECT pg_advisory_xact_lock(742011)');
        const done = await sql.all('SELECT version FROM schema_version WHERE version = ?', [m.version]);
        if (done.length > 0) return;
        for (const s of m.statements) await sql.run(s);
        await sql.run('INSERT INTO schema_version (version, applied_at) VALUES (?, ?)', [m.version, Date.now()]);
      });
    }
    const v = await db.all('SELECT MAX(version) AS v FROM schema_version');
    repo.schemaVersion = num(v[0]?.v ?? 0);
    return repo;
  }

  async createGame(game: GameRow, seats: readonly SeatRow[], events: readonly EventRow[]): Promise<void> {
    await this.db.tx(async (sql) => {
      await sql.run(INSERT_GAME, gameValues(game));
      for (const s of seats) await sql.run(INSERT_SEAT, [s.gameId, s.color, s.secretHash, s.joinedAt, s.presentUntil]);
      await insertEvents(sql, game.id, events);
    });
  }

  async loadGame(id: string): Promise<StoredGame | undefined> {
    const rows = await this.db.all(`SELECT ${GAME_COLUMNS.join(', ')} FROM games WHERE id = ?`, [id]);
    const row = rows[0];
    if (!row) return undefined;
    const seats = await this.db.all(
      'SELECT game_id, color, secret_hash, joined_at, present_until FROM seats WHERE game_id = ? ORDER BY color DESC',
      [id],
    );
    const moves = await this.db.all('SELECT ply, uci, clock_ms, at FROM moves WHERE game_id = ? ORDER BY ply', [id]);
    return {
      game: gameFromRow(row),
      seats: seats.map(
        (s): SeatRow => ({
          gameId: String(s.game_id),
          color: String(s.color) as Color,
          secretHash: String(s.secret_hash),
          joinedAt: numOrNull(s.joined_at),
          presentUntil: numOrNull(s.present_until),
        }),
      ),
      moves: moves.map(
        (m): MoveRow => ({ ply: num(m.ply), uci: String(m.uci), clockMs: numOrNull(m.clock_ms), at: num(m.at) }),
      ),
    };
  }

  async eventsAfter(id: string, afterSeq: number): Promise<EventRow[]> {
    const rows = await this.db.all(
      'SELECT seq, type, data, at FROM events WHERE game_id = ? AND seq > ? ORDER BY seq',
      [id, afterSeq],
    );
    return rows.map((r) => ({ seq: num(r.seq), type: String(r.type), data: String(r.data), at: num(r.at) }));
  }

  async commit(change: GameChange): Promise<boolean> {
    const g = change.game;
    return this.db.tx(async (sql) => {
      const changed = await sql.run(UPDATE_GAME, [...gameValues(g).slice(1), g.id, change.expectedSeq]);
      if (changed !== 1) return false;
      if (change.dropMovesFrom !== undefined)
        await sql.run('DELETE FROM moves WHERE game_id = ? AND ply >= ?', [g.id, change.dropMovesFrom]);
      for (const m of change.addMoves ?? []) await sql.run(INSERT_MOVE, [g.id, m.ply, m.uci, m.clockMs, m.at]);
      if (change.joined)
        await sql.run('UPDATE seats SET joined_at = ? WHERE game_id = ? AND color = ? AND joined_at IS NULL', [
          change.joined.at,
          g.id,
          change.joined.color,
        ]);
      await insertEvents(sql, g.id, change.events);
      await this.db.notify(sql, JSON.stringify({ game: g.id, ply: g.ply }));
      return true;
    });
  }

  /** Not a game change (no event, no notification): other processes read it on their heartbeat. */
  async setPresence(gameId: string, color: Color, until: number): Promise<void> {
    await this.db.run('UPDATE seats SET present_until = ? WHERE game_id = ? AND color = ?', [until, gameId, color]);
  }

  async dueGames(now: number, limit: number): Promise<string[]> {
    const rows = await this.db.all(
      "SELECT id FROM games WHERE status = 'started' AND deadline IS NOT NULL AND deadline <= ? ORDER BY deadline LIMIT ?",
      [now, limit],
    );
    return rows.map((r) => String(r.id));
  }

  async onChange(listener: (gameId: string, ply: number) => void): Promise<void> {
    await this.db.listen((payload) => {
      try {
        const p = JSON.parse(payload) as { game?: unknown; ply?: unknown };
        if (typeof p.game === 'string' && typeof p.ply === 'number') listener(p.game, p.ply);
      } catch {
        // A payload that is not ours: ignore it.
      }
    });
  }

  close(): Promise<void> {
    return this.db.close();
  }
}
