/**
 * Crash test (issue 11): a real server process is killed with SIGKILL in the middle of scripted
 * games, several times; after each restart every move a client saw acknowledged is stored, and
 * the games go on to their end. On SQLite and on PostgreSQL.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ONLINE_VARIANTS } from '../../src/server/create.js';
import { getGame, newPair } from './client.js';
import { DATABASE_KINDS, tempStoreConfig } from './databases.js';
import { decisiveLine } from './decisive-line.js';
import { startServerProcess } from './process.js';
import { type Acked, type Pair, playLine } from './scripted.js';

const KILLS = 4;
const GAMES = 6;

for (const kind of DATABASE_KINDS) {
  describe(`crash test on ${kind}`, () => {
    it(`SIGKILL ${KILLS} times mid-game: no acknowledged move is lost, the games finish`, async () => {
      const t = await tempStoreConfig(kind);
      const env: Record<string, string> = t.config.databaseUrl
        ? { DATABASE_URL: t.config.databaseUrl }
        : { CARAVAN_DB: t.config.sqliteFile as string };
      try {
        let server = await startServerProcess(env);
        const games: { pair: Pair; line: readonly string[] }[] = [];
        for (let i = 0; i < GAMES; i++) {
          const variant = ONLINE_VARIANTS[i % ONLINE_VARIANTS.length] as string;
          games.push({
            pair: await newPair(server.url, { variant, clock: { kind: 'none' } }),
            line: decisiveLine(variant).uci,
          });
        }
        const acked: Acked[] = [];
        for (let round = 0; round <= KILLS; round++) {
          const url = server.url;
          let finished = false;
          const play = Promise.all(games.map((g) => playLine(url, url, g.pair, g.line, acked))).finally(() => {
            finished = true;
          });
          if (round < KILLS) {
            // Kill once a few more moves have been acknowledged, in the middle of the traffic.
            const target = acked.length + 10 + round * 3;
            while (acked.length < target && !finished) await new Promise((r) => setTimeout(r, 2));
            await server.kill();
            const runs = await play;
            assert.ok(
              runs.some((r) => r.how === 'closed'),
              'the kill interrupted games',
            );
            server = await startServerProcess(env);
          } else await play;
          for (const g of games) {
            const stored = (await getGame(server.url, g.pair.id)) as { moves: { ply: number; uci: string }[] };
            for (const a of acked.filter((x) => x.game === g.pair.id))
              assert.equal(stored.moves[a.ply]?.uci, a.uci, `acknowledged ${g.pair.id} ply ${a.ply} lost`);
            // What is stored is the line's beginning: nothing doubled, nothing out of order.
            assert.deepEqual(
              stored.moves.map((m) => m.uci),
              g.line.slice(0, stored.moves.length),
            );
          }
        }
        for (const g of games) {
          const stored = await getGame(server.url, g.pair.id);
          assert.equal(stored.status, 'ended', `${g.pair.id} finished`);
          assert.equal((stored.moves as unknown[]).length, g.line.length);
        }
        await server.stop();
      } finally {
        await t.drop();
      }
    });
  });
}
