/**
 * Fairy-Stockfish (npm fairy-stockfish-nnue.wasm, GPL-3.0, a dev dependency) as a UCI engine
 * process for matches and cross-checks:
 *
 *   node --no-experimental-fetch dist/tools/peers/fairy-stockfish-uci.js [--variants <ini>]
 *
 * It loads the wasm engine, writes Caravan's variant definitions
 * (/work/shared/peers/fairy-stockfish-variants.ini: `<repo>/../shared/peers/…`, or `--variants`,
 * or $CARAVAN_FSF_VARIANTS) into the engine's in-memory file system, sets VariantPath, and relays
 * UCI between stdin/stdout and the engine.
 *
 * Variant names: Caravan's ids are the ini's section names, except `wildebeest`: Fairy-Stockfish
 * allows one castling distance per side, so `UCI_Variant wildebeest` selects the section
 * `wildebeest-c2` (king moves two squares, the most common castle; override with
 * --wildebeest-section or $CARAVAN_FSF_WILDEBEEST). Castles of other distances by the opponent
 * cannot be replayed by Fairy-Stockfish, so Wildebeest games against it are approximate; the
 * UCI_Variant combo it announces lists `wildebeest` too.
 */

import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

interface StockfishModule {
  postMessage(line: string): void;
  addMessageListener(listener: (line: string) => void): void;
  FS: { writeFile(path: string, data: string): void };
}

function flagValue(argv: readonly string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
}

function defaultIniPath(): string {
  const here = dirname(fileURLToPath(import.meta.url)); // <repo>/dist/tools/peers
  const repo = resolve(here, '..', '..', '..');
  const shared = process.env.CARAVAN_SHARED ? resolve(process.env.CARAVAN_SHARED) : join(repo, '..', 'shared');
  return join(shared, 'peers', 'fairy-stockfish-variants.ini');
}

/** Caravan variant id → section of the ini. */
function sectionMap(argv: readonly string[]): Map<string, string> {
  const wildebeest = flagValue(argv, 'wildebeest-section') ?? process.env.CARAVAN_FSF_WILDEBEEST ?? 'wildebeest-c2';
  return new Map([['wildebeest', wildebeest]]);
}

/** Rewrite one GUI → engine line (variant names). */
export function toEngine(line: string, sections: ReadonlyMap<string, string>): string {
  const m = /^(\s*setoption\s+name\s+UCI_Variant\s+value\s+)(\S+)\s*$/i.exec(line);
  if (m) {
    const mapped = sections.get((m[2] as string).toLowerCase());
    if (mapped) return `${m[1]}${mapped}`;
  }
  return line;
}

/**
 * Rewrite one engine → GUI line: a short `id name` (for PGN tags), and the UCI_Variant combo
 * also lists the mapped Caravan ids.
 */
export function toGui(line: string, sections: ReadonlyMap<string, string>): string {
  const name = /^id name Fairy-Stockfish \[commit: (\w+)/.exec(line);
  if (name) return `id name Fairy-Stockfish ${name[1]} wasm`;
  if (/^option name UCI_Variant type combo /.test(line)) {
    const vars = new Set([...line.matchAll(/ var (\S+)/g)].map((m) => m[1] as string));
    const extra = [...sections.entries()].filter(([id, section]) => vars.has(section) && !vars.has(id));
    return line + extra.map(([id]) => ` var ${id}`).join('');
  }
  return line;
}

async function main(argv: readonly string[]): Promise<void> {
  const iniPath = flagValue(argv, 'variants') ?? process.env.CARAVAN_FSF_VARIANTS ?? defaultIniPath();
  if (!existsSync(iniPath)) {
    process.stderr.write(`fairy-stockfish-uci: variants file not found: ${iniPath}\n`);
    process.exitCode = 2;
    return;
  }
  const sections = sectionMap(argv);
  // The emscripten loader misreads its own path as a URL when fetch exists (Node 20).
  Reflect.deleteProperty(globalThis, 'fetch');
  const require = createRequire(import.meta.url);
  const load = require('fairy-stockfish-nnue.wasm/stockfish.js') as () => Promise<StockfishModule>;
  const sf = await load();
  let searching = false;
  let infinite = false;
  let swallowReadyok = false;
  let wake: (() => void) | undefined;
  sf.addMessageListener((line) => {
    if (/^bestmove\b/.test(line)) searching = false;
    if (swallowReadyok && line.trim() === 'readyok') {
      swallowReadyok = false;
      wake?.();
      return;
    }
    process.stdout.write(`${toGui(line, sections)}\n`);
    if (!searching) wake?.();
  });
  const settled = (test: () => boolean, ms: number): Promise<void> =>
    new Promise((done) => {
      const timer = setTimeout(done, ms);
      wake = () => {
        if (test()) {
          clearTimeout(timer);
          done();
        }
      };
      wake();
    });
  sf.FS.writeFile('/caravan-variants.ini', readFileSync(iniPath, 'utf8'));
  sf.postMessage('setoption name VariantPath value /caravan-variants.ini');

  const rl = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  let quit = false;
  for await (const line of rl) {
    if (line.trim() === 'quit') {
      quit = true;
      break;
    }
    if (/^\s*go\b/.test(line)) {
      searching = true;
      infinite = /\b(infinite|ponder)\b/.test(line);
    }
    sf.postMessage(toEngine(line, sections));
  }
  // quit: stop a search at once. End of input: let a finite search finish (piped commands), then
  // make sure every command was processed before leaving (the wasm threads keep Node alive).
  if (searching && (quit || infinite)) sf.postMessage('stop');
  await settled(() => !searching, quit ? 1000 : 24 * 3600 * 1000);
  swallowReadyok = true;
  sf.postMessage('isready');
  await settled(() => !swallowReadyok, 5000);
  process.exit(0);
}

// Run only as a program (tests import the line rewriters).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((e: unknown) => {
    process.stderr.write(`fairy-stockfish-uci: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  });
}
