/**
 * Measures the web app (numbers go in bench/README.md (web section); tests never time anything):
 *   - first-load size: index.html + the JS and CSS it loads, gzipped (level 9, as served);
 *     the engine worker, fetched on first use, separately;
 *   - engine reply time at the default level (4), in the browser's Web Worker, from the request
 *     to the frame showing the reply;
 *   - time to render a move on the board: from the board's move event to the next painted frame;
 *   - first contentful paint of the play page.
 *
 *   npx tsc -p tsconfig.json && node dist/bench/web-measure.js [movesPerVariant]
 * Needs Chromium (/usr/bin/chromium or CHROMIUM_PATH).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../test/helpers/chromium.js';
import { serveStatic } from '../web/server/serve.js';
import { GameController } from '../web/src/model/controller.js';
import { MENU_VARIANTS } from '../web/src/model/menu.js';
import { defaultSettings } from '../web/src/model/settings.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const APP = join(ROOT, 'dist', 'app');
const VARIANTS = MENU_VARIANTS;
const MOVES = Number(process.argv[2] ?? 6);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.floor((s.length - 1) / 2)] as number) : Number.NaN;
};
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  const { build } = await import('vite');
  await build({ configFile: join(ROOT, 'web', 'vite.config.ts'), logLevel: 'error' });

  // ---- sizes
  const html = readFileSync(join(APP, 'index.html'));
  const assets = [...html.toString().matchAll(/(?:src|href)="\.\/(assets\/[^"]+\.(?:js|css))"/g)].map(
    (m) => m[1] as string,
  );
  let first = gzipSync(html, { level: 9 }).length;
  let firstRaw = html.length;
  const rows: string[] = [`| index.html | ${kb(html.length)} | ${kb(first)} |`];
  for (const a of assets) {
    const body = readFileSync(join(APP, a));
    const gz = gzipSync(body, { level: 9 }).length;
    first += gz;
    firstRaw += body.length;
    rows.push(`| ${a.replace(/-[\w-]{8}\./, '.')} | ${kb(body.length)} | ${kb(gz)} |`);
  }
  const workerFile = readFileSync(
    join(
      APP,
      'assets',
      (await import('node:fs')).readdirSync(join(APP, 'assets')).find((f) => f.startsWith('engine.worker')) as string,
    ),
  );
  console.log('## Size\n\n| file | raw | gzip |\n|---|---|---|');
  console.log(rows.join('\n'));
  console.log(`| **first load** | ${kb(firstRaw)} | **${kb(first)}** |`);
  console.log(
    `| engine worker (on first use) | ${kb(workerFile.length)} | ${kb(gzipSync(workerFile, { level: 9 }).length)} |\n`,
  );

  // ---- browser timings
  const server = await serveStatic(APP, 0);
  const browser = await launchChromium();
  console.log(`## Timings (${MOVES} engine replies per variant, level 4, headless Chromium)\n`);
  console.log(
    '| variant | engine reply median / max (ms) | move render median / max (ms) | first contentful paint (ms) |',
  );
  console.log('|---|---|---|---|');
  let seed = 12345;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  for (const id of VARIANTS) {
    const ctx = await browser.newContext({ viewport: { width: 1100, height: 820 }, bypassCSP: true });
    const page = await ctx.newPage();
    await page.goto(`${server.url}#/play?variant=${id}&mode=engine&color=black&level=4`);
    await page.waitForSelector('#board cg-board piece');
    const fcp = Number(
      await page.evaluate(`performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN`),
    );
    for (let i = 0; i < MOVES; i++) {
      const n = 2 * i + 1;
      await page.waitForFunction(
        `document.querySelectorAll('#moves button').length >= ${n} && document.querySelector('#status')?.dataset.thinking === 'false'`,
        null,
        { timeout: 60000 },
      );
      if (await page.locator('#banner:not([hidden])').count()) break;
      const fen = (await page.locator('#fen').textContent()) as string;
      const c = GameController.fromFen({ ...defaultSettings(id), mode: 'hotseat' }, fen);
      if (!c.ok) throw new Error(c.error);
      const options: Array<[string, string]> = [];
      for (const [from, tos] of c.value.snapshot.dests) for (const to of tos) options.push([from, to]);
      const plain = options.filter(([f, t]) => {
        const probe = GameController.fromFen({ ...defaultSettings(id), mode: 'hotseat' }, fen);
        return probe.ok && probe.value.move(f, t).kind === 'played';
      });
      const [from, to] = plain[Math.floor(rand() * plain.length)] as [string, string];
      for (const sq of [from, to]) {
        const box = await page.locator('#board cg-board').boundingBox();
        if (!box) throw new Error('no board');
        const def = c.value.def;
        const f = sq.charCodeAt(0) - 97;
        const r = Number(sq.slice(1)) - 1;
        // Black's view: a flipped board
        await page.mouse.click(
          box.x + ((def.files - 1 - f + 0.5) * box.width) / def.files,
          box.y + ((r + 0.5) * box.height) / def.ranks,
        );
      }
      await page.waitForFunction(`document.querySelectorAll('#moves button').length >= ${n + 1}`);
    }
    await page.waitForFunction(`document.querySelector('#status')?.dataset.thinking === 'false'`, null, {
      timeout: 60000,
    });
    await page.waitForTimeout(100);
    const engine = (await page.evaluate(
      `performance.getEntriesByName('caravan:engine-reply').map((e) => e.duration)`,
    )) as number[];
    const render = (await page.evaluate(
      `performance.getEntriesByName('caravan:move-render').map((e) => e.duration)`,
    )) as number[];
    console.log(
      `| ${id} | ${median(engine).toFixed(0)} / ${Math.max(...engine).toFixed(0)} (n=${engine.length}) | ${median(render).toFixed(1)} / ${Math.max(...render).toFixed(1)} (n=${render.length}) | ${fcp.toFixed(0)} |`,
    );
    await ctx.close();
  }
  await browser.close();
  await server.close();
}

await main();
