/** The variant registry: every shipped variant by id. */
import { bachelorKamil, bachelorKamilReflective } from './bachelor-kamil.js';
import { camelDecimal } from './camel-decimal.js';
import { chess } from './chess.js';
import type { MarriageMode, VariantDefinition } from './schema.js';
import { shatranjKamil, shatranjKamil2 } from './shatranj-kamil.js';
import { wildebeest } from './wildebeest.js';

export type * from './schema.js';

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

export function findVariant(id: string): VariantDefinition | undefined {
  return VARIANTS.find((v) => v.id === id);
}

/** A copy of a variant with marriage/taming in the given mode (RULES.md §4 option `marriage=delayed`). */
export function withMarriageMode(variant: VariantDefinition, mode: MarriageMode): VariantDefinition {
  if (!variant.end.marriage) return variant;
  return { ...variant, end: { ...variant.end, marriage: { ...variant.end.marriage, mode } } };
}
