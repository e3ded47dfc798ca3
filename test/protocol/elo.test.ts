import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseSprt } from '../../src/cli/match-command.js';
import { Game } from '../../src/core/game.js';
import { unwrap } from '../../src/core/result.js';
import {
  eloEstimate,
  eloFromScore,
  eloLine,
  likelihoodOfSuperiority,
  scoreFraction,
  scoreLine,
  sprt,
  sprtLine,
} from '../../src/match/elo.js';
import { type GameRecord, runMatch } from '../../src/match/match.js';
import { findVariant } from '../../src/variants/index.js';

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

describe('SPRT (caravan match --sprt)', () => {
  const spec = { elo0: 0, elo1: 50, alpha: 0.05, beta: 0.05 };

  it('has the bounds ln(β/(1−α)) and ln((1−β)/α)', () => {
    const s = sprt({ wins: 1, losses: 1, draws: 1 }, spec);
    assert.ok(Math.abs(s.lower - Math.log(0.05 / 0.95)) < 1e-12);
    assert.ok(Math.abs(s.upper + s.lower) < 1e-12);
    assert.ok(Math.abs(s.upper - 2.944) < 0.001);
  });

  it('gives the normal approximation of the log-likelihood ratio (hand computation)', () => {
    // 20-10-10: mean 0.625, per-game variance 6.875 / 40; expected scores 0.5 and 1/(1 + 10^−0.125).
    const s1 = 1 / (1 + 10 ** -0.125);
    const expected = (40 * (s1 - 0.5) * (1.25 - 0.5 - s1)) / (2 * (6.875 / 40));
    const s = sprt({ wins: 20, losses: 10, draws: 10 }, spec);
    assert.ok(Math.abs(s.llr - expected) < 1e-9);
    assert.ok(Math.abs(s.llr - 1.4847) < 0.001);
    assert.equal(s.decision, undefined);
  });

  it('accepts elo1 on a clear lead, elo0 on a clear deficit, and nothing without variance', () => {
    assert.equal(sprt({ wins: 60, losses: 20, draws: 20 }, spec).decision, 'H1');
    assert.equal(sprt({ wins: 20, losses: 60, draws: 20 }, spec).decision, 'H0');
    assert.equal(sprt({ wins: 0, losses: 0, draws: 0 }, spec).decision, undefined);
    assert.equal(sprt({ wins: 0, losses: 9, draws: 0 }, spec).llr, 0, 'one result only: no variance, no evidence yet');
    // Midway between the hypotheses' expected scores the ratio is 0.
    const mid = sprt({ wins: 1, losses: 1, draws: 2 }, { elo0: -10, elo1: 10, alpha: 0.05, beta: 0.05 });
    assert.ok(Math.abs(mid.llr) < 1e-12);
  });

  it('prints the state as one line', () => {
    const s = sprt({ wins: 60, losses: 20, draws: 20 }, spec);
    assert.match(sprtLine(s, spec), /^SPRT: llr \d+\.\d\d \(-2\.94, 2\.94\) \[0, 50\]: H1 accepted$/);
    assert.match(sprtLine(sprt({ wins: 1, losses: 1, draws: 1 }, spec), spec), /: continue$/);
  });

  it('reads --sprt and refuses what is not two ordered bounds with error rates in (0, 0.5)', () => {
    assert.deepEqual(parseSprt('0,10'), { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 });
    assert.deepEqual(parseSprt('-5,5,0.1,0.02'), { elo0: -5, elo1: 5, alpha: 0.1, beta: 0.02 });
    for (const bad of ['10', '10,0', '0,10,0.05', '0,10,0.6,0.05', 'a,b', '0,,10', '0,10,0,0.05']) {
      assert.throws(() => parseSprt(bad), /--sprt needs elo0,elo1/, bad);
    }
  });

  it('a resumed match whose games already decide the SPRT plays no more games', async () => {
    const def = findVariant('shatranj-kamil');
    assert.ok(def);
    const game = unwrap(Game.create(def));
    const record = (index: number, result: '1-0' | '1/2-1/2'): GameRecord => ({
      index,
      white: 0,
      game,
      result,
      reason: 'test',
      termination: 'abandoned',
      pgn: '',
    });
    const records = [...Array.from({ length: 30 }, (_, i) => record(i, '1-0')), record(30, '1/2-1/2')];
    const lines: string[] = [];
    const bogus = { command: '/nonexistent/engine', protocol: 'uci' as const, options: [], depth: 1 };
    const result = await runMatch({
      variant: def,
      engines: [bogus, bogus],
      games: 100,
      tc: undefined,
      openings: [{ fen: def.startFen, moves: [] }],
      openingsSource: 'test',
      concurrency: 1,
      marginMs: 100,
      moveTimeoutMs: 1000,
      report: (l) => lines.push(l),
      resume: { records, names: undefined },
      sprt: { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 },
    });
    assert.equal(result.games.length, 31, 'no game was played (the engine command does not even exist)');
    assert.equal(result.sprt?.decision, 'H1');
    assert.match(lines.at(-1) ?? '', /^SPRT: .*H1 accepted$/);
  });
});
