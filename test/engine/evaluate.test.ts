/** Evaluation, exchange evaluation and the transposition table. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BENCH_POSITIONS } from '../../src/engine/bench-positions.js';
import { evalParamsFor } from '../../src/engine/eval-params.js';
import { Evaluator, evalTables, PIECE_VALUES } from '../../src/engine/evaluate.js';
import { Exchange } from '../../src/engine/see.js';
import { BOUND_EXACT, BOUND_LOWER, TranspositionTable } from '../../src/engine/tt.js';
import { legalMoveList, parseUciMove } from '../../src/notation/uci.js';
import { VARIANTS } from '../../src/variants/index.js';
import { makeRng } from '../helpers/rng.js';
import { flipFen, position, variant } from './support.js';

describe('evaluation', () => {
  it('has a documented value for every piece of every shipped variant', () => {
    for (const def of VARIANTS) {
      for (const p of def.pieces) assert.ok(PIECE_VALUES[p.letter] !== undefined, `${def.id}: ${p.letter}`);
    }
  });

  it('orders the pieces by value as their sources say', () => {
    const v = (l: string) => PIECE_VALUES[l]![0];
    assert.ok(v('E') < v('F') && v('F') < v('D') && v('D') < v('C') && v('C') < v('N'));
    assert.ok(v('N') <= v('B') && v('B') < v('R') && v('R') < v('W') && v('W') < v('Q'));
  });

  it('is the same for a position and its colour-flipped mirror', () => {
    for (const b of BENCH_POSITIONS) {
      const def = variant(b.variant);
      const ev = new Evaluator(def);
      const plain = `${b.fen.split(' ').slice(0, 2).join(' ')} - - 0 1`;
      assert.equal(
        ev.evaluate(position(def, plain)),
        ev.evaluate(position(def, flipFen(b.fen))),
        `${b.variant} ${b.label}`,
      );
    }
  });

  it('sees material: a side a queen up is far ahead', () => {
    const pos = position('camel-decimal', 'c8c/1rnb1kbnr1/1pppppppp1/10/10/10/10/1PPPPPPPP1/1RNBQKBNR1/C8C w - - 0 1');
    assert.ok(new Evaluator(pos.variant).evaluate(pos) > 700);
  });

  it('keeps its incremental sums equal to a fresh count through random games', () => {
    const rng = makeRng(2024);
    for (const def of VARIANTS) {
      const pos = position(def);
      const ev = new Evaluator(def);
      const fresh = new Evaluator(def);
      ev.computePsq(pos);
      for (let ply = 0; ply < 120; ply++) {
        const moves = legalMoveList(pos);
        if (moves.length === 0) break;
        const m = rng.pick(moves);
        ev.applyDelta(pos, m);
        pos.make(m);
        fresh.computePsq(pos);
        assert.deepEqual(
          [ev.psqMg, ev.psqEg, ev.psqPhase, ev.pawnLo, ev.pawnHi, ev.pieceKeyW, ev.pieceKeyB],
          [fresh.psqMg, fresh.psqEg, fresh.psqPhase, fresh.pawnLo, fresh.pawnHi, fresh.pieceKeyW, fresh.pieceKeyB],
          `${def.id} after ply ${ply}: ${pos.toFen()}`,
        );
        // The incremental full evaluation agrees with the one from scratch.
        assert.equal(ev.evaluateIncremental(pos), fresh.evaluate(pos));
      }
    }
  });

  it("keys each colour's pieces apart from the pawns (the search's correction histories)", () => {
    // A White knight move changes White's piece key only; pawn moves and captures of pawns change
    // no key but the mover's; a king taking a knight changes both.
    const def = variant('chess');
    const pos = position(def, 'rnbqkbnr/ppp1pppp/8/3p4/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1');
    const ev = new Evaluator(def);
    ev.computePsq(pos);
    const keys = () => [ev.pieceKeyW, ev.pieceKeyB];
    const play = (uci: string) => {
      const m = parseUciMove(pos, uci);
      assert.ok(m.ok, uci);
      ev.applyDelta(pos, m.value);
      pos.make(m.value);
    };
    const [w0, b0] = keys();
    play('f3e5');
    assert.notEqual(ev.pieceKeyW, w0);
    assert.equal(ev.pieceKeyB, b0);
    const [w1] = keys();
    play('c8f5');
    assert.equal(ev.pieceKeyW, w1);
    const [, b2] = keys();
    play('e2e4');
    assert.deepEqual(keys(), [w1, b2]);
    play('d5e4');
    assert.deepEqual(keys(), [w1, b2]);
    play('e5f7'); // takes a pawn
    assert.notEqual(ev.pieceKeyW, w1);
    assert.equal(ev.pieceKeyB, b2);
    const [w3] = keys();
    play('e8f7'); // the king takes the knight
    assert.notEqual(ev.pieceKeyW, w3);
    assert.notEqual(ev.pieceKeyB, b2);
    // Castling moves king and rook: the incremental key equals a fresh count, in Wildebeest's free
    // castling too.
    for (const [id, fen, castle] of [
      ['chess', 'r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1', 'e1g1'],
      ['wildebeest', 'r4k4r/ppppppppppp/11/11/11/11/11/11/PPPPPPPPPPP/R4K4R w KQkq - 0 1', 'f1c1'],
    ] as const) {
      const p = position(id, fen);
      const inc = new Evaluator(p.variant);
      inc.computePsq(p);
      const m = parseUciMove(p, castle);
      assert.ok(m.ok, `${id} ${castle}`);
      inc.applyDelta(p, m.value);
      p.make(m.value);
      const fresh = new Evaluator(p.variant);
      fresh.computePsq(p);
      assert.deepEqual([inc.pieceKeyW, inc.pieceKeyB], [fresh.pieceKeyW, fresh.pieceKeyB], `${id} ${castle}`);
    }
  });

  it('rewards a marriage partner close to its king in Bachelor Kamil', () => {
    const ev = new Evaluator(variant('bachelor-kamil'));
    const near = ev.evaluate(position('bachelor-kamil', '4k4/pppp5/9/9/9/5Q3/9/4K4 w - - 0 1'));
    const far = ev.evaluate(position('bachelor-kamil', '4k4/pppp5/Q8/9/9/9/9/4K4 w - - 0 1'));
    assert.ok(near > far + 30, `${near} vs ${far}`);
  });

  it('rewards a Rook on a file without own pawns, more when the file is open, by its weights', () => {
    const def = variant('shatranj-kamil');
    const base = evalParamsFor(def.evalSet);
    const none = new Evaluator(def, { ...base, semiOpenFile: [0, 0], openFile: [0, 0] });
    const some = new Evaluator(def, { ...base, semiOpenFile: [40, 40], openFile: [20, 20] });
    const gain = (fen: string) => some.evaluate(position(def, fen)) - none.evaluate(position(def, fen));
    // The j-file Rook: only a black pawn on its file (semi-open), then no pawn at all (open),
    // then behind its own pawn (closed).
    assert.ok(Math.abs(gain('4k5/9p/10/10/10/10/10/10/PPP7/4K4R w - - 0 1') - 40) <= 1);
    assert.ok(Math.abs(gain('4k5/8p1/10/10/10/10/10/10/PPP7/4K4R w - - 0 1') - 60) <= 1);
    assert.equal(gain('4k5/8p1/10/10/10/10/10/10/PPP6P/4K4R w - - 0 1'), 0);
    // Black's Rook counts for Black (semi-open: White's pawn is on its file).
    assert.ok(Math.abs(gain('4k4r/8p1/10/10/10/10/10/10/PPP6P/4K5 w - - 0 1') + 40) <= 1);
  });

  it('counts attacks on the squares next to the enemy king, and only those (eval-params.ts kingDanger)', () => {
    const def = variant('chess');
    const base = evalParamsFor(def.evalSet);
    const none = new Evaluator(def, { ...base, kingDanger: 0, kingDangerOne: 0 });
    const some = new Evaluator(def, { ...base, kingDanger: 100, kingDangerOne: 50 });
    const gain = (fen: string) => some.evaluate(position(def, fen)) - none.evaluate(position(def, fen));
    // Rooks on the f- and h-files reach f7 and h7, next to the g8 King: White's attack.
    assert.ok(gain('6k1/5ppp/8/8/8/8/PPP5/1K3R1R w - - 0 1') > 0);
    // The same Rooks on the a- and b-files reach no square next to either King.
    assert.equal(gain('6k1/5ppp/8/8/8/8/2P5/RR2K3 w - - 0 1'), 0);
    // Mirrored: Black's Rooks next to White's King count for Black.
    assert.ok(gain('1k3r1r/ppp5/8/8/8/8/5PPP/6K1 w - - 0 1') < 0);
  });

  it('counts a threat: a man attacking an enemy man worth more, never the king (eval-params.ts threat)', () => {
    const def = variant('chess');
    const base = evalParamsFor(def.evalSet);
    const none = new Evaluator(def, { ...base, threat: [0, 0] });
    const some = new Evaluator(def, { ...base, threat: [100, 100] });
    const gain = (fen: string) => some.evaluate(position(def, fen)) - none.evaluate(position(def, fen));
    // The e3 Knight attacks the d5 Rook: a threat for White, from either side to move's view.
    assert.equal(gain('4k3/pppp4/8/3r4/8/4N3/PPPP4/4K3 w - - 0 1'), 100);
    assert.equal(gain('4k3/pppp4/8/3r4/8/4N3/PPPP4/4K3 b - - 0 1'), -100);
    // The Rook attacking the Knight, a man worth less, is not a threat.
    assert.equal(gain('4k3/pppp4/8/4r3/8/4N3/PPPP4/4K3 w - - 0 1'), 0);
    // A Knight giving check attacks the King: not a threat (the king is not material).
    assert.equal(gain('4k3/pppp4/3N4/8/8/8/PPPP4/4K3 b - - 0 1'), 0);
  });

  it('rewards reducing the opponent to few men where baring wins', () => {
    const ev = new Evaluator(variant('shatranj-kamil'));
    const one = ev.evaluate(position('shatranj-kamil', '4k5/4p5/10/10/10/10/10/10/PP8/R3K5 w - - 0 1'));
    const three = ev.evaluate(position('shatranj-kamil', '4k5/3ppp4/10/10/10/10/10/10/PP8/R3K5 w - - 0 1'));
    assert.ok(one > three + 100, `${one} vs ${three}`);
  });
});

describe('static exchange evaluation', () => {
  const tables = evalTables(variant('chess'));
  const value = tables.value;
  const see = (fen: string, uci: string) => {
    const pos = position('chess', fen);
    const m = parseUciMove(pos, uci);
    assert.ok(m.ok, uci);
    const before = pos.toFen();
    const v = new Exchange(value, tables.t).see(pos, m.value);
    assert.equal(pos.toFen(), before, 'the board is restored');
    return v;
  };

  it('counts an undefended capture as the victim', () => {
    assert.equal(see('4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1', 'd1d5'), PIECE_VALUES.N![0]);
  });

  it('sees a pawn taking a defended knight as a gain', () => {
    assert.equal(see('4k3/8/4p3/3n4/4P3/8/8/4K3 w - - 0 1', 'e4d5'), PIECE_VALUES.N![0] - PIECE_VALUES.P![0]);
  });

  it('sees a queen taking a defended pawn as a loss', () => {
    assert.ok(see('4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1', 'd1d5') < 0);
  });

  it('finds x-ray recaptures behind the first attacker', () => {
    // Rook takes a rook-defended pawn with the second rook behind it: PxR? no — R×P, R×R, R×R.
    assert.equal(see('3rk3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1', 'd2d5'), PIECE_VALUES.P![0] - PIECE_VALUES.R![0]);
    assert.equal(see('4k3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1', 'd2d5'), PIECE_VALUES.P![0]);
  });
});

describe('transposition table', () => {
  it('gives back what was stored and misses other keys', () => {
    const tt = new TranspositionTable(1);
    tt.store(12345, 678, 4242, -55, 17, 7, BOUND_EXACT);
    assert.ok(tt.probe(12345, 678));
    assert.deepEqual([tt.hitMove, tt.hitScore, tt.hitEval, tt.hitDepth, tt.hitBound], [4242, -55, 17, 7, BOUND_EXACT]);
    assert.equal(tt.probe(12345, 679), false);
    tt.clear();
    assert.equal(tt.probe(12345, 678), false);
  });

  it('keeps the deeper entry of a bucket and the latest in the other slot', () => {
    const tt = new TranspositionTable(1);
    const lo = 64; // same bucket for all three keys
    tt.store(lo, 1, 11, 0, 0, 10, BOUND_LOWER);
    tt.store(lo, 2, 22, 0, 0, 2, BOUND_LOWER);
    tt.store(lo, 3, 33, 0, 0, 3, BOUND_LOWER);
    assert.ok(tt.probe(lo, 1), 'the deep entry stays');
    assert.ok(tt.probe(lo, 3), 'the newest entry is kept');
    assert.equal(tt.probe(lo, 2), false);
  });

  it('sizes itself in MiB', () => {
    assert.ok(new TranspositionTable(16).entries >= 1 << 20);
    assert.ok(new TranspositionTable(1).entries >= 1 << 16);
  });
});
