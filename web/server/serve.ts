/**
 * A small static file server for the built web app (`dist/app`): correct content types, gzip,
 * cross-origin isolation headers (so the engine worker can be stopped through shared memory),
 * a Content-Security-Policy, no directory escapes. `npm start` runs it after building, with the
 * online game server (src/server) on the same port; the browser tests start and stop it in-process.
 *
 *   node dist/web/server/serve.js [root]      PORT=8080 by default, HOST optional
 */

import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { GameServer, openStore, storeConfigFromEnv } from '../../src/server/index.js';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.txt', '.map']);

export interface StaticServer {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

/** The directory the app is built into. */
export function defaultAppDir(): string {
  // dist/web/server/serve.js → dist/app
  return fileURLToPath(new URL('../../app/', import.meta.url));
}

/**
 * The page's Content-Security-Policy: scripts only from this origin (no inline script), no
 * third-party origin at all; sockets only back to this host (the online game server).
 */
export function contentSecurityPolicy(host: string): string {
  const h = host.replace(/[^A-Za-z0-9.:[\]-]/g, '');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ws://${h} wss://${h}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Something that serves part of the paths itself (the game server's /api and /ws). */
export interface Mounted {
  handle(req: IncomingMessage, res: ServerResponse): boolean;
  attach(server: Server): void;
}

export async function serveStatic(root: string, port = 8080, host?: string, mounted?: Mounted): Promise<StaticServer> {
  const base = resolve(root);
  const gzCache = new Map<string, { mtime: number; body: Buffer }>();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    res.setHeader('Cross-Origin-Embedder-Policy', 'require-corp');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', contentSecurityPolicy(String(req.headers.host ?? 'localhost')));
    res.setHeader('Referrer-Policy', 'no-referrer');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    let path: string;
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      res.writeHead(400).end('bad request');
      return;
    }
    if (path.endsWith('/')) path += 'index.html';
    const file = normalize(join(base, path));
    if (file !== base && !file.startsWith(base + sep)) {
      res.writeHead(403).end('forbidden');
      return;
    }
    let info: Awaited<ReturnType<typeof stat>>;
    try {
      info = await stat(file);
      if (!info.isFile()) throw new Error('not a file');
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not found');
      return;
    }
    const ext = extname(file).toLowerCase();
    res.setHeader('Content-Type', TYPES[ext] ?? 'application/octet-stream');
    // Built assets carry a content hash in their names; the page itself must always be fresh.
    res.setHeader('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    const gzip = COMPRESSIBLE.has(ext) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    if (gzip) {
      let hit = gzCache.get(file);
      if (!hit || hit.mtime !== info.mtimeMs) {
        hit = { mtime: info.mtimeMs, body: gzipSync(await readFile(file), { level: 9 }) };
        gzCache.set(file, hit);
      }
      res.writeHead(200, { 'Content-Encoding': 'gzip', 'Content-Length': hit.body.length, Vary: 'Accept-Encoding' });
      res.end(req.method === 'HEAD' ? undefined : hit.body);
      return;
    }
    res.writeHead(200, { 'Content-Length': info.size });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  }

  const server: Server = createServer((req, res) => {
    if (mounted?.handle(req, res)) return;
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(e));
    });
  });
  mounted?.attach(server);
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => ok());
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://localhost:${actual}/`,
    port: actual,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

async function main(): Promise<void> {
  const root = process.argv[2] ?? defaultAppDir();
  try {
    await stat(join(root, 'index.html'));
  } catch {
    console.error(`No built app in ${root}: run "npm run build:web" first.`);
    process.exit(1);
  }
  const port = Number(process.env.PORT ?? 8080);
  // The online game server on the same port: SQLite in data/ unless DATABASE_URL names PostgreSQL.
  let game: GameServer;
  try {
    game = await gameServerFromEnv();
  } catch (e) {
    console.error(`Cannot open the game database: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  }
  const s = await serveStatic(root, port, process.env.HOST || undefined, game);
  console.log(`Caravan is being served at ${s.url}  (online games: ${game.store.kind})  (Ctrl+C to stop)`);
  const stop = () => {
    void s
      .close()
      .then(() => game.close())
      .then(() => game.store.close())
      .then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

async function gameServerFromEnv(): Promise<GameServer> {
  const game = new GameServer({ store: await openStore(storeConfigFromEnv()) });
  await game.start();
  return game;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) void main();
