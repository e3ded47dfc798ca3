/** localStorage that never throws (private mode, quota, disabled storage). */

import {
  ARCHIVE_KEY,
  type ArchivedGame,
  archiveEntry,
  parseArchive,
  removeGame,
  serializeArchive,
  upsertGame,
} from '../model/archive.js';
import { GameController } from '../model/controller.js';
import { GAME_KEY, PREFS_KEY, type Prefs, parseGame, parsePrefs, serializeGame } from '../model/persist.js';
import type { GameRecord } from '../model/settings.js';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // storage unavailable: the game simply is not kept
  }
}

export const loadGame = (): GameRecord | undefined => parseGame(read(GAME_KEY));
export const loadPrefs = (): Prefs => parsePrefs(read(PREFS_KEY));
export const savePrefs = (prefs: Prefs): void => write(PREFS_KEY, JSON.stringify(prefs));

export const loadArchive = (): ArchivedGame[] => parseArchive(read(ARCHIVE_KEY));
const saveArchive = (games: readonly ArchivedGame[]): void => write(ARCHIVE_KEY, serializeArchive(games));

/**
 * Keep `record` as the game in progress and in the archive. The game it replaces stays in the
 * archive: one saved before the archive existed (no id) is put there first, so starting a new game
 * never loses one.
 */
export function saveGame(record: GameRecord, end?: { readonly result: string; readonly text: string }): void {
  const now = Date.now();
  let games = loadArchive();
  const previous = loadGame();
  if (previous && !previous.id && previous.moves.length > 0) {
    const c = GameController.fromRecord(previous);
    games = upsertGame(games, archiveEntry(previous, c.ok ? c.value.snapshot.end : undefined, now));
  }
  const entry = archiveEntry(record, end, now);
  // A game with no move yet is not worth a line in the list (taken back to the start: dropped).
  const worthKeeping = record.moves.length > 0 || record.verdict !== undefined;
  saveArchive(worthKeeping ? upsertGame(games, entry) : removeGame(games, entry.record.id));
  write(GAME_KEY, serializeGame(entry.record));
}

export function deleteArchived(id: string): void {
  saveArchive(removeGame(loadArchive(), id));
}
