/** The static server that `npm start` runs: types, gzip, isolation headers, no escapes. */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { type StaticServer, serveStatic } from '../../web/server/serve.js';

describe('static server', () => {
  let dir = '';
  let server: StaticServer;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'caravan-serve-'));
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>t</title>');
    await writeFile(join(dir, 'assets', 'app-123.js'), 'console.log(1)');
    await writeFile(join(dir, 'secret.txt'), 'inside');
    server = await serveStatic(dir, 0);
  });

  after(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('serves index.html at / with isolation headers', async () => {
    const r = await fetch(server.url);
    assert.equal(r.status, 200);
    assert.match(r.headers.get('content-type') ?? '', /text\/html/);
    assert.equal(r.headers.get('cross-origin-opener-policy'), 'same-origin');
    assert.equal(r.headers.get('cross-origin-embedder-policy'), 'require-corp');
    assert.match(await r.text(), /<title>t<\/title>/);
  });

  it('gzips scripts on request and marks hashed assets immutable', async () => {
    const raw = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((ok, fail) => {
      get(`${server.url}assets/app-123.js`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => ok({ headers: res.headers, body: Buffer.concat(chunks) }));
      }).on('error', fail);
    });
    assert.equal(raw.headers['content-encoding'], 'gzip');
    assert.match(String(raw.headers['content-type']), /javascript/);
    assert.match(String(raw.headers['cache-control']), /immutable/);
    assert.equal(gunzipSync(raw.body).toString(), 'console.log(1)');
  });

  it('answers 404 for missing files and refuses to leave its directory', async () => {
    assert.equal((await fetch(`${server.url}nope.js`)).status, 404);
    const r = await fetch(`${server.url}..%2f..%2fetc%2fpasswd`);
    assert.ok(r.status === 403 || r.status === 404, String(r.status));
    assert.equal((await fetch(server.url, { method: 'POST' })).status, 405);
  });
});
