/**
 * Fairy-Stockfish (npm fairy-stockfish-nnue.wasm) perft speed on the same positions, for a ratio
 * measured on the same machine in the same session as perft-bench.ts.
 *
 *   node --no-experimental-fetch dist/bench/fsf-perft.js [variant depth [fen]]
 *
 * FSF's Wildebeest section allows one castling distance, so its counts differ from ours there;
 * speed is what this compares. Camel Decimal and Shatranj Kamil are exact in FSF.
 */

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface Fsf {
  FS: { writeFile(path: string, text: string): void };
  postMessage(line: string): void;
  addMessageListener(fn: (line: string) => void): void;
}

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const factory = require('fairy-stockfish-nnue.wasm/stockfish.js') as () => Promise<Fsf>;

const cases: Array<[string, number, string?]> =
  process.argv.length > 3
    ? [[process.argv[2] as string, Number(process.argv[3]), process.argv[4]]]
    : [
        ['wildebeest-c2', 4],
        ['camel-decimal', 5],
        ['shatranj-kamil', 6],
        ['bachelor-kamil-nomarriage', 5],
      ];

const sf = await factory();
sf.FS.writeFile(
  '/variants.ini',
  readFileSync(join(here, '..', '..', '..', 'shared', 'peers', 'fairy-stockfish-variants.ini'), 'utf8'),
);
let resolveLine: ((line: string) => void) | undefined;
sf.addMessageListener((line: string) => {
  if (resolveLine && /^Nodes searched/.test(line)) resolveLine(line);
});
sf.postMessage('uci');
sf.postMessage('setoption name VariantPath value /variants.ini');
for (const [variant, depth, fen] of cases) {
  sf.postMessage(`setoption name UCI_Variant value ${variant}`);
  sf.postMessage(fen ? `position fen ${fen}` : 'position startpos');
  const t0 = performance.now();
  const line = await new Promise<string>((resolve) => {
    resolveLine = resolve;
    sf.postMessage(`go perft ${depth}`);
  });
  const ms = performance.now() - t0;
  const nodes = Number(line.replace(/\D+/g, ''));
  console.log(
    `fsf ${variant.padEnd(26)} d${depth} ${String(nodes).padStart(10)} nodes ${ms.toFixed(0).padStart(7)} ms ${(nodes / ms / 1000).toFixed(2).padStart(6)} M nodes/s`,
  );
}
process.exit(0);
