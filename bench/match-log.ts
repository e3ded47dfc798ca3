/**
 * Time left, nodes, depth and time a move for each engine of a match, by stage of the game, from
 * the match's UCI log (src/match/log-stats.ts), as a markdown table for bench/README.md:
 *
 *   node dist/src/cli/main.js match … --log match.uci.log
 *   node dist/bench/match-log.js match.uci.log [--bands 0,40,80,120,160,200]
 *
 * Each figure is a median over the searches of that band of plies (opening plies included).
 */

import { readFileSync } from 'node:fs';
import { byPlyBand, readMatchLog } from '../src/match/log-stats.js';

const args = process.argv.slice(2);
const at = args.indexOf('--bands');
const bandsText = at >= 0 ? args[at + 1] : '0,40,80,120,160,200';
const files = at >= 0 ? args.filter((_, i) => i !== at && i !== at + 1) : args;
const starts = (bandsText ?? '').split(',').map(Number);
if (files.length !== 1 || starts.some((n, i) => !Number.isInteger(n) || n < 0 || (i > 0 && n <= starts[i - 1]!))) {
  console.error('usage: match-log.js <match.uci.log> [--bands <ascending first plies, e.g. 0,40,80>]');
  process.exit(2);
}

let text: string;
try {
  text = readFileSync(files[0]!, 'utf8');
} catch (e) {
  console.error(`cannot read ${files[0]}: ${(e as Error).message}`);
  process.exit(1);
}
const log = readMatchLog(text);
if (log.searches.length === 0) {
  console.error(`${files[0]}: no searches found (is it a log written by caravan match --log?)`);
  process.exit(1);
}
const head = starts.map((from, k) => (k + 1 < starts.length ? `${from}–${starts[k + 1]! - 1}` : `${from}+`));
const cell = (v: number | undefined, f: (x: number) => string) => (v === undefined ? '—' : f(v));
console.log(`| plies | ${head.join(' | ')} |`);
console.log(`|---|${head.map(() => '---:').join('|')}|`);
for (const engine of [1, 2]) {
  const name = log.names.get(engine) ?? `engine ${engine}`;
  const rows = byPlyBand(log.searches, engine, starts);
  const line = (what: string, f: (r: (typeof rows)[number]) => string) =>
    console.log(`| ${name}, ${what} | ${rows.map(f).join(' | ')} |`);
  line('own clock', (r) => cell(r.clockMs, (x) => `${(x / 1000).toFixed(1)} s`));
  line('nodes a move', (r) => cell(r.nodes, (x) => `${Math.round(x / 1000)} k`));
  line('ms / depth', (r) => `${cell(r.timeMs, (x) => String(Math.round(x)))} / ${cell(r.depth, String)}`);
  line('searches', (r) => String(r.searches));
}
