/**
 * The repository contract (issue 11, "one repository contract suite"): the same tests against
 * SQLite (a temp file) and a real PostgreSQL server.
 */

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { openStore } from '../../src/server/store/open.js';
import type { GameRow, Repository } from '../../src/server/store/types.js';
import { DATABASE_KINDS, tempStoreConfig } from './databases.js';

function sampleGame(id: string, over: Partial<GameRow> = {}): GameRow {
  return {
    id,
    variant: 'wildebeest',
    marriage: null,
    tcKind: 'realtime',
    baseMs: 180_000,
    incMs: 2_000,
    days: 0,
    status: 'started',
    result: '*',
    reason: null,
    ply: 0,
    seq: 1,
    whiteMs: 180_000,
    blackMs: 180_000,
    turnStartedAt: null,
    deadline: null,
    drawOffer: null,
    takebackAsk: null,
    rematchAsk: null,
    rematchId: null,
    rematchOf: null,
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_000_000,
    ...over,
  };
}

const created = { seq: 1, type: 'created', data: '{}', at: 1_700_000_000_000 };

for (const kind of DATABASE_KINDS) {
  describe(`repository contract on ${kind}`, () => {
    let repo: Repository;
    let drop: () => Promise<void>;
    let config: { databaseUrl?: string; sqliteFile?: string };

    before(async () => {
      const t = await tempStoreConfig(kind);
      config = t.config;
      drop = t.drop;
      repo = await openStore(config);
    });
    after(async () => {
      await repo?.close();
      await drop?.();
    });

    it('migrates a new database to the latest schema, and opening again changes nothing', async () => {
      assert.equal(repo.kind, kind);
      assert.equal(repo.schemaVersion, 1);
      const again = await openStore(config);
      assert.equal(again.schemaVersion, 1);
      await again.close();
    });

    it('stores a game with its seats and reads it back', async () => {
      await repo.createGame(
        sampleGame('g1', { marriage: null, turnStartedAt: 1_700_000_000_123 }),
        [
          { gameId: 'g1', color: 'white', secretHash: 'a'.repeat(64), joinedAt: 5, presentUntil: null },
          { gameId: 'g1', color: 'black', secretHash: 'b'.repeat(64), joinedAt: null, presentUntil: null },
        ],
        [created],
      );
      const s = await repo.loadGame('g1');
      assert.ok(s);
      assert.deepEqual(s.game, sampleGame('g1', { turnStartedAt: 1_700_000_000_123 }));
      assert.deepEqual(
        s.seats.map((x) => [x.color, x.secretHash.slice(0, 1), x.joinedAt]),
        [
          ['white', 'a', 5],
          ['black', 'b', null],
        ],
      );
      assert.deepEqual(s.moves, []);
      assert.equal(await repo.loadGame('nope'), undefined);
    });

    it('commits moves and events, and takes moves back', async () => {
      await repo.createGame(sampleGame('g2'), [], [created]);
      const ok = await repo.commit({
        game: sampleGame('g2', { ply: 2, seq: 3 }),
        expectedSeq: 1,
        addMoves: [
          { ply: 0, uci: 'e2e4', clockMs: 179_000, at: 10 },
          { ply: 1, uci: 'e7e5', clockMs: 178_000, at: 11 },
        ],
        events: [
          { seq: 2, type: 'move', data: '{"uci":"e2e4"}', at: 10 },
          { seq: 3, type: 'move', data: '{"uci":"e7e5"}', at: 11 },
        ],
      });
      assert.equal(ok, true);
      let s = await repo.loadGame('g2');
      assert.deepEqual(
        s?.moves.map((m) => [m.ply, m.uci, m.clockMs]),
        [
          [0, 'e2e4', 179_000],
          [1, 'e7e5', 178_000],
        ],
      );
      assert.deepEqual(
        (await repo.eventsAfter('g2', 1)).map((e) => e.seq),
        [2, 3],
      );
      assert.equal(
        await repo.commit({
          game: sampleGame('g2', { ply: 1, seq: 4 }),
          expectedSeq: 3,
          dropMovesFrom: 1,
          events: [{ seq: 4, type: 'takeback', data: '{}', at: 12 }],
        }),
        true,
      );
      s = await repo.loadGame('g2');
      assert.deepEqual(
        s?.moves.map((m) => m.uci),
        ['e2e4'],
      );
      assert.equal(s?.game.seq, 4);
    });

    it('two conflicting moves for one ply: exactly one wins, the loser leaves nothing behind', async () => {
      await repo.createGame(sampleGame('g3'), [], [created]);
      const attempt = (uci: string) =>
        repo.commit({
          game: sampleGame('g3', { ply: 1, seq: 2 }),
          expectedSeq: 1,
          addMoves: [{ ply: 0, uci, clockMs: null, at: 1 }],
          events: [{ seq: 2, type: 'move', data: JSON.stringify({ uci }), at: 1 }],
        });
      const results = await Promise.all([attempt('e2e4'), attempt('d2d4'), attempt('c2c4')]);
      assert.equal(results.filter(Boolean).length, 1);
      const s = await repo.loadGame('g3');
      assert.equal(s?.moves.length, 1);
      const winner = ['e2e4', 'd2d4', 'c2c4'][results.indexOf(true)];
      assert.equal(s?.moves[0]?.uci, winner);
      assert.equal((await repo.eventsAfter('g3', 0)).length, 2);
    });

    it('finds the games whose deadline has passed, and only games in play', async () => {
      await repo.createGame(sampleGame('due1', { deadline: 1000 }), [], [created]);
      await repo.createGame(sampleGame('due2', { deadline: 3000 }), [], [created]);
      await repo.createGame(sampleGame('ended', { deadline: 500, status: 'ended' }), [], [created]);
      assert.deepEqual(await repo.dueGames(2000, 10), ['due1']);
      assert.deepEqual(await repo.dueGames(5000, 10), ['due1', 'due2']);
    });

    it('records presence, and tells listeners of commits with {game, ply} only', async () => {
      await repo.createGame(
        sampleGame('p1'),
        [{ gameId: 'p1', color: 'white', secretHash: 'c'.repeat(64), joinedAt: 1, presentUntil: null }],
        [created],
      );
      await repo.setPresence('p1', 'white', 123_456);
      assert.equal((await repo.loadGame('p1'))?.seats[0]?.presentUntil, 123_456);
      if (kind !== 'postgres') return;
      // A second process on the same database hears about the first one's commit.
      const other = await openStore(config);
      const heard = new Promise<[string, number]>((done) => void other.onChange((g, p) => done([g, p])));
      await new Promise((r) => setTimeout(r, 50));
      await repo.commit({
        game: sampleGame('p1', { ply: 1, seq: 2 }),
        expectedSeq: 1,
        addMoves: [{ ply: 0, uci: 'e2e4', clockMs: null, at: 1 }],
        events: [{ seq: 2, type: 'move', data: '{}', at: 1 }],
      });
      assert.deepEqual(await heard, ['p1', 1]);
      await other.close();
    });

    if (kind === 'sqlite') {
      it('keeps the file in WAL mode with full fsync on commit', () => {
        const file = config.sqliteFile as string;
        const d = new Database(file, { readonly: true });
        assert.equal(d.pragma('journal_mode', { simple: true }), 'wal');
        d.close();
      });
    }
  });
}
