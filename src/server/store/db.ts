/**
 * The little a repository needs from a database driver: run a statement, read rows, run a
 * function in one transaction. SQL is written once with `?` placeholders (queries.ts); the
 * PostgreSQL driver numbers them.
 */

/** The PostgreSQL channel of game changes (payload `{"game": id, "ply": n}`). */
export const NOTIFY_CHANNEL = 'caravan_games';

export type SqlValue = string | number | null;
export type SqlRow = Record<string, unknown>;

export interface Sql {
  all(sql: string, params?: readonly SqlValue[]): Promise<SqlRow[]>;
  /** Runs a statement; resolves to the number of rows it changed. */
  run(sql: string, params?: readonly SqlValue[]): Promise<number>;
}

export interface Db extends Sql {
  readonly kind: 'sqlite' | 'postgres';
  /** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
  tx<T>(fn: (sql: Sql) => Promise<T>): Promise<T>;
  /** Tell other processes that a game changed (inside a transaction: delivered on commit). */
  notify(sql: Sql, payload: string): Promise<void>;
  listen(fn: (payload: string) => void): Promise<void>;
  close(): Promise<void>;
}

/** `?` placeholders → `$1, $2, …` (PostgreSQL). Our SQL has no `?` inside string literals. */
export function numberPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}
