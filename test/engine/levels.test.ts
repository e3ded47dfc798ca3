/** Strength levels 1–8: caps, determinism with a seed, weaker play at low levels. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Move } from '../../src/core/move.js';
import type { Position } from '../../src/core/position.js';
import { BENCH_POSITIONS } from '../../src/engine/bench-positions.js';
import { createEngine } from '../../src/engine/index.js';
import { levelSettings } from '../../src/engine/levels.js';
import { legalMoveList } from '../../src/notation/uci.js';
import { position } from './support.js';

const middlegames = BENCH_POSITIONS.filter((b) => b.label !== 'start');

/** Quality of a move: the mover's score after it, by a fixed reference search. */
function quality(pos: Position, m: Move): number {
  pos.make(m);
  const r = createEngine(2).search(pos, { limits: { depth: 4 } });
  pos.unmake();
  const s = r.score;
  return s.kind === 'mate' ? (s.value > 0 ? -3000 : 3000) : -Math.max(-3000, Math.min(3000, s.value));
}

describe('strength levels', () => {
  it('has a table that gets stronger with the level', () => {
    for (let level = 1; level < 7; level++) {
      const a = levelSettings(level);
      const b = levelSettings(level + 1);
      assert.ok(a.depth < b.depth && a.nodes < b.nodes && a.noise > b.noise, `level ${level}`);
    }
    assert.deepEqual([levelSettings(8).depth, levelSettings(8).nodes, levelSettings(8).noise], [0, 0, 0]);
    assert.equal(levelSettings(0), levelSettings(1));
    assert.equal(levelSettings(99), levelSettings(8));
  });

  it('caps depth and nodes by level', () => {
    const pos = position('wildebeest');
    const r1 = createEngine(2).search(pos, { limits: { level: 1 }, seed: 1 });
    assert.equal(r1.depth, 1);
    const r3 = createEngine(2).search(pos, { limits: { level: 3, depth: 20 }, seed: 1 });
    assert.ok(r3.depth <= 3 && r3.nodes <= levelSettings(3).nodes);
    assert.ok(legalMoveList(pos).includes(r3.bestMove));
  });

  it('is deterministic with a seed and varies with the seed', () => {
    let differ = 0;
    for (const b of middlegames) {
      const run = (seed: number) => createEngine(2).search(position(b.variant, b.fen), { limits: { level: 2 }, seed });
      const a = run(7);
      const again = run(7);
      assert.equal(a.bestMove, again.bestMove);
      assert.equal(a.nodes, again.nodes);
      if (run(8).bestMove !== a.bestMove) differ++;
    }
    assert.ok(differ >= 2, `another seed changed ${differ} moves`);
  });

  it('plays differently and worse at level 1 than at level 8', () => {
    let differ = 0;
    let q1 = 0;
    let q8 = 0;
    middlegames.forEach((b, i) => {
      const pos = position(b.variant, b.fen);
      const low = createEngine(2).search(pos, { limits: { level: 1 }, seed: 100 + i }).bestMove;
      const high = createEngine(2).search(pos, { limits: { level: 8, depth: 5 }, seed: 100 + i }).bestMove;
      if (low !== high) differ++;
      q1 += quality(pos, low);
      q8 += quality(pos, high);
    });
    assert.ok(differ >= middlegames.length / 2, `only ${differ} of ${middlegames.length} moves differ`);
    assert.ok(q8 > q1 + (100 * middlegames.length) / 4, `level 8 ${q8} vs level 1 ${q1}`);
  });
});
