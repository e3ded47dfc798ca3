/** Camel Decimal Chess, one test per rule of RULES.md §2. */

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { KIND_CASTLE, KIND_EN_PASSANT, moveKind } from '../../src/core/move.js';
import { isDeadPosition, positionOutcome } from '../../src/core/outcome.js';
import { moveToUci } from '../../src/notation/uci.js';
import { castlingField, epField, hasMove, keysFrom, pieceAt, playUci, position, uci } from '../helpers/positions.js';

const V = 'camel-decimal';
const START = 'c8c/1rnbqkbnr1/1pppppppp1/10/10/10/10/1PPPPPPPP1/1RNBQKBNR1/C8C w KQkq - 0 1';

/** Kings and rooks on rank 2 / 9, camels in the corners. */
const OPEN = (side: 'w' | 'b') => `c8c/1r3k2r1/10/10/10/10/10/10/1R3K2R1/C8C ${side} KQkq - 0 1`;

/** Destination squares of the king's legal castles, sorted. */
const castles = (fen: string, from = 'f2') =>
  keysFrom(position(V, fen), from)
    .filter((k) => k.startsWith('castle:'))
    .map((k) => k.slice(`castle:${from}`.length));

describe('Camel Decimal start position (RULES.md §2)', () => {
  test('the start position is the orthodox army centred, camels in the corners', () => {
    assert.equal(position(V).toFen(), START);
  });

  test('the camel leaps (3,1): from a1 only b4 is free at the start (d2 holds a bishop)', () => {
    assert.deepEqual(keysFrom(position(V), 'a1'), ['a1b4']);
    assert.deepEqual(keysFrom(position(V), 'j1'), ['j1i4']);
  });
});

describe('Camel Decimal castling on rank 2 (RULES.md §2)', () => {
  test('White castles K f2→h2 or K f2→d2; Black K f9→h9 or f9→d9', () => {
    assert.deepEqual(castles(OPEN('w')), ['d2', 'h2']);
    assert.deepEqual(castles(OPEN('b'), 'f9'), ['d9', 'h9']);
  });

  for (const [side, text, king, rookFrom, rookTo] of [
    ['w', 'f2h2', 'h2', 'i2', 'g2'],
    ['w', 'f2d2', 'd2', 'b2', 'e2'],
    ['b', 'f9h9', 'h9', 'i9', 'g9'],
    ['b', 'f9d9', 'd9', 'b9', 'e9'],
  ] as const) {
    test(`${text}: the rook goes ${rookFrom}→${rookTo}`, () => {
      const pos = position(V, OPEN(side));
      const m = uci(pos, text);
      assert.equal(moveKind(m), KIND_CASTLE);
      assert.equal(moveToUci(pos, m), text);
      pos.make(m);
      const white = side === 'w';
      assert.equal(pieceAt(pos, king), white ? 'K' : 'k');
      assert.equal(pieceAt(pos, rookTo), white ? 'R' : 'r');
      assert.equal(pieceAt(pos, rookFrom), '');
      assert.equal(castlingField(pos), white ? 'kq' : 'KQ');
    });
  }

  test('every square between king and rook must be empty (Nc2 blocks the queen side)', () => {
    assert.deepEqual(castles('c8c/1r3k2r1/10/10/10/10/10/10/1RN2K2R1/C8C w KQkq - 0 1'), ['h2']);
  });

  test('not out of check (Rf6 checks Kf2)', () => {
    assert.deepEqual(castles('c8c/1r3k2r1/10/10/5r4/10/10/10/1R3K2R1/C8C w KQkq - 0 1'), []);
  });

  test('not through an attacked square (Re6 attacks e2; Rg6 attacks g2)', () => {
    assert.deepEqual(castles('c8c/1r3k2r1/10/10/4r5/10/10/10/1R3K2R1/C8C w KQkq - 0 1'), ['h2']);
    assert.deepEqual(castles('c8c/1r3k2r1/10/10/6r3/10/10/10/1R3K2R1/C8C w KQkq - 0 1'), ['d2']);
  });

  test('not onto an attacked square (Rd6 attacks d2; Rh6 attacks h2)', () => {
    assert.deepEqual(castles('c8c/1r3k2r1/10/10/3r6/10/10/10/1R3K2R1/C8C w KQkq - 0 1'), ['h2']);
    assert.deepEqual(castles('c8c/1r3k2r1/10/10/7r2/10/10/10/1R3K2R1/C8C w KQkq - 0 1'), ['d2']);
  });

  test('the rook may stand on or pass an attacked square (Rb6 attacks b2, Rc6 attacks c2)', () => {
    assert.deepEqual(castles('c8c/1r3k2r1/10/10/1rr7/10/10/10/1R3K2R1/C8C w KQkq - 0 1'), ['d2', 'h2']);
  });

  test('rights are lost when the king or that rook moves', () => {
    const afterRook = playUci(position(V, OPEN('w')), 'i2i3', 'b9b8', 'i3i2', 'b8b9');
    assert.equal(castlingField(afterRook), 'Qk');
    assert.deepEqual(castles(afterRook.toFen()), ['d2']);
    const afterKing = playUci(position(V, OPEN('w')), 'f2f3', 'f9f8', 'f3f2', 'f8f9');
    assert.equal(castlingField(afterKing), '-');
    assert.deepEqual(castles(afterKing.toFen()), []);
  });
});

describe('Camel Decimal pawns (RULES.md §2)', () => {
  test('double step from the pawn rank (3 for White, 8 for Black) only, never a triple step', () => {
    const pos = position(V);
    assert.deepEqual(keysFrom(pos, 'b3'), ['b3b4', 'b3b5']);
    const later = playUci(position(V), 'b3b4', 'b8b7');
    assert.deepEqual(keysFrom(later, 'b4'), ['b4b5']);
    assert.deepEqual(keysFrom(position(V, START.replace(' w ', ' b ')), 'e8'), ['e8e6', 'e8e7']);
  });

  test('orthodox en passant after a double step, on the next move only', () => {
    const fen = 'r6k2/10/10/10/10/3p6/10/2P7/10/4K5 w - - 0 1';
    const pos = playUci(position(V, fen), 'c3c5');
    assert.equal(epField(pos), 'c4');
    const ep = uci(pos, 'd5c4');
    assert.equal(moveKind(ep), KIND_EN_PASSANT);
    pos.make(ep);
    assert.equal(pieceAt(pos, 'c5'), '');
    assert.equal(pieceAt(pos, 'c4'), 'p');
    const late = playUci(position(V, fen), 'c3c5', 'h10h9', 'e1e2');
    assert.ok(!hasMove(late, 'd5c4'));
  });
});

describe('Camel Decimal promotion (RULES.md §2)', () => {
  test("on rank 10 to Queen, Rook, Bishop, Knight or Camel of the pawn's own colour", () => {
    const pos = position(V, 'r6k2/1P8/10/10/10/10/10/10/10/4K5 w - - 0 1');
    const choices = (to: string) => ['b', 'c', 'n', 'q', 'r'].map((p) => `b9${to}${p}`);
    assert.deepEqual(keysFrom(pos, 'b9'), [...choices('a10'), ...choices('b10')]);
    playUci(pos, 'b9b10c');
    assert.equal(pieceAt(pos, 'b10'), 'C');
  });

  test('Black promotes on rank 1', () => {
    const pos = position(V, '7k2/10/10/10/10/10/10/10/1p8/4K5 b - - 0 1');
    assert.deepEqual(keysFrom(pos, 'b2'), ['b2b1b', 'b2b1c', 'b2b1n', 'b2b1q', 'b2b1r']);
    playUci(pos, 'b2b1c');
    assert.equal(pieceAt(pos, 'b1'), 'c');
  });
});

describe('Camel Decimal game end (RULES.md §2)', () => {
  test('checkmate wins', () => {
    assert.deepEqual(positionOutcome(position(V, 'k9/1Q8/1K8/10/10/10/10/10/10/10 b - - 0 1')), {
      winner: 'white',
      reason: 'checkmate',
    });
  });

  test('stalemate is a draw', () => {
    assert.deepEqual(positionOutcome(position(V, 'k9/2Q7/10/10/10/10/10/10/10/5K4 b - - 0 1')), {
      winner: null,
      reason: 'stalemate',
    });
  });

  const DEAD = {
    'K v K': '5k4/10/10/10/10/10/10/10/10/5K4 w - - 0 1',
    'K+B v K': '5k4/10/10/10/10/10/10/10/10/4BK4 w - - 0 1',
    'K+N v K': '5k4/10/10/10/10/10/10/10/10/4NK4 w - - 0 1',
    'K+C v K': '5k4/10/10/10/10/10/10/10/10/4CK4 w - - 0 1',
    'K v K+C': '4ck4/10/10/10/10/10/10/10/10/5K4 w - - 0 1',
    'bishops only, all on one colour (Bd1 v be10)': '4bk4/10/10/10/10/10/10/10/10/3B1K4 w - - 0 1',
    'two bishops on one colour v K (Bb1, Bd1)': '5k4/10/10/10/10/10/10/10/10/1B1B1K4 w - - 0 1',
  };
  const ALIVE = {
    'K+R v K': '5k4/10/10/10/10/10/10/10/10/4RK4 w - - 0 1',
    'K+P v K': '5k4/10/10/10/10/10/10/10/4P5/5K4 w - - 0 1',
    'K+C v K+C': '4ck4/10/10/10/10/10/10/10/10/4CK4 w - - 0 1',
    'K+N v K+N': '4nk4/10/10/10/10/10/10/10/10/4NK4 w - - 0 1',
    'bishops on both colours': '5k4/10/10/10/10/10/10/10/10/3BBK4 w - - 0 1',
    'K+B+N v K': '5k4/10/10/10/10/10/10/10/10/3BNK4 w - - 0 1',
  };
  for (const [name, fen] of Object.entries(DEAD)) {
    test(`dead position: ${name}`, () => {
      assert.ok(isDeadPosition(position(V, fen)), fen);
    });
  }
  for (const [name, fen] of Object.entries(ALIVE)) {
    test(`not a dead position: ${name}`, () => {
      assert.ok(!isDeadPosition(position(V, fen)), fen);
    });
  }
});
