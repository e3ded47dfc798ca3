/**
 * One identity per (variant, options) — issue 10 item 1. The tables cache, the evaluator and the
 * search compare definitions by identity, so resolving the same thing twice must give the same
 * object, or each search of a Bachelor Kamil game recompiles everything and forgets its
 * transposition table.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createEngine } from '../../src/engine/index.js';
import type { SearchRequest } from '../../src/protocol/search-messages.js';
import { runSearch } from '../../src/protocol/search-runner.js';
import { findVariant, resolveVariant, VARIANTS, withMarriageMode } from '../../src/variants/index.js';

const BK = findVariant('bachelor-kamil')!;

function resolved(variant: unknown, marriage?: 'immediate' | 'delayed') {
  const r = resolveVariant(variant, marriage ? { marriage } : {});
  assert.ok(r.ok, r.ok ? '' : r.error.message);
  return r.value;
}

describe('resolveVariant', () => {
  it('gives the shipped definition itself for an id, a definition and the default mode', () => {
    for (const v of VARIANTS) {
      assert.equal(resolved(v.id), v);
      assert.equal(resolved(v), v);
      assert.equal(resolved(v.id, 'immediate'), v, `${v.id}: immediate is every variant's own mode`);
    }
    assert.equal(resolved('wildebeest', 'delayed'), findVariant('wildebeest'), 'no marriage rule: nothing to change');
  });

  it('gives one object per marriage mode, and back (RULES.md §4 option marriage=delayed)', () => {
    const delayed = resolved('bachelor-kamil', 'delayed');
    assert.notEqual(delayed, BK);
    assert.equal(delayed.end.marriage?.mode, 'delayed');
    assert.equal(resolved(BK, 'delayed'), delayed);
    assert.equal(resolved(delayed, 'delayed'), delayed);
    assert.equal(resolved(delayed), delayed);
    assert.equal(resolved(delayed, 'immediate'), BK);
    assert.equal(withMarriageMode(BK, 'delayed'), delayed, 'the library wrapper uses the same memo');
  });

  it('gives the first object with the same content for a copy (a definition sent to a worker)', () => {
    assert.equal(resolved(structuredClone(BK)), BK);
    const delayed = resolved('bachelor-kamil', 'delayed');
    assert.equal(resolved(structuredClone(delayed)), delayed);
    const custom = { ...findVariant('chess')!, id: 'my-chess', name: 'My chess' };
    assert.equal(resolved(custom), custom);
    assert.equal(resolved(structuredClone(custom)), custom);
  });

  it('reports an unknown id, a value that is no definition and a bad option as errors', () => {
    const unknown = resolveVariant('xiangqi');
    assert.ok(!unknown.ok && unknown.error.kind === 'unknown-variant' && /xiangqi/.test(unknown.error.message));
    for (const bad of [42, null, undefined, [], true, Symbol('v')]) {
      const r = resolveVariant(bad);
      assert.ok(!r.ok && r.error.kind === 'invalid-variant', String(bad));
    }
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const c = resolveVariant(cyclic);
    assert.ok(!c.ok && c.error.kind === 'invalid-variant');
    const mode = resolveVariant('bachelor-kamil', { marriage: 'sometimes' as 'delayed' });
    assert.ok(!mode.ok && mode.error.kind === 'invalid-variant' && /sometimes/.test(mode.error.message));
    const long = resolveVariant('x'.repeat(100_000));
    assert.ok(!long.ok && long.error.message.length < 300, 'the message quotes only an excerpt');
  });
});

describe('the search runner keeps its transposition table across requests (issue 10 item 1)', () => {
  for (const marriage of ['immediate', 'delayed'] as const) {
    it(`Bachelor Kamil, marriage ${marriage}: the same search again is not a replay of the first`, () => {
      const engine = createEngine(16);
      const request: SearchRequest = {
        variantId: 'bachelor-kamil',
        marriage,
        startFen: BK.startFen,
        moves: ['e2e4', 'e7e5', 'h1g3'],
        limits: { depth: 6 },
      };
      const first = runSearch(engine, request, undefined, () => {});
      const second = runSearch(engine, request, undefined, () => {});
      // With the table, histories and evaluation caches forgotten between requests (the bug: a
      // new definition object per request rebuilt everything), the second search is an exact
      // replay of the first, node for node; with them kept it starts from what the first learned.
      // (Not "fewer nodes": with singular extensions a warm table can also grow the tree.)
      assert.ok(first.nodes > 0);
      assert.notEqual(
        second.nodes,
        first.nodes,
        `second search ${second.nodes} nodes, first ${first.nodes}: the engine forgot everything in between`,
      );
    });
  }
});
