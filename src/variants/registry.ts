/** The variants Caravan ships, in menu order: the first is the default. */
import { bachelorKamil, bachelorKamilReflective } from './bachelor-kamil.js';
import { camelDecimal } from './camel-decimal.js';
import { chess } from './chess.js';
import type { VariantDefinition } from './schema.js';
import { shatranjKamil, shatranjKamil2 } from './shatranj-kamil.js';
import { wildebeest } from './wildebeest.js';

export const VARIANTS: readonly VariantDefinition[] = [
  wildebeest,
  camelDecimal,
  shatranjKamil,
  shatranjKamil2,
  bachelorKamil,
  bachelorKamilReflective,
  chess,
];

export const VARIANT_IDS: readonly string[] = VARIANTS.map((v) => v.id);

/** The variant a new game, a protocol session or a command starts with when none is named. */
export const DEFAULT_VARIANT: VariantDefinition = VARIANTS[0] as VariantDefinition;
export const DEFAULT_VARIANT_ID: string = DEFAULT_VARIANT.id;

/** The variants the app's menu offers, in order (`menu: false` leaves one out). */
export const MENU_VARIANTS: readonly VariantDefinition[] = VARIANTS.filter((v) => v.menu !== false);
export const MENU_VARIANT_IDS: readonly string[] = MENU_VARIANTS.map((v) => v.id);

export function findVariant(id: string): VariantDefinition | undefined {
  return VARIANTS.find((v) => v.id === id);
}
