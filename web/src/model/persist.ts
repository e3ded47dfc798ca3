/**
 * What the app keeps in localStorage: the game in progress and the player's preferences.
 * Everything read back is validated; anything malformed is ignored (a fresh start), never trusted.
 */

import type { Color } from '../../../src/core/outcome.js';
import type { MarriageMode } from '../../../src/variants/schema.js';
import { clampLevel, type GameRecord, type GameSettings, type Mode } from './settings.js';

export const GAME_KEY = 'caravan.game.v1';
export const PREFS_KEY = 'caravan.prefs.v1';

export interface Prefs {
  readonly coordinates: boolean;
  readonly analysis: boolean;
  /** Board seen from Black (in addition to the automatic flip when playing Black). */
  readonly flipped: boolean;
}

export const DEFAULT_PREFS: Prefs = { coordinates: true, analysis: false, flipped: false };

export function serializeGame(record: GameRecord): string {
  return JSON.stringify({ v: 1, ...record });
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

export function parseSettings(x: unknown): GameSettings | undefined {
  if (!isObject(x)) return undefined;
  const { variantId, marriageMode, mode, humanColor, level } = x;
  if (typeof variantId !== 'string') return undefined;
  const mm: MarriageMode = marriageMode === 'delayed' ? 'delayed' : 'immediate';
  const md: Mode = mode === 'engine' ? 'engine' : 'hotseat';
  const hc: Color = humanColor === 'black' ? 'black' : 'white';
  return {
    variantId,
    marriageMode: mm,
    mode: md,
    humanColor: hc,
    level: clampLevel(typeof level === 'number' ? level : undefined),
  };
}

/** A saved game, or undefined when the text is not one. */
export function parseGame(text: string | null | undefined): GameRecord | undefined {
  if (!text) return undefined;
  let x: unknown;
  try {
    x = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(x) || x.v !== 1) return undefined;
  const settings = parseSettings(x.settings);
  if (!settings || typeof x.startFen !== 'string' || !Array.isArray(x.moves)) return undefined;
  if (!x.moves.every((m): m is string => typeof m === 'string')) return undefined;
  return { settings, startFen: x.startFen, moves: x.moves };
}

export function parsePrefs(text: string | null | undefined): Prefs {
  if (!text) return DEFAULT_PREFS;
  try {
    const x: unknown = JSON.parse(text);
    if (!isObject(x)) return DEFAULT_PREFS;
    return {
      coordinates: typeof x.coordinates === 'boolean' ? x.coordinates : DEFAULT_PREFS.coordinates,
      analysis: typeof x.analysis === 'boolean' ? x.analysis : DEFAULT_PREFS.analysis,
      flipped: typeof x.flipped === 'boolean' ? x.flipped : DEFAULT_PREFS.flipped,
    };
  } catch {
    return DEFAULT_PREFS;
  }
}
