/**
 * A built app, a static server and Chromium for a browser test file: `startBrowser(name)` builds
 * the app into dist/<name>/ (each test file its own directory: node --test runs files at once),
 * serves it and launches /usr/bin/chromium headless; `openPage` gives a fresh context (empty
 * localStorage) whose page errors and external requests are collected. Without Chromium every
 * call fails, saying how to install it.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type StaticServer, serveStatic } from '../../web/server/serve.js';
import { CHROMIUM, launchChromium } from '../helpers/chromium.js';

export { CHROMIUM };

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const ARTIFACTS = join(ROOT, 'test-artifacts');
export const NO_CHROMIUM = `Chromium not found at ${CHROMIUM}: the browser tests need it. Install it with: apt-get install -y chromium`;

export interface Harness {
  readonly server: StaticServer;
  readonly browser: Browser;
  close(): Promise<void>;
}

export async function startBrowser(outDirName: string): Promise<Harness> {
  assert.ok(existsSync(CHROMIUM), NO_CHROMIUM);
  mkdirSync(ARTIFACTS, { recursive: true });
  const outDir = join(ROOT, 'dist', outDirName);
  const { build } = await import('vite');
  await build({
    configFile: join(ROOT, 'web', 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir, emptyOutDir: true },
  });
  const server = await serveStatic(outDir, 0);
  const browser = await launchChromium();
  return {
    server,
    browser,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

export interface OpenPage {
  readonly ctx: BrowserContext;
  readonly page: Page;
  readonly errors: string[];
}

/** A fresh context and page at `hash`; console errors, page errors and outside requests are collected. */
export async function openPage(
  h: Harness,
  hash: string,
  viewport = { width: 1100, height: 820 },
  ready = 'cg-board, form#new-game, section.games',
): Promise<OpenPage> {
  // The harness waits on string predicates (eval); the page's CSP forbids eval, so these contexts
  // bypass it. test/web/online.test.ts runs the app under its real CSP.
  const ctx = await h.browser.newContext({ viewport, bypassCSP: true });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('request', (r) => {
    const url = r.url();
    if (!url.startsWith(h.server.url) && !/^(data|blob|about):/.test(url)) errors.push(`external request: ${url}`);
  });
  await page.goto(h.server.url + hash);
  await page.waitForSelector(ready);
  return { ctx, page, errors };
}

/** The centre of a square of a board (orientation and size read from the board element). */
export async function squareCentre(page: Page, square: string, selector = '#board'): Promise<[number, number]> {
  const wrap = page.locator(selector);
  const black = ((await wrap.getAttribute('class')) ?? '').includes('orientation-black');
  const style = (await wrap.getAttribute('style')) ?? '';
  const files = Number(/--files:\s*(\d+)/.exec(style)?.[1]);
  const ranks = Number(/--ranks:\s*(\d+)/.exec(style)?.[1]);
  await page.locator(`${selector} cg-board`).scrollIntoViewIfNeeded();
  // chessgroundx re-reads the board's position on the scroll event, dispatched with the next frame.
  // (A function, not a string: it runs under the page's CSP too.)
  await page.evaluate(() => {
    const raf = (globalThis as unknown as { requestAnimationFrame(f: () => void): void }).requestAnimationFrame;
    return new Promise<void>((done) => raf(() => raf(done)));
  });
  const box = await page.locator(`${selector} cg-board`).boundingBox();
  assert.ok(box, 'board is visible');
  const f = square.charCodeAt(0) - 97;
  const r = Number(square.slice(1)) - 1;
  const col = black ? files - 1 - f : f;
  const row = black ? r : ranks - 1 - r;
  return [box.x + ((col + 0.5) * box.width) / files, box.y + ((row + 0.5) * box.height) / ranks];
}

export async function clickSquare(page: Page, square: string, selector = '#board'): Promise<void> {
  const [x, y] = await squareCentre(page, square, selector);
  await page.mouse.click(x, y);
}

export const sans = (page: Page) => page.locator('#moves button').allTextContents();

export async function waitForMoves(page: Page, n: number, timeout = 5000): Promise<void> {
  await page.waitForFunction(`document.querySelectorAll('#moves button').length >= ${n}`, null, { timeout });
}

/** Move on the play board by clicking two squares; waits until the move is listed. */
export async function clickMove(page: Page, from: string, to: string): Promise<void> {
  const n = await page.locator('#moves button').count();
  await clickSquare(page, from);
  await clickSquare(page, to);
  await waitForMoves(page, n + 1);
}
