/**
 * Variant lookup by the names people and other programs write in PGN `Variant` tags: Caravan ids
 * (`wildebeest`), the names players know (`Wildebeest Chess`), Fairy-Stockfish section names of
 * /work/shared/peers/fairy-stockfish-variants.ini (`wildebeest-c2`) and a few common spellings.
 * Matching ignores case, spaces and punctuation.
 */

import { findVariant, VARIANTS } from '../variants/index.js';
import type { VariantDefinition } from '../variants/schema.js';

function normalize(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * Other spellings → Caravan id. Fairy-Stockfish's `wildebeest-c1..c4` hold one castling distance
 * each: every game they record is a Wildebeest game, so they read as `wildebeest`. Sections that
 * change the rules (`wildebeest-nocastle`, `bachelor-kamil-nomarriage`) are deliberately absent.
 */
const ALIASES: Readonly<Record<string, string>> = {
  standard: 'chess',
  orthodox: 'chess',
  orthodoxchess: 'chess',
  wildebeestc1: 'wildebeest',
  wildebeestc2: 'wildebeest',
  wildebeestc3: 'wildebeest',
  wildebeestc4: 'wildebeest',
  shatranjkamil1: 'shatranj-kamil',
  shatranjkamilsetup1: 'shatranj-kamil',
  shatranjkamili: 'shatranj-kamil',
  shatranjkamilii: 'shatranj-kamil-2',
  bachelorkamilrotational: 'bachelor-kamil',
  bachelorkamilrotationalarray: 'bachelor-kamil',
  bachelorkamilreflectivearray: 'bachelor-kamil-reflective',
};

let byName: Map<string, VariantDefinition> | undefined;

function table(): Map<string, VariantDefinition> {
  if (byName) return byName;
  const m = new Map<string, VariantDefinition>();
  for (const v of VARIANTS) {
    m.set(normalize(v.id), v);
    m.set(normalize(v.name), v);
  }
  for (const [alias, id] of Object.entries(ALIASES)) {
    const v = findVariant(id);
    if (v) m.set(alias, v);
  }
  byName = m;
  return m;
}

/** The variant a name designates, or undefined when none does. */
export function findVariantByName(name: string): VariantDefinition | undefined {
  if (typeof name !== 'string') return undefined;
  const key = normalize(name);
  return key === '' ? undefined : table().get(key);
}
