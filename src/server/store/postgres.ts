/**
 * PostgreSQL through `pg`: a pool for statements and transactions, one extra connection that
 * LISTENs for other processes' changes (payload `{game, ply}` only; the rest is read back).
 */

import pg from 'pg';
import { type Db, NOTIFY_CHANNEL, numberPlaceholders, type Sql, type SqlRow } from './db.js';

const CHANNEL = NOTIFY_CHANNEL;
const INT8_OID = 20;

/** BIGINT columns hold milliseconds since 1970: well inside a double, so read them as numbers. */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID
      ? (v: string) => Number(v)
      : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

/** Our statements are few and fixed: each gets a name, so every connection parses and plans it once. */
const statementNames = new Map<string, string>();
function statement(text: string, params: readonly unknown[]): pg.QueryConfig {
  let name = statementNames.get(text);
  if (!name) {
    name = `caravan_${statementNames.size}`;
    statementNames.set(text, name);
  }
  return { name, text: numberPlaceholders(text), values: [...params] };
}

function wrap(client: pg.Pool | pg.PoolClient): Sql {
  return {
    all: async (text, params = []) => (await client.query(statement(text, params))).rows as SqlRow[],
    run: async (text, params = []) => (await client.query(statement(text, params))).rowCount ?? 0,
  };
}

export async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: 16, types });
  // An idle client that loses its connection must not take the process down.
  pool.on('error', () => undefined);
  await pool.query('SELECT 1');
  const plain = wrap(pool);
  let listener: pg.Client | undefined;
  let closed = false;
  const handlers: ((payload: string) => void)[] = [];

  async function connectListener(): Promise<void> {
    const c = new pg.Client({ connectionString: url, types });
    c.on('error', () => undefined);
    c.on('notification', (n) => {
      if (n.channel === CHANNEL && n.payload) for (const h of handlers) h(n.payload);
    });
    c.on('end', () => {
      if (!closed) setTimeout(() => void connectListener().catch(() => undefined), 500);
    });
    await c.connect();
    await c.query(`LISTEN ${CHANNEL}`);
    listener = c;
  }

  return {
    kind: 'postgres',
    all: plain.all,
    run: plain.run,
    tx: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const value = await fn(wrap(client));
        await client.query('COMMIT');
        return value;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    notify: async (sql, payload) => {
      await sql.all('SELECT pg_notify(?, ?)', [CHANNEL, payload]);
    },
    listen: async (fn) => {
      handlers.push(fn);
      if (!listener) await connectListener();
    },
    close: async () => {
      closed = true;
      await listener?.end().catch(() => undefined);
      await pool.end();
    },
  };
}
