/**
 * Game-level rules (RULES.md §0 draws, §§1–4 ends): threefold repetition with castling and e.p.
 * rights part of a position's identity, the 50-move rule, dead positions, and a finished game
 * refusing moves.
 */

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { encodeMove, KIND_NORMAL } from '../../src/core/move.js';
import { parseSquare } from '../../src/core/tables.js';
import { game, playGame } from '../helpers/positions.js';

/** Play a knight shuffle n times: each round returns to the position it started from. */
function shuffle(g: ReturnType<typeof game>, round: readonly string[], times: number): void {
  for (let i = 0; i < times; i++) playGame(g, ...round);
}

describe('threefold repetition (RULES.md §0)', () => {
  const ROUND = ['j1i3', 'j10i8', 'i3j1', 'i8j10'];

  test('the third occurrence of a position is a draw, not the second', () => {
    const g = game('wildebeest');
    shuffle(g, ROUND, 1);
    assert.equal(g.outcome(), undefined, 'second occurrence');
    playGame(g, ...ROUND.slice(0, 3));
    assert.equal(g.outcome(), undefined);
    playGame(g, ROUND[3] as string);
    assert.deepEqual(g.outcome(), { winner: null, reason: 'threefold-repetition' });
    assert.deepEqual(g.legalMoves(), []);
  });

  test('undo takes the draw back', () => {
    const g = game('wildebeest');
    shuffle(g, ROUND, 2);
    assert.ok(g.outcome());
    g.undo();
    assert.equal(g.outcome(), undefined);
  });

  test('castling rights are part of the position: a king that went and came back starts a new count', () => {
    const g = game('wildebeest', 'r4k4r/11/11/11/11/11/11/11/11/R4K4R w KQkq - 0 1');
    const KINGS = ['f1f2', 'f10f9', 'f2f1', 'f9f10'];
    // After two rounds the start placement with White to move has stood on the board three
    // times, but only twice without castling rights: no draw.
    shuffle(g, KINGS, 2);
    assert.equal(g.outcome(), undefined);
    // Kf2 v Kf9 without rights, White to move, first stood there after ply 2: third time now.
    playGame(g, 'f1f2');
    assert.equal(g.outcome(), undefined);
    playGame(g, 'f10f9');
    assert.deepEqual(g.outcome(), { winner: null, reason: 'threefold-repetition' });
  });

  test('e.p. rights are part of the position: the placement right after a triple step starts a new count', () => {
    // a2–a5 gives Black e.p. on a3 and a4; the same placement later, without them, is another position.
    const g = game('wildebeest', '1n3k5/11/11/11/11/1p9/1p9/11/P10/1N3K5 w - - 0 1');
    playGame(g, 'a2a5');
    const KNIGHTS = ['b10c8', 'b1c3', 'c8b10', 'c3b1'];
    // The a5 placement with Black to move has now stood three times, once with e.p. rights.
    shuffle(g, KNIGHTS, 2);
    assert.equal(g.outcome(), undefined);
    // Nc8 v Nb1, White to move, first stood after ply 2: third time now.
    playGame(g, 'b10c8');
    assert.deepEqual(g.outcome(), { winner: null, reason: 'threefold-repetition' });
  });
});

describe('the 50-move rule (RULES.md §0)', () => {
  const FEN = 'k10/11/1K9/11/11/11/11/11/11/7R3 w - - 99 80';

  test('the 100th ply without capture or pawn move draws', () => {
    const g = playGame(game('wildebeest', FEN), 'h1h2');
    assert.deepEqual(g.outcome(), { winner: null, reason: 'fifty-move' });
  });

  test('a checkmate on that ply wins all the same', () => {
    const g = playGame(game('wildebeest', FEN), 'h1h10');
    assert.deepEqual(g.outcome(), { winner: 'white', reason: 'checkmate' });
  });

  test('a pawn move or a capture resets the count', () => {
    const pawn = playGame(game('camel-decimal', '9k/10/10/10/10/10/10/1P8/10/5K4 w - - 99 80'), 'b3b4');
    assert.equal(pawn.outcome(), undefined);
    assert.equal(pawn.fen().split(' ')[4], '0');
    const capture = playGame(game('camel-decimal', '9k/10/10/10/10/10/1p8/1R8/10/5K4 w - - 99 80'), 'b3b4');
    assert.equal(capture.outcome(), undefined);
    assert.equal(capture.fen().split(' ')[4], '0');
  });
});

describe('dead positions end a game (RULES.md §§1, 2, 4)', () => {
  test('Camel Decimal: capturing down to K+C v K is a draw', () => {
    const g = game('camel-decimal', '9k/10/10/10/10/10/10/10/4r5/5K1C2 w - - 0 1');
    assert.equal(g.outcome(), undefined);
    playGame(g, 'h1e2');
    assert.deepEqual(g.outcome(), { winner: null, reason: 'insufficient-material' });
  });

  test('Wildebeest: the capture of the last man leaves K v K, a draw', () => {
    const g = playGame(game('wildebeest', '5k5/11/11/11/11/11/11/11/5n5/5K5 w - - 0 1'), 'f1f2');
    assert.deepEqual(g.outcome(), { winner: null, reason: 'insufficient-material' });
  });

  test('Bachelor Kamil: the capture leaving K+N v K is a draw', () => {
    const g = playGame(game('bachelor-kamil', '4k4/9/9/9/9/9/4r4/3NK4 w - - 0 1'), 'e1e2');
    assert.deepEqual(g.outcome(), { winner: null, reason: 'insufficient-material' });
  });
});

describe('a game refuses what it must', () => {
  const kingStep = (g: ReturnType<typeof game>, from: string, to: string) =>
    encodeMove(parseSquare(g.position.t, from), parseSquare(g.position.t, to), -1, KIND_NORMAL);

  test('an illegal move is refused and changes nothing (Kf2-f3 onto its own pawn)', () => {
    const g = game('camel-decimal');
    const before = g.fen();
    const r = g.play(kingStep(g, 'f2', 'f3'));
    assert.ok(!r.ok && r.error.kind === 'illegal-move');
    assert.equal(g.fen(), before);
    assert.equal(g.moves.length, 0);
  });

  test('no move is accepted once the game is over (Black bared: Ke10-e9 would be legal)', () => {
    const g = playGame(game('shatranj-kamil', '4k5/10/10/10/10/f9/10/1R8/R9/4K5 w - - 0 1'), 'a2a5');
    const r = g.play(kingStep(g, 'e10', 'e9'));
    assert.ok(!r.ok && r.error.kind === 'game-over');
  });
});
