/**
 * Online server load: many concurrent games with scripted clients against a real server process
 * on loopback. Measures the move round trip (sent by one player → received by the opponent) and
 * sustained moves per second, on SQLite or PostgreSQL.
 *
 *   npm run build && node dist/bench/online-load.js [--games 500] [--plies 20] [--db sqlite|postgres]
 *     [--think <ms>]   players pause 0.5–1.5× this before each move (0: move at once, saturation)
 *
 * PostgreSQL: CARAVAN_TEST_PG (or DATABASE_URL) names a server; a temporary database is made.
 */

import { newPair } from '../test/server/client.js';
import { tempPostgres, tempSqlite } from '../test/server/databases.js';
import { decisiveLine } from '../test/server/decisive-line.js';
import { startServerProcess } from '../test/server/process.js';
import { type Acked, playLine } from '../test/server/scripted.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? (process.argv[i + 1] as string) : fallback;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

async function main(): Promise<void> {
  const games = Number(arg('games', '500'));
  const plies = Number(arg('plies', '20'));
  const kind = arg('db', 'sqlite');
  const thinkMs = Number(arg('think', '0'));
  const db = kind === 'postgres' ? await tempPostgres() : undefined;
  const file = kind === 'postgres' ? undefined : tempSqlite();
  const server = await startServerProcess(db ? { DATABASE_URL: db.url } : { CARAVAN_DB: file?.file as string });
  try {
    const line = decisiveLine('wildebeest').uci.slice(0, plies);
    const pairs = [];
    for (let i = 0; i < games; i += 50)
      pairs.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(50, games - i) }, () =>
            newPair(server.url, {
              variant: 'wildebeest',
              clock: { kind: 'realtime', baseSeconds: 3600, incrementSeconds: 0 },
            }),
          ),
        )),
      );
    const acked: Acked[] = [];
    const started = performance.now();
    const runs = await Promise.all(
      pairs.map((p) => playLine(server.url, server.url, p, line, acked, line.length, thinkMs)),
    );
    const seconds = (performance.now() - started) / 1000;
    const trips = runs.flatMap((r) => r.trips).sort((a, b) => a - b);
    const failed = runs.filter((r) => r.how !== 'ended').length;
    const rss = Number(
      (await import('node:fs')).readFileSync(`/proc/${server.child.pid}/status`, 'utf8').match(/VmHWM:\s+(\d+)/)?.[1] ??
        0,
    );
    console.log(
      JSON.stringify({
        db: kind,
        games,
        plies,
        thinkMs,
        moves: acked.length,
        failedGames: failed,
        seconds: Number(seconds.toFixed(2)),
        movesPerSecond: Math.round(acked.length / seconds),
        roundTripMs: { p50: Number(percentile(trips, 50).toFixed(1)), p99: Number(percentile(trips, 99).toFixed(1)) },
        serverPeakRssMb: Math.round(rss / 1024),
      }),
    );
  } finally {
    await server.stop();
    await db?.drop();
    await file?.drop();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
});
