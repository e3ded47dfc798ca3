/**
 * Variant lookup by the names people and other programs write in PGN `Variant` tags: ids
 * (`wildebeest`), the names players know (`Wildebeest Chess`) and each definition's `aliases`
 * (Fairy-Stockfish section names of ../shared/peers/fairy-stockfish-variants.ini such as
 * `wildebeest-c2`, common spellings). Matching ignores case, spaces and punctuation.
 */

import { VARIANTS } from './registry.js';
import type { VariantDefinition } from './schema.js';

function normalize(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** The names a definition answers to, normalised. */
function namesOf(def: VariantDefinition): string[] {
  return [def.id, def.name, ...(def.aliases ?? [])].map(normalize).filter((n) => n !== '');
}

const tables = new WeakMap<readonly VariantDefinition[], Map<string, VariantDefinition>>();

function table(variants: readonly VariantDefinition[]): Map<string, VariantDefinition> {
  let m = tables.get(variants);
  if (m) return m;
  m = new Map();
  // Earlier variants win a shared name (ids and names first, then aliases).
  for (const v of variants) for (const n of namesOf(v).slice(0, 2)) if (!m.has(n)) m.set(n, v);
  for (const v of variants) for (const n of namesOf(v).slice(2)) if (!m.has(n)) m.set(n, v);
  tables.set(variants, m);
  return m;
}

/** The variant a name designates among `variants` (the shipped ones by default), or undefined. */
export function findVariantByName(
  name: string,
  variants: readonly VariantDefinition[] = VARIANTS,
): VariantDefinition | undefined {
  if (typeof name !== 'string') return undefined;
  const key = normalize(name);
  return key === '' ? undefined : table(variants).get(key);
}

/** Does `name` designate `def` (its id, name or an alias)? */
export function isNameOf(def: VariantDefinition, name: string): boolean {
  return typeof name === 'string' && namesOf(def).includes(normalize(name));
}
