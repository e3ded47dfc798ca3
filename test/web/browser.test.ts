/**
 * The web app in a real browser (playwright-core driving Debian's Chromium, headless): every
 * variant's board, moves by clicking squares, promotion, every Wildebeest castle, scripted ends,
 * FEN/PGN import, reload, the engine, rules pages, a 360 px screen.
 *
 * The suite builds the app itself (Vite's JS API → dist/app) and serves it in-process. Without
 * Chromium it fails, saying how to install it. Screenshots go to test-artifacts/.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { NETWORK_ASSETS } from '../../src/engine/nnue/assets.js';
import { findVariant } from '../../src/variants/index.js';
import type { StaticServer } from '../../web/server/serve.js';
import {
  ARTIFACTS,
  CHROMIUM,
  clickSquare,
  type Harness,
  NO_CHROMIUM,
  openPage,
  squareCentre,
  startBrowser,
  waitForMoves,
} from './browser-harness.js';

let harness: Harness | undefined;
let server: StaticServer;

before(async () => {
  // Without Chromium every test below fails with NO_CHROMIUM (never a silent skip).
  if (!existsSync(CHROMIUM)) return;
  harness = await startBrowser('app');
  server = harness.server;
});

after(async () => {
  await harness?.close();
});

/** A fresh browser context (empty localStorage) and page; page errors fail the test. */
async function open(
  hash: string,
  viewport = { width: 1100, height: 820 },
): Promise<{ ctx: BrowserContext; page: Page; errors: string[] }> {
  if (!harness) assert.fail(NO_CHROMIUM);
  return openPage(harness, hash, viewport, 'cg-board, form#new-game');
}

/** Share-link hash that starts a game from a FEN. */
const fenHash = (variant: string, fen: string, extra = '') =>
  `#/play?variant=${variant}&fen=${encodeURIComponent(fen)}${extra}`;

/** Drag a piece from one square to another with the mouse. */
async function drag(page: Page, from: string, to: string): Promise<void> {
  const n = await moveCount(page);
  const [x0, y0] = await squareCentre(page, from);
  const [x1, y1] = await squareCentre(page, to);
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  await page.mouse.move(x1, y1, { steps: 8 });
  await page.mouse.up();
  await waitForMoves(page, n + 1);
}

/** Wait until exactly `n` elements match (the board redraws on the next animation frame). */
async function waitCount(page: Page, selector: string, n: number, timeout = 5000): Promise<void> {
  try {
    await page.waitForFunction(`document.querySelectorAll(${JSON.stringify(selector)}).length === ${n}`, null, {
      timeout,
    });
  } catch {
    assert.equal(await page.locator(selector).count(), n, selector);
  }
}

/** Wait for the board's move animation to finish (for screenshots). */
const settled = (page: Page) => waitCount(page, 'cg-board piece.anim, cg-board piece.fading', 0);

const moveCount = (page: Page) => page.locator('#moves button').count();

/** Move by clicking two squares; waits until the move is in the list (unless `played` is false). */
async function move(page: Page, from: string, to: string, played = true): Promise<void> {
  const n = await moveCount(page);
  await clickSquare(page, from);
  await clickSquare(page, to);
  if (played) await waitForMoves(page, n + 1);
}

/** Load a page from scratch (a new document, not only a new hash). */
async function load(page: Page, hash: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(server.url + hash);
  await page.waitForSelector('#board cg-board');
}

const promoteChoices = (page: Page) =>
  page.locator('#promotion [data-promote]').evaluateAll((els) => els.map((e) => e.getAttribute('data-promote')));

const fen = (page: Page) => page.locator('#fen').textContent() as Promise<string>;
const sans = (page: Page) => page.locator('#moves button').allTextContents();
/** Rank `n` of a FEN, one character per square ('.' = empty). */
const rankOf = (f: string, n: number) => {
  const rows = (f.split(' ')[0] as string).split('/');
  return (rows[rows.length - n] as string).replace(/\d+/g, (d) => '.'.repeat(Number(d)));
};

const VARIANT_MOVES: Record<string, Array<[string, string]>> = {
  wildebeest: [
    ['f2', 'f5'],
    ['e9', 'e6'],
    ['h1', 'g4'],
  ],
  'camel-decimal': [
    ['e3', 'e5'],
    ['e8', 'e6'],
    ['a1', 'b4'],
  ],
  'shatranj-kamil': [
    ['e2', 'e3'],
    ['e9', 'e8'],
    ['g1', 'g3'],
  ],
  'shatranj-kamil-2': [
    ['e2', 'e3'],
    ['e9', 'e8'],
    ['a1', 'a3'],
  ],
  'bachelor-kamil': [
    ['e2', 'e4'],
    ['e7', 'e5'],
    ['f1', 'g4'],
  ],
  'bachelor-kamil-reflective': [
    ['e2', 'e4'],
    ['e7', 'e5'],
    ['g1', 'h4'],
  ],
};

it('Chromium is installed', () => {
  assert.ok(existsSync(CHROMIUM), NO_CHROMIUM);
});

describe('every variant in the browser', () => {
  for (const [id, moves] of Object.entries(VARIANT_MOVES)) {
    it(`${id}: start from the home page, move by clicking, screenshot`, async () => {
      const def = findVariant(id);
      assert.ok(def);
      const { ctx, page, errors } = await open('#/');
      await page.check(`input[name=variant][value="${id}"]`);
      assert.equal(await page.locator('.summary p').first().textContent(), def.summary);
      await page.check('input[name=mode][value="hotseat"]');
      await page.click('#start');
      await page.waitForSelector('#board cg-board');
      assert.equal(await page.locator('#variant-name').textContent(), def.name);
      const pieces = (def.startFen.split(' ')[0] as string).replace(/[\d/]/g, '').length;
      await waitCount(page, '#board cg-board piece', pieces);
      for (const [from, to] of moves) await move(page, from, to);
      assert.equal((await sans(page)).length, moves.length, `moves played: ${await sans(page)}`);
      await settled(page);
      await page.locator('#board').screenshot({ path: join(ARTIFACTS, `board-${id}.png`) });
      assert.deepEqual(errors, []);
      await ctx.close();
    });
  }
});

describe('promotion and castling on the board', () => {
  it('promotes with the chooser offering exactly the variant’s choices', async () => {
    const { ctx, page } = await open(fenHash('wildebeest', '5k5/P10/11/11/11/11/11/11/11/5K5 w - - 0 1'));
    await move(page, 'a9', 'a10', false);
    await page.waitForSelector('#promotion');
    assert.deepEqual(await promoteChoices(page), ['Q', 'W']);
    await settled(page);
    await page.screenshot({ path: join(ARTIFACTS, 'promotion-wildebeest.png') });
    await page.click('[data-promote="W"]');
    assert.deepEqual(await sans(page), ['a10=W']);
    await waitCount(page, '#board cg-board piece.w-piece.white', 1);
    await ctx.close();

    const bk = await open(fenHash('bachelor-kamil', '4k4/P8/9/9/9/9/9/4K4 w - - 0 1'));
    await move(bk.page, 'a7', 'a8', false);
    await bk.page.waitForSelector('#promotion');
    assert.deepEqual(await promoteChoices(bk.page), ['R', 'N', 'B', 'C', 'Q', 'W']);
    await bk.page.click('#promotion-cancel');
    assert.deepEqual(await sans(bk.page), []);
    await waitCount(bk.page, '#board cg-board piece.p-piece.white', 1);
    await bk.ctx.close();
  });

  const WB = '1k9/11/11/11/11/11/11/11/11/R4K4R w KQ - 0 1';
  const castles: Array<[string, string, string]> = [
    ['k1', 'R....RK....', 'O-O:g1'],
    ['h1', 'R.....RK...', 'O-O:h1'],
    ['i1', 'R......RK..', 'O-O:i1'],
    ['j1', 'R.......RK.', 'O-O:j1'],
    ['a1', '....KR....R', 'O-O-O:e1'],
    ['d1', '...KR.....R', 'O-O-O:d1'],
    ['c1', '..KR......R', 'O-O-O:c1'],
    ['b1', '.KR.......R', 'O-O-O:b1'],
    ['g1', 'R.....K...R', 'Kg1'],
  ];
  it('castles Wildebeest-style at every distance, king onto rook for one square', async () => {
    const { ctx, page } = await open(fenHash('wildebeest', WB));
    for (const [to, after, san] of castles) {
      await load(page, fenHash('wildebeest', WB));
      await move(page, 'f1', to);
      assert.equal(rankOf(await fen(page), 1), after, `king to ${to}`);
      assert.deepEqual(await sans(page), [san]);
    }
    // Dragging works as well as clicking: the king dropped on its own rook castles one square.
    await load(page, fenHash('wildebeest', WB));
    await drag(page, 'f1', 'k1');
    assert.equal(rankOf(await fen(page), 1), 'R....RK....');
    await drag(page, 'b10', 'c10');
    await drag(page, 'a1', 'e1');
    assert.deepEqual(await sans(page), ['O-O:g1', 'Kc10', 'Rae1']);
    await ctx.close();
  });
});

describe('the end of a game', () => {
  const ends: Array<[string, string, string, string, string, string]> = [
    ['checkmate', 'wildebeest', 'k10/11/1K9/11/11/11/11/11/11/10R w - - 0 1', 'k1', 'k10', 'White wins by checkmate'],
    [
      'stalemate win',
      'wildebeest',
      'k10/11/11/11/11/11/11/11/1Q9/5K5 w - - 0 1',
      'b2',
      'b8',
      'Black is stalemated — White wins',
    ],
    [
      'bare king',
      'shatranj-kamil',
      '4k5/10/10/10/10/10/10/R6f2/10/4K3N1 w - - 0 1',
      'a3',
      'h3',
      'Black is bared — White wins',
    ],
    [
      'marriage',
      'bachelor-kamil',
      '4k4/9/9/9/9/9/Q8/4K4 w - - 0 1',
      'a2',
      'd2',
      'White wins by marriage: King next to Queen',
    ],
    [
      'taming',
      'bachelor-kamil',
      '4k4/9/9/9/9/9/9/W3K4 w - - 0 1',
      'a1',
      'd2',
      'White wins by taming: King next to Gnu',
    ],
  ];
  for (const [name, variant, start, from, to, text] of ends) {
    it(`${name} (${variant}) shows the result in words`, async () => {
      const { ctx, page } = await open(fenHash(variant, start));
      await move(page, from, to);
      await page.waitForSelector('#banner:not([hidden])');
      assert.equal(await page.locator('#end-text').textContent(), text);
      assert.equal(await page.locator('#result').textContent(), '1-0');
      await settled(page);
      await page.screenshot({ path: join(ARTIFACTS, `end-${name.replace(/ /g, '-')}.png`) });
      await ctx.close();
    });
  }
});

describe('FEN, PGN, keyboard, navigation, reload', () => {
  it('imports a FEN; a bad one shows an inline error and leaves the game alone', async () => {
    const { ctx, page } = await open('#/play?variant=camel-decimal');
    await move(page, 'e3', 'e5');
    const before = await fen(page);
    await page.click('#io summary');
    await page.fill('#import-text', 'c8c/1rnbqkbnr1/10 w');
    await page.click('#import');
    assert.match((await page.locator('#import-error').textContent()) ?? '', /FEN: .*ranks/);
    assert.equal(await fen(page), before);
    assert.deepEqual(await sans(page), ['e5']);
    await page.selectOption('#import-variant', 'shatranj-kamil');
    await page.fill('#import-text', '4k5/10/10/10/10/10/10/R6f2/10/4K3N1 w - - 0 1');
    await page.click('#import');
    assert.equal(await page.locator('#import-error').textContent(), '');
    assert.equal(await page.locator('#variant-name').textContent(), 'Shatranj Kamil');
    assert.equal(await fen(page), '4k5/10/10/10/10/10/10/R6f2/10/4K3N1 w - - 0 1');
    await waitCount(page, '#board cg-board piece', 5);
    await ctx.close();
  });

  it('reports a bad FEN in a shared link and keeps the game in progress', async () => {
    const { ctx, page } = await open('#/play?variant=wildebeest');
    await move(page, 'f2', 'f5');
    await page.goto(server.url + fenHash('wildebeest', 'k10/11/1K9 w - - 0 1'));
    await page.waitForFunction(`document.querySelector('#page-error')?.textContent !== ''`);
    assert.match((await page.locator('#page-error').textContent()) ?? '', /FEN: /);
    assert.deepEqual(await sans(page), ['f5']);
    await ctx.close();
  });

  it('imports PGN (with its Variant tag) and reports a bad move by number', async () => {
    const { ctx, page } = await open('#/play?variant=wildebeest');
    await page.click('#io summary');
    await page.fill('#import-text', '[Variant "Bachelor Kamil"]\n\n1. e4 e5 2. Ng3 Zz9 *');
    await page.click('#import');
    assert.match((await page.locator('#import-error').textContent()) ?? '', /^PGN: .*Zz9/);
    assert.equal(await page.locator('#variant-name').textContent(), 'Wildebeest Chess');
    await page.fill('#import-text', '[Variant "Bachelor Kamil"]\n\n1. e4 e5 2. Ng3 Ng6 *');
    await page.click('#import');
    assert.equal(await page.locator('#variant-name').textContent(), 'Bachelor Kamil');
    assert.deepEqual(await sans(page), ['e4', 'e5', 'Ng3', 'Ng6']);
    await ctx.close();
  });

  it('plays typed SAN, navigates with keys and clicks, takes back, survives a reload', async () => {
    const { ctx, page } = await open('#/play?variant=wildebeest');
    for (const san of ['f5', 'e6', 'fxe6']) {
      await page.fill('#san-input', san);
      await page.press('#san-input', 'Enter');
    }
    await page.fill('#san-input', 'Qz4');
    await page.press('#san-input', 'Enter');
    assert.match((await page.locator('#san-error').textContent()) ?? '', /Qz4/);
    assert.deepEqual(await sans(page), ['f5', 'e6', 'fxe6']);
    const live = await fen(page);
    await page.locator('#moves').click({ position: { x: 2, y: 2 } });
    await page.keyboard.press('ArrowLeft');
    assert.equal(await page.locator('#moves button.current').textContent(), 'e6');
    await page.keyboard.press('Home');
    await waitCount(page, '#moves button.current', 0);
    await waitCount(page, '#board cg-board piece:not(.fading)', 44);
    await page.click('#moves button[data-ply="1"]');
    assert.equal(await page.locator('#moves button.current').textContent(), 'f5');
    await page.keyboard.press('End');
    assert.equal(await fen(page), live);
    await page.click('#takeback');
    assert.deepEqual(await sans(page), ['f5', 'e6']);
    await page.click('#flip');
    assert.ok(await page.locator('#board.orientation-black').count());
    await page.reload();
    await page.waitForSelector('#board cg-board');
    assert.deepEqual(await sans(page), ['f5', 'e6']);
    assert.ok(await page.locator('#board.orientation-black').count(), 'flip is remembered');
    await ctx.close();
  });
});

describe('the computer', () => {
  it('answers a move from a Web Worker, takes premoves, and analyses', async () => {
    const { ctx, page, errors } = await open('#/play?variant=wildebeest&mode=engine&color=white&level=2');
    await move(page, 'f2', 'f4');
    await waitForMoves(page, 2, 20000);
    assert.equal(await page.locator('#status').getAttribute('data-thinking'), 'false');
    // A premove while the computer thinks at full strength for 6 s (think=6): g2-g3 is legal
    // whatever it plays, and the clicks take a small fraction of that time even on a loaded machine.
    await load(page, '#/play?variant=wildebeest&mode=engine&color=white&level=8&think=6');
    await move(page, 'f2', 'f4');
    await page.waitForSelector('#status[data-thinking="true"]');
    await move(page, 'g2', 'g3', false);
    // The premove is shown while the computer still thinks (drawn on the board's next frame).
    await waitCount(page, '#board square.current-premove', 2);
    assert.equal(await page.locator('#status').getAttribute('data-thinking'), 'true');
    await waitForMoves(page, 3, 20000);
    await waitForMoves(page, 4, 20000);
    assert.equal((await sans(page))[2], 'g3');
    await page.check('#analysis-toggle');
    await page.waitForSelector('#analysis #eval', { timeout: 20000 });
    assert.match((await page.locator('#depth').textContent()) ?? '', /^depth \d+/);
    assert.deepEqual(errors, []);
    await ctx.close();
  });
  it('fetches an enabled network when its variant is first searched, not with the page', async () => {
    // src/engine/nnue/assets.ts: an enabled network is a separate asset that the engine worker
    // fetches on its variant's first search (issue 12: the first page load stays small).
    const asset = NETWORK_ASSETS.find((a) => a.enabled);
    assert.ok(asset, 'assets.ts enables a network');
    const variant = asset.file.replace(/\.nnue$/, '');
    const { ctx, page, errors } = await open(`#/play?variant=${variant}&mode=engine&color=black&level=8&think=1`);
    await waitForMoves(page, 1, 20000);
    const pageFiles = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    assert.ok(!pageFiles.some((f) => f.endsWith('.nnue')), 'the page itself loads no network');
    const workerFiles: string[] = [];
    for (const worker of page.workers()) {
      workerFiles.push(...(await worker.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name))));
    }
    assert.ok(
      workerFiles.some((f) => f.endsWith('.nnue') && f.includes(variant)),
      `the engine worker fetched ${variant}'s network (it fetched: ${workerFiles.join(', ') || 'nothing'})`,
    );
    assert.deepEqual(errors, []);
    await ctx.close();
  });
});

describe('rules pages and small screens', () => {
  it('shows each variant’s start position and interactive move diagrams', async () => {
    const { ctx, page } = await open('#/rules/wildebeest');
    for (const [id, letter, count] of [
      ['wildebeest', 'W', 16],
      ['camel-decimal', 'C', 8],
      ['shatranj-kamil', 'E', 4],
      ['shatranj-kamil-2', 'D', 4],
      ['bachelor-kamil', 'W', 16],
      ['bachelor-kamil-reflective', 'C', 8],
    ] as const) {
      await page.goto(`${server.url}#/rules/${id}`);
      await page.waitForSelector(`#diagram cg-board`);
      await page.waitForFunction(
        `document.querySelector('h1')?.textContent === ${JSON.stringify(findVariant(id)?.name)}`,
      );
      await page.click(`[data-piece="${letter}"]`);
      await waitCount(page, '#diagram square.move-dest', count);
      if (id === 'wildebeest') {
        await clickSquare(page, 'a1', '#diagram > div');
        await page.waitForFunction(`document.querySelectorAll('#diagram square.move-dest').length === 4`);
        assert.match((await page.locator('#diagram-caption').textContent()) ?? '', /on a1/);
        await settled(page);
        await page.screenshot({ path: join(ARTIFACTS, 'rules-wildebeest.png'), fullPage: true });
      }
      assert.ok((await page.locator('ul.special li').count()) >= 5);
    }
    await ctx.close();
  });

  it('fits a 360 px wide screen', async () => {
    const { ctx, page } = await open('#/play?variant=wildebeest', { width: 360, height: 740 });
    const width = Number(await page.evaluate('document.documentElement.scrollWidth'));
    assert.ok(width <= 360, `page is ${width}px wide`);
    const box = await page.locator('#board cg-board').boundingBox();
    assert.ok(box && box.width > 300 && box.width <= 360, `board ${box?.width}px`);
    await move(page, 'f2', 'f5');
    assert.deepEqual(await sans(page), ['f5']);
    await settled(page);
    await page.screenshot({ path: join(ARTIFACTS, 'mobile-360.png'), fullPage: true });
    await ctx.close();
  });
});

describe('fixes found by the newcomer test (issue 13)', () => {
  it('1: playing Black, Take back is off until there is a move of yours to take back', async () => {
    const { ctx, page, errors } = await open('#/play?variant=wildebeest&mode=engine&color=black&level=1');
    await waitForMoves(page, 1, 20000);
    await page.waitForSelector('#status[data-thinking="false"]');
    assert.ok(await page.locator('#takeback').isDisabled(), 'only the computer has moved');
    await move(page, 'f9', 'f7'); // legal whatever White's first move was
    await waitForMoves(page, 3, 20000);
    await page.waitForSelector('#status[data-thinking="false"]');
    await page.click('#takeback');
    assert.equal((await sans(page)).length, 1, 'your move and the reply are taken back');
    assert.ok(await page.locator('#takeback').isDisabled());
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  it('2: a bad FEN names the FEN once and clears an old notice', async () => {
    const { ctx, page } = await open('#/play?variant=wildebeest');
    await page.click('#io summary');
    await page.click('#share');
    await page.waitForFunction(`document.querySelector('#notice')?.textContent !== ''`);
    await page.fill('#import-text', 'k10/11/1K9');
    await page.click('#import');
    assert.match((await page.locator('#import-error').textContent()) ?? '', /^FEN needs 2 to 6 fields/);
    assert.equal(await page.locator('#notice').textContent(), '');
    await ctx.close();
  });

  it('3: the board box is the squares; the promotion chooser sits at the square and Escape closes it', async () => {
    const { ctx, page } = await open(fenHash('wildebeest', 'k10/4P6/11/11/11/11/11/11/11/5K5 w - - 0 1'));
    const holder = await page.locator('.board-holder').boundingBox();
    const squares = await page.locator('#board cg-board').boundingBox();
    assert.ok(holder && squares);
    assert.ok(Math.abs(holder.width - squares.width) < 1, `box ${holder.width} px, squares ${squares.width} px`);
    assert.ok(Math.abs(holder.height - squares.height) < 1, `box ${holder.height} px, squares ${squares.height} px`);
    await move(page, 'e9', 'e10', false);
    await page.waitForSelector('#promotion');
    const chooser = await page.locator('#promotion .box').boundingBox();
    const [x, y] = await squareCentre(page, 'e10');
    assert.ok(chooser);
    assert.ok(Math.abs(chooser.x + chooser.width / 2 - x) < 2, 'centred on the promotion file');
    assert.ok(chooser.y <= y && chooser.y >= squares.y, 'starting on the promotion square');
    await page.keyboard.press('Escape');
    await waitCount(page, '#promotion', 0);
    assert.deepEqual(await sans(page), []);
    await ctx.close();
  });

  it('5: a move typed in lower case is played when only one move fits', async () => {
    const { ctx, page } = await open('#/play?variant=wildebeest');
    await page.fill('#san-input', 'nc3');
    await page.press('#san-input', 'Enter');
    await waitForMoves(page, 1);
    assert.deepEqual(await sans(page), ['Nc3']);
    await ctx.close();
  });

  it('7: the menu says “Current game”; home offers the computer first, then the last choice', async () => {
    const { ctx, page } = await open('#/');
    assert.equal(await page.locator('#nav-play').textContent(), 'Current game');
    assert.ok(await page.locator('input[name=mode][value="engine"]').isChecked(), 'a first visit: the computer');
    await page.check('input[name=variant][value="camel-decimal"]');
    await page.check('input[name=mode][value="hotseat"]');
    await page.click('#start');
    await page.waitForSelector('#board cg-board');
    await page.goto(`${server.url}#/`);
    await page.waitForSelector('form#new-game');
    assert.ok(await page.locator('input[name=mode][value="hotseat"]').isChecked(), 'the last choice comes back');
    assert.ok(await page.locator('input[name=variant][value="camel-decimal"]').isChecked());
    await ctx.close();
  });
});
