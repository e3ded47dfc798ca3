/**
 * The game server over real WebSockets and a real database (issue 11, "Server tests"): full
 * games in every variant, the game actions, clocks and deadlines, bad moves, resync.
 */

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Game } from '../../src/core/game.js';
import { unwrap } from '../../src/core/result.js';
import { moveToUci } from '../../src/notation/uci.js';
import { ONLINE_VARIANTS } from '../../src/server/create.js';
import { DAY_MS } from '../../src/server/game-rules.js';
import { listen, type RunningServer } from '../../src/server/index.js';
import { createGame, getGame, type Msg, newPair, WsClient } from './client.js';
import { tempSqlite } from './databases.js';
import { decisiveLine } from './decisive-line.js';

/** A clock the test moves by hand (the server's `now`). */
let fakeNow = Date.UTC(2026, 0, 1);
const clock = () => fakeNow;

let server: RunningServer;
let base: string;
const db = tempSqlite();
const sockets: WsClient[] = [];

async function seat(id: string, secret?: string, seq?: number): Promise<WsClient> {
  const c = await WsClient.join(base, id, secret, seq);
  sockets.push(c);
  return c;
}

before(async () => {
  server = await listen({
    port: 0,
    host: '127.0.0.1',
    store: { sqliteFile: db.file },
    now: clock,
    sweepEveryMs: 0,
    timing: { lagAllowanceMs: 0, claimAfterMs: 60_000 },
  });
  base = server.url.replace('localhost', '127.0.0.1');
});

after(async () => {
  for (const s of sockets) await s.close();
  await server.close();
  await db.drop();
});

describe('creating a game (HTTP)', () => {
  it('gives the creator a private link, an invite link and a watch link without a secret', async () => {
    const r = await createGame(base, {
      variant: 'wildebeest',
      color: 'black',
      clock: { kind: 'realtime', baseSeconds: 300, incrementSeconds: 3 },
    });
    assert.equal(r.status, 201);
    const links = r.body.links as Record<string, { path: string }>;
    assert.equal(r.body.color, 'black');
    assert.match(String(r.body.secret), /^[A-Za-z0-9_-]{24}$/); // 144 bits
    assert.equal(links.private?.path, `#/g/${r.body.id}/${r.body.secret}`);
    assert.notEqual(links.invite?.path, links.private?.path);
    assert.equal(links.watch?.path, `#/g/${r.body.id}`);
    const g = await getGame(base, String(r.body.id));
    assert.equal(g.status, 'waiting');
    assert.deepEqual(g.clock, { kind: 'realtime', baseMs: 300_000, incMs: 3_000 });
    assert.equal(JSON.stringify(g).includes(String(r.body.secret)), false);
  });

  it('accepts every variant, Bachelor Kamil in both marriage modes, and every time control kind', async () => {
    assert.equal(ONLINE_VARIANTS.length, 6);
    for (const variant of ONLINE_VARIANTS) {
      const r = await createGame(base, { variant, color: 'random', clock: { kind: 'correspondence', days: 3 } });
      assert.equal(r.status, 201, JSON.stringify(r.body));
      assert.ok(r.body.color === 'white' || r.body.color === 'black');
    }
    const delayed = await createGame(base, { variant: 'bachelor-kamil', marriage: 'delayed', clock: { kind: 'none' } });
    assert.equal((await getGame(base, String(delayed.body.id))).marriage, 'delayed');
  });

  it('refuses a bad request with a code and a message, and sends security headers', async () => {
    for (const body of [
      '{not json',
      { variant: 'checkers' },
      { variant: 'wildebeest', color: 'green' },
      { variant: 'wildebeest', clock: { kind: 'correspondence', days: 4 } },
      { variant: 'wildebeest', clock: { kind: 'realtime', baseSeconds: -1 } },
      { variant: 'wildebeest', marriage: 'delayed' },
    ]) {
      const r = await createGame(base, body);
      assert.equal(r.status, 400);
      const e = r.body.error as { code: string; message: string };
      assert.ok(e.code && e.message, JSON.stringify(r.body));
    }
    const huge = await fetch(`${base}/api/games`, { method: 'POST', body: 'x'.repeat(10_000) });
    assert.equal(huge.status, 413);
    const missing = await fetch(`${base}/api/games/nosuchgame`);
    assert.equal(missing.status, 404);
    assert.match(String(missing.headers.get('content-security-policy')), /default-src 'none'/);
    assert.equal(missing.headers.get('x-content-type-options'), 'nosniff');
  });
});

/** Both players play the line; the spectator sees it all. Returns the final events. */
async function playLine(id: string, white: WsClient, black: WsClient, uci: readonly string[]): Promise<void> {
  for (let ply = 0; ply < uci.length; ply++) {
    const mover = ply % 2 === 0 ? white : black;
    const ack = await mover.move(uci[ply] as string, ply, `m${ply}`);
    assert.equal(ack.type, 'ack', `${id} ply ${ply} ${uci[ply]}: ${JSON.stringify(ack)}`);
  }
}

describe('a full game to the end in every variant', () => {
  const cases: { variant: string; marriage?: 'immediate' | 'delayed' }[] = [
    ...ONLINE_VARIANTS.map((variant) => ({ variant })),
    { variant: 'bachelor-kamil', marriage: 'delayed' as const },
  ];
  for (const { variant, marriage } of cases) {
    it(`${variant}${marriage ? ` (marriage ${marriage})` : ''}: the server ends it as the rules library does`, async () => {
      const line = decisiveLine(variant, marriage);
      const g = await newPair(base, { variant, ...(marriage ? { marriage } : {}), clock: { kind: 'none' } });
      const white = await seat(g.id, g.white);
      const black = await seat(g.id, g.black);
      const watcher = await seat(g.id);
      await playLine(g.id, white, black, line.uci);
      const end = await watcher.event('end');
      assert.equal(end.winner, line.outcome.winner);
      assert.equal(end.reason, line.outcome.reason);
      assert.deepEqual(
        watcher
          .events()
          .filter((e) => e.type === 'move')
          .map((e) => e.uci),
        line.uci,
      );
      const stored = await getGame(base, g.id);
      assert.equal(stored.status, 'ended');
      assert.equal((stored.moves as unknown[]).length, line.uci.length);
      const after = await white.move('a2a3', line.uci.length, 'late');
      assert.equal(after.code, 'game-over');
      const pgn = await (await fetch(`${base}/api/games/${g.id}/pgn`)).text();
      assert.match(pgn, new RegExp(`\\[Result "${stored.result}"\\]`));
    });
  }
});

describe('game actions', () => {
  it('draw offer: declined, then offered again and accepted', async () => {
    const g = await newPair(base, { variant: 'camel-decimal', clock: { kind: 'none' } });
    const white = await seat(g.id, g.white);
    const black = await seat(g.id, g.black);
    assert.equal((await black.act('draw-accept', 'x')).code, 'not-allowed');
    assert.equal((await white.act('draw-offer', 'o1')).type, 'ack');
    await black.event('draw-offer', (e) => e.by === 'white');
    assert.equal((await black.act('draw-decline', 'd1')).type, 'ack');
    assert.equal((await white.act('draw-offer', 'o2')).type, 'ack');
    assert.equal((await black.act('draw-accept', 'a1')).type, 'ack');
    const end = await white.event('end');
    assert.deepEqual([end.result, end.reason], ['1/2-1/2', 'agreement']);
  });

  it('takeback: asked by the player who just moved, accepted, the move is gone', async () => {
    const g = await newPair(base, { variant: 'wildebeest', clock: { kind: 'none' } });
    const white = await seat(g.id, g.white);
    const black = await seat(g.id, g.black);
    const line = decisiveLine('wildebeest').uci;
    await playLine(g.id, white, black, line.slice(0, 3));
    assert.equal((await black.act('takeback-accept', 'early')).code, 'not-allowed');
    assert.equal((await white.act('takeback-ask', 't1')).type, 'ack');
    assert.equal((await black.act('takeback-decline', 't2')).type, 'ack');
    assert.equal((await white.act('takeback-ask', 't3')).type, 'ack');
    assert.equal((await black.act('takeback-accept', 't4')).type, 'ack');
    const tb = await white.event('takeback');
    assert.equal(tb.ply, 2);
    const stored = await getGame(base, g.id);
    assert.equal((stored.moves as unknown[]).length, 2);
    assert.equal(stored.turn, 'white');
    // The game goes on from there, with a different move this time.
    assert.equal((await white.move(line[2] as string, 2, 'again')).type, 'ack');
  });

  it('resign ends the game for the opponent', async () => {
    const g = await newPair(base, { variant: 'shatranj-kamil', clock: { kind: 'none' } });
    const white = await seat(g.id, g.white);
    await seat(g.id, g.black);
    assert.equal((await white.act('resign', 'r')).type, 'ack');
    const end = await white.event('end');
    assert.deepEqual([end.result, end.winner, end.reason], ['0-1', 'black', 'resign']);
  });

  it('abort: allowed before the player first moved, refused after', async () => {
    const g = await newPair(base, { variant: 'wildebeest', clock: { kind: 'none' } });
    const white = await seat(g.id, g.white);
    const black = await seat(g.id, g.black);
    await playLine(g.id, white, black, decisiveLine('wildebeest').uci.slice(0, 1));
    assert.equal((await white.act('abort', 'a1')).code, 'not-allowed');
    assert.equal((await black.act('abort', 'a2')).type, 'ack');
    const end = await white.event('end');
    assert.deepEqual([end.result, end.reason], ['*', 'aborted']);
  });

  it('rematch: both ask, a new game with colours swapped, each player keeps their secret', async () => {
    const g = await newPair(base, {
      variant: 'bachelor-kamil',
      clock: { kind: 'realtime', baseSeconds: 60, incrementSeconds: 1 },
    });
    const white = await seat(g.id, g.white);
    const black = await seat(g.id, g.black);
    assert.equal((await white.act('rematch', 'early')).code, 'not-allowed');
    await white.act('resign');
    assert.equal((await black.act('rematch', 'r1')).type, 'ack');
    await white.event('rematch-offer');
    assert.equal((await white.act('rematch', 'r2')).type, 'ack');
    const ev = await black.event('rematch');
    const next = String(ev.game);
    const info = await getGame(base, next);
    assert.equal(info.rematchOf, g.id);
    assert.equal(info.status, 'started');
    const newWhite = await seat(next, g.black);
    const first = newWhite.received.find((m) => m.type === 'state') as Msg;
    assert.equal(first.you, 'white');
    assert.equal((await newWhite.move(decisiveLine('bachelor-kamil').uci[0] as string, 0, 'n0')).type, 'ack');
  });

  it('claim victory: only once the opponent has been gone long enough (real-time games)', async () => {
    const g = await newPair(base, {
      variant: 'wildebeest',
      clock: { kind: 'realtime', baseSeconds: 600, incrementSeconds: 0 },
    });
    const white = await seat(g.id, g.white);
    const black = await seat(g.id, g.black);
    assert.equal((await white.act('claim-victory', 'c0')).code, 'not-allowed');
    await black.close();
    await white.next((m) => m.type === 'presence' && m.black === false);
    assert.equal((await white.act('claim-victory', 'c1')).code, 'not-allowed');
    fakeNow += 61_000;
    assert.equal((await white.act('claim-victory', 'c2')).type, 'ack');
    const end = await white.event('end');
    assert.deepEqual([end.winner, end.reason], ['white', 'abandoned']);
  });
});

describe('clocks and deadlines', () => {
  it('correspondence: the server ends the game when the deadline passes, nobody connected', async () => {
    const g = await newPair(base, { variant: 'camel-decimal', clock: { kind: 'correspondence', days: 2 } });
    const white = await seat(g.id, g.white);
    const black = await seat(g.id, g.black);
    await playLine(g.id, white, black, decisiveLine('camel-decimal').uci.slice(0, 2));
    await white.close();
    await black.close();
    fakeNow += 2 * DAY_MS - 1000;
    assert.equal(await server.game.sweep(), 0);
    assert.equal((await getGame(base, g.id)).status, 'started');
    fakeNow += 2000;
    assert.ok((await server.game.sweep()) >= 1);
    const stored = await getGame(base, g.id);
    assert.deepEqual([stored.status, stored.result, stored.reason], ['ended', '0-1', 'timeout']);
    assert.equal(await server.game.sweep(), 0); // ended once
  });

  it('real time: clocks start after both first moves, the increment is added, the mover is charged', async () => {
    const g = await newPair(base, {
      variant: 'wildebeest',
      clock: { kind: 'realtime', baseSeconds: 60, incrementSeconds: 2 },
    });
    const white = await seat(g.id, g.white);
    const black = await seat(g.id, g.black);
    const line = decisiveLine('wildebeest').uci;
    fakeNow += 5000;
    await playLine(g.id, white, black, line.slice(0, 2)); // no clock yet
    fakeNow += 10_000;
    await white.move(line[2] as string, 2, 'c2');
    const mv = await black.event('move', (e) => e.ply === 2);
    assert.equal(mv.white, 60_000 - 10_000 + 2_000);
    assert.equal(mv.black, 60_000);
  });
});

describe('bad moves and races', () => {
  it('wrong secret, spectator, out of turn, illegal: a clear error and nothing changes', async () => {
    const g = await newPair(base, { variant: 'wildebeest', clock: { kind: 'none' } });
    const wrong = await WsClient.open(base);
    wrong.send({ type: 'hello', game: g.id, secret: 'A'.repeat(24) });
    assert.equal((await wrong.next()).code, 'wrong-secret');
    await wrong.next(() => false).catch(() => undefined); // closed
    assert.equal(wrong.closeCode, 4003);
    const white = await seat(g.id, g.white);
    const black = await seat(g.id, g.black);
    const watcher = await seat(g.id);
    const first = decisiveLine('wildebeest').uci[0] as string;
    assert.equal((await watcher.move(first, 0)).code, 'not-a-player');
    assert.equal((await black.move('a7a6', 0)).code, 'not-your-turn');
    assert.equal((await white.move('a2a7', 0)).code, 'illegal-move');
    assert.equal((await white.move('zz', 0)).code, 'illegal-move');
    assert.equal((await getGame(base, g.id)).ply, 0);
  });

  it('a resent move is applied once; two conflicting moves for one ply: exactly one wins', async () => {
    const g = await newPair(base, { variant: 'camel-decimal', clock: { kind: 'none' } });
    const tab1 = await seat(g.id, g.white);
    const tab2 = await seat(g.id, g.white);
    await seat(g.id, g.black);
    const start = unwrap(Game.create('camel-decimal'));
    const legal = start.legalMoves().map((m) => moveToUci(start.position, m));
    tab1.send({ type: 'move', uci: legal[0], ply: 0, id: 'a' });
    tab2.send({ type: 'move', uci: legal[1], ply: 0, id: 'b' });
    const [ra, rb] = await Promise.all([
      tab1.next((m) => m.id === 'a' && (m.type === 'ack' || m.type === 'error')),
      tab2.next((m) => m.id === 'b' && (m.type === 'ack' || m.type === 'error')),
    ]);
    assert.deepEqual([ra.type, rb.type].sort(), ['ack', 'error']);
    const loser = ra.type === 'error' ? ra : rb;
    assert.equal(loser.code, 'stale-ply');
    const winnerUci = ra.type === 'ack' ? legal[0] : legal[1];
    const winnerTab = ra.type === 'ack' ? tab1 : tab2;
    const again = await winnerTab.move(winnerUci as string, 0, 'resent');
    assert.equal(again.type, 'ack');
    assert.equal(again.duplicate, true);
    const stored = await getGame(base, g.id);
    assert.deepEqual(
      (stored.moves as { uci: string }[]).map((m) => m.uci),
      [winnerUci],
    );
  });
});

describe('reconnect and resync', () => {
  it('a client that comes back with its last event number gets exactly what it missed', async () => {
    const g = await newPair(base, { variant: 'shatranj-kamil-2', clock: { kind: 'none' } });
    const white = await seat(g.id, g.white);
    let black = await seat(g.id, g.black);
    const line = decisiveLine('shatranj-kamil-2').uci;
    await playLine(g.id, white, black, line.slice(0, 2));
    await black.event('move', (e) => e.ply === 1);
    const seen = Math.max(...black.events().map((e) => Number(e.seq)));
    await black.close();
    await white.move(line[2] as string, 2, 'while-away');
    black = await seat(g.id, g.black, seen);
    const back = black.received[0] as Msg;
    assert.equal(back.type, 'events');
    const missed = (back.events as Msg[]).filter((e) => e.type === 'move');
    assert.deepEqual(
      missed.map((e) => e.uci),
      [line[2]],
    );
    assert.equal((await black.move(line[3] as string, 3, 'back')).type, 'ack');
    const fresh = await seat(g.id, g.black);
    const state = fresh.received[0] as Msg;
    assert.equal(state.type, 'state');
    assert.equal((state.game as { ply: number }).ply, 4);
  });
});

describe('bad input on the socket', () => {
  it('not JSON, unknown type, huge message, a flood: errors or a closed socket, the server keeps serving', async () => {
    const g = await newPair(base, { variant: 'wildebeest', clock: { kind: 'none' } });
    const c = await WsClient.open(base);
    sockets.push(c);
    c.send('{{{');
    assert.equal((await c.next()).code, 'bad-json');
    c.send({ type: 'move', uci: 'e2e4', ply: 0 });
    assert.equal((await c.next()).code, 'no-hello');
    c.send({ type: 'hello', game: g.id });
    await c.next((m) => m.type === 'state');
    c.send({ type: 'launch-missiles' });
    const unknown = await c.next((m) => m.type === 'error');
    assert.equal(unknown.code, 'unknown-type');
    assert.equal(JSON.stringify(unknown).includes(' at '), false); // no stack trace
    const big = await WsClient.open(base);
    big.send(JSON.stringify({ type: 'hello', game: 'x'.repeat(100_000) }));
    await big.next(() => false).catch(() => undefined);
    assert.equal(big.closeCode, 1009);
    const flood = await WsClient.open(base);
    for (let i = 0; i < 2000; i++) flood.send({ type: 'ping' });
    await flood.next((m) => m.code === 'rate-limited');
    await flood.next(() => false).catch(() => undefined);
    assert.equal(flood.closed, true);
    // Everyone else is still served.
    const white = await seat(g.id, g.white);
    white.send({ type: 'ping', id: 'p' });
    assert.equal((await white.next((m) => m.id === 'p')).type, 'pong');
  });
});
