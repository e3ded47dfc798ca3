/** Evaluation weights as data: defaults, named fitted sets the variant data pick, and weights passed for tuning. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_EVAL_PARAMS, EVAL_SETS, type EvalParams, evalParamsFor } from '../../src/engine/eval-params.js';
import { Evaluator, evalTables } from '../../src/engine/evaluate.js';
import { VARIANTS } from '../../src/variants/index.js';
import { position, variant } from './support.js';

describe('evaluation weights', () => {
  it('gives a variant without a fitted set the defaults', () => {
    assert.equal(variant('wildebeest').evalSet, undefined);
    assert.equal(evalParamsFor(undefined), DEFAULT_EVAL_PARAMS);
    assert.equal(evalParamsFor('no-such-set'), DEFAULT_EVAL_PARAMS);
  });

  it('lays a fitted set over the defaults, piece by piece', () => {
    const p = evalParamsFor(variant('shatranj-kamil').evalSet);
    assert.deepEqual(p.values.N, EVAL_SETS['shatranj-kamil-fit']!.values!.N);
    // Letters the set does not mention keep their default value.
    assert.deepEqual(p.values.Q, DEFAULT_EVAL_PARAMS.values.Q);
    assert.equal(p.bare, DEFAULT_EVAL_PARAMS.bare);
  });

  it('uses one set for both arrays of Shatranj Kamil', () => {
    assert.equal(variant('shatranj-kamil-2').evalSet, variant('shatranj-kamil').evalSet);
  });

  it('names only sets that exist; each set is used and weighs its variants’ own pieces with whole non-negative weights', () => {
    for (const def of VARIANTS) if (def.evalSet) assert.ok(EVAL_SETS[def.evalSet], `${def.id}: set ${def.evalSet}`);
    for (const [name, set] of Object.entries(EVAL_SETS)) {
      const users = VARIANTS.filter((v) => v.evalSet === name);
      assert.ok(users.length > 0, `set ${name} is used by a variant`);
      const def = users[0]!;
      const id = def.id;
      const letters = new Set(def.pieces.map((p) => p.letter));
      for (const table of [set.values, set.mobility, set.centre]) {
        for (const [letter, pair] of Object.entries(table ?? {})) {
          assert.ok(letters.has(letter), `${id}: ${letter} is one of its pieces`);
          for (const w of pair) assert.ok(Number.isInteger(w) && w >= 0, `${id}: ${letter} ${w}`);
        }
      }
      for (const [key, w] of Object.entries(set)) {
        for (const x of [w].flat()) {
          if (typeof x === 'number') assert.ok(Number.isInteger(x) && x >= 0, `${id}: ${key} ${x}`);
        }
      }
    }
  });

  it('keeps the pieces of every variant in a sensible order of value', () => {
    for (const def of VARIANTS) {
      const v = evalParamsFor(def.evalSet).values;
      const has = (l: string) => def.pieces.some((p) => p.letter === l);
      const order = ['P', 'F', 'N', 'R', 'Q'].filter(has);
      for (let i = 1; i < order.length; i++) {
        assert.ok(v[order[i - 1]!]![0] < v[order[i]!]![0], `${def.id}: ${order[i - 1]} < ${order[i]}`);
      }
    }
  });

  it('evaluates with weights given for tuning instead of the variant’s own', () => {
    const def = variant('shatranj-kamil');
    // White is a knight up.
    const pos = position(def, 'r1edkfdenr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNEDKFDENR w - - 0 1');
    const own = new Evaluator(def).evaluate(pos);
    const base = evalParamsFor(def.evalSet);
    const richer: EvalParams = {
      ...base,
      values: { ...base.values, N: [base.values.N![0] + 200, base.values.N![1] + 200] },
    };
    const tuned = new Evaluator(def, richer).evaluate(pos);
    assert.ok(tuned > own + 150, `${tuned} vs ${own}`);
    // The variant's cached tables are untouched by the experiment.
    assert.deepEqual(evalTables(def).params, evalParamsFor(def.evalSet));
  });
});
