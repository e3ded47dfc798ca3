/** `caravan bench`: the node count is a deterministic signature. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { benchCommand } from '../../src/cli/bench-command.js';
import { positionOutcome } from '../../src/core/outcome.js';
import { runBench } from '../../src/engine/bench.js';
import { BENCH_POSITIONS } from '../../src/engine/bench-positions.js';
import { VARIANT_IDS } from '../../src/variants/index.js';
import { position } from './support.js';

describe('bench', () => {
  it('covers every variant with legal, unfinished positions', () => {
    for (const id of VARIANT_IDS)
      assert.ok(
        BENCH_POSITIONS.some((b) => b.variant === id),
        id,
      );
    for (const b of BENCH_POSITIONS) assert.equal(positionOutcome(position(b.variant, b.fen)), undefined, b.fen);
  });

  it('gives the same node count on two runs', () => {
    const a = runBench(5);
    const b = runBench(5);
    assert.ok(a.totalNodes > 0);
    assert.equal(a.totalNodes, b.totalNodes);
    assert.deepEqual(
      a.lines.map((l) => [l.nodes, l.bestMove]),
      b.lines.map((l) => [l.nodes, l.bestMove]),
    );
    assert.equal(
      a.lines.reduce((s, l) => s + l.nodes, 0),
      a.totalNodes,
    );
  });

  it('prints one line per position and the totals (searching in a worker thread)', async () => {
    const out: string[] = [];
    await benchCommand(['--depth', '3'], (l) => out.push(l));
    assert.equal(out.filter((l) => /depth 3 .*nodes/.test(l)).length, BENCH_POSITIONS.length);
    const total = out.find((l) => l.startsWith('Total nodes: '));
    assert.ok(total && Number(total.slice('Total nodes: '.length)) === runBench(3).totalNodes);
    assert.ok(out.some((l) => /^Nodes\/second: \d+$/.test(l)));
  });

  it('rejects bad options', () => {
    assert.throws(() => benchCommand(['--depth', 'x'], () => {}), /bad depth/);
    assert.throws(() => benchCommand(['--fast', '1'], () => {}), /unknown option/);
  });
});
