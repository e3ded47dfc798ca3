/**
 * The two databases the server tests run against: a temporary SQLite file, and a fresh database
 * on the real PostgreSQL server named by CARAVAN_TEST_PG or DATABASE_URL (`.ci/run` starts one).
 * Without PostgreSQL the tests fail with a message saying how to get one: they never skip.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const PG_MISSING = `PostgreSQL is needed by the server tests and none was named.
Install and start one, then say where it is, e.g.:
  apt-get install -y postgresql
  su postgres -s /bin/bash -c "/usr/lib/postgresql/15/bin/initdb -D /tmp/pgdata -U caravan --auth=trust && \\
    /usr/lib/postgresql/15/bin/pg_ctl -D /tmp/pgdata -o '-h 127.0.0.1 -p 55432 -k /tmp' -w start"
  export CARAVAN_TEST_PG=postgres://caravan@127.0.0.1:55432/postgres
(.ci/run does all of this by itself.)`;

export function pgServerUrl(): string {
  const url = process.env.CARAVAN_TEST_PG || process.env.DATABASE_URL;
  if (!url || !/^postgres(ql)?:\/\//.test(url)) throw new Error(PG_MISSING);
  return url;
}

export interface TempDatabase {
  readonly url: string;
  drop(): Promise<void>;
}

/** A new, empty database on the test PostgreSQL server. */
export async function tempPostgres(): Promise<TempDatabase> {
  const server = pgServerUrl();
  const name = `caravan_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: server });
  try {
    await admin.connect();
  } catch (e) {
    throw new Error(`cannot connect to PostgreSQL at ${server}: ${(e as Error).message}\n\n${PG_MISSING}`);
  }
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(server);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TempFile {
  readonly file: string;
  drop(): Promise<void>;
}

export function tempSqlite(): TempFile {
  const dir = mkdtempSync(join(tmpdir(), 'caravan-db-'));
  return { file: join(dir, 'caravan.sqlite'), drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

/** Both kinds, for suites that run once per database. */
export const DATABASE_KINDS = ['sqlite', 'postgres'] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

export async function tempStoreConfig(
  kind: DatabaseKind,
): Promise<{ config: { databaseUrl?: string; sqliteFile?: string }; drop(): Promise<void> }> {
  if (kind === 'sqlite') {
    const f = tempSqlite();
    return { config: { sqliteFile: f.file }, drop: f.drop };
  }
  const d = await tempPostgres();
  return { config: { databaseUrl: d.url }, drop: d.drop };
}
