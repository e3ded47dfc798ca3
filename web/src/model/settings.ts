/**
 * How a game is played and kept: its settings (variant, marriage mode, opponent, colour, level)
 * and the saved record. No rules here; the controller plays the game.
 */

import type { Color } from '../../../src/core/outcome.js';
import { MAX_LEVEL, MIN_LEVEL } from '../../../src/engine/levels.js';
import { findVariant, withMarriageMode } from '../../../src/variants/index.js';
import type { MarriageMode, VariantDefinition } from '../../../src/variants/schema.js';

export type Mode = 'hotseat' | 'engine';

/** How a game is played: everything needed to start it again. */
export interface GameSettings {
  readonly variantId: string;
  /** Bachelor Kamil only (ignored elsewhere). */
  readonly marriageMode: MarriageMode;
  readonly mode: Mode;
  /** The human's colour against the computer. */
  readonly humanColor: Color;
  /** Computer strength MIN_LEVEL–MAX_LEVEL. */
  readonly level: number;
}

export const DEFAULT_LEVEL = 4;

export function defaultSettings(variantId = 'wildebeest'): GameSettings {
  return { variantId, marriageMode: 'immediate', mode: 'hotseat', humanColor: 'white', level: DEFAULT_LEVEL };
}

/** A level as given (any number) brought to a valid one. */
export function clampLevel(level: unknown): number {
  return Math.min(MAX_LEVEL, Math.max(MIN_LEVEL, Math.round(Number(level) || DEFAULT_LEVEL)));
}

/** A saved game: settings, start position and moves (UCI). */
export interface GameRecord {
  readonly settings: GameSettings;
  readonly startFen: string;
  readonly moves: readonly string[];
}

/** The variant definition a game's settings call for (marriage mode applied), or undefined. */
export function variantFor(settings: Pick<GameSettings, 'variantId' | 'marriageMode'>): VariantDefinition | undefined {
  const base = findVariant(settings.variantId);
  if (!base) return undefined;
  return base.end.marriage ? withMarriageMode(base, settings.marriageMode) : base;
}
