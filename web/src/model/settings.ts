/**
 * How a game is played and kept: its settings (variant, marriage mode, opponent, colour, level)
 * and the saved record. No rules here; the controller plays the game.
 */

import type { Color } from '../../../src/core/outcome.js';
import { MAX_LEVEL, MIN_LEVEL } from '../../../src/engine/levels.js';
import { DEFAULT_VARIANT_ID, resolveVariant } from '../../../src/variants/index.js';
import type { MarriageMode, VariantDefinition } from '../../../src/variants/schema.js';
import type { ClockState, TimeControl } from './clock.js';
import type { Verdict } from './verdict.js';

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
  /** Clocks for the game (none: untimed). */
  readonly timeControl?: TimeControl;
}

export const DEFAULT_LEVEL = 4;

export function defaultSettings(variantId = DEFAULT_VARIANT_ID): GameSettings {
  return { variantId, marriageMode: 'immediate', mode: 'hotseat', humanColor: 'white', level: DEFAULT_LEVEL };
}

/** A level as given (any number) brought to a valid one. */
export function clampLevel(level: unknown): number {
  return Math.min(MAX_LEVEL, Math.max(MIN_LEVEL, Math.round(Number(level) || DEFAULT_LEVEL)));
}

/** A saved game: settings, start position and moves (UCI); its archive id and start date. */
export interface GameRecord {
  readonly settings: GameSettings;
  readonly startFen: string;
  readonly moves: readonly string[];
  /** Archive id and start time (ms since 1970); absent in links and tests, given when kept. */
  readonly id?: string;
  readonly started?: number;
  /** A resignation, agreed draw or flag fall that ended it. */
  readonly verdict?: Verdict;
  /** The clocks' times when it was kept. */
  readonly clock?: ClockState;
}

/** The variant definition a game's settings call for (marriage mode applied), or undefined. */
export function variantFor(settings: Pick<GameSettings, 'variantId' | 'marriageMode'>): VariantDefinition | undefined {
  const def = resolveVariant(settings.variantId, { marriage: settings.marriageMode });
  return def.ok ? def.value : undefined;
}
