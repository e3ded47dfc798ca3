/**
 * Online play in a real browser (issue 11): two browser contexts play a game by clicks while a
 * third watches; both players reload mid-game; a short clock runs out. The app runs under its
 * real Content-Security-Policy (no bypass) against the real game server on a temp SQLite file.
 */

import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { GameServer } from '../../src/server/game-server.js';
import { openStore } from '../../src/server/store/open.js';
import { type StaticServer, serveStatic } from '../../web/server/serve.js';
import { launchChromium } from '../helpers/chromium.js';
import { newPair } from '../server/client.js';
import { tempSqlite } from '../server/databases.js';
import { decisiveLine } from '../server/decisive-line.js';
import { ARTIFACTS, CHROMIUM, clickSquare, NO_CHROMIUM, ROOT } from './browser-harness.js';

/** Its own build directory: node --test runs the browser test files at once. */
const APP = join(ROOT, 'dist', 'online-app');

let browser: Browser;
let server: StaticServer;
let game: GameServer;
const db = tempSqlite();
const contexts: BrowserContext[] = [];

before(async () => {
  if (!existsSync(CHROMIUM)) return;
  const { build } = await import('vite');
  await build({
    configFile: join(ROOT, 'web', 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir: APP, emptyOutDir: true },
  });
  game = new GameServer({ store: await openStore({ sqliteFile: db.file }), timing: { lagAllowanceMs: 50 } });
  await game.start();
  server = await serveStatic(APP, 0, '127.0.0.1', game);
  browser = await launchChromium();
});

after(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
  await game?.close();
  await game?.store.close();
  await db.drop();
});

const base = () => server.url.replace('localhost', '127.0.0.1').replace(/\/$/, '');

/** A new browser (own localStorage); page errors and CSP violations are collected. */
async function open(url: string): Promise<{ page: Page; errors: string[] }> {
  if (!browser) assert.fail(NO_CHROMIUM);
  const ctx = await browser.newContext({ viewport: { width: 1100, height: 820 } });
  contexts.push(ctx);
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(url);
  return { page, errors };
}

/** Play a UCI move by clicking its two squares, then wait until every page lists it. */
async function clickMove(mover: Page, uci: string, ply: number, everyone: readonly Page[]): Promise<void> {
  const m = /^([a-z]\d+)([a-z]\d+)/.exec(uci);
  assert.ok(m, uci);
  await mover.locator('#online-status', { hasText: 'Your turn' }).waitFor();
  for (const sq of [m[1] as string, m[2] as string]) {
    await clickSquare(mover, sq);
  }
  for (const p of everyone) await p.locator(`#online-moves [data-ply="${ply}"]`).waitFor({ timeout: 10_000 });
}

describe('online play in the browser', () => {
  it('create by the form, invite, play by clicks, watch, reload both sides, resign, PGN, my games', async () => {
    const line = decisiveLine('wildebeest').uci;
    const a = await open(`${base()}/#/online`);
    await a.page.selectOption('#online-variant', 'wildebeest');
    await a.page.selectOption('#online-color', 'white');
    await a.page.selectOption('#online-time', 'rt:5+3');
    await a.page.click('#create-game');
    const invite = await a.page.locator('#invite-link').inputValue();
    const watch = await a.page.locator('#watch-link').inputValue();
    assert.notEqual(invite, watch);
    await a.page.click('#go-to-game');
    await a.page.locator('#online-status', { hasText: 'Waiting for the opponent' }).waitFor();
    const b = await open(invite);
    const c = await open(watch);
    const pages = [a.page, b.page, c.page];
    await c.page.locator('#online-info', { hasText: 'watching' }).waitFor();
    await a.page.locator('#presence-black.online').waitFor();
    for (let ply = 0; ply < 4; ply++) await clickMove(ply % 2 === 0 ? a.page : b.page, line[ply] as string, ply, pages);
    assert.match(await a.page.title(), /^Your turn/);
    // Both players reload in the middle of the game: the game comes back from the server.
    await a.page.reload();
    await b.page.reload();
    for (const p of [a.page, b.page]) await p.locator('#online-moves [data-ply="3"]').waitFor();
    for (let ply = 4; ply < 6; ply++) await clickMove(ply % 2 === 0 ? a.page : b.page, line[ply] as string, ply, pages);
    await b.page.locator('#clock-white').waitFor();
    mkdirSync(ARTIFACTS, { recursive: true });
    await b.page.screenshot({ path: join(ARTIFACTS, 'online-game.png') });
    await a.page.click('#act-resign');
    for (const p of pages) await p.locator('#online-status', { hasText: 'White resigned — Black wins' }).waitFor();
    const href = await c.page.locator('#pgn-download').getAttribute('href');
    const pgn = await (await fetch(`${base()}${href}`)).text();
    assert.match(pgn, /\[Result "0-1"\]/);
    assert.match(pgn, /\[%clk \d+:\d\d:\d\d\]/);
    await a.page.goto(`${base()}/#/online`);
    await a.page.locator('#my-games li', { hasText: 'Wildebeest' }).first().waitFor();
    for (const x of [a, b, c]) assert.deepEqual(x.errors, []);
  });

  it('a short clock runs out: the player who did not move loses, on every screen', async () => {
    const line = decisiveLine('camel-decimal').uci;
    const g = await newPair(base(), {
      variant: 'camel-decimal',
      clock: { kind: 'realtime', baseSeconds: 2, incrementSeconds: 0 },
    });
    const w = await open(`${base()}/#/g/${g.id}/${g.white}`);
    const bl = await open(`${base()}/#/g/${g.id}/${g.black}`);
    const pages = [w.page, bl.page];
    await clickMove(w.page, line[0] as string, 0, pages);
    await clickMove(bl.page, line[1] as string, 1, pages);
    for (const p of pages)
      await p.locator('#online-status', { hasText: 'White ran out of time — Black wins' }).waitFor({ timeout: 10_000 });
    assert.equal(await w.page.locator('#clock-white').textContent(), '0.0');
    for (const x of [w, bl]) assert.deepEqual(x.errors, []);
  });
});
