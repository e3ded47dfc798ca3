/**
 * Time left, nodes, depth and time a move for each engine of a match, by stage of the game, from
 * the match's UCI log (src/match/log-stats.ts), as a markdown table for bench/README.md:
 *
 *   node dist/src/cli/main.js match … --log match.uci.log
 *   node dist/bench/match-log.js match.uci.log [--bands 0,40,80,120,160,200] [--decided 150]
 *
 * Each figure is a median over the searches of that band of plies (opening plies included),
 * except the mean nodes a move and the nodes per second (all nodes over all search time).
 * `--decided <cp>` adds a second table: in the games one engine came to see itself winning by
 * that much for good (decidedAt), the ply at which it did and the ply at which the other engine
 * saw itself losing — how far one evaluation runs behind the other.
 */

import { readFileSync } from 'node:fs';
import { byPlyBand, decidedAt, median, readMatchLog } from '../src/match/log-stats.js';

const USAGE = 'usage: match-log.js <match.uci.log> [--bands <ascending first plies, e.g. 0,40,80>] [--decided <cp>]';
const args = process.argv.slice(2);
const options = new Map<string, string>();
const files: string[] = [];
for (let i = 0; i < args.length; i++) {
  const a = args[i]!;
  if (a === '--bands' || a === '--decided') options.set(a, args[++i] ?? '');
  else files.push(a);
}
const starts = (options.get('--bands') ?? '0,40,80,120,160,200').split(',').map(Number);
const decidedText = options.get('--decided');
const decidedCp = decidedText === undefined ? undefined : Number(decidedText);
if (
  files.length !== 1 ||
  starts.some((n, i) => !Number.isInteger(n) || n < 0 || (i > 0 && n <= starts[i - 1]!)) ||
  (decidedCp !== undefined && !(Number.isInteger(decidedCp) && decidedCp > 0))
) {
  console.error(USAGE);
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
  line('nodes a move (mean)', (r) => cell(r.meanNodes, (x) => `${Math.round(x / 1000)} k`));
  line('nodes / s (all nodes ÷ all search time)', (r) => cell(r.nodesPerSecond, (x) => `${Math.round(x / 1000)} k`));
  line('ms / depth', (r) => `${cell(r.timeMs, (x) => String(Math.round(x)))} / ${cell(r.depth, String)}`);
  line('searches', (r) => String(r.searches));
}

if (decidedCp !== undefined) {
  const verdicts = decidedAt(log.searches, decidedCp);
  const name = (engine: number) => log.names.get(engine) ?? `engine ${engine}`;
  const ply = (v: number | undefined) => (v === undefined ? '—' : String(v));
  console.log('');
  console.log(
    `| saw itself winning by ${decidedCp} cp for good | games | at ply (median) | the other saw itself losing | at ply (median) | plies later (median) |`,
  );
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const engine of [1, 2]) {
    const won = verdicts.filter((v) => v.engine === engine && v.winning);
    const lost = won.map((w) => verdicts.find((v) => v.game === w.game && v.engine !== engine && !v.winning));
    const lags = won.map((w, k) => (lost[k] ? lost[k].ply - w.ply : undefined));
    console.log(
      `| ${name(engine)} | ${won.length} | ${ply(median(won.map((w) => w.ply)))} | ${lost.filter(Boolean).length} | ${ply(median(lost.map((v) => v?.ply)))} | ${ply(median(lags))} |`,
    );
  }
}
