/**
 * The game server on an HTTP server of its own (API at /api/…, WebSocket at /ws); other
 * requests go to `fallback` (the web app's static files under `npm start`).
 */

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GameServer, type GameServerOptions } from './game-server.js';
import { openStore, type StoreConfig, storeConfigFromEnv } from './store/open.js';

export { GameServer, type GameServerOptions } from './game-server.js';
export { openStore, type StoreConfig, storeConfigFromEnv } from './store/open.js';

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly game: GameServer;
  close(): Promise<void>;
}

export interface ListenOptions extends Omit<GameServerOptions, 'store'> {
  readonly port?: number;
  readonly host?: string;
  readonly store?: StoreConfig;
  readonly fallback?: (req: IncomingMessage, res: ServerResponse) => void;
}

export async function listen(options: ListenOptions = {}): Promise<RunningServer> {
  const store = await openStore(options.store ?? storeConfigFromEnv());
  const game = new GameServer({ ...options, store });
  await game.start();
  const http = createServer((req, res) => {
    if (game.handle(req, res)) return;
    if (options.fallback) options.fallback(req, res);
    else res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not found');
  });
  http.headersTimeout = 20_000;
  http.requestTimeout = 30_000;
  game.attach(http);
  await new Promise<void>((ok, fail) => {
    http.once('error', fail);
    http.listen(options.port ?? 8080, options.host, () => ok());
  });
  const port = (http.address() as AddressInfo).port;
  return {
    url: `http://localhost:${port}`,
    port,
    game,
    close: async () => {
      await game.close();
      http.closeAllConnections();
      await new Promise<void>((done) => http.close(() => done()));
      await store.close();
    },
  };
}
