/**
 * What the app keeps in localStorage: the game in progress and the player's preferences.
 * Everything read back is validated; anything malformed is ignored (a fresh start), never trusted.
 */

import type { Color } from '../../../src/core/outcome.js';
import type { MarriageMode } from '../../../src/variants/schema.js';
import type { ClockState, TimeControl } from './clock.js';
import { clampLevel, type GameRecord, type GameSettings, type Mode } from './settings.js';
import type { Verdict, VerdictReason } from './verdict.js';

export const GAME_KEY = 'caravan.game.v1';
export const PREFS_KEY = 'caravan.prefs.v1';

export const BOARD_THEMES = ['wood', 'green', 'blue', 'grey'] as const;
export type BoardTheme = (typeof BOARD_THEMES)[number];
/** Move animation lengths offered (ms; 0 = none). */
export const ANIMATION_SPEEDS = [0, 120, 250, 500] as const;

export interface Prefs {
  readonly coordinates: boolean;
  readonly analysis: boolean;
  /** Board seen from Black (in addition to the automatic flip when playing Black). */
  readonly flipped: boolean;
  readonly dark: boolean;
  readonly boardTheme: BoardTheme;
  /** Move animation in ms (0 = none). */
  readonly animationMs: number;
  /** Dots on the squares a picked piece may go to. */
  readonly showDests: boolean;
  readonly sound: boolean;
}

export const DEFAULT_PREFS: Prefs = {
  coordinates: true,
  analysis: false,
  flipped: false,
  dark: false,
  boardTheme: 'wood',
  animationMs: 120,
  showDests: true,
  sound: true,
};

export function serializeGame(record: GameRecord): string {
  return JSON.stringify({ v: 1, ...record });
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

export function parseSettings(x: unknown): GameSettings | undefined {
  if (!isObject(x)) return undefined;
  const { variantId, marriageMode, mode, humanColor, level, timeControl } = x;
  if (typeof variantId !== 'string') return undefined;
  const mm: MarriageMode = marriageMode === 'delayed' ? 'delayed' : 'immediate';
  const md: Mode = mode === 'engine' ? 'engine' : 'hotseat';
  const hc: Color = humanColor === 'black' ? 'black' : 'white';
  const tc = parseTimeControlJson(timeControl);
  return {
    variantId,
    marriageMode: mm,
    mode: md,
    humanColor: hc,
    level: clampLevel(typeof level === 'number' ? level : undefined),
    ...(tc ? { timeControl: tc } : {}),
  };
}

const isMs = (x: unknown, max: number): x is number =>
  typeof x === 'number' && Number.isFinite(x) && x >= 0 && x <= max;

function parseTimeControlJson(x: unknown): TimeControl | undefined {
  if (!isObject(x) || !isMs(x.baseMs, 3 * 3600_000) || !isMs(x.incMs, 180_000) || x.baseMs < 1000) return undefined;
  return { baseMs: x.baseMs, incMs: x.incMs };
}

const VERDICTS: readonly VerdictReason[] = ['resignation', 'agreement', 'time-forfeit', 'time-draw'];

function parseVerdict(x: unknown): Verdict | undefined {
  if (!isObject(x) || !VERDICTS.includes(x.reason as VerdictReason)) return undefined;
  const winner = x.winner === 'white' || x.winner === 'black' ? x.winner : null;
  return { winner, reason: x.reason as VerdictReason };
}

function parseClock(x: unknown): ClockState | undefined {
  if (!isObject(x) || !isMs(x.white, 1e9) || !isMs(x.black, 1e9)) return undefined;
  return { white: x.white, black: x.black };
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
  return isObject(x) && x.v === 1 ? parseRecord(x) : undefined;
}

/** A game record from parsed JSON, or undefined when it is not one. */
export function parseRecord(x: unknown): GameRecord | undefined {
  if (!isObject(x)) return undefined;
  const settings = parseSettings(x.settings);
  if (!settings || typeof x.startFen !== 'string' || !Array.isArray(x.moves)) return undefined;
  if (!x.moves.every((m): m is string => typeof m === 'string')) return undefined;
  const verdict = parseVerdict(x.verdict);
  const clock = parseClock(x.clock);
  return {
    settings,
    startFen: x.startFen,
    moves: x.moves,
    ...(typeof x.id === 'string' && x.id !== '' ? { id: x.id } : {}),
    ...(isMs(x.started, 1e15) ? { started: x.started } : {}),
    ...(verdict ? { verdict } : {}),
    ...(clock ? { clock } : {}),
  };
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
      dark: typeof x.dark === 'boolean' ? x.dark : DEFAULT_PREFS.dark,
      boardTheme: BOARD_THEMES.includes(x.boardTheme as BoardTheme)
        ? (x.boardTheme as BoardTheme)
        : DEFAULT_PREFS.boardTheme,
      animationMs: ANIMATION_SPEEDS.includes(x.animationMs as 0)
        ? (x.animationMs as number)
        : DEFAULT_PREFS.animationMs,
      showDests: typeof x.showDests === 'boolean' ? x.showDests : DEFAULT_PREFS.showDests,
      sound: typeof x.sound === 'boolean' ? x.sound : DEFAULT_PREFS.sound,
    };
  } catch {
    return DEFAULT_PREFS;
  }
}
