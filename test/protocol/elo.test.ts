import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  eloEstimate,
  eloFromScore,
  eloLine,
  likelihoodOfSuperiority,
  scoreFraction,
  scoreLine,
} from '../../src/match/elo.js';

describe('match statistics', () => {
  it('an even score is 0 Elo', () => {
    assert.equal(eloFromScore(0.5), 0);
    assert.equal(eloEstimate({ wins: 3, losses: 3, draws: 4 }).elo, 0);
    assert.equal(likelihoodOfSuperiority({ wins: 3, losses: 3, draws: 4 }), 0.5);
  });

  it('75% is about +190.8 Elo and the scale is antisymmetric', () => {
    assert.ok(Math.abs(eloFromScore(0.75) - 190.85) < 0.01);
    assert.ok(Math.abs(eloFromScore(0.25) + 190.85) < 0.01);
  });

  it('the error margin matches a hand computation (trinomial model, 95%)', () => {
    const s = { wins: 6, losses: 2, draws: 2 };
    const p = scoreFraction(s);
    assert.equal(p, 0.7);
    const variance = (6 * 0.3 ** 2 + 2 * 0.7 ** 2 + 2 * 0.2 ** 2) / 10;
    const sd = Math.sqrt(variance / 10);
    const expected = (eloFromScore(p + 1.959964 * sd) - eloFromScore(p - 1.959964 * sd)) / 2;
    const e = eloEstimate(s);
    assert.ok(Math.abs(e.elo - eloFromScore(0.7)) < 1e-9);
    assert.ok(Math.abs(e.error - expected) < 0.01, `${e.error} vs ${expected}`);
  });

  it('a whitewash has an infinite estimate, printed as inf', () => {
    const s = { wins: 4, losses: 0, draws: 0 };
    assert.equal(eloEstimate(s).elo, Number.POSITIVE_INFINITY);
    assert.match(eloLine(s), /^Elo difference: inf \+\/- /);
  });

  it('LOS grows with the win margin', () => {
    const a = likelihoodOfSuperiority({ wins: 6, losses: 4, draws: 0 });
    const b = likelihoodOfSuperiority({ wins: 9, losses: 1, draws: 0 });
    assert.ok(a > 0.5 && b > a && b < 1);
  });

  it('formats the score line like cutechess', () => {
    assert.equal(scoreLine('A', 'B', { wins: 5, losses: 2, draws: 1 }), 'Score of A vs B: 5 - 2 - 1  [0.688] 8');
  });
});
