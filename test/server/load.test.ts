/**
 * A bounded load test on loopback (issue 11): many concurrent games with scripted clients on one
 * process; no error, no lost move. (bench/online-load.ts runs the big version and measures.)
 */

import assert from 'node:assert/strict';
import { it } from 'node:test';
import { listen } from '../../src/server/index.js';
import { getGame, newPair } from './client.js';
import { tempSqlite } from './databases.js';
import { decisiveLine } from './decisive-line.js';
import { type Acked, playLine } from './scripted.js';

const GAMES = 100;
const PLIES = 10;

it(`${GAMES} concurrent games of ${PLIES} plies on one process: every move stored, no error`, async () => {
  const db = tempSqlite();
  const server = await listen({ port: 0, host: '127.0.0.1', store: { sqliteFile: db.file } });
  const url = server.url.replace('localhost', '127.0.0.1');
  try {
    const line = decisiveLine('wildebeest').uci.slice(0, PLIES);
    const pairs = await Promise.all(
      Array.from({ length: GAMES }, () =>
        newPair(url, { variant: 'wildebeest', clock: { kind: 'realtime', baseSeconds: 600, incrementSeconds: 0 } }),
      ),
    );
    const acked: Acked[] = [];
    const runs = await Promise.all(pairs.map((p) => playLine(url, url, p, line, acked)));
    assert.ok(runs.every((r) => r.how === 'ended'));
    assert.equal(acked.length, GAMES * PLIES);
    for (const p of pairs.slice(0, 10)) {
      const g = await getGame(url, p.id);
      assert.deepEqual(
        (g.moves as { uci: string }[]).map((m) => m.uci),
        line,
      );
    }
  } finally {
    await server.close();
    await db.drop();
  }
});
