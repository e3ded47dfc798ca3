/**
 * MultiPV (issue 13, "UCI gets a MultiPV option too"): with k lines the search reports, per
 * depth, k different root moves, each legal, best first; one line is the plain search.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Game } from '../../src/core/game.js';
import { unwrap } from '../../src/core/result.js';
import { createEngine, type Score, type SearchInfo } from '../../src/engine/index.js';
import { findVariant } from '../../src/variants/index.js';

/** Scores on one scale: a sooner mate is better, being mated later is better. */
function scoreValue(s: Score): number {
  if (s.kind === 'cp') return s.value;
  return s.value > 0 ? 100_000 - s.value : -100_000 - s.value;
}

function linesAtLastDepth(infos: readonly SearchInfo[]): SearchInfo[] {
  const last = infos[infos.length - 1]!.depth;
  return infos.filter((i) => i.depth === last);
}

describe('MultiPV search', () => {
  for (const id of ['wildebeest', 'camel-decimal', 'chess']) {
    it(`MultiPV 3 gives three distinct legal lines, scores non-increasing (${id})`, () => {
      const game = unwrap(Game.create(findVariant(id)!));
      const infos: SearchInfo[] = [];
      const result = createEngine(4).search(game.position, {
        limits: { depth: 5 },
        multiPv: 3,
        onInfo: (i) => infos.push(i),
      });
      const lines = linesAtLastDepth(infos);
      assert.deepEqual(
        lines.map((l) => l.multipv),
        [1, 2, 3],
      );
      const firsts = lines.map((l) => l.pv[0]!);
      assert.equal(new Set(firsts).size, 3, 'three different root moves');
      const legal = new Set(game.legalMoves());
      for (const l of lines) {
        // Every move of every line is legal where it stands.
        const g = unwrap(Game.create(findVariant(id)!));
        for (const m of l.pv) {
          assert.ok(g.isLegal(m), `legal move in line ${l.multipv}`);
          unwrap(g.play(m));
        }
        assert.ok(legal.has(l.pv[0]!));
      }
      const scores = lines.map((l) => scoreValue(l.score));
      for (let k = 1; k < scores.length; k++) assert.ok(scores[k]! <= scores[k - 1]!, `line ${k + 1} ≤ line ${k}`);
      assert.equal(result.bestMove, firsts[0], 'the best move is line 1');
    });
  }

  it('reports as many lines as there are legal moves when asked for more', () => {
    // White king a1 boxed by its own pawns and a rook: only the two rook moves… in chess.
    const def = findVariant('chess')!;
    const game = unwrap(Game.create(def, '7k/8/8/8/8/8/PP6/KR6 w - - 0 1'));
    const n = game.legalMoves().length;
    const infos: SearchInfo[] = [];
    createEngine(1).search(game.position, { limits: { depth: 3 }, multiPv: n + 3, onInfo: (i) => infos.push(i) });
    assert.equal(linesAtLastDepth(infos).length, n);
  });

  it('without MultiPV the reports carry no line number', () => {
    const game = unwrap(Game.create(findVariant('wildebeest')!));
    const infos: SearchInfo[] = [];
    createEngine(1).search(game.position, { limits: { depth: 3 }, onInfo: (i) => infos.push(i) });
    assert.ok(infos.length > 0 && infos.every((i) => i.multipv === undefined));
  });
});
