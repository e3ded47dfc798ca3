/** Search limits, the stop flag, time budgets and the Engine contract's guarantees. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SearchInfo } from '../../src/engine/api.js';
import { createEngine } from '../../src/engine/index.js';
import { MOVE_OVERHEAD_MS, PLANNED_MOVES, timeBudget } from '../../src/engine/time.js';
import { legalMoveList } from '../../src/notation/uci.js';
import { position } from './support.js';

const MIDDLEGAME = 'r2k3bb1r/ppppppppppp/2w5n2/6c4/11/2Q8/6B4/2N8/PPPP1PPPPPP/R1B2K3NR w KQ - 0 16';

describe('search limits', () => {
  it('stops at the requested depth and reports every iteration', () => {
    const pos = position('wildebeest');
    const depths: number[] = [];
    const r = createEngine(4).search(pos, { limits: { depth: 4 }, onInfo: (i) => depths.push(i.depth) });
    assert.equal(r.depth, 4);
    assert.deepEqual(depths, [1, 2, 3, 4]);
    assert.ok(legalMoveList(pos).includes(r.bestMove));
    assert.equal(r.pv[0], r.bestMove);
  });

  it('never searches more nodes than the node limit', () => {
    for (const limit of [1, 100, 5000]) {
      const pos = position('wildebeest', MIDDLEGAME);
      const r = createEngine(4).search(pos, { limits: { nodes: limit } });
      assert.ok(r.nodes <= limit, `${r.nodes} > ${limit}`);
      assert.ok(r.nodes > 0);
      assert.ok(legalMoveList(pos).includes(r.bestMove), 'a legal move even when stopped early');
    }
  });

  it('stops when the stop flag is raised during the search', () => {
    const pos = position('camel-decimal');
    const stopFlag = new Int32Array(new SharedArrayBuffer(4));
    let last: SearchInfo | undefined;
    const r = createEngine(4).search(pos, {
      limits: { infinite: true },
      stopFlag,
      onInfo: (info) => {
        last = info;
        if (info.depth >= 3) Atomics.store(stopFlag, 0, 1);
      },
    });
    assert.ok(last !== undefined && last.depth >= 3);
    assert.ok(r.depth < 10, `stopped at depth ${r.depth}`);
    assert.ok(legalMoveList(pos).includes(r.bestMove));
  });

  it('answers a legal move at once when the stop flag is already set', () => {
    const pos = position('shatranj-kamil');
    const r = createEngine(4).search(pos, { limits: { infinite: true }, stopFlag: new Int32Array([1]) });
    assert.ok(legalMoveList(pos).includes(r.bestMove));
    assert.ok(r.nodes <= 1);
  });

  it('restores the position it was given', () => {
    const pos = position('bachelor-kamil', '1r1ck1n2/ppppr4/6p2/1C1c1p2p/Pb1B1P1p1/9/1P1CP1PPP/R3K2NR w KQ - 1 21');
    const fen = pos.toFen();
    const hash = pos.hash;
    const depth = pos.depth;
    createEngine(4).search(pos, { limits: { depth: 5 } });
    assert.equal(pos.toFen(), fen);
    assert.equal(pos.hash, hash);
    assert.equal(pos.depth, depth);
  });

  it('returns no move when the game is already over', () => {
    const mated = position('wildebeest', 'k9R/pp9/11/11/11/11/11/11/11/5K5 b - - 0 1');
    const r = createEngine(4).search(mated, { limits: { depth: 3 } });
    assert.equal(r.bestMove, 0);
    assert.deepEqual(r.score, { kind: 'mate', value: 0 });
  });

  it('gives the same result twice for the same search on a fresh engine', () => {
    const a = createEngine(4).search(position('wildebeest', MIDDLEGAME), { limits: { depth: 6 } });
    const b = createEngine(4).search(position('wildebeest', MIDDLEGAME), { limits: { depth: 6 } });
    assert.equal(a.nodes, b.nodes);
    assert.equal(a.bestMove, b.bestMove);
    assert.deepEqual(a.pv, b.pv);
  });

  it('keeps working after newGame and a hash resize', () => {
    const engine = createEngine(4);
    const pos = position('camel-decimal');
    const a = engine.search(pos, { limits: { depth: 5 } });
    engine.setHashSize(1);
    engine.newGame();
    const b = engine.search(pos, { limits: { depth: 5 } });
    assert.equal(a.bestMove !== 0 && b.bestMove !== 0, true);
    engine.setHashSize(32);
    const c = engine.search(position('chess'), { limits: { depth: 5 } });
    assert.ok(c.bestMove !== 0);
  });
});

describe('time budget', () => {
  it('uses the move time less a small margin', () => {
    const b = timeBudget({ movetime: 1000 }, 0);
    assert.ok(b.hard <= 1000 - Math.min(MOVE_OVERHEAD_MS, 250) && b.hard >= 900);
    assert.equal(b.soft, b.hard);
    assert.equal(b.exact, true, 'a move time is asked for whole');
    assert.equal(timeBudget({ wtime: 10_000, btime: 10_000 }, 0).exact, false, 'a clock budget may end early');
  });

  it('searches the whole move time even when the best move looks settled (UCI go movetime)', () => {
    // The start position's best move settles within a few iterations; on a clock the search
    // would stop after about half its budget, but `movetime` asks for all of it.
    const movetime = 400;
    const started = performance.now();
    const r = createEngine(16).search(position('camel-decimal'), { limits: { movetime } });
    const elapsed = performance.now() - started;
    assert.ok(r.bestMove !== 0);
    assert.ok(elapsed >= movetime - MOVE_OVERHEAD_MS - 5, `stopped after ${elapsed.toFixed(0)} of ${movetime} ms`);
  });

  it('never plans beyond the clock, even with little time left', () => {
    for (const [time, inc] of [
      [60_000, 0],
      [5_000, 100],
      [300, 100],
      [60, 100],
      [10, 0],
    ] as const) {
      for (const movestogo of [undefined, 1, 10]) {
        const b = timeBudget({ wtime: time, btime: 1, winc: inc, binc: 0, movestogo }, 0);
        assert.ok(b.soft <= b.hard, `${time}+${inc}`);
        assert.ok(b.hard <= Math.max(1, time - MOVE_OVERHEAD_MS), `hard ${b.hard} with ${time} ms left`);
        assert.ok(b.hard >= 1);
      }
    }
  });

  it('spends more with more time and with an increment', () => {
    const slow = timeBudget({ wtime: 60_000, btime: 60_000 }, 0);
    const fast = timeBudget({ wtime: 10_000, btime: 10_000 }, 0);
    const inc = timeBudget({ wtime: 10_000, btime: 10_000, winc: 1000, binc: 1000 }, 0);
    assert.ok(slow.soft > fast.soft);
    assert.ok(inc.soft > fast.soft);
    // Black's clock for Black.
    assert.ok(timeBudget({ wtime: 60_000, btime: 1_000 }, 1).hard < 1_000);
  });

  it('shares a clock without movestogo over the planned moves, plus most of the increment', () => {
    // 10 s + 0.1 s, the engine-match clock: (10 000 − overhead) / PLANNED_MOVES + 0.8 × 100 ms.
    const b = timeBudget({ wtime: 10_000, btime: 10_000, winc: 100, binc: 100 }, 0);
    const expected = (10_000 - MOVE_OVERHEAD_MS) / PLANNED_MOVES + 80;
    assert.ok(Math.abs(b.soft - expected) < 1, `soft ${b.soft}, expected ${expected}`);
    assert.ok(Math.abs(b.hard - 3 * expected) < 1, 'the hard limit is three soft limits while the clock allows it');
    // movestogo, when given, replaces the plan.
    const tc = timeBudget({ wtime: 10_000, btime: 10_000, movestogo: 10 }, 0);
    assert.ok(Math.abs(tc.soft - (10_000 - MOVE_OVERHEAD_MS) / 10) < 1);
  });

  it('is unlimited for infinite searches', () => {
    assert.equal(timeBudget({ infinite: true, movetime: 10 }, 0).hard, Number.POSITIVE_INFINITY);
  });
});
