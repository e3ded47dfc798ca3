/**
 * Versioned schema migrations, portable SQL (SQLite and PostgreSQL). Append new versions; never
 * edit an applied one. `schema_version` records what has been applied.
 */

export interface Migration {
  readonly version: number;
  readonly statements: readonly string[];
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    statements: [
      `CREATE TABLE games (
        id TEXT PRIMARY KEY,
        variant TEXT NOT NULL,
        marriage TEXT,
        tc_kind TEXT NOT NULL,
        base_ms BIGINT NOT NULL,
        inc_ms BIGINT NOT NULL,
        days INTEGER NOT NULL,
        status TEXT NOT NULL,
        result TEXT NOT NULL,
        reason TEXT,
        ply INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        white_ms BIGINT NOT NULL,
        black_ms BIGINT NOT NULL,
        turn_started_at BIGINT,
        deadline BIGINT,
        draw_offer TEXT,
        takeback_ask TEXT,
        rematch_ask TEXT,
        rematch_id TEXT,
        rematch_of TEXT,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL
      )`,
      'CREATE INDEX games_due ON games (status, deadline)',
      `CREATE TABLE seats (
        game_id TEXT NOT NULL REFERENCES games (id),
        color TEXT NOT NULL,
        secret_hash TEXT NOT NULL,
        joined_at BIGINT,
        present_until BIGINT,
        PRIMARY KEY (game_id, color)
      )`,
      `CREATE TABLE moves (
        game_id TEXT NOT NULL REFERENCES games (id),
        ply INTEGER NOT NULL,
        uci TEXT NOT NULL,
        clock_ms BIGINT,
        at BIGINT NOT NULL,
        PRIMARY KEY (game_id, ply)
      )`,
      `CREATE TABLE events (
        game_id TEXT NOT NULL REFERENCES games (id),
        seq INTEGER NOT NULL,
        type TEXT NOT NULL,
        data TEXT NOT NULL,
        at BIGINT NOT NULL,
        PRIMARY KEY (game_id, seq)
      )`,
    ],
  },
];

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]?.version ?? 0;
