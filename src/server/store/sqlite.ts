/**
 * The embedded database: one SQLite file, WAL journal, `synchronous=FULL` (every commit is
 * fsynced before the move is acknowledged). better-sqlite3 is synchronous; one queue keeps a
 * transaction's statements from interleaving with other callers on the single connection, and
 * transactions waiting in it are committed together (group commit, below).
 */

import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { SerialQueue } from '../serial.js';
import type { Db, Sql, SqlRow, SqlValue } from './db.js';

export function openSqlite(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const conn = new Database(file);
  conn.pragma('journal_mode = WAL');
  conn.pragma('synchronous = FULL');
  conn.pragma('foreign_keys = ON');
  conn.pragma('busy_timeout = 5000');
  const statements = new Map<string, Database.Statement>();
  const prepare = (text: string): Database.Statement => {
    let s = statements.get(text);
    if (!s) {
      s = conn.prepare(text);
      statements.set(text, s);
    }
    return s;
  };
  const direct: Sql = {
    all: async (text: string, params: readonly SqlValue[] = []) => {
      const s = prepare(text);
      if (s.reader) return s.all(...params) as SqlRow[];
      s.run(...params);
      return [];
    },
    run: async (text: string, params: readonly SqlValue[] = []) => prepare(text).run(...params).changes,
  };
  const queue = new SerialQueue();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => queue.run(fn);
  /**
   * Group commit: transactions asked for while one is being written go into the next one
   * together, each in its own savepoint (a failing one is rolled back alone). One fsync then
   * makes many games' moves durable; each caller still hears only after COMMIT.
   */
  type Job = { fn: (sql: Sql) => Promise<unknown>; resolve: (v: unknown) => void; reject: (e: unknown) => void };
  let waiting: Job[] = [];
  let flushQueued = false;
  const flush = async (): Promise<void> => {
    flushQueued = false;
    const jobs = waiting;
    waiting = [];
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    try {
      conn.exec('BEGIN IMMEDIATE');
    } catch (e) {
      for (const j of jobs) j.reject(e);
      return;
    }
    for (const job of jobs) {
      conn.exec('SAVEPOINT job');
      try {
        const value = await job.fn(direct);
        conn.exec('RELEASE job');
        outcomes.push({ ok: true, value });
      } catch (error) {
        conn.exec('ROLLBACK TO job');
        conn.exec('RELEASE job');
        outcomes.push({ ok: false, error });
      }
    }
    try {
      conn.exec('COMMIT');
    } catch (e) {
      if (conn.inTransaction) conn.exec('ROLLBACK');
      for (const j of jobs) j.reject(e);
      return;
    }
    jobs.forEach((j, i) => {
      const o = outcomes[i];
      if (o?.ok) j.resolve(o.value);
      else j.reject(o?.error);
    });
  };
  return {
    kind: 'sqlite',
    all: (text, params) => serial(() => direct.all(text, params)),
    run: (text, params) => serial(() => direct.run(text, params)),
    tx: <T>(fn: (sql: Sql) => Promise<T>) =>
      new Promise<T>((resolve, reject) => {
        waiting.push({ fn, resolve, reject } as Job);
        if (!flushQueued) {
          flushQueued = true;
          // After the I/O callbacks of this turn: every move that arrived while the last COMMIT
          // was fsyncing (the event loop waits on it) joins this one.
          setImmediate(() => void serial(flush));
        }
      }),
    // One process per SQLite file: the server broadcasts its own commits, nobody else to tell.
    notify: async () => undefined,
    listen: async () => undefined,
    close: async () => {
      await queue.idle();
      conn.close();
    },
  };
}
