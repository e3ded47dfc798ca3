/** Shatranj Kamil (both setups), one test per rule of RULES.md §3. */

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { positionOutcome } from '../../src/core/outcome.js';
import {
  castlingField,
  game,
  keysFrom,
  legalKeys,
  pieceAt,
  playGame,
  playUci,
  position,
} from '../helpers/positions.js';

const V = 'shatranj-kamil';
const SETUP_1 = 'rnedkfdenr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNEDKFDENR w - - 0 1';
const SETUP_2 = 'drnekfenrd/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/DRNEKFENRD w - - 0 1';

describe('Shatranj Kamil setups (RULES.md §3)', () => {
  for (const [id, fen] of [
    ['shatranj-kamil', SETUP_1],
    ['shatranj-kamil-2', SETUP_2],
  ] as const) {
    test(`${id} starts from ${fen.split(' ')[0]}, Black mirroring White`, () => {
      const pos = position(id);
      assert.equal(pos.toFen(), fen);
      for (const file of 'abcdefghij') {
        assert.equal(pieceAt(pos, `${file}10`), pieceAt(pos, `${file}1`).toLowerCase(), file);
        assert.equal(pieceAt(pos, `${file}9`), 'p');
      }
    });
  }

  test('no castling: castling letters in a FEN are ignored', () => {
    const pos = position(V, 'r3k4r/10/10/10/10/10/10/10/10/R3K4R w KQkq - 0 1');
    assert.equal(castlingField(pos), '-');
    assert.deepEqual(keysFrom(pos, 'e1'), ['e1d1', 'e1d2', 'e1e2', 'e1f1', 'e1f2']);
  });
});

describe('Shatranj Kamil pieces (RULES.md §0, §3)', () => {
  test('the General (F) steps one square diagonally', () => {
    assert.deepEqual(keysFrom(position(V, 'k9/10/10/10/10/4F5/10/10/10/K9 w - - 0 1'), 'e5'), [
      'e5d4',
      'e5d6',
      'e5f4',
      'e5f6',
    ]);
  });

  test('the Elephant (E) leaps exactly two squares diagonally, over pieces', () => {
    const fen = 'k9/10/10/10/3P1P4/4E5/3P1P4/10/10/K9 w - - 0 1';
    assert.deepEqual(keysFrom(position(V, fen), 'e5'), ['e5c3', 'e5c7', 'e5g3', 'e5g7']);
  });

  test('the Camel (D) leaps exactly two squares orthogonally, over pieces', () => {
    const fen = 'k9/10/10/10/4P5/3PDP4/4P5/10/10/K9 w - - 0 1';
    assert.deepEqual(keysFrom(position(V, fen), 'e5'), ['e5c5', 'e5e3', 'e5e7', 'e5g5']);
  });

  test('setup 1: 20 first moves (pawn steps, knights, elephants and camels leaping)', () => {
    const keys = legalKeys(position(V));
    assert.equal(keys.length, 20);
    for (const k of ['c1a3', 'c1e3', 'd1d3', 'g1g3', 'b1c3']) assert.ok(keys.includes(k), k);
  });
});

describe('Shatranj Kamil pawns (RULES.md §3)', () => {
  test('no double step, from the start or anywhere', () => {
    assert.deepEqual(keysFrom(position(V), 'a2'), ['a2a3']);
    assert.deepEqual(keysFrom(position(V, SETUP_1.replace(' w ', ' b ')), 'e9'), ['e9e8']);
  });

  test('a pawn on the last rank becomes a General, and only a General', () => {
    const pos = position(V, '2n5k1/1P8/10/10/10/10/10/10/10/4K5 w - - 0 1');
    assert.deepEqual(keysFrom(pos, 'b9'), ['b9b10f', 'b9c10f']);
    playUci(pos, 'b9c10f');
    assert.equal(pieceAt(pos, 'c10'), 'F');
    assert.deepEqual(keysFrom(position(V, '9k/10/10/10/10/10/10/10/1p8/4K5 b - - 0 1'), 'b2'), ['b2b1f']);
  });
});

describe('Shatranj Kamil bare king (RULES.md §3)', () => {
  test('baring the enemy king while keeping two men wins at once', () => {
    const g = game(V, '4k5/10/10/10/10/f9/10/1R8/R9/4K5 w - - 0 1');
    assert.equal(g.outcome(), undefined);
    playGame(g, 'a2a5');
    assert.deepEqual(g.outcome(), { winner: 'white', reason: 'bare-king' });
    assert.deepEqual(g.legalMoves(), []);
  });

  test('the bared side that takes the last man back on its very next move draws (two bare kings)', () => {
    const g = playGame(game(V, '10/10/10/10/10/1k8/f9/10/10/R8K w - - 0 1'), 'a1a4');
    assert.equal(g.outcome(), undefined, 'Black may still take back');
    playGame(g, 'b5a4');
    assert.deepEqual(g.outcome(), { winner: null, reason: 'counter-bare' });
    assert.deepEqual(g.legalMoves(), []);
  });

  test('the bared side that does not take the last man back at once has lost', () => {
    const g = playGame(game(V, '10/10/10/10/10/1k8/f9/10/10/R8K w - - 0 1'), 'a1a4', 'b5b6');
    assert.deepEqual(g.outcome(), { winner: 'white', reason: 'bare-king' });
  });

  test('a bared side to move against two or more men has lost (as read from FEN)', () => {
    assert.deepEqual(positionOutcome(position(V, '4k5/10/10/10/10/10/10/10/R9/R3K5 b - - 0 1')), {
      winner: 'white',
      reason: 'bare-king',
    });
  });

  test('two bare kings are a finished game, drawn', () => {
    assert.deepEqual(positionOutcome(position(V, '4k5/10/10/10/10/10/10/10/10/4K5 w - - 0 1')), {
      winner: null,
      reason: 'counter-bare',
    });
  });

  test('a baring move that also mates wins for the baring side (Rc1xc10#, its last man)', () => {
    const g = playGame(game(V, 'k1f7/10/1K8/10/10/10/10/10/10/2R7 w - - 0 1'), 'c1c10');
    assert.deepEqual(g.outcome(), { winner: 'white', reason: 'checkmate' });
  });

  test('a baring move that also stalemates wins for the baring side (Rb1xb5, its last man)', () => {
    const g = playGame(game(V, 'k9/10/K9/10/10/1f8/10/10/10/1R8 w - - 0 1'), 'b1b5');
    assert.deepEqual(g.outcome(), { winner: 'white', reason: 'stalemate' });
  });
});

describe('Shatranj Kamil game end (RULES.md §3)', () => {
  test('stalemate wins for the side that stalemates', () => {
    assert.deepEqual(positionOutcome(position(V, 'k9/10/K9/10/10/7p2/7P2/10/10/1R8 b - - 0 1')), {
      winner: 'white',
      reason: 'stalemate',
    });
  });

  test('checkmate wins', () => {
    assert.deepEqual(positionOutcome(position(V, 'k9/2K7/R9/10/10/7p2/7P2/10/10/10 b - - 0 1')), {
      winner: 'white',
      reason: 'checkmate',
    });
  });
});
