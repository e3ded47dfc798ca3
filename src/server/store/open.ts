/** Picks the database from the environment: PostgreSQL when DATABASE_URL says so, else SQLite. */

import { resolve } from 'node:path';
import { openPostgres } from './postgres.js';
import { SqlRepository } from './repository.js';
import { openSqlite } from './sqlite.js';
import type { Repository } from './types.js';

export interface StoreConfig {
  /** postgres://… or postgresql://… */
  readonly databaseUrl?: string;
  /** SQLite file; default data/caravan.sqlite under the working directory. */
  readonly sqliteFile?: string;
}

export function storeConfigFromEnv(env: NodeJS.ProcessEnv = process.env): StoreConfig {
  const url = env.DATABASE_URL;
  return url && /^postgres(ql)?:\/\//.test(url)
    ? { databaseUrl: url }
    : { sqliteFile: env.CARAVAN_DB || resolve('data', 'caravan.sqlite') };
}

export async function openStore(config: StoreConfig): Promise<Repository> {
  if (config.databaseUrl) return SqlRepository.open(await openPostgres(config.databaseUrl));
  return SqlRepository.open(openSqlite(config.sqliteFile ?? resolve('data', 'caravan.sqlite')));
}

export type { Repository } from './types.js';
