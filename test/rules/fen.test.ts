/** FEN reading and writing (RULES.md §0): board sizes, errors that name the fault, rights, e.p. forms. */

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { KIND_EN_PASSANT, moveKind } from '../../src/core/move.js';
import { Position } from '../../src/core/position.js';
import { moveToUci } from '../../src/notation/uci.js';
import { VARIANTS } from '../../src/variants/index.js';
import {
  castlingField,
  epField,
  hasMove,
  legal,
  pieceAt,
  playUci,
  position,
  uci,
  variant,
} from '../helpers/positions.js';

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

  test('an e.p. field that is not squares of the board', () => {
    assert.match(fenError('wildebeest', '5k5/11/11/11/11/11/11/11/11/5K5 b - m3 0 1'), /'m3' is not on the board/);
    assert.match(fenError('chess', '4k3/8/8/8/8/8/8/4K3 w - e6x 0 1'), /en-passant field 'e6x' is not/);
  });

  test('a pawn on its own first rank (issue 14 item 9)', () => {
    assert.match(fenError('chess', '4k3/8/8/8/8/8/8/P3K3 w - - 0 1'), /pawn on a1 stands on its own first rank/);
    assert.match(fenError('chess', 'p3k3/8/8/8/8/8/8/4K3 w - - 0 1'), /pawn on a8 stands on its own first rank/);
    assert.match(
      fenError('wildebeest', '5k5/11/11/11/11/11/11/11/11/P4K5 w - - 0 1'),
      /pawn on a1 stands on its own first rank/,
    );
  });

  test('a castling letter that names no rook (issue 14 item 9)', () => {
    assert.match(fenError('chess', '4k3/8/8/8/8/8/8/R3K2R w KQkqE - 0 1'), /castling letter 'E' names no rook/);
    assert.match(fenError('shatranj-kamil', '4k5/10/10/10/10/10/10/10/10/4K5 w A - 0 1'), /has no castling/);
    // Shredder-style letters naming the rook files are still read.
    assert.equal(castlingField(position('chess', '4k3/8/8/8/8/8/8/R3K2R w HA - 0 1')), 'KQ');
  });

  test('a FEN of several KB is an error that quotes only an excerpt (issue 14 item 1)', () => {
    // ≈ 200 000 e.p. squares overflowed the stack (epSquares.push(...sqs)).
    const huge = `k7/8/8/3Pp3/8/8/8/K7 w - ${'e6'.repeat(200_000)} 0 1`;
    const message = fenError('chess', huge);
    assert.match(message, /FEN is 400029 characters long, at most 1024 are read/);
    assert.ok(message.length < 200, message);
  });

  test('a FEN that is not a string is an error, not a TypeError (issue 14 item 8)', () => {
    for (const bad of [42, {}, Symbol('x'), ['k7'], true]) {
      const r = Position.fromFen('chess', bad as unknown as string);
      assert.equal(r.ok, false);
      if (!r.ok) assert.match(r.error.message, /a FEN must be a string/);
    }
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

describe('the e.p. field is used only for a step that can just have happened (RULES.md §0, issue 14 item 2)', () => {
  /** The e.p. captures of a position, as UCI text. */
  function epMoves(pos: Position): string[] {
    return legal(pos)
      .filter((m) => moveKind(m) === KIND_EN_PASSANT)
      .map((m) => moveToUci(pos, m))
      .sort();
  }

  test('chess: e7 does not point at the pawn on e2 (the phantom capture d6e7)', () => {
    const pos = position('chess', 'k7/8/3P4/8/8/8/4p3/K7 w - e7 0 1');
    assert.deepEqual(epMoves(pos), []);
    assert.equal(epField(pos), '-');
    assert.ok(!hasMove(pos, 'd6e7'));
  });

  test('chess: a field after e7–e5 is honoured; repeated squares are ignored, never echoed', () => {
    assert.deepEqual(epMoves(position('chess', 'k7/8/8/3Pp3/8/8/8/K7 w - e6 0 1')), ['d5e6']);
    const repeated = position('chess', 'k7/8/8/3Pp3/8/8/8/K7 w - e6e6e6e6 0 1');
    assert.deepEqual(epMoves(repeated), []);
    assert.equal(repeated.toFen(), 'k7/8/8/3Pp3/8/8/8/K7 w - - 0 1');
  });

  test('chess: the square the pawn came from must be empty, the passed squares too', () => {
    assert.deepEqual(epMoves(position('chess', 'k7/4n3/8/3Pp3/8/8/8/K7 w - e6 0 1')), []); // origin e7 taken
    assert.deepEqual(epMoves(position('chess', 'k7/8/4n3/3Pp3/8/8/8/K7 w - e6 0 1')), []); // e6 taken
  });

  test('chess: a pawn cannot have stepped three squares, nor from behind the board', () => {
    assert.deepEqual(epMoves(position('chess', 'k7/8/8/8/3Pp3/8/8/K7 w - e5 0 1')), []); // e6–e4?
    assert.deepEqual(epMoves(position('chess', 'k7/8/8/8/8/8/3pP3/K7 b - e1 0 1')), []);
  });

  test('Wildebeest: e3e4 does not point at the pawn on e9 (4 moves, not 5)', () => {
    const pos = position('wildebeest', '5k5/4Pp5/11/11/11/11/3p7/11/11/5K5 b - e3e4 0 1');
    assert.deepEqual(epMoves(pos), []);
    assert.equal(legal(pos).length, 4);
  });

  test('Wildebeest: e2–e5 may be listed in full or in part; e3–e5 writes e4', () => {
    const both = '5k5/11/11/11/11/3pP6/3p7/11/11/5K5 b - e3e4 0 1';
    assert.deepEqual(epMoves(position('wildebeest', both)), ['d4e3', 'd5e4']);
    assert.deepEqual(epMoves(position('wildebeest', both.replace('e3e4', 'e4'))), ['d5e4']);
  });

  test('Wildebeest: no step reaches e6 from e2, e3 or e4, and the origin must be empty', () => {
    const onE6 = '5k5/11/11/11/3pP6/11/11/11/11/5K5 b - EP 0 1';
    for (const field of ['e5', 'e4e5', 'e3e4e5']) {
      assert.deepEqual(epMoves(position('wildebeest', onE6.replace('EP', field))), [], field);
    }
    assert.deepEqual(epMoves(position('wildebeest', '5k5/11/11/11/11/3pP6/3p7/11/4N6/5K5 b - e3e4 0 1')), []);
  });

  test('Wildebeest: squares on two files are ignored', () => {
    assert.deepEqual(epMoves(position('wildebeest', '5k5/11/11/11/11/3pP6/3p7/11/11/5K5 b - e3d4 0 1')), []);
  });

  test('Camel Decimal: a double step from the 3rd rank (d8–d6), not from d9 nor to d5', () => {
    assert.deepEqual(epMoves(position('camel-decimal', '5k4/10/10/10/3pP5/10/10/10/10/4K5 w - d7 0 1')), ['e6d7']);
    assert.deepEqual(epMoves(position('camel-decimal', '5k4/10/10/4P5/3p6/10/10/10/10/4K5 w - d8 0 1')), []);
    assert.deepEqual(epMoves(position('camel-decimal', '5k4/10/10/10/10/3pP5/10/10/10/4K5 w - d6 0 1')), []);
  });

  test('Bachelor Kamil: e7 does not point at the pawn on e2', () => {
    for (const id of ['bachelor-kamil', 'bachelor-kamil-reflective']) {
      assert.deepEqual(epMoves(position(id, 'k8/9/3P5/9/9/9/4p4/K8 w - e7 0 1')), [], id);
      assert.deepEqual(epMoves(position(id, 'k8/9/9/3Pp4/9/9/9/K8 w - e6 0 1')), ['d5e6'], id);
    }
  });

  test('Shatranj Kamil has no e.p.: the field is ignored', () => {
    const pos = position('shatranj-kamil', '4k5/10/10/10/10/3Pp5/10/10/10/4K5 w - e7 0 1');
    assert.deepEqual(epMoves(pos), []);
    assert.equal(epField(pos), '-');
  });
});
