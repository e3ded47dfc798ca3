/**
 * The analysis board's model and the review arithmetic (issue 13, "Analysis board" and "Game
 * review"): winning chances and judgments on lichess's scale, accuracy, and the board's tree —
 * a move from an earlier position becomes a variation, navigation, promote/delete, PGN out and
 * back in, engine requests.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createEngine } from '../../src/engine/index.js';
import { runSearch } from '../../src/protocol/search-runner.js';
import { AnalysisBoard } from '../../web/src/model/analysis.js';
import {
  judge,
  moveAccuracy,
  NAG_BLUNDER,
  reviewGame,
  whiteCentipawns,
  winningChances,
} from '../../web/src/model/review.js';

function open(moves: string[] = [], variantId = 'chess'): AnalysisBoard {
  const r = AnalysisBoard.open({ variantId, moves });
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

describe('review arithmetic (lichess scale)', () => {
  it('winning chances are 0 at equality, symmetric, bounded, and capped at ±1000 cp', () => {
    assert.equal(winningChances(0), 0);
    assert.ok(Math.abs(winningChances(300) + winningChances(-300)) < 1e-12);
    assert.ok(winningChances(5000) < 1 && winningChances(5000) === winningChances(1000));
    // lichess: 2 / (1 + e^(−0.00368208·cp)) − 1
    assert.ok(Math.abs(winningChances(100) - (2 / (1 + Math.exp(-0.368208)) - 1)) < 1e-12);
  });

  it('mates count as (21 − min(10, n))·100 cp for the mating side, from White’s side', () => {
    assert.equal(whiteCentipawns({ kind: 'mate', value: 3 }, 'white'), 1800);
    assert.equal(whiteCentipawns({ kind: 'mate', value: 3 }, 'black'), -1800);
    assert.equal(whiteCentipawns({ kind: 'mate', value: -2 }, 'white'), -1900);
    assert.equal(whiteCentipawns({ kind: 'mate', value: 0 }, 'white'), -2100, 'mated now');
    assert.equal(whiteCentipawns({ kind: 'cp', value: 40 }, 'black'), -40);
  });

  it('judges drops of 0.1 / 0.2 / 0.3 as inaccuracy / mistake / blunder', () => {
    assert.equal(judge(0.5, 0.45), undefined);
    assert.equal(judge(0.5, 0.39)?.judgment, 'inaccuracy');
    assert.equal(judge(0.5, 0.29)?.judgment, 'mistake');
    assert.equal(judge(0.5, 0.19)?.judgment, 'blunder');
    assert.equal(judge(0.5, 0.19)?.nag, NAG_BLUNDER);
  });

  it('a move that keeps its win percent is 100 % accurate; a big drop is near 0', () => {
    assert.equal(moveAccuracy(60, 60), 100);
    assert.ok(moveAccuracy(60, 55) > 70 && moveAccuracy(60, 55) < 100);
    assert.ok(moveAccuracy(90, 5) < 5);
  });

  it('a game where Black hangs its queen: that move is a blunder, Black is less accurate', () => {
    // White's centipawns at each ply: even, then Black's 4th ply drops a queen.
    const cp = [20, 30, 25, 30, 950, 940, 930];
    const r = reviewGame(cp, 'white');
    assert.equal(r.moves.length, 6);
    const blunders = r.moves.filter((m) => m.judgment === 'blunder');
    assert.deepEqual(
      blunders.map((m) => [m.index, m.mover]),
      [[3, 'black']],
    );
    assert.ok((r.accuracy.white as number) > (r.accuracy.black as number));
  });
});

describe('analysis board model', () => {
  it('a board move from an earlier position starts a variation instead of being refused', () => {
    const b = open(['e2e4', 'e7e5']);
    b.back();
    const r = b.move('c7', 'c5');
    assert.ok('ok' in r && r.ok);
    const e4 = b.tree.root.children[0]!;
    assert.deepEqual(
      e4.children.map((c) => c.san),
      ['e5', 'c5'],
    );
    assert.equal(b.node.san, 'c5');
    b.sibling(-1);
    assert.equal(b.node.san, 'e5');
    b.sibling(-1);
    assert.equal(b.node.san, 'e5', 'no variation before the first');
    b.sibling(1);
    assert.equal(b.node.san, 'c5');
  });

  it('refuses an illegal board move with its squares named', () => {
    const b = open();
    const r = b.move('e2', 'e5');
    assert.ok('ok' in r && !r.ok && /e2-e5 is not a legal move/.test(r.error));
  });

  it('plays an engine line (SAN) from the node shown, stopping at a move that does not fit', () => {
    const b = open();
    assert.equal(b.playLine(['e4', 'e5', 'Nf3', 'Zz9']), 3);
    assert.equal(b.node.san, 'Nf3');
  });

  it('PGN out holds the variation and reads back to the same moves', () => {
    const b = open(['e2e4', 'e7e5', 'g1f3']);
    b.first();
    b.forward();
    b.move('c7', 'c5');
    const pgn = b.pgn();
    const back = AnalysisBoard.open({ variantId: 'chess', pgn });
    assert.ok(back.ok);
    assert.deepEqual(
      back.value.tree.root.children[0]!.children.map((c) => c.san),
      ['e5', 'c5'],
    );
  });

  it('asks the engine for the path to the node shown, lines in SAN, MultiPV only when above 1', () => {
    const b = open(['e2e4', 'e7e5']);
    b.back();
    const one = b.request({ depth: 5 }, 1);
    assert.deepEqual(one.moves, ['e2e4']);
    assert.equal(one.pvNotation, 'san');
    assert.equal(one.multiPv, undefined);
    assert.equal(b.request({ depth: 5 }, 3).multiPv, 3);
  });

  it('shows a draw as 0.00: analysis asks for contempt 0', () => {
    // A rook up, but every move draws by the 50-move rule (RULES.md §0).
    const r = AnalysisBoard.open({ variantId: 'camel-decimal', fen: 'k9/10/10/10/10/10/10/10/10/4K4R w - - 99 80' });
    if (!r.ok) throw new Error(r.error);
    const report = runSearch(createEngine(1), r.value.request({ depth: 3 }, 1), undefined, () => {});
    assert.deepEqual(report.score, { kind: 'cp', value: 0 });
  });

  it('says what is wrong with a bad source', () => {
    assert.match((AnalysisBoard.open({ variantId: 'nope' }) as { error: string }).error, /unknown variant/);
    assert.match((AnalysisBoard.open({ variantId: 'chess', fen: 'bad' }) as { error: string }).error, /^FEN/);
    assert.match(
      (AnalysisBoard.open({ variantId: 'chess', moves: ['e2e5'] }) as { error: string }).error,
      /move 1 \(e2e5\)/,
    );
    assert.match((AnalysisBoard.open({ variantId: 'chess', pgn: '1. e5' }) as { error: string }).error, /^PGN: /);
  });

  it('knows the game is over at a mate and offers no move there', () => {
    const b = open(['f2f3', 'e7e5', 'g2g4', 'd8h4']);
    assert.equal(b.view.outcome?.winner, 'black');
    assert.equal(b.view.dests.size, 0);
    assert.match(b.view.endText ?? '', /checkmate/i);
  });
});
