/**
 * The game server alone (no web app): `node dist/src/server/main.js`. PORT (8080; 0 = any free
 * port), HOST, DATABASE_URL (postgres://…) or CARAVAN_DB (SQLite file, default data/caravan.sqlite).
 * Prints "listening <url>" once it accepts connections. `npm start` serves the web app too.
 */

import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { listen } from './index.js';

async function main(): Promise<void> {
  const s = await listen({ port: Number(process.env.PORT ?? 8080), host: process.env.HOST || undefined });
  console.log(`listening ${s.url} (${s.game.store.kind})`);
  const stop = () => void s.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href)
  main().catch((e: unknown) => {
    console.error(`caravan server: cannot start: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  });
