/**
 * One identity per (variant, options). The tables cache, the evaluator and the search compare
 * definitions by object identity, so a variant resolved twice must be the same object, or every
 * search recompiles the tables and clears the transposition table (issue 10). Every layer asks
 * here: the default mode gives the definition itself, another mode one memoised copy, and a
 * definition that arrives as a copy (a worker message) gives the object first seen with its content.
 *
 * Identity only: whether a definition is playable is core/variant-check.ts's question. Errors are
 * core's Result and CaravanError (two modules that import nothing), the library's one vocabulary.
 */

import { CaravanError } from '../core/errors.js';
import { excerpt } from '../core/excerpt.js';
import { err, ok, type Result } from '../core/result.js';
import { findVariant, VARIANT_IDS, VARIANTS } from './registry.js';
import type { MarriageMode, VariantDefinition } from './schema.js';

export interface VariantOptions {
  /** Bachelor Kamil's marriage/taming mode (RULES.md §4); ignored by variants without the rule. */
  readonly marriage?: MarriageMode;
}

/** The canonical object of every definition object seen (itself, or an earlier one with its content). */
const canonical = new WeakMap<object, VariantDefinition>();
/** Content → canonical definition: shipped variants always, custom ones up to CONTENT_MEMO. */
const byContent = new Map<string, VariantDefinition>();
const CONTENT_MEMO = 256;
/** Canonical definition → its copy in the other marriage mode; and a copy → the definition it came from. */
const otherMode = new WeakMap<VariantDefinition, Map<MarriageMode, VariantDefinition>>();
const origin = new WeakMap<VariantDefinition, VariantDefinition>();

function remember(def: VariantDefinition): void {
  canonical.set(def, def);
  byContent.set(JSON.stringify(def), def);
}

function invalid(message: string): { ok: false; error: CaravanError } {
  return err(new CaravanError('invalid-variant', message));
}

function canonicalOf(def: object): Result<VariantDefinition, CaravanError> {
  const hit = canonical.get(def);
  if (hit) return ok(hit);
  let key: string;
  try {
    key = JSON.stringify(def);
  } catch (e) {
    return invalid(`a variant definition must be plain data (${e instanceof Error ? e.message : String(e)})`);
  }
  let found = byContent.get(key);
  if (!found) {
    found = def as VariantDefinition;
    if (byContent.size >= shippedCount + CONTENT_MEMO) {
      // Forget the oldest custom entry (Map keeps insertion order; shipped ones come first).
      const oldest = [...byContent.keys()][shippedCount];
      if (oldest !== undefined) byContent.delete(oldest);
    }
    byContent.set(key, found);
  }
  canonical.set(def, found);
  return ok(found);
}

function marriageOf(def: VariantDefinition): VariantDefinition['end']['marriage'] {
  const end = (def as { end?: unknown }).end;
  if (typeof end !== 'object' || end === null) return undefined;
  const m = (end as { marriage?: unknown }).marriage;
  return typeof m === 'object' && m !== null ? (m as VariantDefinition['end']['marriage']) : undefined;
}

function inMode(def: VariantDefinition, mode: MarriageMode): VariantDefinition {
  const rule = marriageOf(def);
  if (!rule || rule.mode === mode) return def;
  const base = origin.get(def) ?? def;
  const baseRule = marriageOf(base);
  if (!baseRule || baseRule.mode === mode) return base;
  let modes = otherMode.get(base);
  if (!modes) {
    modes = new Map();
    otherMode.set(base, modes);
  }
  let copy = modes.get(mode);
  if (!copy) {
    copy = { ...base, end: { ...base.end, marriage: { ...baseRule, mode } } };
    modes.set(mode, copy);
    origin.set(copy, base);
    canonical.set(copy, copy);
  }
  return copy;
}

// The shipped variants and their other marriage modes are known from the start and never forgotten.
for (const v of VARIANTS) {
  remember(v);
  for (const mode of ['immediate', 'delayed'] as const) if (inMode(v, mode) !== v) remember(inMode(v, mode));
}
const shippedCount = byContent.size;

/**
 * The one definition object for a variant id or definition with these options. Errors:
 * `unknown-variant` for an id Caravan does not ship, `invalid-variant` for anything that is
 * neither an id nor a definition object, or a bad option.
 */
export function resolveVariant(
  variant: unknown,
  options: VariantOptions = {},
): Result<VariantDefinition, CaravanError> {
  let def: VariantDefinition;
  if (typeof variant === 'string') {
    const found = findVariant(variant);
    if (!found) {
      return err(
        new CaravanError('unknown-variant', `unknown variant '${excerpt(variant)}' (known: ${VARIANT_IDS.join(', ')})`),
      );
    }
    def = found;
  } else if (typeof variant === 'object' && variant !== null && !Array.isArray(variant)) {
    const c = canonicalOf(variant);
    if (!c.ok) return c;
    def = c.value;
  } else {
    const what = variant === null ? 'null' : Array.isArray(variant) ? 'an array' : typeof variant;
    return invalid(`a variant is an id or a definition object, got ${what}`);
  }
  if (typeof options !== 'object' || options === null) return invalid('variant options must be an object');
  const mode = options.marriage;
  if (mode === undefined) return ok(def);
  if (mode !== 'immediate' && mode !== 'delayed') {
    return invalid(`marriage mode must be 'immediate' or 'delayed', got '${excerpt(String(mode))}'`);
  }
  return ok(inMode(def, mode));
}

/** A variant with marriage/taming in the given mode (RULES.md §4 option `marriage=delayed`); memoised. */
export function withMarriageMode(variant: VariantDefinition, mode: MarriageMode): VariantDefinition {
  const r = resolveVariant(variant, { marriage: mode });
  return r.ok ? r.value : variant;
}
