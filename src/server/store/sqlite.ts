/**
 * The embedded database: one SQLite file, WAL journal, `synchronous=FULL` (every commit is
 * fsynced before the move is acknowledged). better-sqlite3 is synchronous; one queue keeps a
 * transaction's statements from interleaving with other callers on the single connection.
 */

import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
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
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(fn, fn);
    queue = next.catch(() => undefined);
    return next;
  };
  return {
    kind: 'sqlite',
    all: (text, params) => serial(() => direct.all(text, params)),
    run: (text, params) => serial(() => direct.run(text, params)),
    tx: (fn) =>
      serial(async () => {
        conn.exec('BEGIN IMMEDIATE');
        try {
          const value = await fn(direct);
          conn.exec('COMMIT');
          return value;
        } catch (e) {
          if (conn.inTransaction) conn.exec('ROLLBACK');
          throw e;
        }
      }),
    // One process per SQLite file: the server broadcasts its own commits, nobody else to tell.
    notify: async () => undefined,
    listen: async () => undefined,
    close: async () => {
      await queue;
      conn.close();
    },
  };
}
