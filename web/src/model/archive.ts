/**
 * The game archive (issue 13): every game played in this browser, kept with its date, players and
 * result, newest first. The game in progress is one of them, so starting another never loses it.
 * Pure data in and out (JSON text); ui/storage.ts keeps it in localStorage.
 */

import { parseRecord } from './persist.js';
import type { GameRecord, GameSettings } from './settings.js';

export const ARCHIVE_KEY = 'caravan.archive.v1';
/** Oldest games are dropped beyond this many (localStorage holds a few megabytes). */
export const ARCHIVE_LIMIT = 500;

export interface ArchivedGame {
  readonly record: GameRecord & { readonly id: string; readonly started: number };
  /** PGN result token, or `*` while the game goes on; the end in words (empty while it goes on). */
  readonly result: string;
  readonly ending: string;
  readonly updated: number;
}

export function newGameId(now: number, random: number): string {
  return `${now.toString(36)}-${Math.floor(random * 36 ** 6).toString(36)}`;
}

/** The players as the archive, the title and PGN name them. */
export function playerNames(s: GameSettings): { white: string; black: string } {
  if (s.mode === 'hotseat') return { white: 'White player', black: 'Black player' };
  const engine = `Caravan (level ${s.level})`;
  return s.humanColor === 'white' ? { white: 'You', black: engine } : { white: engine, black: 'You' };
}

export function serializeArchive(games: readonly ArchivedGame[]): string {
  return JSON.stringify({ v: 1, games });
}

/** The archive from storage; entries that are not games are dropped, never trusted. */
export function parseArchive(text: string | null | undefined): ArchivedGame[] {
  if (!text) return [];
  let x: unknown;
  try {
    x = JSON.parse(text);
  } catch {
    return [];
  }
  if (typeof x !== 'object' || x === null || !Array.isArray((x as { games?: unknown }).games)) return [];
  const out: ArchivedGame[] = [];
  for (const g of (x as { games: unknown[] }).games) {
    if (typeof g !== 'object' || g === null) continue;
    const e = g as Record<string, unknown>;
    const record = parseRecord(e.record);
    if (!record?.id || record.started === undefined) continue;
    out.push({
      record: record as ArchivedGame['record'],
      result: typeof e.result === 'string' ? e.result : '*',
      ending: typeof e.ending === 'string' ? e.ending : '',
      updated: typeof e.updated === 'number' ? e.updated : record.started,
    });
  }
  return out;
}

/** The archive with `entry` put in (replacing the game of the same id), newest start first. */
export function upsertGame(games: readonly ArchivedGame[], entry: ArchivedGame): ArchivedGame[] {
  const rest = games.filter((g) => g.record.id !== entry.record.id);
  return [entry, ...rest].sort((a, b) => b.record.started - a.record.started).slice(0, ARCHIVE_LIMIT);
}

export function removeGame(games: readonly ArchivedGame[], id: string): ArchivedGame[] {
  return games.filter((g) => g.record.id !== id);
}

/** The archive's entry for a record (given an id and start when it has none) and how it ended. */
export function archiveEntry(
  record: GameRecord,
  end: { readonly result: string; readonly text: string } | undefined,
  now: number,
): ArchivedGame {
  const id = record.id ?? newGameId(now, Math.random());
  const started = record.started ?? now;
  return { record: { ...record, id, started }, result: end?.result ?? '*', ending: end?.text ?? '', updated: now };
}
