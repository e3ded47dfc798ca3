/**
 * Issue 13's board editor and games-and-play features in a real browser (playwright-core driving
 * Debian's Chromium): the editor refuses two kings of one colour and plays from an edited
 * position; the archive keeps three games across a reload; a short clock flags; a move made with
 * the keyboard only; resign, a draw offer to the computer, rematch; the dark theme and a phone.
 * Screenshots go to test-artifacts/.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  ARTIFACTS,
  clickMove,
  clickSquare,
  type Harness,
  openPage,
  sans,
  squareCentre,
  startBrowser,
  waitForMoves,
} from './browser-harness.js';

let harness: Harness;

before(async () => {
  harness = await startBrowser('app-play-features');
});

after(async () => {
  await harness?.close();
});

const fen = (page: Page) => page.locator('#fen').textContent() as Promise<string>;
const text = async (page: Page, selector: string) => (await page.locator(selector).textContent()) ?? '';

/** Drag a piece from the editor's palette onto a square of the editor board. */
async function dropFromPalette(page: Page, piece: string, square: string): Promise<void> {
  const box = await page.locator(`#palette [data-piece="${piece}"]`).boundingBox();
  assert.ok(box, `palette has ${piece}`);
  const [x, y] = await squareCentre(page, square, '#editor-board');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(x, y, { steps: 8 });
  await page.mouse.up();
}

describe('board editor', () => {
  it('refuses two white kings with the library message, then plays from an edited position', async () => {
    const { ctx, page, errors } = await openPage(harness, '#/editor?variant=wildebeest');
    assert.equal(await text(page, '#editor-error'), '');
    await dropFromPalette(page, 'K', 'e5');
    await page.waitForFunction(`document.querySelector('#editor-error').textContent !== ''`);
    assert.match(await text(page, '#editor-error'), /White has 2 kings, needs exactly 1/);
    assert.ok(await page.locator('#editor-play-friend').isDisabled(), 'no play from a refused setup');
    await page.screenshot({ path: join(ARTIFACTS, 'editor-two-kings.png') });
    // The eraser takes the second king off again; then the black queen (e10 in Wildebeest) too.
    await page.click('#palette-remove');
    await clickSquare(page, 'e5', '#editor-board');
    await page.waitForFunction(`document.querySelector('#editor-error').textContent === ''`);
    await clickSquare(page, 'g10', '#editor-board');
    await page
      .waitForFunction(`document.querySelector('#editor-fen').value.startsWith('rnccwk1bbnr/')`, null, {
        timeout: 3000,
      })
      .catch(() => undefined);
    const edited = (await page.inputValue('#editor-fen')).split(' ')[0] as string;
    assert.equal(edited.split('/')[0], 'rnccwk1bbnr', 'the black queen is gone');
    await page.click('#editor-play-friend');
    await page.waitForSelector('#board cg-board');
    assert.equal(((await fen(page)).split(' ')[0] as string).split('/')[0], 'rnccwk1bbnr');
    await clickMove(page, 'f2', 'f5');
    assert.deepEqual(await sans(page), ['f5']);
    assert.deepEqual(errors, []);
    await ctx.close();
  });
});

describe('game archive', () => {
  it('keeps three games across a reload; a new game never replaces the one in progress', async () => {
    const { ctx, page, errors } = await openPage(harness, '#/play?variant=wildebeest&moves=f2f5');
    await waitForMoves(page, 1);
    await page.goto(`${harness.server.url}#/play?variant=camel-decimal&moves=e3e5%20e8e6`);
    await waitForMoves(page, 2);
    // The home page's Start game begins a third game; the second stays kept.
    await page.goto(`${harness.server.url}#/`);
    await page.waitForSelector('#kept-note');
    await page.check('input[name="variant"][value="wildebeest"]');
    await page.click('input[name="mode"][value="hotseat"]');
    await page.click('#start');
    await page.waitForSelector('#board cg-board');
    await clickMove(page, 'f2', 'f4');
    await page.reload();
    await page.waitForSelector('#board cg-board');
    await page.goto(`${harness.server.url}#/games`);
    await page.waitForSelector('section.games');
    assert.equal(await page.locator('tr.game-row').count(), 3);
    const variants = await page.locator('tr.game-row td:nth-child(2)').allTextContents();
    assert.deepEqual(variants.sort(), ['Camel Decimal Chess', 'Wildebeest Chess', 'Wildebeest Chess']);
    // Reopen the Camel Decimal game: it goes on where it stopped.
    await page.locator('tr.game-row', { hasText: 'Camel Decimal' }).locator('.open-game').click();
    await page.waitForSelector('#board cg-board');
    assert.deepEqual(await sans(page), ['e5', 'e6']);
    await page.goto(`${harness.server.url}#/games`);
    await page.waitForSelector('tr.game-row');
    const download = page.waitForEvent('download');
    await page.click('#export-all');
    const file = await (await download).path();
    const pgn = readFileSync(file, 'utf8');
    assert.equal((pgn.match(/^\[Event /gm) ?? []).length, 3, 'one PGN with every game');
    assert.match(pgn, /\[Variant "camel-decimal"\]/);
    await page.screenshot({ path: join(ARTIFACTS, 'games.png') });
    await page.locator('tr.game-row').first().locator('.delete-game').click();
    await page.waitForFunction(`document.querySelectorAll('tr.game-row').length === 2`);
    assert.deepEqual(errors, []);
    await ctx.close();
  });
});

describe('clocks, resign, draw, rematch', () => {
  it('a short clock flags: White moved, Black ran out of time and loses', async () => {
    const { ctx, page, errors } = await openPage(harness, '#/play?variant=wildebeest&mode=hotseat&tc=0.02%2B0');
    assert.equal(await page.locator('#clocks').isHidden(), false);
    assert.match(await text(page, '#clock-black'), /0:01\.\d/);
    await clickMove(page, 'f2', 'f5');
    await page.waitForSelector('#banner:not([hidden])', { timeout: 5000 });
    assert.equal(await text(page, '#result'), '1-0');
    assert.match(await text(page, '#end-text'), /Black lost on time/);
    await page.click('#io summary');
    await page.click('#copy-pgn');
    assert.ok(await page.locator('#rematch').isHidden(), 'no colour swap in a two-player game');
    await page.screenshot({ path: join(ARTIFACTS, 'play-flag.png'), fullPage: true });
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  it('resigns against the computer, then a rematch gives the other colour', async () => {
    const { ctx, page, errors } = await openPage(harness, '#/play?variant=wildebeest&mode=engine&color=white&level=1');
    await clickMove(page, 'f2', 'f5');
    await waitForMoves(page, 2, 20000);
    await page.click('#resign');
    await page.waitForSelector('#banner:not([hidden])');
    assert.equal(await text(page, '#result'), '0-1');
    assert.match(await text(page, '#end-text'), /White resigns/);
    assert.ok(await page.locator('#takeback').isDisabled(), 'no take back after resigning');
    await page.click('#rematch');
    await page.waitForFunction(`document.querySelector('#banner').hidden`);
    assert.match(await text(page, '.game-title'), /Caravan \(level 1\) – You/);
    // The computer (White now) opens the rematch.
    await waitForMoves(page, 1, 20000);
    await page.goto(`${harness.server.url}#/games`);
    await page.waitForSelector('tr.game-row');
    assert.equal(await page.locator('tr.game-row').count(), 2);
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  it('the computer takes a draw when it stands worse and declines when it stands better', async () => {
    // White (the person) has an extra queen: the computer (Black) is lost and accepts.
    const worse = 'rnccwk1bbnr/ppppppppppp/11/11/11/11/11/11/PPPPPPPPPPP/RNBBQKWCCNR w KQkq - 0 1';
    const { ctx, page, errors } = await openPage(
      harness,
      `#/play?variant=wildebeest&mode=engine&color=white&level=2&fen=${encodeURIComponent(worse)}`,
    );
    await clickMove(page, 'f2', 'f5');
    await waitForMoves(page, 2, 20000);
    await page.click('#offer-draw');
    assert.match(await text(page, '#draw-answer'), /accepts/);
    assert.equal(await text(page, '#result'), '1/2-1/2');
    assert.match(await text(page, '#end-text'), /Draw agreed/);
    // Black (the computer) a queen up: it plays on.
    const better = 'rnccwkqbbnr/ppppppppppp/11/11/11/11/11/11/PPPPPPPPPPP/RNBB1KWCCNR w KQkq - 0 1';
    await page.goto(
      `${harness.server.url}#/play?variant=wildebeest&mode=engine&color=white&level=2&fen=${encodeURIComponent(better)}`,
    );
    await page.waitForFunction(`document.querySelectorAll('#moves button').length === 0`);
    await clickMove(page, 'f2', 'f5');
    await waitForMoves(page, 2, 20000);
    await page.click('#offer-draw');
    assert.match(await text(page, '#draw-answer'), /declines/);
    assert.ok(await page.locator('#banner').isHidden());
    assert.deepEqual(errors, []);
    await ctx.close();
  });
});

describe('keyboard, looks, phones', () => {
  it('plays a move with the keyboard only: cursor over the squares, Enter to pick and drop', async () => {
    const { ctx, page, errors } = await openPage(harness, '#/play?variant=wildebeest&mode=hotseat');
    assert.match((await page.locator('#board').getAttribute('aria-label')) ?? '', /Wildebeest Chess board/);
    assert.match(await text(page, '#board-description'), /White: Rook a1, Knight b1.*White to move/);
    await page.focus('#board');
    assert.match(await text(page, '#board-announce'), /^a1: white Rook/);
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowUp');
    assert.match(await text(page, '#board-announce'), /^f2: white Pawn/);
    await page.keyboard.press('Enter');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await waitForMoves(page, 1);
    assert.deepEqual(await sans(page), ['f5']);
    assert.match(await text(page, '#board-description'), /Black to move/);
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  it('announces a pending result: a bared king that must take back now (Shatranj Kamil)', async () => {
    const bare = '4k5/10/10/10/10/10/10/10/R9/4K5 b - - 0 1';
    const { ctx, page, errors } = await openPage(
      harness,
      `#/play?variant=shatranj-kamil&mode=hotseat&fen=${encodeURIComponent(bare)}`,
    );
    assert.match(await text(page, '#pending'), /Black's king is bare: it must take White's last man now, or lose/);
    await page.fill('#san-input', 'Kd10');
    await page.press('#san-input', 'Enter');
    await page.waitForSelector('#banner:not([hidden])');
    assert.ok(await page.locator('#pending').isHidden(), 'nothing pending once the game is over');
    // The editor's Analyse opens the position on the analysis board.
    await page.goto(`${harness.server.url}#/editor?variant=shatranj-kamil&fen=${encodeURIComponent(bare)}`);
    await page.waitForSelector('#editor-board cg-board');
    await page.click('#editor-analyse');
    await page.waitForSelector('#eval-bar');
    await page.waitForSelector('#board cg-board');
    assert.equal(await fen(page), bare);
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  it('dark mode and board colours persist; screenshots of the dark theme and a 390×844 phone', async () => {
    const { ctx, page, errors } = await openPage(harness, '#/play?variant=bachelor-kamil&mode=hotseat&tc=5%2B3');
    await page.click('#look summary');
    await page.check('#dark-toggle');
    await page.selectOption('#board-theme', 'green');
    await clickMove(page, 'e2', 'e4');
    await page.reload();
    await page.waitForSelector('#board cg-board');
    assert.equal(await page.evaluate('document.documentElement.dataset.theme'), 'dark');
    assert.equal(await page.evaluate('document.documentElement.dataset.board'), 'green');
    const bg = await page.evaluate('getComputedStyle(document.documentElement).backgroundColor');
    assert.equal(bg, 'rgb(22, 19, 15)');
    await page.screenshot({ path: join(ARTIFACTS, 'play-dark.png') });
    await ctx.close();

    const phone = await openPage(harness, '#/', { width: 390, height: 844 });
    const start = await phone.page.locator('#start').boundingBox();
    assert.ok(start && start.y + start.height <= 844, `Start button on the first screen (y ${start?.y})`);
    await phone.page.screenshot({ path: join(ARTIFACTS, 'home-phone.png') });
    await phone.page.goto(`${harness.server.url}#/play?variant=wildebeest&mode=hotseat`);
    await phone.page.waitForSelector('#board cg-board');
    // The file letters sit below the first rank, not over its pieces.
    const board = await phone.page.locator('#board cg-board').boundingBox();
    const letter = await phone.page.locator('#board coords.bottom coord').first().boundingBox();
    assert.ok(board && letter && letter.y >= board.y + board.height - 1, 'file letters below the board');
    await phone.page.screenshot({ path: join(ARTIFACTS, 'play-phone.png') });
    assert.deepEqual([...errors, ...phone.errors], []);
    await phone.ctx.close();
  });
});
