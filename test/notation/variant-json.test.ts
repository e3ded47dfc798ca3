/**
 * Variant files (issue 10: "a variant is one data file"): JSON text holding the definitions of
 * variants Caravan does not ship becomes checked definitions — or a typed error saying where the
 * text is wrong, which definition is invalid and why, or which offered variant a name already
 * designates.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { CaravanError } from '../../src/core/errors.js';
import { perft } from '../../src/core/perft.js';
import { Position } from '../../src/core/position.js';
import { unwrap } from '../../src/core/result.js';
import { jsonErrorOffset, parseVariantsJson } from '../../src/notation/variant-json.js';
import { findVariant, resolveVariant, VARIANTS } from '../../src/variants/index.js';
import type { VariantDefinition } from '../../src/variants/schema.js';
import { CAMEL_TEN } from '../helpers/camel-ten.js';
import { REPO_ROOT } from '../helpers/paths.js';
import { makeRng } from '../helpers/rng.js';

const json = (x: unknown): string => JSON.stringify(x, null, 2);

function failure(text: string, taken?: readonly VariantDefinition[]): CaravanError {
  const r = parseVariantsJson(text, taken);
  assert.ok(!r.ok, `expected an error for ${text.slice(0, 80)}`);
  return r.error;
}

/** Camel Ten with some fields changed (a new id unless one is given). */
const camelTenWith = (fields: Partial<Record<keyof VariantDefinition, unknown>>): unknown => ({
  ...CAMEL_TEN,
  id: 'camel-ten-b',
  name: 'Camel Ten B',
  aliases: [],
  ...fields,
});

describe('a variant file holds one definition or a list of them', () => {
  it('one object and a one-item list give the same checked definition, playable like the original', () => {
    const [one] = unwrap(parseVariantsJson(json(CAMEL_TEN)));
    const [listed] = unwrap(parseVariantsJson(json([CAMEL_TEN])));
    assert.deepEqual(one, CAMEL_TEN);
    // One identity per variant (issue 10 item 1): the same content is the same object.
    assert.equal(listed, one);
    assert.equal(one, unwrap(resolveVariant(CAMEL_TEN)));
    assert.equal(perft(unwrap(Position.fromFen(one!)), 2), perft(unwrap(Position.fromFen(CAMEL_TEN)), 2));
  });

  it("docs/variant-files.md's example is Camel Ten", () => {
    const doc = readFileSync(join(REPO_ROOT, 'docs', 'variant-files.md'), 'utf8');
    const example = /```json\n([\s\S]*?)```/.exec(doc)?.[1];
    assert.ok(example, 'the doc has a JSON example');
    assert.deepEqual(unwrap(parseVariantsJson(example)), [unwrap(resolveVariant(CAMEL_TEN))]);
  });

  it('a definition read from a file cannot be changed afterwards (frozen through and through)', () => {
    const [def] = unwrap(parseVariantsJson(json(camelTenWith({ id: 'camel-ten-frozen', name: 'Camel Ten F' }))));
    assert.ok(Object.isFrozen(def) && Object.isFrozen(def?.pieces) && Object.isFrozen(def?.pieces[5]));
    assert.ok(Object.isFrozen(def?.end.deadPositions.material[0]));
  });

  it('keeps the order of a list; a byte-order mark is allowed', () => {
    const b = camelTenWith({});
    const defs = unwrap(parseVariantsJson(`\uFEFF${json([CAMEL_TEN, b])}`));
    assert.deepEqual(
      defs.map((d) => d.id),
      ['camel-ten', 'camel-ten-b'],
    );
  });

  it('a definition identical to one offered already is left out, not refused', () => {
    const defs = unwrap(parseVariantsJson(json([CAMEL_TEN, camelTenWith({})]), [...VARIANTS, CAMEL_TEN]));
    assert.deepEqual(
      defs.map((d) => d.id),
      ['camel-ten-b'],
    );
    assert.deepEqual(unwrap(parseVariantsJson(json(findVariant('wildebeest')))), []);
  });
});

describe('text that is not JSON: where it goes wrong', () => {
  const cases: Array<[string, string, RegExp]> = [
    ['a missing value', '[\n  {\n    "id": "x",\n    "name": }\n]', /line 4, column 13: unexpected "}"/],
    ['a trailing comma', '[{"id": "x"},\n]', /line 2, column 1: unexpected "]"/],
    ['a cut-off file', '[{"id": "x"', /line 1, column 12: the text ends too soon/],
    ['an empty file', '', /line 1, column 1: the text ends too soon/],
    ['a comment', '// Camel Ten\n{}', /line 1, column 1: unexpected "\/"/],
    ['text after the value', '{} {}', /line 1, column 4: unexpected "{"/],
  ];
  for (const [what, text, where] of cases) {
    it(what, () => {
      const e = failure(text);
      assert.equal(e.kind, 'invalid-variant-file');
      assert.match(e.message, /^not valid JSON: /);
      assert.match(e.message, where);
    });
  }

  it('a value nested deeper than any definition is refused, valid or not, without exhausting the stack', () => {
    const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    const valid = failure(`{"id": "x", "pieces": ${deep(200_000)}}`);
    assert.equal(valid.kind, 'invalid-variant-file');
    assert.match(valid.message, /^the JSON is nested deeper than 100 levels$/);
    assert.match(
      failure(`${deep(200_000)},`).message,
      /^not valid JSON: line 1, column 102: nested deeper than 100 levels$/,
    );
  });

  it('the error finder agrees with JSON.parse on every one-character deletion of a definition', () => {
    const text = JSON.stringify(CAMEL_TEN);
    for (let i = 0; i < text.length; i++) {
      const cut = text.slice(0, i) + text.slice(i + 1);
      let valid = true;
      try {
        JSON.parse(cut);
      } catch {
        valid = false;
      }
      assert.equal(
        jsonErrorOffset(cut) < 0,
        valid,
        `deleting character ${i}: ${cut.slice(Math.max(0, i - 10), i + 10)}`,
      );
    }
  });
});

describe('a file of no definitions, or an invalid definition, is refused naming it', () => {
  it('an empty list, or an item that is no object', () => {
    assert.equal(failure('[]').kind, 'invalid-variant-file');
    const e = failure(json([CAMEL_TEN, 7]));
    assert.equal(e.kind, 'invalid-variant');
    assert.match(e.message, /^definition 2: a variant definition is a JSON object/);
  });

  const invalid: Array<[string, unknown, RegExp]> = [
    [
      'two royal pieces',
      camelTenWith({ pieces: [...CAMEL_TEN.pieces, { name: 'Prince', letter: 'X', betza: 'K', royal: true }] }),
      /variant 'camel-ten-b': exactly one royal piece is needed \(got 2\)/,
    ],
    [
      'an unknown Betza atom',
      camelTenWith({ pieces: CAMEL_TEN.pieces.map((p) => (p.letter === 'Z' ? { ...p, betza: 'Y' } : p)) }),
      /variant 'camel-ten-b': piece 6 \(Zebra\): unknown Betza atom 'Y'/,
    ],
    [
      'a board over the supported size',
      camelTenWith({ files: 16, ranks: 16 }),
      /board 16×16 is over the supported size/,
    ],
    ['a start FEN of another board', camelTenWith({ startFen: '8/8/8/8/8/8/8/8 w - - 0 1' }), /start FEN: /],
    [
      'a misspelt optional field',
      camelTenWith({ end: { ...CAMEL_TEN.end, bareking: true } }),
      /variant 'camel-ten-b': unknown field 'end.bareking' \(fields here: stalemate, bareKing, marriage, deadPositions\)/,
    ],
    [
      'a misspelt piece field',
      camelTenWith({ pieces: CAMEL_TEN.pieces.map((p) => (p.letter === 'Z' ? { ...p, roal: true } : p)) }),
      /unknown field 'pieces\[5\]\.roal'/,
    ],
  ];
  for (const [what, def, message] of invalid) {
    it(what, () => {
      const e = failure(json([CAMEL_TEN, def]));
      assert.equal(e.kind, 'invalid-variant');
      assert.match(e.message, /^definition 2: /);
      assert.match(e.message, message);
      // A file of that definition alone: no number, the id names it.
      assert.match(failure(json(def)).message, message);
    });
  }
});

describe("a definition's names must not designate a variant offered already", () => {
  const clashes: Array<[string, unknown, RegExp]> = [
    ['a shipped id', camelTenWith({ id: 'wildebeest' }), /'wildebeest' already names the shipped variant 'wildebeest'/],
    [
      'a shipped name, spelt otherwise',
      camelTenWith({ name: 'wildebeest chess' }),
      /'wildebeest chess' already names the shipped variant 'wildebeest' \(Wildebeest Chess\)/,
    ],
    ['a shipped alias', camelTenWith({ aliases: ['wildebeest-c2'] }), /already names the shipped variant 'wildebeest'/],
    [
      'a shipped XBoard name',
      camelTenWith({ xboardName: 'normal' }),
      /'normal' already names the shipped variant 'chess'/,
    ],
    [
      'an id that is a shipped XBoard name',
      camelTenWith({ id: 'kamil10' }),
      /already names the shipped variant 'shatranj-kamil'/,
    ],
  ];
  for (const [what, def, message] of clashes) {
    it(what, () => {
      const e = failure(json(def));
      assert.equal(e.kind, 'invalid-variant');
      assert.match(e.message, message);
    });
  }

  it('nor an earlier definition of the same file, nor one of the variants given as taken', () => {
    const other = camelTenWith({ id: 'camel-ten', name: 'Camel Ten again' });
    assert.match(
      failure(json([CAMEL_TEN, other])).message,
      /^definition 2: .*'camel-ten' already names the variant 'camel-ten'/,
    );
    assert.match(failure(json(other), [...VARIANTS, CAMEL_TEN]).message, /already names the variant 'camel-ten'/);
  });
});

describe('any variant file gets a definition list or a typed error, never a throw', () => {
  const JUNK: readonly unknown[] = [null, -1, 0, 1.5, 1e9, '', 'Y', 'K', [], [''], {}, { a: 1 }, true, [[[]]]];

  /** Every path (keys and indices) to a value inside `x`. */
  function paths(x: unknown, at: Array<string | number> = []): Array<Array<string | number>> {
    if (typeof x !== 'object' || x === null) return [at];
    return [at, ...Object.entries(x).flatMap(([k, v]) => paths(v, [...at, Array.isArray(x) ? Number(k) : k]))];
  }

  /** A deep copy of `x` with the value at `path` replaced (or, for `undefined`, removed). */
  function replaced(x: unknown, path: ReadonlyArray<string | number>, value: unknown): unknown {
    if (path.length === 0) return value;
    const copy = structuredClone(x) as Record<string | number, unknown>;
    let node = copy;
    for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
    const last = path[path.length - 1] as string | number;
    if (value === undefined) delete node[last];
    else node[last] = value;
    return copy;
  }

  it('one field of Camel Ten replaced by junk or removed (400 seeded cases)', () => {
    const rng = makeRng(2026);
    const all = paths(CAMEL_TEN);
    for (let n = 0; n < 400; n++) {
      const path = rng.pick(all);
      const value = rng.chance(0.2) ? undefined : rng.pick(JUNK);
      const text = JSON.stringify(replaced(CAMEL_TEN, path, value));
      const r = parseVariantsJson(text);
      if (!r.ok) {
        assert.ok(
          ['invalid-variant', 'invalid-variant-file'].includes(r.error.kind),
          `${path.join('.')}: ${r.error.kind}`,
        );
        assert.ok(r.error.message.length > 0 && r.error.message.length < 1000, r.error.message);
      } else
        for (const def of r.value) assert.ok(Position.fromFen(def).ok, `${path.join('.')} = ${JSON.stringify(value)}`);
    }
  });

  it('the text of Camel Ten cut short or with a character inserted (300 seeded cases)', () => {
    const rng = makeRng(10);
    const text = JSON.stringify([CAMEL_TEN]);
    for (let n = 0; n < 300; n++) {
      const at = rng.int(text.length);
      const mutated = rng.chance(0.5)
        ? text.slice(0, at)
        : text.slice(0, at) + rng.pick([...'{}[],:"\\0a-e ']) + text.slice(at);
      const r = parseVariantsJson(mutated);
      if (!r.ok) assert.ok(['invalid-variant', 'invalid-variant-file'].includes(r.error.kind), r.error.kind);
    }
  });
});
