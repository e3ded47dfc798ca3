/** FEN reading and writing (RULES.md §0): board sizes, errors that name the fault, rights, e.p. forms. */

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { KIND_EN_PASSANT, moveKind } from '../../src/core/move.js';
import { Position } from '../../src/core/position.js';
import { VARIANTS } from '../../src/variants/index.js';
import { castlingField, epField, hasMove, pieceAt, playUci, position, uci, variant } from '../helpers/positions.js';

/** The error message of a refused FEN (fails the test if the FEN is accepted). */
function fenError(id: string, fen: string): string {
  const r = Position.fromFen(variant(id), fen);
  if (r.ok) assert.fail(`FEN accepted: ${fen}`);
  assert.equal(r.error.kind, 'invalid-fen');
  return r.error.message;
}

const WB_START = 'rnccwkqbbnr/ppppppppppp/11/11/11/11/11/11/PPPPPPPPPPP/RNBBQKWCCNR w KQkq - 0 1';

describe('FEN round trip (RULES.md §0)', () => {
  for (const def of VARIANTS) {
    test(`${def.id}: the start FEN reads and writes back unchanged`, () => {
      assert.equal(position(def.id, def.startFen).toFen(), def.startFen);
    });
  }

  test('empty runs may have two digits (10, 11)', () => {
    const pos = position('wildebeest', '5k5/11/11/11/11/11/11/11/11/10K w - - 0 1');
    assert.equal(pieceAt(pos, 'k1'), 'K');
    assert.equal(pos.toFen(), '5k5/11/11/11/11/11/11/11/11/10K w - - 0 1');
  });

  test('missing clocks default to 0 and 1', () => {
    assert.equal(
      position('shatranj-kamil', '4k5/10/10/10/10/10/10/10/10/4K5 b').toFen(),
      '4k5/10/10/10/10/10/10/10/10/4K5 b - - 0 1',
    );
  });
});

describe('FEN errors name what is wrong (RULES.md §0)', () => {
  test('a rank with too many or too few squares', () => {
    assert.match(
      fenError('wildebeest', WB_START.replace('/11/11/PPP', '/11/12/PPP')),
      /rank 3 has 12 squares, board has 11 files/,
    );
    assert.match(
      fenError('wildebeest', WB_START.replace('/11/11/PPP', '/11/10/PPP')),
      /rank 3 has 10 squares, board has 11 files/,
    );
    assert.match(
      fenError('camel-decimal', '11/10/10/10/10/10/10/10/10/4K5 w - - 0 1'),
      /rank 10 has 11 squares, board has 10 files/,
    );
  });

  test('the wrong number of ranks', () => {
    assert.match(
      fenError('wildebeest', '5k5/11/11/11/11/11/11/11/5K5 w - - 0 1'),
      /placement has 9 ranks, board has 10/,
    );
  });

  test('a letter that is not a piece of the variant', () => {
    assert.match(
      fenError('wildebeest', WB_START.replace('RNBBQKWCCNR', 'RNBBQKWCCNX')),
      /'X' is not a piece of Wildebeest Chess/,
    );
    assert.match(fenError('shatranj-kamil', '4k5/10/10/10/10/10/10/10/10/3QK5 w - - 0 1'), /'Q' is not a piece/);
    assert.match(fenError('bachelor-kamil', '4k4/9/9/9/9/9/9/3FK4 w - - 0 1'), /'F' is not a piece/);
  });

  test('kings: exactly one each', () => {
    assert.match(fenError('bachelor-kamil', '9/9/9/9/9/9/9/4K4 w - - 0 1'), /Black has 0 kings, needs exactly 1/);
    assert.match(fenError('bachelor-kamil', '4k4/9/9/9/9/9/9/3KK4 w - - 0 1'), /White has 2 kings/);
  });

  test('side to move', () => {
    assert.match(fenError('chess', '4k3/8/8/8/8/8/8/4K3 x - - 0 1'), /side to move is 'x', expected 'w' or 'b'/);
  });

  test('a pawn on its promotion rank', () => {
    assert.match(
      fenError('wildebeest', '1P3k5/11/11/11/11/11/11/11/11/5K5 w - - 0 1'),
      /pawn on b10 stands on its promotion rank/,
    );
  });

  test('the side not to move in check', () => {
    assert.match(
      fenError('wildebeest', '5k5/11/11/11/11/5R5/11/11/11/5K5 w - - 0 1'),
      /Black \(not to move\) is in check/,
    );
  });

  test('bad clocks and fields', () => {
    assert.match(fenError('chess', '4k3/8/8/8/8/8/8/4K3 w - - x 1'), /halfmove clock 'x'/);
    assert.match(fenError('chess', '4k3/8/8/8/8/8/8/4K3'), /2 to 6 fields/);
  });

  test('an e.p. field without a pawn to take, off the board, or not empty', () => {
    assert.match(fenError('wildebeest', '5k5/11/11/11/11/11/11/11/11/5K5 b - a3 0 1'), /no white pawn beyond/);
    assert.match(fenError('wildebeest', '5k5/11/11/11/11/11/11/11/11/5K5 b - m3 0 1'), /not/);
    assert.match(fenError('wildebeest', '5k5/11/11/11/11/P10/11/n10/11/5K5 b - a3 0 1'), /a3 is not empty/);
  });
});

describe('castling rights in a FEN (RULES.md §0)', () => {
  test('K and Q name the rooks on the highest file and on file a', () => {
    const pos = position('wildebeest', 'r4k4r/11/11/11/11/11/11/11/11/R4K4R w Kq - 0 1');
    assert.equal(castlingField(pos), 'Kq');
    assert.ok(hasMove(pos, 'castle:f1j1') && !hasMove(pos, 'castle:f1b1'));
  });

  test('a right whose rook is not on its start square is ignored', () => {
    assert.equal(castlingField(position('wildebeest', 'r4k4r/11/11/11/11/11/11/11/11/1R3K4R w KQkq - 0 1')), 'Kkq');
    assert.equal(
      castlingField(position('camel-decimal', 'c8c/1r3k2r1/10/10/10/10/10/10/1R3K1R2/C8C w KQkq - 0 1')),
      'Qkq',
    );
  });

  test('rights whose king is not on its start square are ignored', () => {
    assert.equal(castlingField(position('wildebeest', 'r3k5r/11/11/11/11/11/11/11/11/R4K4R w KQkq - 0 1')), 'KQ');
    assert.equal(castlingField(position('bachelor-kamil', 'r3k3r/9/9/9/9/9/9/R2K4R w KQkq - 0 1')), 'kq');
  });
});

describe('e.p. field forms (RULES.md §0)', () => {
  // White has just played a2–a5; Black pawns on b4 and b5 may take on a3 and a4.
  const AFTER_TRIPLE = '5k5/11/11/11/11/Pp9/1p9/11/11/5K5 b - a3a4 0 1';

  test('the concatenated form a3a4 is what a triple step writes and what is read', () => {
    const played = playUci(position('wildebeest', '5k5/11/11/11/11/1p9/1p9/11/P10/5K5 w - - 0 1'), 'a2a5');
    assert.equal(played.toFen(), AFTER_TRIPLE);
    const read = position('wildebeest', AFTER_TRIPLE);
    assert.equal(read.hashLo, played.hashLo);
    assert.equal(read.hashHi, played.hashHi);
    assert.equal(moveKind(uci(read, 'b4a3')), KIND_EN_PASSANT);
    assert.equal(moveKind(uci(read, 'b5a4')), KIND_EN_PASSANT);
  });

  test('the comma-separated form a3,a4 reads the same position', () => {
    const pos = position('wildebeest', AFTER_TRIPLE.replace('a3a4', 'a3,a4'));
    assert.equal(pos.toFen(), AFTER_TRIPLE);
  });

  test('after e2–e5 the field may read e3 alone: the pawn to take is the nearest one beyond (e5)', () => {
    const pos = position('wildebeest', '5k5/11/11/11/11/4P6/3p7/11/11/5K5 b - e3 0 1');
    assert.equal(epField(pos), 'e3');
    const m = uci(pos, 'd4e3');
    assert.equal(moveKind(m), KIND_EN_PASSANT);
    pos.make(m);
    assert.equal(pieceAt(pos, 'e5'), '');
    assert.equal(pieceAt(pos, 'e3'), 'p');
  });

  test('listed squares no pawn can take on are dropped when read, as Fairy-Stockfish writes them', () => {
    const pos = position('wildebeest', '5k5/11/11/11/11/4P6/3p7/11/11/5K5 b - e3e4 0 1');
    assert.equal(epField(pos), 'e3');
    assert.ok(!hasMove(pos, 'd4e4'));
  });

  test('a triple step next to no enemy pawn writes no e.p. field', () => {
    assert.equal(epField(playUci(position('wildebeest', '5k5/11/11/11/11/11/11/11/P10/5K5 w - - 0 1'), 'a2a5')), '-');
  });
});
