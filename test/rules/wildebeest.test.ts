/** Wildebeest Chess, one test per rule of RULES.md §1 (and the §0 move text for its castling). */

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { KIND_CASTLE, KIND_EN_PASSANT, KIND_NORMAL, moveKind } from '../../src/core/move.js';
import { isDeadPosition, positionOutcome } from '../../src/core/outcome.js';
import { moveToUci, parseUciMove } from '../../src/notation/uci.js';
import { castlingField, epField, hasMove, keysFrom, pieceAt, playUci, position, uci } from '../helpers/positions.js';

const V = 'wildebeest';

/** Kings and rooks only: every castle is available to both sides. */
const OPEN = (side: 'w' | 'b') => `r4k4r/11/11/11/11/11/11/11/11/R4K4R ${side} KQkq - 0 1`;

/** Destination squares of the king's legal castles, sorted. */
const castles = (fen: string, from = 'f1') =>
  keysFrom(position(V, fen), from)
    .filter((k) => k.startsWith('castle:'))
    .map((k) => k.slice(`castle:${from}`.length));

describe('Wildebeest castling (RULES.md §1)', () => {
  // [king to, rook from, rook to] for White; Black is the same on rank 10.
  const WHITE_CASTLES: Array<[string, string, string]> = [
    ['g1', 'k1', 'f1'],
    ['h1', 'k1', 'g1'],
    ['i1', 'k1', 'h1'],
    ['j1', 'k1', 'i1'],
    ['e1', 'a1', 'f1'],
    ['d1', 'a1', 'e1'],
    ['c1', 'a1', 'd1'],
    ['b1', 'a1', 'c1'],
  ];

  test('White may castle 1, 2, 3 or 4 squares toward either rook', () => {
    assert.deepEqual(castles(OPEN('w')), ['b1', 'c1', 'd1', 'e1', 'g1', 'h1', 'i1', 'j1']);
  });

  test('Black may castle 1, 2, 3 or 4 squares toward either rook', () => {
    assert.deepEqual(castles(OPEN('b'), 'f10'), ['b10', 'c10', 'd10', 'e10', 'g10', 'h10', 'i10', 'j10']);
  });

  for (const color of ['w', 'b'] as const) {
    for (const [kingTo, rookFrom, rookTo] of WHITE_CASTLES) {
      const rank = color === 'w' ? '1' : '10';
      const [kt, rf, rt] = [kingTo, rookFrom, rookTo].map((s) => s.replace('1', rank)) as [string, string, string];
      test(`${color === 'w' ? 'White' : 'Black'} K f${rank}→${kt}: the rook jumps ${rf}→${rt}, on the king's other side`, () => {
        const pos = position(V, OPEN(color));
        const move = uci(pos, castleText(`f${rank}`, kt, rf));
        assert.equal(moveKind(move), KIND_CASTLE);
        pos.make(move);
        const king = color === 'w' ? 'K' : 'k';
        const rook = color === 'w' ? 'R' : 'r';
        assert.equal(pieceAt(pos, kt), king);
        assert.equal(pieceAt(pos, rt), rook);
        assert.equal(pieceAt(pos, rf), '');
        if (rt !== `f${rank}`) assert.equal(pieceAt(pos, `f${rank}`), '');
        // Both of the mover's rights are gone; the other side's are kept.
        assert.equal(castlingField(pos), color === 'w' ? 'kq' : 'KQ');
      });
    }
  }

  test('a piece anywhere between king and rook forbids every distance on that side (Nj1)', () => {
    const fen = 'r4k4r/11/11/11/11/11/11/11/11/R4K3NR w KQkq - 0 1';
    assert.deepEqual(castles(fen), ['b1', 'c1', 'd1', 'e1']);
  });

  test('no castling while in check (Rf5 checks Kf1)', () => {
    assert.deepEqual(castles('5k5/11/11/11/11/5r5/11/11/11/R4K4R w KQ - 0 1'), []);
  });

  test('a crossed square under attack forbids the longer castles (Rh5 attacks h1: only g1 on that side)', () => {
    assert.deepEqual(castles('5k5/11/11/11/11/7r3/11/11/11/R4K4R w KQ - 0 1'), ['b1', 'c1', 'd1', 'e1', 'g1']);
  });

  test('an attacked destination forbids that distance only (Ri5 attacks i1: g1 and h1 remain; j1 crosses i1)', () => {
    assert.deepEqual(castles('5k5/11/11/11/11/8r2/11/11/11/R4K4R w KQ - 0 1'), ['b1', 'c1', 'd1', 'e1', 'g1', 'h1']);
  });

  test('an attacked farthest destination forbids only the 4-square castle (Rj5 attacks j1)', () => {
    assert.deepEqual(castles('5k5/11/11/11/11/9r1/11/11/11/R4K4R w KQ - 0 1'), [
      'b1',
      'c1',
      'd1',
      'e1',
      'g1',
      'h1',
      'i1',
    ]);
  });

  test('squares only the rook stands on or passes may be attacked (Rk5 attacks k1; Rb5 attacks b1)', () => {
    // b1 is the 4-square castle's destination (refused); the shorter castles' rook only passes it.
    assert.deepEqual(castles('5k5/11/11/11/11/1r8r/11/11/11/R4K4R w KQ - 0 1'), [
      'c1',
      'd1',
      'e1',
      'g1',
      'h1',
      'i1',
      'j1',
    ]);
  });

  test('the king that has moved (and come back) may not castle', () => {
    const pos = playUci(position(V, OPEN('w')), 'f1f2', 'a10a9', 'f2f1', 'a9a10');
    assert.equal(castlingField(pos), 'k');
    assert.deepEqual(castles(pos.toFen()), []);
  });

  test('a rook that has moved (and come back) may not castle; the other rook still may', () => {
    const pos = playUci(position(V, OPEN('w')), 'k1k2', 'a10a9', 'k2k1', 'a9a10');
    assert.equal(castlingField(pos), 'Qk');
    assert.deepEqual(castles(pos.toFen()), ['b1', 'c1', 'd1', 'e1']);
  });

  test('the right toward a rook is lost when that rook is captured at home', () => {
    // Black's bishop takes the k1 rook; White's king-side right (K) is gone for good.
    const pos = playUci(position(V, 'r4k4r/11/11/11/11/11/7b3/11/11/R4K4R b KQkq - 0 1'), 'h4k1');
    assert.equal(castlingField(pos), 'Qkq');
    assert.deepEqual(castles(pos.toFen()), ['b1', 'c1', 'd1', 'e1']);
  });
});

/** UCI text of a castle: the king's from/to squares, or "king takes own rook" for one square. */
function castleText(kingFrom: string, kingTo: string, rookFrom: string): string {
  const oneSquare = Math.abs(kingFrom.charCodeAt(0) - kingTo.charCodeAt(0)) === 1;
  return kingFrom + (oneSquare ? rookFrom : kingTo);
}

describe('Wildebeest castling move text (RULES.md §0)', () => {
  test('the 1-square castle is written as the king taking its own rook: f1k1, f1a1', () => {
    const pos = position(V, OPEN('w'));
    for (const [text, to] of [
      ['f1k1', 'g1'],
      ['f1a1', 'e1'],
    ] as const) {
      const m = uci(pos, text);
      assert.equal(moveKind(m), KIND_CASTLE, text);
      pos.make(m);
      assert.equal(pieceAt(pos, to), 'K');
      pos.unmake();
      assert.equal(moveToUci(pos, m), text);
    }
  });

  test('f1g1 and f1e1 are plain king steps, not castles', () => {
    const pos = position(V, OPEN('w'));
    for (const text of ['f1g1', 'f1e1']) {
      const m = uci(pos, text);
      assert.equal(moveKind(m), KIND_NORMAL, text);
      assert.equal(moveToUci(pos, m), text);
    }
  });

  test("longer castles are written with the king's destination: f1h1, f1i1, f1j1, f1d1, f1c1, f1b1", () => {
    const pos = position(V, OPEN('w'));
    for (const text of ['f1h1', 'f1i1', 'f1j1', 'f1d1', 'f1c1', 'f1b1']) {
      const m = uci(pos, text);
      assert.equal(moveKind(m), KIND_CASTLE, text);
      assert.equal(moveToUci(pos, m), text);
    }
  });

  test('Black writes the same way on rank 10 (f10k10, f10h10)', () => {
    const pos = position(V, OPEN('b'));
    assert.equal(moveKind(uci(pos, 'f10k10')), KIND_CASTLE);
    assert.equal(moveKind(uci(pos, 'f10h10')), KIND_CASTLE);
    assert.equal(moveKind(uci(pos, 'f10g10')), KIND_NORMAL);
  });

  test('a castle that is not legal is refused as text', () => {
    const pos = position(V, '5k5/11/11/11/11/5r5/11/11/11/R4K4R w KQ - 0 1');
    const r = parseUciMove(pos, 'f1h1');
    assert.ok(!r.ok && r.error.kind === 'illegal-move');
    assert.ok(!parseUciMove(pos, 'f1k1').ok);
  });
});

describe('Wildebeest pawns (RULES.md §1)', () => {
  test('from its 2nd rank a pawn steps 1, 2 or 3 squares', () => {
    const pos = position(V, '5k5/11/11/11/11/11/11/11/P10/5K5 w - - 0 1');
    assert.deepEqual(keysFrom(pos, 'a2'), ['a2a3', 'a2a4', 'a2a5']);
  });

  test('from its 3rd rank a pawn steps 1 or 2 squares', () => {
    const pos = position(V, '5k5/11/11/11/11/11/11/P10/11/5K5 w - - 0 1');
    assert.deepEqual(keysFrom(pos, 'a3'), ['a3a4', 'a3a5']);
  });

  test('elsewhere a pawn steps 1 square', () => {
    const pos = position(V, '5k5/11/11/11/11/11/P10/11/11/5K5 w - - 0 1');
    assert.deepEqual(keysFrom(pos, 'a4'), ['a4a5']);
  });

  test('Black steps 1, 2 or 3 from rank 9 and 1 or 2 from rank 8', () => {
    const pos = position(V, '5k5/p10/1p9/11/11/11/11/11/11/5K5 b - - 0 1');
    assert.deepEqual(keysFrom(pos, 'a9'), ['a9a6', 'a9a7', 'a9a8']);
    assert.deepEqual(keysFrom(pos, 'b8'), ['b8b6', 'b8b7']);
  });

  test('every passed square and the destination must be empty', () => {
    assert.deepEqual(keysFrom(position(V, '5k5/11/11/11/11/n10/11/11/P10/5K5 w - - 0 1'), 'a2'), ['a2a3', 'a2a4']);
    assert.deepEqual(keysFrom(position(V, '5k5/11/11/11/11/11/n10/11/P10/5K5 w - - 0 1'), 'a2'), ['a2a3']);
    assert.deepEqual(keysFrom(position(V, '5k5/11/11/11/11/11/11/n10/P10/5K5 w - - 0 1'), 'a2'), []);
  });

  test('a pawn that reached its 3rd rank by a capture may still step 2', () => {
    const pos = playUci(position(V, '5k5/11/11/11/11/11/11/2n8/1P9/5K5 w - - 0 1'), 'b2c3', 'f10f9');
    assert.deepEqual(keysFrom(pos, 'c3'), ['c3c4', 'c3c5']);
  });
});

describe('Wildebeest en passant (RULES.md §1)', () => {
  // White a2; Black b5 and b4.
  const TRIPLE = '5k5/11/11/11/11/1p9/1p9/11/P10/5K5 w - - 0 1';

  test('after a2–a5 both passed squares are e.p. targets: b4xa3 and b5xa4', () => {
    const pos = playUci(position(V, TRIPLE), 'a2a5');
    assert.equal(epField(pos), 'a3a4');
    for (const text of ['b4a3', 'b5a4']) assert.equal(moveKind(uci(pos, text)), KIND_EN_PASSANT, text);
  });

  test('b4xa3 e.p. takes the pawn on a5, which stands behind the capturer', () => {
    const pos = playUci(position(V, TRIPLE), 'a2a5', 'b4a3');
    assert.equal(pieceAt(pos, 'a3'), 'p');
    assert.equal(pieceAt(pos, 'a5'), '');
    assert.equal(pieceAt(pos, 'b4'), '');
    assert.equal(pieceAt(pos, 'b5'), 'p');
  });

  test('b5xa4 e.p. takes the pawn on a5, directly behind the capturer', () => {
    const pos = playUci(position(V, TRIPLE), 'a2a5', 'b5a4');
    assert.equal(pieceAt(pos, 'a4'), 'p');
    assert.equal(pieceAt(pos, 'a5'), '');
  });

  test('e.p. is possible on the very next move only', () => {
    const pos = playUci(position(V, TRIPLE), 'a2a5', 'f10f9', 'f1f2');
    assert.equal(epField(pos), '-');
    assert.ok(!hasMove(pos, 'b4a3') && !hasMove(pos, 'b5a4'));
  });

  test('after a3–a5 only a4 is a target (a3 was the start square, not passed)', () => {
    const pos = playUci(position(V, '5k5/11/11/11/11/1p9/1p9/P10/11/5K5 w - - 0 1'), 'a3a5');
    assert.equal(epField(pos), 'a4');
    assert.ok(hasMove(pos, 'b5a4'));
    assert.ok(!hasMove(pos, 'b4a3'));
  });

  test('after a2–a4 only a3 is a target', () => {
    const pos = playUci(position(V, '5k5/11/11/11/11/11/1p9/11/P10/5K5 w - - 0 1'), 'a2a4');
    assert.equal(epField(pos), 'a3');
    assert.equal(moveKind(uci(pos, 'b4a3')), KIND_EN_PASSANT);
  });

  test("Black's triple step j9–j6 gives White e.p. on j8 and j7", () => {
    const pos = playUci(position(V, '5k5/9p1/11/8P2/10P/11/11/11/11/5K5 b - - 0 1'), 'j9j6');
    // The field's order is not prescribed (Fairy-Stockfish writes j7j8 and reads both).
    assert.deepEqual(
      epField(pos)
        .match(/[a-z]\d+/g)
        ?.sort(),
      ['j7', 'j8'],
    );
    for (const text of ['i7j8', 'k6j7']) assert.equal(moveKind(uci(pos, text)), KIND_EN_PASSANT, text);
    playUci(pos, 'i7j8');
    assert.equal(pieceAt(pos, 'j6'), '');
    assert.equal(pieceAt(pos, 'j8'), 'P');
  });
});

describe('Wildebeest promotion (RULES.md §1)', () => {
  test('a pawn reaching the last rank becomes a Queen or a Wildebeest, nothing else', () => {
    const pos = position(V, 'r1r2k5/1P9/11/11/11/11/11/11/11/5K5 w - - 0 1');
    assert.deepEqual(keysFrom(pos, 'b9'), ['b9a10q', 'b9a10w', 'b9b10q', 'b9b10w', 'b9c10q', 'b9c10w']);
    playUci(pos, 'b9b10w');
    assert.equal(pieceAt(pos, 'b10'), 'W');
  });

  test('Black promotes on rank 1 to Queen or Wildebeest', () => {
    const pos = position(V, '5k5/11/11/11/11/11/11/11/1p9/5K5 b - - 0 1');
    assert.deepEqual(keysFrom(pos, 'b2'), ['b2b1q', 'b2b1w']);
  });

  test('promotion is compulsory: b9b10 without a piece letter is not a move', () => {
    const refused = parseUciMove(position(V, 'r1r2k5/1P9/11/11/11/11/11/11/11/5K5 w - - 0 1'), 'b9b10');
    assert.ok(!refused.ok && refused.error.kind === 'illegal-move');
  });
});

describe('Wildebeest game end (RULES.md §1)', () => {
  test('checkmate wins', () => {
    assert.deepEqual(positionOutcome(position(V, 'k10/1Q9/1K9/11/11/11/11/11/11/11 b - - 0 1')), {
      winner: 'white',
      reason: 'checkmate',
    });
  });

  test('stalemate wins for the side that stalemates', () => {
    assert.deepEqual(positionOutcome(position(V, 'k10/2Q8/11/11/11/11/11/11/11/5K5 b - - 0 1')), {
      winner: 'white',
      reason: 'stalemate',
    });
  });

  test('only K v K is a dead position: any piece can still stalemate', () => {
    assert.ok(isDeadPosition(position(V, '5k5/11/11/11/11/11/11/11/11/5K5 w - - 0 1')));
    assert.deepEqual(positionOutcome(position(V, '5k5/11/11/11/11/11/11/11/11/5K5 w - - 0 1')), {
      winner: null,
      reason: 'insufficient-material',
    });
    for (const fen of [
      '5k5/11/11/11/11/11/11/11/11/4NK5 w - - 0 1',
      '5k5/11/11/11/11/11/11/11/11/4BK5 w - - 0 1',
      '5k5/11/11/11/11/11/11/11/11/4CK5 w - - 0 1',
    ]) {
      assert.ok(!isDeadPosition(position(V, fen)), fen);
    }
  });
});
