/**
 * Two matches on the same openings compared round by round (src/match/paired.ts, the screening
 * measure of bench/README.md): the player's points in each pair of games, their mean difference
 * and its standard error; void games are left out, and matches that are not on the same
 * openings are refused.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { comparePaired, comparePairedSets, pointsOf, type RoundResult } from '../../src/match/paired.js';

const OPENINGS = 'random, 4 plies, seed 91';
/** Round n: the player has White in odd rounds, as `caravan match` alternates colours. */
function game(n: number, result: string, openings = OPENINGS): RoundResult {
  const white = n % 2 === 1 ? 'Caravan' : 'Peer';
  const black = n % 2 === 1 ? 'Peer' : 'Caravan';
  return { round: String(n), white, black, result, openings };
}

describe('paired comparison of two matches', () => {
  it("counts a game's points for the player on either colour; an unfinished or void game scores nothing", () => {
    assert.equal(pointsOf(game(1, '1-0'), 'Caravan'), 1);
    assert.equal(pointsOf(game(2, '1-0'), 'Caravan'), 0);
    assert.equal(pointsOf(game(2, '0-1'), 'Caravan'), 1);
    assert.equal(pointsOf(game(3, '1/2-1/2'), 'Caravan'), 0.5);
    assert.equal(pointsOf(game(3, '*'), 'Caravan'), undefined);
    assert.equal(pointsOf(game(3, '1-0'), 'Someone else'), undefined);
  });

  it('gives the mean difference per round (after − before) with its standard error', () => {
    // Before: W L D L; after: W W D D — rounds 2 (+1) and 4 (+½) better, 1 and 3 the same.
    const before = [game(1, '1-0'), game(2, '1-0'), game(3, '1/2-1/2'), game(4, '1-0')];
    const after = [game(1, '1-0'), game(2, '0-1'), game(3, '1/2-1/2'), game(4, '1/2-1/2')];
    const c = comparePaired(before, after, 'Caravan');
    assert.ok(c.ok);
    assert.equal(c.value.pairs, 4);
    assert.equal(c.value.scoreA, 1.5 / 4);
    assert.equal(c.value.scoreB, 3 / 4);
    assert.equal(c.value.meanDiff, 1.5 / 4);
    // Differences 0, 1, 0, ½: sample variance ((3/8)² + (5/8)² + (3/8)² + (1/8)²) / 3 = 0.229…
    assert.ok(Math.abs(c.value.stdError - Math.sqrt(0.6875 / 3 / 4)) < 1e-12);
    assert.deepEqual([c.value.better, c.value.worse, c.value.same], [2, 0, 2]);
  });

  it('pairs only rounds scored in both matches (a void game or a round one match has not reached is left out)', () => {
    const before = [game(1, '1-0'), game(2, '*'), game(3, '0-1')];
    const after = [game(1, '0-1'), game(2, '0-1'), game(3, '0-1'), game(4, '1-0')];
    const c = comparePaired(before, after, 'Caravan');
    assert.ok(c.ok);
    assert.equal(c.value.pairs, 2);
    assert.equal(c.value.meanDiff, -0.5);
  });

  it('refuses matches on other openings or with other colours, and a player in neither', () => {
    const other = comparePaired([game(1, '1-0')], [game(1, '1-0', 'random, 4 plies, seed 92')], 'Caravan');
    assert.ok(!other.ok);
    assert.match(
      other.error.message,
      /round 1: openings 'random, 4 plies, seed 91' in one match, '.*seed 92' in the other/,
    );
    const swapped = comparePaired(
      [game(1, '1-0')],
      [{ ...game(1, '1-0'), white: 'Peer', black: 'Caravan' }],
      'Caravan',
    );
    assert.ok(!swapped.ok);
    assert.match(swapped.error.message, /round 1: Caravan has another colour in each match/);
    const nobody = comparePaired([game(1, '1-0')], [game(1, '1-0')], 'Stranger');
    assert.ok(!nobody.ok);
    assert.match(nobody.error.message, /no round scored for Stranger in both matches/);
  });

  it('pools several pairs of matches, each on its own openings, into one comparison', () => {
    const seed92 = 'random, 4 plies, seed 92';
    // Pair 1 (seed 91): round 1 +1. Pair 2 (seed 92): round 1 −½, round 2 the same.
    const first = [[game(1, '0-1')], [game(1, '1-0')]] as const;
    const second = [
      [game(1, '1-0', seed92), game(2, '0-1', seed92)],
      [game(1, '1/2-1/2', seed92), game(2, '0-1', seed92)],
    ] as const;
    const c = comparePairedSets([first, second], 'Caravan');
    assert.ok(c.ok);
    assert.equal(c.value.pairs, 3);
    assert.equal(c.value.meanDiff, 0.5 / 3);
    assert.deepEqual([c.value.better, c.value.worse, c.value.same], [1, 1, 1]);
    // The same as one pair holding all three rounds (pooled, not averaged pair by pair).
    const one = comparePaired(
      [game(1, '0-1'), game(2, '0-1'), game(3, '0-1')],
      [game(1, '1-0'), game(2, '1/2-1/2'), game(3, '0-1')],
      'Caravan',
    );
    assert.ok(one.ok);
    assert.equal(c.value.stdError, one.value.stdError);
    // A pair on other openings is named.
    const mixed = comparePairedSets([first, [[game(1, '1-0')], [game(1, '1-0', seed92)]]], 'Caravan');
    assert.ok(!mixed.ok);
    assert.match(mixed.error.message, /^pair 2, round 1: openings/);
  });
});
