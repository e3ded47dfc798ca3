/** The search finds wins and avoids losses by every ending rule of the variants (RULES.md §§1–4). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Game } from '../../src/core/game.js';
import { moveFrom, moveTo } from '../../src/core/move.js';
import { positionOutcome } from '../../src/core/outcome.js';
import { createEngine } from '../../src/engine/index.js';
import { CONTEMPT } from '../../src/engine/score.js';
import { legalMoveList, moveToUci, parseUciMove } from '../../src/notation/uci.js';
import { withMarriageMode } from '../../src/variants/index.js';
import { forcedWin, position, variant } from './support.js';

function best(variantId: string, fen: string, depth = 6) {
  const pos = position(variantId, fen);
  const r = createEngine(4).search(pos, { limits: { depth } });
  return { pos, r, uci: moveToUci(pos, r.bestMove) };
}

describe('mates', () => {
  const mateIn1: Array<[string, string, string]> = [
    ['wildebeest', 'k10/pp9/11/11/11/11/11/11/11/5K4R w - - 0 1', 'k1k10'],
    ['camel-decimal', 'k9/pp8/10/10/10/10/10/10/10/4K4R w - - 0 1', 'j1j10'],
    ['shatranj-kamil', 'k9/pp8/10/10/10/10/10/10/10/4K4R w - - 0 1', 'j1j10'],
    ['bachelor-kamil', 'k8/pp7/9/9/9/9/9/4K3R w - - 0 1', 'i1i8'],
    ['chess', '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1', 'a1a8'],
  ];
  for (const [id, fen, move] of mateIn1) {
    it(`finds mate in 1 in ${id}`, () => {
      const { pos, r, uci } = best(id, fen);
      assert.equal(uci, move);
      assert.deepEqual(r.score, { kind: 'mate', value: 1 });
      pos.make(r.bestMove);
      assert.deepEqual(positionOutcome(pos), { winner: 'white', reason: 'checkmate' });
    });
  }

  const mateIn2: Array<[string, string]> = [
    ['wildebeest', 'k10/11/9R1/10R/11/11/11/11/11/5K5 w - - 0 1'],
    ['camel-decimal', '1k8/10/10/8R1/9R/10/10/10/10/4K5 w - - 0 1'],
    ['bachelor-kamil', '8k/9/R8/1R7/9/9/9/4K4 w - - 0 1'],
    ['chess', 'k7/8/2K5/8/8/8/8/7R w - - 0 1'],
  ];
  for (const [id, fen] of mateIn2) {
    it(`finds a forced win in 2 (and none in 1) in ${id}`, () => {
      const { pos, r } = best(id, fen);
      assert.deepEqual(r.score, { kind: 'mate', value: 2 });
      assert.equal(forcedWin(pos, 1), false, 'the test position has no win in 1');
      pos.make(r.bestMove);
      // Every reply loses at once.
      for (const reply of legalMoveList(pos)) {
        pos.make(reply);
        assert.ok(forcedWin(pos, 1), `after ${moveToUci(pos, reply)} the win in 1 is there`);
        pos.unmake();
      }
    });
  }

  it('reports being mated as a negative mate score', () => {
    // Black to move is mated next move whatever it does.
    const { r } = best('wildebeest', 'k10/10R/9R1/11/11/11/11/11/11/5K5 b - - 0 1');
    assert.deepEqual(r.score, { kind: 'mate', value: -1 });
  });
});

describe('stalemate rules', () => {
  it('stalemates to win in Wildebeest (stalemate wins)', () => {
    const { pos, r, uci } = best('wildebeest', 'k10/11/11/11/11/11/11/11/7Q3/5K5 w - - 0 1');
    assert.equal(uci, 'h2b8');
    assert.deepEqual(r.score, { kind: 'mate', value: 1 });
    pos.make(r.bestMove);
    assert.deepEqual(positionOutcome(pos), { winner: 'white', reason: 'stalemate' });
  });

  it('stalemates to win in Shatranj Kamil', () => {
    // The knight's only winning moves take the last free square without giving check.
    const { pos, r } = best('shatranj-kamil', 'k9/10/1K8/4N5/10/7p2/7P2/10/10/10 w - - 0 1');
    assert.deepEqual(r.score, { kind: 'mate', value: 1 });
    pos.make(r.bestMove);
    assert.deepEqual(positionOutcome(pos), { winner: 'white', reason: 'stalemate' });
  });

  it('does not stalemate in Camel Decimal, where stalemate only draws', () => {
    // Qb8 would stalemate (draw); White, a queen up, plays on.
    const { pos, r, uci } = best('camel-decimal', 'k9/10/10/10/10/10/10/10/7Q2/4K5 w - - 0 1');
    assert.notEqual(uci, 'h2b8');
    assert.ok(r.score.kind === 'mate' ? r.score.value > 0 : r.score.value > 500, JSON.stringify(r.score));
    pos.make(r.bestMove);
    assert.equal(positionOutcome(pos), undefined);
  });

  it('scores a stalemate as a draw where it draws', () => {
    // Black to move is stalemated: game over, no move, draw.
    const { r } = best('camel-decimal', 'k9/10/1Q8/10/10/10/10/10/10/4K5 b - - 0 1');
    assert.equal(r.bestMove, 0);
    assert.deepEqual(r.score, { kind: 'cp', value: 0 });
  });
});

describe('Shatranj Kamil bare king', () => {
  it('takes the last man to bare the king (a win)', () => {
    const { pos, r, uci } = best('shatranj-kamil', '4k5/10/10/10/10/3r6/10/10/P9/3RK5 w - - 0 1');
    assert.equal(uci, 'd1d5');
    assert.deepEqual(r.score, { kind: 'mate', value: 1 });
    pos.make(r.bestMove);
    assert.deepEqual(positionOutcome(pos), { winner: 'white', reason: 'bare-king' });
  });

  it('a bared king takes back the last man for the draw when it can', () => {
    // Black is bare; White's last man stands next to the black king: taking it is a draw.
    const { pos, r, uci } = best('shatranj-kamil', '10/10/10/10/4kR4/10/10/10/10/4K5 b - - 0 1');
    assert.equal(uci, 'e6f6');
    assert.deepEqual(r.score, { kind: 'cp', value: -CONTEMPT });
    pos.make(r.bestMove);
    assert.deepEqual(positionOutcome(pos), { winner: null, reason: 'counter-bare' });
  });
});

describe('Bachelor Kamil marriage and taming', () => {
  it('sees an immediate marriage at depth 1', () => {
    const pos = position('bachelor-kamil', '4k4/9/9/9/9/9/1Q7/4K4 w - - 0 1');
    const r = createEngine(1).search(pos, { limits: { depth: 1 } });
    assert.deepEqual(r.score, { kind: 'mate', value: 1 });
    pos.make(r.bestMove);
    assert.equal(positionOutcome(pos)?.reason, 'marriage');
  });

  it('sees an immediate taming with the Gnu', () => {
    const pos = position('bachelor-kamil', '4k4/pp7/9/9/9/6W2/9/4K4 w - - 0 1');
    const r = createEngine(1).search(pos, { limits: { depth: 2 } });
    assert.deepEqual(r.score, { kind: 'mate', value: 1 });
    pos.make(r.bestMove);
    assert.deepEqual(positionOutcome(pos), { winner: 'white', reason: 'taming' });
  });

  // Depth 9 as well: singular extensions (from depth 6 with a table entry of depth ≥ 3) and
  // ProbCut (from depth 5) run inside that search, and must leave the rule's answer standing.
  for (const depth of [6, 9]) {
    it(`prevents the opponent marriage in delayed mode instead of grabbing material (depth ${depth})`, () => {
      // White threatens Qd2, married and unbreakable. Taking the knight (Qxh7) allows it.
      const def = withMarriageMode(variant('bachelor-kamil'), 'delayed');
      const pos = position(def, 'k7q/r6N1/9/9/1Q7/9/4P2P1/3RK4 b - - 0 1');
      const greedy = parseUciMove(pos, 'i8h7');
      assert.ok(greedy.ok);
      pos.make(greedy.value);
      assert.ok(forcedWin(pos, 2), 'the greedy capture loses to the marriage');
      pos.unmake();
      const r = createEngine(4).search(pos, { limits: { depth } });
      assert.notEqual(r.score.kind === 'mate' && r.score.value < 0, true, JSON.stringify(r.score));
      pos.make(r.bestMove);
      assert.equal(forcedWin(pos, 2), false, `${moveToUci(pos, r.bestMove)} lets White marry`);
    });
  }

  it('in delayed mode a side married at the start of its turn has won', () => {
    const def = withMarriageMode(variant('bachelor-kamil'), 'delayed');
    const pos = position(def, '4k4/9/9/9/9/9/3Q5/4K4 w - - 0 1');
    const r = createEngine(1).search(pos, { limits: { depth: 3 } });
    assert.equal(r.bestMove, 0);
    assert.deepEqual(positionOutcome(pos), { winner: 'white', reason: 'marriage' });
  });
});

describe('draws in the search', () => {
  it('avoids a threefold repetition when winning', () => {
    const def = variant('wildebeest');
    const x = '5k5/5ppp3/11/11/11/11/11/11/5PPP3/Q4K5 w - - 0 1';
    const fresh = position(def, x);
    const first = createEngine(4).search(fresh, { limits: { depth: 6 } });
    const m = first.bestMove;
    // Build a history in which m recreates a position seen twice: y, (b, m⁻¹, b⁻¹, m) twice.
    fresh.make(m);
    const g = Game.create(def, fresh.toFen());
    assert.ok(g.ok);
    const game = g.value;
    const b = legalMoveList(game.position).find(
      (mv) => game.position.board[moveFrom(mv)] === game.position.board[game.position.kingSq[1]!],
    );
    assert.ok(b !== undefined);
    const back = (mv: number) => moveTo(mv) | (moveFrom(mv) << 8);
    for (const mv of [b, back(m), back(b), m, b, back(m), back(b)]) assert.ok(game.play(mv).ok);
    game.play(m);
    assert.equal(game.outcome()?.reason, 'threefold-repetition', 'm would repeat the position a third time');
    game.undo();
    const r = createEngine(4).search(game.position, { limits: { depth: 6 } });
    assert.notEqual(r.bestMove, m);
    assert.ok(r.score.kind === 'mate' || r.score.value > 300, JSON.stringify(r.score));
    game.play(r.bestMove);
    assert.equal(game.outcome(), undefined);
  });

  it('repeats a third time to save a lost position', () => {
    // Black, a queen down, can step its king back into a threefold repetition.
    const def = variant('wildebeest');
    const g = Game.create(def, '5k5/5ppp3/11/11/11/11/11/11/5PPP3/Q4K5 w - - 0 1');
    assert.ok(g.ok);
    const game = g.value;
    const cycle = ['f1g1', 'f10e10', 'g1f1', 'e10f10', 'f1g1', 'f10e10', 'g1f1'];
    for (const text of cycle) {
      const mv = parseUciMove(game.position, text);
      assert.ok(mv.ok, text);
      assert.ok(game.play(mv.value).ok);
    }
    assert.equal(game.outcome(), undefined);
    const r = createEngine(4).search(game.position, { limits: { depth: 6 } });
    assert.deepEqual(r.score, { kind: 'cp', value: -CONTEMPT });
    assert.ok(game.play(r.bestMove).ok);
    assert.equal(game.outcome()?.reason, 'threefold-repetition');
  });

  it('knows the 50-move rule', () => {
    // A rook up but the halfmove clock is at 99: only a capture, pawn move or mate keeps the win.
    const pos = position('camel-decimal', 'k9/10/10/10/10/10/10/10/10/4K4R w - - 99 80');
    const r = createEngine(4).search(pos, { limits: { depth: 4 } });
    assert.deepEqual(r.score, { kind: 'cp', value: -CONTEMPT });
  });

  it('counts a draw as the contempt it is given, against its own side', () => {
    // Every move draws by the 50-move rule: the score is the draw's worth to the engine.
    const pos = position('camel-decimal', 'k9/10/10/10/10/10/10/10/10/4K4R w - - 99 80');
    for (const contempt of [-30, 0, 50]) {
      const r = createEngine(4).search(pos, { limits: { depth: 4 }, contempt });
      assert.deepEqual(r.score, { kind: 'cp', value: 0 - contempt }, `contempt ${contempt}`);
    }
  });
});
