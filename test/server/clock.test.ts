/**
 * Flag fall (issue 11): with a 1 s clock the server ends the game by itself when the side to move
 * runs out; it is lost, unless the opponent could not win by any series of legal moves (the
 * variant's dead-position rules, RULES.md §§1–4): then a draw.
 */

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Game } from '../../src/core/game.js';
import { unwrap } from '../../src/core/result.js';
import { couldWin, type LiveGame, timeoutEnd } from '../../src/server/game-rules.js';
import { listen, type RunningServer } from '../../src/server/index.js';
import type { GameRow } from '../../src/server/store/types.js';
import { getGame, newPair, WsClient } from './client.js';
import { tempSqlite } from './databases.js';
import { decisiveLine } from './decisive-line.js';

describe('a 1 s clock on a real server clock', () => {
  let server: RunningServer;
  const db = tempSqlite();
  before(async () => {
    server = await listen({
      port: 0,
      host: '127.0.0.1',
      store: { sqliteFile: db.file },
      timing: { lagAllowanceMs: 100 },
    });
  });
  after(async () => {
    await server.close();
    await db.drop();
  });

  it('the side to move loses when its second is gone, with both connected and nobody moving', async () => {
    const url = server.url.replace('localhost', '127.0.0.1');
    const g = await newPair(url, {
      variant: 'shatranj-kamil',
      clock: { kind: 'realtime', baseSeconds: 1, incrementSeconds: 0 },
    });
    const white = await WsClient.join(url, g.id, g.white);
    const black = await WsClient.join(url, g.id, g.black);
    const line = decisiveLine('shatranj-kamil').uci;
    assert.equal((await white.move(line[0] as string, 0)).type, 'ack');
    assert.equal((await black.move(line[1] as string, 1)).type, 'ack');
    const end = await white.event('end');
    assert.deepEqual([end.result, end.winner, end.reason], ['0-1', 'black', 'timeout']);
    const stored = await getGame(url, g.id);
    assert.equal((stored.clocks as { white: number }).white, 0);
    // Too late now: the move is refused.
    assert.equal((await white.move(line[2] as string, 2)).code, 'game-over');
    await white.close();
    await black.close();
  });
});

function liveAt(variant: string, fen: string): LiveGame {
  const game = unwrap(Game.create(variant, fen));
  const row = {
    id: 'x',
    variant,
    marriage: null,
    tcKind: 'realtime',
    baseMs: 1000,
    incMs: 0,
    days: 0,
    status: 'started',
    result: '*',
    reason: null,
    ply: 10,
    seq: 30,
    whiteMs: 5,
    blackMs: 1000,
    turnStartedAt: 0,
    deadline: 5,
    drawOffer: null,
    takebackAsk: null,
    rematchAsk: null,
    rematchId: null,
    rematchOf: null,
    createdAt: 0,
    updatedAt: 0,
  } satisfies GameRow;
  return { row, seats: [], moves: [], game };
}

describe('a flood of game creations', () => {
  it('is refused with 429 once the burst is spent, other requests still served', async () => {
    const db2 = tempSqlite();
    const s = await listen({
      port: 0,
      host: '127.0.0.1',
      store: { sqliteFile: db2.file },
      createBurst: 3,
      createPerSecond: 0.001,
    });
    const url = s.url.replace('localhost', '127.0.0.1');
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++)
        codes.push(
          (await fetch(`${url}/api/games`, { method: 'POST', body: JSON.stringify({ variant: 'wildebeest' }) })).status,
        );
      assert.deepEqual(codes, [201, 201, 201, 429, 429]);
      assert.equal((await fetch(`${url}/api/games/nosuch`)).status, 404);
    } finally {
      await s.close();
      await db2.drop();
    }
  });
});

describe('flag fall against a side that cannot win', () => {
  it('a lone king cannot win where stalemate draws: White flags against it and the game is drawn', () => {
    const live = liveAt('camel-decimal', '5k4/10/10/10/10/10/10/10/10/KQ8 w - - 0 1');
    assert.equal(couldWin(live.game, 'black'), false);
    const end = timeoutEnd(live, 10);
    assert.deepEqual(
      end?.events.map((e) => [e.type, e.result, e.reason]),
      [['end', '1/2-1/2', 'timeout-vs-insufficient']],
    );
  });

  it('with mating material left the opponent wins on time', () => {
    const live = liveAt('camel-decimal', '5kq3/10/10/10/10/10/10/10/10/KQ8 w - - 0 1');
    assert.equal(couldWin(live.game, 'black'), true);
    assert.deepEqual(
      timeoutEnd(live, 10)?.events.map((e) => [e.result, e.reason]),
      [['0-1', 'timeout']],
    );
    assert.equal(timeoutEnd(live, 4), undefined); // not yet
  });
});
