/**
 * The UCI contract as a GUI relies on it, checked on the real `caravan uci` process (issue 14
 * "Must show"): every `go`, with good or bad parameters, is answered by exactly one `bestmove`
 * (item 3), and `readyok` means ready: the first search of a fresh process keeps a 20 ms limit
 * (item 5). The one timed check has a wide margin: 250 ms wall for a 20 ms search, measured from
 * readyok and including process I/O (before the fix it took ≈ 700 ms, the worker's warm-up).
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { Game } from '../../src/core/game.js';
import { unwrap } from '../../src/core/result.js';
import { parseUciMove } from '../../src/notation/uci.js';
import { RawEngine } from '../helpers/raw-engine.js';

const BESTMOVE = /^bestmove /;

describe('UCI contract (real process)', { timeout: 120_000 }, () => {
  const engines: RawEngine[] = [];
  after(async () => {
    for (const e of engines) await e.close('quit');
  });

  it('the first search of a fresh process keeps a 20 ms limit (readyok waits for the warm worker)', async () => {
    const e = new RawEngine('uci');
    engines.push(e);
    e.send('uci');
    e.send('isready');
    const ready = await e.waitFor(/^readyok$/, 0, 'readyok', 60_000);
    e.send('position startpos');
    const sent = performance.now();
    e.send('go movetime 20');
    const best = await e.waitFor(BESTMOVE, ready, 'bestmove');
    const elapsed = (e.times[best] as number) - sent;
    assert.ok(elapsed < 250, `the first go movetime 20 took ${Math.round(elapsed)} ms`);
    const text = (e.lines[best] as string).split(' ')[1] as string;
    assert.ok(parseUciMove(unwrap(Game.create('wildebeest')).position, text).ok, text);
  });

  it('every go, good or bad, gets exactly one bestmove', async () => {
    const e = new RawEngine('uci');
    engines.push(e);
    e.send('uci');
    e.send('isready');
    await e.waitFor(/^readyok$/, 0, 'readyok', 60_000);
    // [go command, needs a stop to end]
    const gos: Array<[string, boolean]> = [
      ['go depth 0', false],
      ['go movetime 0', false],
      ['go depth', false],
      ['go depth 2 foo', false],
      ['go nodes 1.5', false],
      ['go banana', false],
      ['go mate 3', false],
      ['go searchmoves f2f4', false],
      ['go depth -7', false],
      [`go movetime 1${'0'.repeat(400)}`, true],
      ['go wtime 10 btime 10', false],
      ['go wtime -5 btime -5 winc x', false],
      ['go nodes 300', false],
      ['go depth 1 movetime 5 nodes 50', false],
      ['go infinite', true],
      ['go ponder', true],
      ['go', true],
      ['go infinite depth 2', true], // UCI: an infinite search holds its bestmove until stop
    ];
    let from = e.lines.length;
    for (const [go, needsStop] of gos) {
      e.send('position startpos moves f2f4');
      e.send(go);
      if (needsStop) setTimeout(() => e.send('stop'), 30);
      const at = await e.waitFor(BESTMOVE, from, `the bestmove of '${go.slice(0, 40)}'`);
      assert.match(e.lines[at] as string, /^bestmove [a-k]\d+[a-k]\d+/, go.slice(0, 40));
      from = at + 1;
    }
    // A final search: exactly one more bestmove, and nothing after it.
    const start = e.count(BESTMOVE);
    e.send('go depth 1');
    await e.waitForCount(BESTMOVE, 1, from, 'the final bestmove');
    e.send('isready');
    await e.waitFor(/^readyok$/, from, 'readyok');
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(e.count(BESTMOVE), start + 1);
    assert.equal(e.count(BESTMOVE), gos.length + 1, 'one bestmove per go');
    // The position was never broken: a stop with no search running changes nothing.
    e.send('stop');
    e.send('isready');
    await e.waitFor(/^readyok$/, from + 1, 'readyok');
    assert.equal(e.count(BESTMOVE), gos.length + 1);
  });
});
