/** The online client's model (web/src/online/model.ts): routes, my games, words for the end. */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findVariant } from '../../src/variants/index.js';
import {
  clockText,
  endInWords,
  type GameSummary,
  loadMyGames,
  orderMyGames,
  parseOnlineRoute,
  rememberGame,
} from '../../web/src/online/model.js';

class MemoryStore {
  readonly data = new Map<string, string>();
  getItem(k: string): string | null {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string): void {
    this.data.set(k, v);
  }
}

function summary(over: Partial<GameSummary>): GameSummary {
  return {
    id: 'g',
    variant: 'wildebeest',
    marriage: null,
    clock: { kind: 'realtime', baseMs: 60_000, incMs: 0 },
    status: 'started',
    result: '*',
    reason: null,
    ply: 2,
    seq: 5,
    turn: 'white',
    moves: [],
    clocks: { white: 50_000, black: 60_000, running: 'white' },
    deadline: null,
    players: { white: { joined: true, online: true }, black: { joined: true, online: true } },
    drawOffer: null,
    takebackAsk: null,
    rematchAsk: null,
    rematchId: null,
    createdAt: 0,
    now: 0,
    ...over,
  };
}

describe('online routes', () => {
  it('reads the lobby, watch and seat links, and nothing else', () => {
    assert.deepEqual(parseOnlineRoute('#/online'), { page: 'lobby' });
    assert.deepEqual(parseOnlineRoute('#/g/abc'), { page: 'game', id: 'abc' });
    assert.deepEqual(parseOnlineRoute('#/g/abc/S3cr3t_-x'), { page: 'game', id: 'abc', secret: 'S3cr3t_-x' });
    assert.equal(parseOnlineRoute('#/play'), undefined);
    assert.equal(parseOnlineRoute('#/g/<script>'), undefined);
    assert.equal(parseOnlineRoute('#/g/a/b/c/d'), undefined);
  });
});

describe('my games', () => {
  it('remembers games once each, newest first, and survives garbage in storage', () => {
    const store = new MemoryStore();
    rememberGame(store, { id: 'a', secret: 's1', color: 'white', variant: 'wildebeest', addedAt: 1 });
    rememberGame(store, { id: 'b', secret: 's2', color: 'black', variant: 'camel-decimal', addedAt: 2 });
    rememberGame(store, { id: 'a', secret: 's1', color: 'white', variant: 'wildebeest', addedAt: 1 });
    assert.deepEqual(
      loadMyGames(store).map((g) => g.id),
      ['a', 'b'],
    );
    store.setItem('caravan.online.games', '{broken');
    assert.deepEqual(loadMyGames(store), []);
  });

  it('lists the games where it is my turn first, least time left first', () => {
    const mine = (id: string, color: 'white' | 'black', addedAt: number) => ({
      id,
      secret: 'x',
      color,
      variant: 'wildebeest',
      addedAt,
    });
    const ordered = orderMyGames([
      { mine: mine('theirs', 'black', 9), summary: summary({ turn: 'white' }) },
      {
        mine: mine('mine-slow', 'white', 1),
        summary: summary({ clocks: { white: 50_000, black: 1, running: 'white' } }),
      },
      {
        mine: mine('mine-fast', 'white', 2),
        summary: summary({ clocks: { white: 5_000, black: 1, running: 'white' } }),
      },
      { mine: mine('gone', 'white', 10), summary: undefined },
    ]);
    assert.deepEqual(
      ordered.map((l) => l.mine.id),
      ['mine-fast', 'mine-slow', 'gone', 'theirs'],
    );
  });
});

describe('the end in words', () => {
  const def = findVariant('bachelor-kamil');
  it('says who won and why, for online ends and rule ends', () => {
    assert.ok(def);
    assert.equal(endInWords(def, '0-1', 'resign'), 'White resigned — Black wins');
    assert.equal(endInWords(def, '1-0', 'timeout'), 'Black ran out of time — White wins');
    assert.equal(endInWords(def, '1/2-1/2', 'agreement'), 'Draw by agreement');
    assert.equal(endInWords(def, '*', 'aborted'), 'Game aborted');
    assert.match(endInWords(def, '1-0', 'marriage'), /White wins by marriage/);
    assert.equal(clockText(65_000), '1:05');
    assert.equal(clockText(3_400), '3.4');
  });
});
