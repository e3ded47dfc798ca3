/** In-process self-play sanity check: a depth-5 search beats a depth-1 search. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Game } from '../../src/core/game.js';
import { Evaluator } from '../../src/engine/evaluate.js';
import { createEngine } from '../../src/engine/index.js';
import { makeRng } from '../helpers/rng.js';
import { variant } from './support.js';

/** Score of the deep side: 1 win, 0.5 draw, 0 loss; games over 160 plies adjudicated by evaluation. */
function play(variantId: string, deepIsWhite: boolean, seed: number): number {
  const def = variant(variantId);
  const g = Game.create(def);
  assert.ok(g.ok);
  const game = g.value;
  const rng = makeRng(seed);
  // Two random moves each for variety.
  for (let i = 0; i < 4 && !game.outcome(); i++) game.play(rng.pick(game.legalMoves()));
  const deep = createEngine(4);
  const shallow = createEngine(4);
  while (!game.outcome() && game.moves.length < 160) {
    const deepToMove = (game.position.turn === 0) === deepIsWhite;
    const r = (deepToMove ? deep : shallow).search(game.position, { limits: { depth: deepToMove ? 5 : 1 } });
    assert.ok(game.play(r.bestMove).ok);
  }
  const o = game.outcome();
  let whiteScore: number;
  if (o) whiteScore = o.winner === 'white' ? 1 : o.winner === 'black' ? 0 : 0.5;
  else {
    const e = new Evaluator(def).evaluate(game.position) * (game.position.turn === 0 ? 1 : -1);
    whiteScore = e > 200 ? 1 : e < -200 ? 0 : 0.5;
  }
  return deepIsWhite ? whiteScore : 1 - whiteScore;
}

describe('self-play', () => {
  it('depth 5 beats depth 1', () => {
    const games: Array<[string, boolean]> = [
      ['wildebeest', true],
      ['camel-decimal', false],
      ['shatranj-kamil-2', false],
      ['bachelor-kamil', false],
      ['bachelor-kamil-reflective', true],
    ];
    let score = 0;
    games.forEach(([id, white], i) => {
      score += play(id, white, [31, 32, 35, 34, 36][i]!);
    });
    assert.ok(score >= 0.7 * games.length, `depth 5 scored ${score} of ${games.length}`);
  });
});
