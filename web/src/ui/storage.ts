/** localStorage that never throws (private mode, quota, disabled storage). */

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
export const saveGame = (record: GameRecord): void => write(GAME_KEY, serializeGame(record));
export const loadPrefs = (): Prefs => parsePrefs(read(PREFS_KEY));
export const savePrefs = (prefs: Prefs): void => write(PREFS_KEY, JSON.stringify(prefs));
