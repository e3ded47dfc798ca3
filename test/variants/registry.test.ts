/**
 * The variant registry lives in the data (issue 10 item 2): names, aliases, XBoard names, menu,
 * default and evaluation set are fields of the definitions in src/variants/, and no other
 * source file keeps a table keyed by variant id.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { EVAL_SETS } from '../../src/engine/eval-params.js';
import { isXboardSafeName, xboardVariantName } from '../../src/protocol/xboard-variants.js';
import {
  DEFAULT_VARIANT,
  DEFAULT_VARIANT_ID,
  findVariantByName,
  isNameOf,
  MENU_VARIANT_IDS,
  VARIANT_IDS,
  VARIANTS,
} from '../../src/variants/index.js';
import { REPO_ROOT } from '../helpers/paths.js';

describe('the variant registry', () => {
  it('starts new games with the first variant in menu order (Wildebeest)', () => {
    assert.equal(DEFAULT_VARIANT, VARIANTS[0]);
    assert.equal(DEFAULT_VARIANT_ID, 'wildebeest');
  });

  it('offers every camel variant in the menu, not the orthodox sanity check', () => {
    assert.deepEqual(
      MENU_VARIANT_IDS,
      VARIANT_IDS.filter((id) => id !== 'chess'),
    );
  });

  it('reads every alias of a definition as that variant, and no alias names two variants', () => {
    const seen = new Map<string, string>();
    for (const v of VARIANTS) {
      for (const name of [v.id, v.name, ...(v.aliases ?? [])]) {
        assert.equal(findVariantByName(name), v, name);
        assert.ok(isNameOf(v, name));
        const key = name.toLowerCase().replace(/[^a-z0-9]/g, '');
        assert.ok(!seen.has(key) || seen.get(key) === v.id, `${name}: ${seen.get(key)} and ${v.id}`);
        seen.set(key, v.id);
      }
    }
    assert.equal(findVariantByName('Shatranj Kamil I')?.id, 'shatranj-kamil');
    assert.equal(findVariantByName('shatranj kamil ii')?.id, 'shatranj-kamil-2');
    assert.equal(findVariantByName('bachelor-kamil-nomarriage'), undefined, 'a section with other rules');
  });

  it('names an XBoard-safe name for every variant but the one XBoard has built in', () => {
    for (const v of VARIANTS) {
      const name = xboardVariantName(v);
      if (v.id === 'chess') assert.equal(name, 'normal');
      else assert.ok(isXboardSafeName(name), `${v.id}: ${name}`);
    }
  });

  it('names only evaluation sets the engine holds', () => {
    for (const v of VARIANTS) if (v.evalSet !== undefined) assert.ok(EVAL_SETS[v.evalSet], `${v.id}: ${v.evalSet}`);
  });

  it('keeps variant ids out of the code of every other source file (bench positions aside)', () => {
    // Bench positions are measurement data (a FEN per variant), not facts about a variant.
    const allowed = new Set(['src/engine/bench-positions.ts']);
    const quoted = new RegExp(`['"\`](${VARIANT_IDS.join('|')})['"\`]`);
    const offenders: string[] = [];
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (name.endsWith('.ts')) {
          const rel = relative(REPO_ROOT, path);
          if (rel.startsWith('src/variants/') || allowed.has(rel)) continue;
          readFileSync(path, 'utf8')
            .split('\n')
            .forEach((line, i) => {
              const comment = /^\s*(\*|\/\/|\/\*)/.test(line);
              if (!comment && quoted.test(line)) offenders.push(`${rel}:${i + 1}: ${line.trim()}`);
            });
        }
      }
    };
    walk(join(REPO_ROOT, 'src'));
    walk(join(REPO_ROOT, 'web', 'src'));
    assert.deepEqual(offenders, []);
  });
});
