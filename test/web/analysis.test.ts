/**
 * The analysis board in a real browser (issue 13, "Analysis board"): a variation made from an
 * earlier move, exported in PGN and read back; MultiPV shows 3 lines, with the eval bar and the
 * best-move arrow; the analysis stops and clears when the game is over; game review marks a
 * hung queen as a blunder (??) with the better move; the play page's "Analyse" opens its game.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ARTIFACTS, clickSquare, type Harness, openPage, startBrowser } from './browser-harness.js';

let harness: Harness | undefined;
before(async () => {
  harness = await startBrowser('app-analysis');
});
after(async () => {
  await harness?.close();
});

const READY = '#board cg-board';

function openApp(hash: string, ready: string) {
  if (!harness) assert.fail('the browser harness did not start');
  return openPage(harness, hash, undefined, ready);
}

const treeMoves = (page: Page, selector = '#tree button') => page.locator(selector).allTextContents();

async function waitFor(page: Page, predicate: string, timeout = 20_000): Promise<void> {
  await page.waitForFunction(predicate, null, { timeout });
}

describe('analysis board', () => {
  it('a move from an earlier position starts a variation; PGN export keeps it and reads back', async () => {
    const { ctx, page, errors } = await openApp('#/analysis?variant=chess&moves=e2e4,e7e5,g1f3', READY);
    assert.deepEqual(await treeMoves(page), ['e4', 'e5', 'Nf3']);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await clickSquare(page, 'c7');
    await clickSquare(page, 'c5');
    await waitFor(page, "document.querySelectorAll('#tree .variation button').length === 1");
    assert.deepEqual(await treeMoves(page, '#tree .variation button'), ['c5']);
    assert.deepEqual(await treeMoves(page, '#tree button.main'), ['e4', 'e5', 'Nf3'], 'the main line is kept');
    // ↑ goes back to the main line's move of the same ply.
    await page.keyboard.press('ArrowUp');
    assert.equal(await page.locator('#tree button.current').textContent(), 'e5');
    await page.click('#export-pgn');
    const pgn = await page.locator('#pgn-out').inputValue();
    assert.match(pgn.replace(/\s+/g, ' '), /1\. e4 e5 \(1\.\.\. c5\) 2\. Nf3 \*/);
    // Read back: the same tree.
    await page.fill('#analysis-input', pgn);
    await page.click('#load-analysis');
    await waitFor(page, "document.querySelectorAll('#tree .variation button').length === 1");
    assert.deepEqual(await treeMoves(page), ['e4', 'e5', 'c5', 'Nf3'], 'the variation after the move it replaces');
    // Promote the variation: c5 becomes the main line.
    await page.locator('#tree .variation button', { hasText: 'c5' }).click();
    await page.click('#promote');
    assert.deepEqual(await treeMoves(page, '#tree button.main'), ['e4', 'c5']);
    await page.click('#delete');
    assert.deepEqual(await treeMoves(page, '#tree button.main'), ['e4', 'e5', 'Nf3']);
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  it('MultiPV shows 3 lines in SAN with depth and speed; eval bar and best-move arrow follow line 1', async () => {
    const { ctx, page, errors } = await openApp('#/analysis?variant=wildebeest', READY);
    await page.selectOption('#multipv', '3');
    await waitFor(page, "document.querySelectorAll('#lines li').length === 3");
    // The lines shown are always one depth's: read again and again while the search deepens, they
    // never share a first move (line 1 of a new depth beside lines 2–3 of the last could).
    for (let sample = 0; sample < 40; sample++) {
      const firsts = await page
        .locator('#lines li .pv')
        .evaluateAll((els) => els.map((e) => e.textContent?.split(' ')[0]));
      assert.equal(new Set(firsts).size, 3, `three different first moves (sample ${sample}: ${firsts.join(', ')})`);
      await page.waitForTimeout(25);
    }
    assert.match((await page.locator('#engine-meta').textContent()) ?? '', /^depth \d+ · \d+ kN\/s/);
    await waitFor(page, "document.querySelector('#eval-bar-label').textContent !== ''");
    assert.match((await page.locator('#eval-bar-label').textContent()) ?? '', /^([+−]\d+\.\d|0\.0|−?M\d+)$/);
    await waitFor(page, "document.querySelectorAll('#board svg.cg-shapes g > *').length >= 1");
    // Stop: the engine rests and its lines go; start again (in the start position, where there
    // are surely 3 moves: the end of a clicked line may have fewer).
    await page.click('#engine-toggle');
    assert.equal(await page.locator('#engine-toggle').textContent(), 'Start engine');
    assert.equal(await page.locator('#lines li').count(), 0);
    await page.click('#engine-toggle');
    await waitFor(page, "document.querySelectorAll('#lines li').length === 3");
    // A line clicked is played into the tree.
    // Read and click in one step: the lines change as the search goes deeper.
    const line = (
      await page.evaluate<string>(
        "(() => { const li = document.querySelector('#lines li'); li.click(); return li.dataset.moves; })()",
      )
    ).split(' ');
    assert.deepEqual((await treeMoves(page)).slice(0, line.length), line);
    await page.screenshot({ path: join(ARTIFACTS, 'analysis-multipv.png') });
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  it('an arrow asked for while the board has no area is drawn when the board shows, never at NaN', async () => {
    // chessgroundx places shapes from the board's box; a 0 × 0 box (hidden, not yet laid out)
    // would put the best-move arrow at NaN. The board holds it back until it has a size.
    const { ctx, page, errors } = await openApp('#/analysis?variant=chess&moves=e2e4', READY);
    const arrows = "document.querySelectorAll('#board svg.cg-shapes line').length";
    await waitFor(page, `${arrows} === 1`);
    await page.evaluate("document.querySelector('#board').style.display = 'none'");
    await page.keyboard.press('ArrowLeft'); // the start position: a new search, a new arrow
    await waitFor(
      page,
      "document.querySelectorAll('#lines li').length >= 1 && !document.querySelector('#tree button.current')",
    );
    await page.waitForTimeout(300); // the engine reports (and asks for arrows) while the board is hidden
    await page.evaluate("document.querySelector('#board').style.display = ''");
    await waitFor(page, `${arrows} === 1`);
    const ends = await page
      .locator('#board svg.cg-shapes line')
      .evaluate((l) => ['x1', 'y1', 'x2', 'y2'].map((a) => Number(l.getAttribute(a))));
    assert.ok(ends.every(Number.isFinite), `arrow ends ${ends.join(', ')}`);
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  it('stops and clears the analysis when the game is over', async () => {
    // Fool's mate: the last move mates; one move earlier the engine has lines.
    const { ctx, page, errors } = await openApp('#/analysis?variant=chess&moves=f2f3,e7e5,g2g4,d8h4', READY);
    await waitFor(page, "document.querySelector('#engine-meta').textContent.startsWith('Game over')");
    assert.equal(await page.locator('#lines li').count(), 0);
    assert.equal(await page.locator('#board svg.cg-shapes g > *').count(), 0, 'no arrow');
    assert.equal(await page.locator('#eval-bar-label').textContent(), '0-1');
    await page.keyboard.press('ArrowLeft');
    await waitFor(page, "document.querySelectorAll('#lines li').length >= 1");
    await page.keyboard.press('ArrowRight');
    await waitFor(page, "document.querySelectorAll('#lines li').length === 0");
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  it('game review marks a hung queen as a blunder with the better move, graph and accuracy', async () => {
    // 2… Qh4?? puts the queen where the knight on f3 takes it.
    const pgn = '[Event "Review test"]\n\n1. e4 e5 2. Nf3 Qh4 3. Nxh4 Nc6 *';
    const { ctx, page, errors } = await openApp(`#/analysis?pgn=${encodeURIComponent(pgn)}`, READY);
    await page.click('#review');
    await page.waitForSelector('#accuracy-white', { timeout: 90_000 });
    const qh4 = page.locator('#tree button', { hasText: 'Qh4' });
    assert.equal(await qh4.textContent(), 'Qh4??');
    assert.ok(((await qh4.getAttribute('data-nags')) ?? '').split(' ').includes('4'));
    assert.match((await page.locator('#tree .comment').allTextContents()).join(' '), /Blunder\. \S+ was best\./);
    assert.match((await page.locator('#accuracy-black').textContent()) ?? '', /1 blunders/);
    // The graph: one point per ply, a click goes there.
    assert.equal(await page.locator('#eval-graph circle.blunder').count(), 1);
    const box = await page.locator('#eval-graph svg').boundingBox();
    assert.ok(box);
    await page.mouse.click(box.x + 1, box.y + box.height / 2);
    assert.equal(await page.locator('#tree button.current').count(), 0, 'the start is shown');
    await page.click('#export-pgn');
    assert.match(
      (await page.locator('#pgn-out').inputValue()).replace(/\s+/g, ' '),
      /2\. Nf3 Qh4 \$4 \{Blunder\. \S+ was best\.\}/,
    );
    await page.screenshot({ path: join(ARTIFACTS, 'analysis-review.png') });
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  it('the play page’s Analyse opens the game in progress, during the game', async () => {
    const { ctx, page, errors } = await openApp('#/play?variant=chess', READY);
    await clickSquare(page, 'e2');
    await clickSquare(page, 'e4');
    await page.waitForFunction("document.querySelectorAll('#moves button').length === 1");
    await page.click('#analyse');
    await page.waitForSelector('#tree');
    await page.waitForSelector(READY);
    assert.deepEqual(await treeMoves(page), ['e4']);
    assert.equal(await page.locator('#tree button.current').textContent(), 'e4');
    assert.deepEqual(errors, []);
    await ctx.close();
  });
});

describe('the play page’s analysis line', () => {
  it('is cleared when the game ends (no stale line stays up)', async () => {
    // White mates with Ra8.
    const fen = '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1';
    const { ctx, page, errors } = await openApp(`#/play?variant=chess&fen=${encodeURIComponent(fen)}`, READY);
    await page.check('#analysis-toggle');
    await page.waitForSelector('#pv', { timeout: 20_000 });
    await clickSquare(page, 'a1');
    await clickSquare(page, 'a8');
    await page.waitForSelector('#result');
    await waitFor(page, "document.querySelector('#analysis').textContent === 'Analysis: the game is over.'");
    assert.equal(await page.locator('#pv').count(), 0);
    assert.deepEqual(errors, []);
    await ctx.close();
  });
});
