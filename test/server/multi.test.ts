/**
 * Two server processes on one PostgreSQL (issue 11): White plays on process A, Black on
 * process B; moves cross over by LISTEN/NOTIFY. Both processes sweep clocks, and a game whose
 * time runs out is still ended exactly once.
 */

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { getGame, newPair, WsClient } from './client.js';
import { tempPostgres } from './databases.js';
import { decisiveLine } from './decisive-line.js';
import { type ServerProcess, startServerProcess } from './process.js';
import { type Acked, playLine } from './scripted.js';

describe('two processes, one PostgreSQL', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let drop: () => Promise<void>;

  before(async () => {
    const d = await tempPostgres();
    drop = d.drop;
    a = await startServerProcess({ DATABASE_URL: d.url });
    b = await startServerProcess({ DATABASE_URL: d.url });
  });
  after(async () => {
    await a?.stop();
    await b?.stop();
    await drop?.();
  });

  it('players on different processes finish a game; a spectator on either sees every move', async () => {
    const line = decisiveLine('wildebeest');
    const g = await newPair(a.url, {
      variant: 'wildebeest',
      clock: { kind: 'realtime', baseSeconds: 300, incrementSeconds: 5 },
    });
    const watchA = await WsClient.join(a.url, g.id);
    const watchB = await WsClient.join(b.url, g.id);
    const acked: Acked[] = [];
    const run = await playLine(a.url, b.url, g, line.uci, acked);
    assert.equal(run.how, 'ended');
    for (const w of [watchA, watchB]) {
      const end = await w.event('end');
      assert.deepEqual([end.winner, end.reason], [line.outcome.winner, line.outcome.reason]);
      const moves = w.events().filter((e) => e.type === 'move');
      assert.deepEqual(
        moves.map((e) => e.uci),
        line.uci,
      );
      await w.close();
    }
    assert.equal((await getGame(b.url, g.id)).status, 'ended');
  });

  it('a flag falls with both processes sweeping: the game is ended once', async () => {
    const g = await newPair(a.url, {
      variant: 'camel-decimal',
      clock: { kind: 'realtime', baseSeconds: 1, incrementSeconds: 0 },
    });
    const line = decisiveLine('camel-decimal').uci;
    const white = await WsClient.join(a.url, g.id, g.white);
    const black = await WsClient.join(b.url, g.id, g.black);
    for (let ply = 0; ply < 2; ply++)
      assert.equal((await (ply === 0 ? white : black).move(line[ply] as string, ply)).type, 'ack');
    // White's clock runs now; nobody moves.
    const end = await black.event('end');
    assert.deepEqual([end.winner, end.reason], ['black', 'timeout']);
    await new Promise((r) => setTimeout(r, 1500)); // both sweepers have looked again
    const events = await fetch(`${b.url}/api/games/${g.id}`).then((r) => r.json() as Promise<{ seq: number }>);
    const watcher = await WsClient.join(a.url, g.id, undefined, 1);
    const ends = watcher.events().filter((e) => e.type === 'end');
    assert.equal(ends.length, 1);
    assert.equal(Math.max(...watcher.events().map((e) => Number(e.seq))), events.seq);
    for (const c of [white, black, watcher]) await c.close();
  });
});
