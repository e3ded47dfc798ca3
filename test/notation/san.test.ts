/**
 * SAN written and read (RULES.md §0 "Move text"): disambiguation, two-digit ranks, promotion
 * choices of each variant (§§1–4), en passant as a plain capture (§1, §2), Wildebeest castling
 * with the king's square (§1), Camel Decimal castling on rank 2 (§2), check and mate marks, and
 * the forgiving reader.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CaravanError } from '../../src/core/errors.js';
import { KIND_CASTLE, KIND_EN_PASSANT, type Move, moveKind } from '../../src/core/move.js';
import { positionOutcome } from '../../src/core/outcome.js';
import type { Position } from '../../src/core/position.js';
import { moveToSan, parseSan, sanLine } from '../../src/notation/san.js';
import { moveToUci } from '../../src/notation/uci.js';
import { legal, position, uci } from '../helpers/positions.js';
import { allSan, placed, sanFrom } from './place.js';

/** The move a SAN text reads as, written back as UCI (fails the test on an error). */
function read(pos: Position, san: string): string {
  const r = parseSan(pos, san);
  if (!r.ok) assert.fail(`${san}: ${r.error.message}`);
  return moveToUci(pos, r.value);
}

function readError(pos: Position, san: string): CaravanError {
  const r = parseSan(pos, san);
  assert.ok(!r.ok, `${san} should be refused, read as ${r.ok ? moveToUci(pos, r.value) : ''}`);
  return r.error;
}

function san(pos: Position, uciText: string): string {
  return moveToSan(pos, uci(pos, uciText));
}

describe('SAN disambiguation (RULES.md §0: as in chess — file, then rank, then both)', () => {
  it('two camels on one rank reaching the same square are told apart by file', () => {
    const pos = placed('camel-decimal', { a1: 'C', c1: 'C', f2: 'K', f9: 'k' });
    assert.equal(san(pos, 'a1b4'), 'Cab4');
    assert.equal(san(pos, 'c1b4'), 'Ccb4');
    assert.equal(san(pos, 'c1d4'), 'Cd4', 'only one camel reaches d4: no disambiguation');
    assert.equal(read(pos, 'Cab4'), 'a1b4');
    assert.equal(read(pos, 'Ccb4'), 'c1b4');
  });

  it('two camels on one file are told apart by rank', () => {
    const pos = placed('camel-decimal', { a1: 'C', a7: 'C', f2: 'K', f9: 'k' });
    assert.equal(san(pos, 'a1b4'), 'C1b4');
    assert.equal(san(pos, 'a7b4'), 'C7b4');
    assert.equal(read(pos, 'C7b4'), 'a7b4');
  });

  it('a camel sharing file with one rival and rank with another needs its full square', () => {
    const pos = placed('camel-decimal', { a1: 'C', c1: 'C', a7: 'C', f2: 'K', f9: 'k' });
    assert.equal(san(pos, 'a1b4'), 'Ca1b4');
    assert.equal(san(pos, 'c1b4'), 'Ccb4');
    assert.equal(san(pos, 'a7b4'), 'C7b4');
    for (const text of ['Ca1b4', 'Ccb4', 'C7b4']) assert.equal(san(pos, read(pos, text)), text);
  });

  it('knights on the Wildebeest board are disambiguated by file', () => {
    const pos = placed('wildebeest', { b1: 'N', d1: 'N', f1: 'K', f10: 'k' });
    assert.equal(san(pos, 'b1c3'), 'Nbc3');
    assert.equal(san(pos, 'd1c3'), 'Ndc3');
    assert.equal(san(pos, 'b1d2'), 'Nd2');
    assert.equal(read(pos, 'Nb1c3'), 'b1c3', 'over-disambiguated SAN is read');
    assert.equal(read(pos, 'Nbc3'), 'b1c3');
  });

  it('a piece that cannot legally move is no rival (a pinned knight)', () => {
    // The e2 knight is pinned by the rook on e10 against the king on e1: only b1 reaches c3.
    const pos = placed('wildebeest', { b1: 'N', e2: 'N', e1: 'K', e10: 'r', k10: 'k' });
    assert.ok(!legal(pos).some((m) => moveToUci(pos, m) === 'e2c3'));
    assert.equal(san(pos, 'b1c3'), 'Nc3');
  });

  it('ranks have two digits: Ra10 and rank disambiguation R10h9 (as Fairy-Stockfish writes it)', () => {
    const pos = placed('camel-decimal', { h10: 'R', h1: 'R', a2: 'R', b3: 'K', j6: 'k' });
    assert.equal(san(pos, 'h10h9'), 'R10h9');
    assert.equal(san(pos, 'h1h9'), 'R1h9');
    assert.equal(read(pos, 'R10h9'), 'h10h9');
    assert.equal(read(pos, 'R1h9'), 'h1h9');
    assert.equal(san(pos, 'a2a10'), 'Raa10', 'the h10 rook also reaches a10 along the rank');
    assert.equal(san(pos, 'h10a10'), 'Rha10');
    const lone = placed('wildebeest', { a1: 'R', f1: 'K', k5: 'k' });
    assert.equal(san(lone, 'a1a10'), 'Ra10');
    assert.equal(read(lone, 'Ra10'), 'a1a10');
  });

  it('an ambiguous SAN is refused with the candidates named', () => {
    const pos = placed('camel-decimal', { a1: 'C', c1: 'C', f2: 'K', f9: 'k' });
    const e = readError(pos, 'Cb4');
    assert.equal(e.kind, 'ambiguous-san');
    assert.match(e.message, /'Cb4'/);
    assert.match(e.message, /Cab4/);
    assert.match(e.message, /Ccb4/);
    const rooks = placed('camel-decimal', { h10: 'R', h1: 'R', b3: 'K', j6: 'k' });
    assert.match(readError(rooks, 'Rh9').message, /R10h9 R1h9|R1h9 R10h9/);
  });
});

describe('SAN promotion (RULES.md §§1–4: each variant’s choices; always "=" and an upper-case letter)', () => {
  const cases: Array<[string, Record<string, string>, 'w' | 'b', string, string[]]> = [
    ['wildebeest', { b9: 'P', f1: 'K', k5: 'k' }, 'w', 'b9', ['b10=Q', 'b10=W']],
    ['camel-decimal', { c9: 'P', a2: 'K', j5: 'k' }, 'w', 'c9', ['c10=B', 'c10=C', 'c10=N', 'c10=Q', 'c10=R']],
    ['shatranj-kamil', { a2: 'p', e5: 'K', e10: 'k' }, 'b', 'a2', ['a1=F']],
    ['shatranj-kamil-2', { j9: 'P', a5: 'K', e1: 'k' }, 'w', 'j9', ['j10=F']],
    ['bachelor-kamil', { d7: 'P', a1: 'K', i4: 'k' }, 'w', 'd7', ['d8=B', 'd8=C', 'd8=N', 'd8=Q', 'd8=R', 'd8=W']],
    ['chess', { e7: 'P', a1: 'K', h4: 'k' }, 'w', 'e7', ['e8=B', 'e8=N', 'e8=Q', 'e8=R']],
  ];
  for (const [id, pieces, side, from, expected] of cases) {
    it(`${id}: ${expected.join(' ')}`, () => {
      const pos = placed(id, pieces, side);
      assert.deepEqual(sanFrom(pos, from).sort(), expected);
      for (const text of expected) assert.equal(san(pos, read(pos, text)), text);
    });
  }

  it('promotion captures start with the file; the reader takes "=" or not, either case', () => {
    const pos = placed('wildebeest', { b9: 'P', c10: 'r', f1: 'K', k5: 'k' });
    assert.deepEqual(sanFrom(pos, 'b9').sort(), ['b10=Q', 'b10=W', 'bxc10=Q', 'bxc10=W']);
    for (const text of ['bxc10=W', 'bxc10W', 'bxc10w', 'bxc10=w', 'bc10=W', 'bxc10=W!?'])
      assert.equal(read(pos, text), 'b9c10w');
    for (const text of ['b10=Q', 'b10Q', 'b10q', 'b10=Q+']) assert.equal(read(pos, text), 'b9b10q');
  });

  it('a promotion without its piece is refused where there is a choice, and read where there is none', () => {
    const wild = placed('wildebeest', { b9: 'P', f1: 'K', k5: 'k' });
    const e = readError(wild, 'b10');
    assert.equal(e.kind, 'illegal-move');
    assert.match(e.message, /=Q or =W/);
    assert.equal(readError(wild, 'b10=K').kind, 'invalid-san');
    assert.equal(readError(wild, 'b10=C').kind, 'invalid-san', 'Camel is a Wildebeest piece, but no promotion choice');
    const shatranj = placed('shatranj-kamil', { a2: 'p', e5: 'K', e10: 'k' }, 'b');
    assert.equal(read(shatranj, 'a1'), 'a2a1f');
  });
});

describe('SAN en passant: a plain capture (RULES.md §0; §1 every passed square; §2 orthodox)', () => {
  it('Camel Decimal: exd7 after d8–d6, also read as "exd7 e.p."', () => {
    const pos = placed('camel-decimal', { e6: 'P', d8: 'p', f2: 'K', f9: 'k' }, 'b');
    pos.make(uci(pos, 'd8d6'));
    assert.ok(allSan(pos).includes('exd7'));
    for (const text of ['exd7', 'exd7 e.p.', 'exd7e.p.', 'exd7 ep', 'ed7']) {
      const r = parseSan(pos, text);
      assert.ok(r.ok, text);
      assert.equal(moveKind(r.value), KIND_EN_PASSANT, text);
    }
  });

  it('Wildebeest: after a2–a5 the b5 pawn takes on a4 and the b4 pawn on a3 (the victim then behind it)', () => {
    const pos = placed('wildebeest', { a2: 'P', b5: 'p', b4: 'p', f1: 'K', f10: 'k' });
    pos.make(uci(pos, read(pos, 'a5')));
    assert.equal(pos.toFen().split(' ')[3], 'a3a4');
    const sans = allSan(pos);
    assert.ok(sans.includes('bxa4') && sans.includes('bxa3'), sans.join(' '));
    const a3 = parseSan(pos, 'bxa3 e.p.');
    assert.ok(a3.ok);
    assert.equal(moveKind(a3.value), KIND_EN_PASSANT);
    assert.equal(moveToSan(pos, a3.value), 'bxa3');
    pos.make(a3.value);
    assert.equal(pos.at(pos.t.squares[4 * 11] as number), 0, 'the pawn on a5 is gone');
  });
});

describe('SAN castling (RULES.md §0, §1: O-O toward the highest file, O-O-O toward file a)', () => {
  const wild = (side: 'w' | 'b', extra: Record<string, string> = {}) =>
    placed('wildebeest', { a1: 'R', k1: 'R', f1: 'K', a10: 'r', k10: 'r', f10: 'k', ...extra }, side, 'KQkq');

  it('Wildebeest: every king distance on both wings, for White and Black, with the king’s square', () => {
    for (const [side, rank] of [['w', 1] as const, ['b', 10] as const]) {
      const pos = wild(side);
      const castles = legal(pos).filter((m) => moveKind(m) === KIND_CASTLE);
      // The one-square castle puts the rook on the f-file, checking the other king.
      const expected = [
        `O-O:g${rank}+`,
        `O-O:h${rank}`,
        `O-O:i${rank}`,
        `O-O:j${rank}`,
        `O-O-O:e${rank}+`,
        `O-O-O:d${rank}`,
        `O-O-O:c${rank}`,
        `O-O-O:b${rank}`,
      ];
      assert.deepEqual(castles.map((m) => moveToSan(pos, m)).sort(), expected.sort());
      for (const text of expected) {
        const r = parseSan(pos, text);
        assert.ok(r.ok, text);
        assert.equal(moveKind(r.value), KIND_CASTLE, text);
        assert.equal(moveToSan(pos, r.value), text);
        const zeros = parseSan(pos, text.replace(/O/g, '0').replace('+', ''));
        assert.ok(zeros.ok && zeros.value === r.value, `${text} with zeros`);
      }
      // The one-square castle and the king's step to the same square are different moves.
      assert.notEqual(read(pos, `O-O:g${rank}`), read(pos, `Kg${rank}`));
    }
  });

  it('Wildebeest: a bare O-O is ambiguous while several distances are legal, and names them', () => {
    const pos = wild('w');
    const e = readError(pos, 'O-O');
    assert.equal(e.kind, 'ambiguous-san');
    assert.match(e.message, /O-O:g1 O-O:h1 O-O:i1 O-O:j1/);
    assert.match(readError(pos, 'O-O-O').message, /O-O-O:e1 O-O-O:d1 O-O-O:c1 O-O-O:b1/);
  });

  it('Wildebeest: a bare O-O is read when exactly one distance is legal (as Fairy-Stockfish writes it)', () => {
    // The rook on h8 attacks h1: the king may not cross it, so only the one-square castle is left.
    const pos = wild('w', { h8: 'r' });
    const kingside = legal(pos).filter((m) => moveKind(m) === KIND_CASTLE && moveToSan(pos, m).startsWith('O-O:'));
    assert.deepEqual(
      kingside.map((m) => moveToSan(pos, m)),
      ['O-O:g1+'],
    );
    assert.equal(read(pos, 'O-O'), 'f1k1');
    assert.equal(read(pos, 'O-O+'), 'f1k1');
    // With g1 attacked no kingside castle is legal at all.
    const none = wild('w', { g8: 'r' });
    const e = readError(none, 'O-O');
    assert.equal(e.kind, 'illegal-move');
    assert.match(e.message, /cannot castle O-O/);
    assert.equal(readError(none, 'O-O:h1').kind, 'illegal-move');
  });

  it('Camel Decimal castles on rank 2 with one distance: plain O-O / O-O-O (RULES.md §2)', () => {
    const pos = placed('camel-decimal', { b2: 'R', i2: 'R', f2: 'K', b9: 'r', i9: 'r', f9: 'k' }, 'w', 'KQkq');
    const castles = legal(pos).filter((m) => moveKind(m) === KIND_CASTLE);
    assert.deepEqual(castles.map((m) => moveToSan(pos, m)).sort(), ['O-O', 'O-O-O']);
    assert.equal(read(pos, 'O-O'), 'f2h2');
    assert.equal(read(pos, 'O-O-O'), 'f2d2');
    assert.equal(read(pos, '0-0'), 'f2h2');
    assert.equal(read(pos, 'O-O:h2'), 'f2h2', 'the square form is read as well');
    const black = placed('camel-decimal', { b2: 'R', i2: 'R', f2: 'K', b9: 'r', i9: 'r', f9: 'k' }, 'b', 'KQkq');
    assert.equal(read(black, 'O-O-O'), 'f9d9');
  });

  it('variants without castling refuse O-O', () => {
    const pos = position('shatranj-kamil');
    assert.equal(readError(pos, 'O-O').kind, 'illegal-move');
  });
});

describe('SAN check marks (RULES.md §0: + check, # mate only; nothing for other game ends)', () => {
  it('+ for a check, # for a mate', () => {
    const pos = placed('camel-decimal', { a10: 'k', b8: 'K', h1: 'R' });
    assert.equal(san(pos, 'h1h10'), 'Rh10#');
    assert.equal(san(pos, 'h1a1'), 'Ra1+');
    assert.equal(san(pos, 'h1h2'), 'Rh2');
    for (const text of ['Rh10', 'Rh10#', 'Rh10+', 'Rh10#!']) assert.equal(read(pos, text), 'h1h10');
  });

  it('nothing for a stalemate, even where stalemating wins (Wildebeest, RULES.md §1)', () => {
    const pos = placed('wildebeest', { a10: 'k', b1: 'Q', f1: 'K' });
    const m = uci(pos, 'b1b8');
    assert.equal(moveToSan(pos, m), 'Qb8');
    pos.make(m);
    assert.deepEqual(positionOutcome(pos), { winner: 'white', reason: 'stalemate' });
  });

  it('nothing for baring the king; + when the baring move checks (Shatranj Kamil, RULES.md §3)', () => {
    const quiet = placed('shatranj-kamil', { e1: 'K', h2: 'P', a1: 'R', a9: 'n', e10: 'k' });
    assert.equal(san(quiet, 'a1a9'), 'Rxa9');
    // The bared king is in check and has moves; the game is decided by the bare-king rule, which
    // is no mate (Fairy-Stockfish writes # here: see ffish-differential.test.ts).
    const check = placed('shatranj-kamil', { e1: 'K', h2: 'P', a1: 'R', a9: 'n', e9: 'k' });
    assert.equal(san(check, 'a1a9'), 'Rxa9+');
  });

  it('nothing for a marriage (Bachelor Kamil, RULES.md §4)', () => {
    const pos = placed('bachelor-kamil', { e1: 'K', c3: 'Q', e8: 'k' });
    const m = uci(pos, 'c3d2');
    assert.equal(moveToSan(pos, m), 'Qd2');
    pos.make(m);
    assert.equal(positionOutcome(pos)?.reason, 'marriage');
  });
});

describe('SAN reader: forgiving forms, precise errors', () => {
  const start = () => position('camel-decimal');

  it('reads annotations, a missing x, pawn letters and coordinate-like over-disambiguation', () => {
    const pos = start();
    for (const text of ['e5', 'e5!', 'e5?!', 'e5!!', 'Pe5', 'e3e5', 'e3-e5'])
      assert.equal(read(pos, text), 'e3e5', text);
    assert.equal(read(pos, 'Nd4'), 'c2d4');
    assert.equal(read(pos, 'Nc2d4'), 'c2d4');
    const capture = placed('camel-decimal', { a1: 'C', b4: 'n', f2: 'K', f9: 'k' });
    assert.equal(read(capture, 'Cxb4'), 'a1b4');
    assert.equal(read(capture, 'Cb4'), 'a1b4', 'x is optional');
  });

  it('refuses a capture mark on a quiet move', () => {
    const e = readError(start(), 'Nxd4');
    assert.equal(e.kind, 'illegal-move');
    assert.match(e.message, /'Nxd4'.*d4 is empty/);
  });

  it('names the text and the reason in every error', () => {
    const wild = position('wildebeest');
    const cases: Array<[string, string, RegExp]> = [
      ['', 'invalid-san', /empty/],
      ['hello', 'invalid-san', /'hello' is not a move in SAN/],
      ['Zf3', 'invalid-san', /piece 'Z'/],
      ['Qxk11', 'invalid-san', /'Qxk11' names k11, a square off the 11×10 board/],
      ['Nf4', 'illegal-move', /'Nf4' is not legal: no white knight can move to f4/],
      ['e6', 'illegal-move', /no white pawn can move to e6/],
      ['!?', 'invalid-san', /only an annotation/],
      ['x'.repeat(100), 'invalid-san', /too long/],
      ['Ke1=Q', 'invalid-san', /only pawns promote/],
    ];
    for (const [text, kind, message] of cases) {
      const e = readError(wild, text);
      assert.ok(e instanceof CaravanError);
      assert.equal(e.kind, kind, text);
      assert.match(e.message, message, text);
    }
  });

  it('a reader error or a written SAN leaves the position as it was (FEN and hash)', () => {
    const pos = position('wildebeest');
    const fen = pos.toFen();
    const hash = pos.hash;
    for (const text of ['Qxk11', 'O-O', 'Nf4', 'e6', 'f5']) parseSan(pos, text);
    for (const m of legal(pos)) moveToSan(pos, m);
    assert.equal(pos.toFen(), fen);
    assert.equal(pos.hash, hash);
  });
});

describe('moveToSan contract and sanLine', () => {
  it('moveToSan refuses a move that is not legal with a typed error', () => {
    const pos = position('wildebeest');
    const illegal: Move = uci(position('wildebeest', '11/11/11/11/11/11/11/11/4K6/10k w - - 0 1'), 'e2d3');
    assert.throws(
      () => moveToSan(pos, illegal),
      (e: unknown) => e instanceof CaravanError && e.kind === 'illegal-move',
    );
  });

  it('sanLine writes a line of moves and restores the position', () => {
    const pos = position('wildebeest');
    const fen = pos.toFen();
    const line: Move[] = [];
    for (const text of ['f2f5', 'e9e6', 'f5e6', 'e10d8']) {
      const m = uci(pos, text);
      line.push(m);
      pos.make(m);
    }
    for (let i = 0; i < line.length; i++) pos.unmake();
    assert.deepEqual(sanLine(pos, line), ['f5', 'e6', 'fxe6', 'Wd8']);
    assert.equal(pos.toFen(), fen);
    assert.throws(() => sanLine(pos, [line[0] as Move, line[0] as Move]));
    assert.equal(pos.toFen(), fen, 'restored after a refused move too');
  });
});
