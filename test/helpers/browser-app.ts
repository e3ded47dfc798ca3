/**
 * The built web app served in-process and a headless Chromium (playwright-core, Debian's
 * /usr/bin/chromium) for browser test files: `startApp()` in `before`, `stopApp()` in `after`,
 * `openApp(hash)` per test. Without Chromium every open fails with an install hint.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { type StaticServer, serveStatic } from '../../web/server/serve.js';
import { REPO_ROOT as ROOT } from './paths.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS = join(ROOT, 'test-artifacts');
export const NO_CHROMIUM = `Chromium not found at ${CHROMIUM}: the browser tests need it. Install it with: apt-get install -y chromium`;

let server: StaticServer | undefined;
let browser: Browser | undefined;

export async function startApp(): Promise<void> {
  if (!existsSync(CHROMIUM)) return;
  mkdirSync(ARTIFACTS, { recursive: true });
  const { build } = await import('vite');
  await build({ configFile: join(ROOT, 'web', 'vite.config.ts'), logLevel: 'error' });
  server = await serveStatic(join(ROOT, 'dist', 'app'), 0);
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

/** The served app's address (after startApp). */
export function appUrl(): string {
  if (!server) assert.fail(NO_CHROMIUM);
  return server.url;
}

export async function stopApp(): Promise<void> {
  await browser?.close();
  await server?.close();
}

/** A fresh context (empty storage) at `hash`; page errors and outside requests are collected. */
export async function openApp(
  hash: string,
  ready: string,
  viewport = { width: 1100, height: 820 },
): Promise<{ ctx: BrowserContext; page: Page; errors: string[] }> {
  if (!browser) assert.fail(NO_CHROMIUM);
  const url = appUrl();
  const ctx = await browser.newContext({ viewport });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('request', (r) => {
    if (!r.url().startsWith(url) && !/^(data|blob|about):/.test(r.url())) errors.push(`external request: ${r.url()}`);
  });
  await page.goto(url + hash);
  await page.waitForSelector(ready);
  return { ctx, page, errors };
}

/** The centre of a square of a board (`selector` = the board element; orientation read from it). */
export async function squareAt(page: Page, square: string, selector = '#board'): Promise<[number, number]> {
  const wrap = page.locator(selector);
  const black = ((await wrap.getAttribute('class')) ?? '').includes('orientation-black');
  const style = (await wrap.getAttribute('style')) ?? '';
  const files = Number(/--files:\s*(\d+)/.exec(style)?.[1]);
  const ranks = Number(/--ranks:\s*(\d+)/.exec(style)?.[1]);
  await page.locator(`${selector} cg-board`).scrollIntoViewIfNeeded();
  await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
  const box = await page.locator(`${selector} cg-board`).boundingBox();
  assert.ok(box, 'board is visible');
  const f = square.charCodeAt(0) - 97;
  const r = Number(square.slice(1)) - 1;
  const col = black ? files - 1 - f : f;
  const row = black ? r : ranks - 1 - r;
  return [box.x + ((col + 0.5) * box.width) / files, box.y + ((row + 0.5) * box.height) / ranks];
}
