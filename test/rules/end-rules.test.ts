/**
 * The end rules as core questions (src/core/end-rules.ts), on the positions of the rule tests
 * (RULES.md §3 bare king, §4 marriage and taming in both modes, §§1–4 stalemate), and
 * hasRuleWinningMove against brute force: a move wins by rule exactly when making it leaves
 * the mover married (RULE_MOVER_MARRIED).
 */

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  hasRuleWinningMove,
  isBare,
  marriageThreat,
  RULE_COUNTER_BARE,
  RULE_MOVER_BARE,
  RULE_MOVER_MARRIED,
  RULE_NONE,
  RULE_STM_BARE,
  RULE_STM_MARRIED,
  ruleEnd,
  ruleEndValue,
  stalemateValue,
} from '../../src/core/end-rules.js';
import type { Position } from '../../src/core/position.js';
import type { VariantDefinition } from '../../src/variants/schema.js';
import { legal, moveKey, position, variant } from '../helpers/positions.js';
import { randomPlacement } from '../helpers/random-game.js';
import { makeRng } from '../helpers/rng.js';

const BK = variant('bachelor-kamil');
/** The same rules with marriage=delayed (RULES.md §4 option), built here from the data. */
function delayed(def: VariantDefinition): VariantDefinition {
  const marriage = def.end.marriage;
  assert.ok(marriage);
  return { ...def, id: `${def.id}-delayed-test`, end: { ...def.end, marriage: { ...marriage, mode: 'delayed' } } };
}
const BK_DELAYED = delayed(BK);
const SK = variant('shatranj-kamil');

/** The legal moves of the side to move after which the mover stands married: the brute-force answer. */
function marryingMoves(pos: Position): string[] {
  const out: string[] = [];
  for (const m of legal(pos)) {
    pos.make(m);
    if (ruleEnd(pos) === RULE_MOVER_MARRIED) out.push(moveKey(pos, m));
    pos.unmake();
  }
  return out.sort();
}

describe('win by rule now: ruleEnd (RULES.md §4 marriage, §3 bare king)', () => {
  const TAMED_WHITE = (side: 'w' | 'b') => `4k4/9/9/9/9/9/9/3WK4 ${side} - - 0 1`;

  test('the side to move married and not in check has won, in both modes', () => {
    for (const def of [BK, BK_DELAYED]) {
      const end = ruleEnd(position(def, TAMED_WHITE('w')));
      assert.equal(end, RULE_STM_MARRIED, def.id);
      assert.equal(ruleEndValue(end), 1);
    }
  });

  test('immediate mode: the side that just moved standing married has won', () => {
    const end = ruleEnd(position(BK, TAMED_WHITE('b')));
    assert.equal(end, RULE_MOVER_MARRIED);
    assert.equal(ruleEndValue(end), -1);
  });

  test('delayed mode: not yet, but the marriage is a threat the side to move must answer', () => {
    const pos = position(BK_DELAYED, TAMED_WHITE('b'));
    assert.equal(ruleEnd(pos), RULE_NONE);
    assert.ok(marriageThreat(pos));
    assert.ok(!marriageThreat(position(BK, TAMED_WHITE('b'))), 'immediate mode has no pending marriage');
  });

  test('next to the partner but in check is no win', () => {
    assert.equal(ruleEnd(position(BK, '2r3k2/9/9/9/9/9/3W5/2K6 w - - 0 1')), RULE_NONE);
  });

  test('bare king: the side that bared the other and keeps two men has won', () => {
    const end = ruleEnd(position(SK, '4k5/10/10/10/10/10/10/10/R9/R3K5 b - - 0 1'));
    assert.equal(end, RULE_STM_BARE);
    assert.equal(ruleEndValue(end), -1);
  });

  test('bare king: the bared side that did not take the last man back at once has lost', () => {
    // White (to move) keeps one man; Black, bare, has just moved without taking it.
    const end = ruleEnd(position(SK, '10/10/10/10/1k8/R9/10/10/10/9K w - - 0 1'));
    assert.equal(end, RULE_MOVER_BARE);
    assert.equal(ruleEndValue(end), 1);
  });

  test('bare king: still one man against a bare king with the bared side to move: play on', () => {
    const pos = position(SK, '10/10/10/10/10/1k8/R9/10/10/9K b - - 0 1');
    assert.equal(ruleEnd(pos), RULE_NONE);
    assert.ok(isBare(pos, 1));
    assert.ok(!isBare(pos, 0));
  });

  test('two bare kings: drawn (counter-bare)', () => {
    const end = ruleEnd(position(SK, '4k5/10/10/10/10/10/10/10/10/4K5 w - - 0 1'));
    assert.equal(end, RULE_COUNTER_BARE);
    assert.equal(ruleEndValue(end), 0);
  });

  test('no rule end in variants without these rules', () => {
    const pos = position('wildebeest', '5k5/11/11/11/11/11/11/11/11/5K5 w - - 0 1');
    assert.equal(ruleEnd(pos), RULE_NONE);
    assert.ok(!isBare(pos, 0), 'Wildebeest has no bare-king rule');
  });
});

describe('stalemate value for the stalemated side (RULES.md §§1–4)', () => {
  for (const [id, value] of [
    ['wildebeest', -1],
    ['camel-decimal', 0],
    ['shatranj-kamil', -1],
    ['bachelor-kamil', 0],
  ] as const) {
    test(`${id}: ${value < 0 ? 'a loss (stalemate wins for the side that stalemates)' : 'a draw'}`, () => {
      assert.equal(stalemateValue(position(id).t), value);
    });
  }
});

describe('a move that wins by rule: hasRuleWinningMove (RULES.md §4, immediate mode)', () => {
  test('a Gnu leaping next to its King (taming), also where the partner could be captured', () => {
    const pos = position(BK, '6k2/9/9/9/9/1q3W3/9/2K6 w - - 0 1');
    assert.ok(hasRuleWinningMove(pos));
    assert.ok(marryingMoves(pos).includes('f3d2') && marryingMoves(pos).includes('f3c2'));
  });

  test('a promotion to a Queen or Gnu next to the King (no partner on the board yet)', () => {
    const pos = position(BK, '4k4/KP7/9/9/9/9/7p1/9 w - - 0 1');
    assert.ok(hasRuleWinningMove(pos));
    assert.deepEqual(marryingMoves(pos), ['b7b8q', 'b7b8w']);
  });

  test('castling next to the Queen: the only marrying move here', () => {
    // Qb2 cannot reach a square beside e1 (Pc2 blocks the rank); O-O-O puts the King on c1.
    const pos = position(BK, '8k/9/9/9/9/9/1QP6/R3K4 w Q - 0 1');
    assert.deepEqual(marryingMoves(pos), ['castle:e1c1']);
    assert.ok(hasRuleWinningMove(pos));
  });

  test('in check: the King stepping out of check beside its Gnu wins', () => {
    const pos = position(BK, '2r3k2/9/9/9/9/9/3W5/2K6 w - - 0 1');
    assert.deepEqual(marryingMoves(pos), ['c1d1']);
    assert.ok(hasRuleWinningMove(pos));
  });

  test('no partner and no promotion beside the King: none (the start position)', () => {
    assert.ok(!hasRuleWinningMove(position(BK)));
  });

  test('delayed mode: no move wins at once', () => {
    assert.ok(!hasRuleWinningMove(position(BK_DELAYED, '6k2/9/9/9/9/1q3W3/9/2K6 w - - 0 1')));
  });

  test('variants without marriage: none', () => {
    assert.ok(!hasRuleWinningMove(position('wildebeest')));
  });

  test('equals the brute force on random placements with Queens and Gnus, both arrays, both sides', () => {
    let winning = 0;
    let checked = 0;
    for (const def of [BK, variant('bachelor-kamil-reflective')]) {
      const rng = makeRng(def.id === BK.id ? 10 : 11);
      for (let i = 0; i < 400; i++) {
        const fen = randomPlacement(def, rng, 2 + rng.int(10), 0.3);
        if (!fen) continue;
        const pos = position(def, fen);
        if (ruleEnd(pos) !== RULE_NONE) continue;
        const brute = marryingMoves(pos);
        assert.equal(hasRuleWinningMove(pos), brute.length > 0, `${fen}: marrying moves ${brute.join(' ')}`);
        checked++;
        if (brute.length > 0) winning++;
      }
    }
    // The sample must contain both answers, or it would prove nothing.
    assert.ok(checked > 300 && winning > 20 && winning < checked - 20, `${winning} of ${checked}`);
  });
});
