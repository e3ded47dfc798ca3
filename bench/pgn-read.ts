/**
 * PGN reading speed (issue 14 item 7): `readPgnGames` must take time linear in its input.
 *
 *   node dist/bench/pgn-read.js [--mb 4] [--runs 3] [--seed 1] [--out games.pgn]
 *
 * Builds a database of random legal games (every variant in turn, seeded, up to 160 plies or
 * the end by the rules, written by `writePgn` with SAN, move numbers and end comments) of about
 * `--mb` megabytes, then reads it at 1× and 2× (the text twice) and `1-0 ` repeated to 1 MB and
 * 2 MB. Each figure is the median of `--runs` reads, as process CPU time (this machine is shared;
 * CPU time is steadier than the wall clock) and wall time.
 */

import { writeFileSync } from 'node:fs';
import { Game } from '../src/core/game.js';
import { readPgnGames, writePgn } from '../src/notation/pgn.js';
import { VARIANTS } from '../src/variants/index.js';

const args = process.argv.slice(2);
const opt = (name: string, dflt: string): string => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? (args[i + 1] ?? dflt) : dflt;
};
const megabytes = Number(opt('mb', '4'));
const runs = Number(opt('runs', '3'));
let seed = Number(opt('seed', '1')) >>> 0;
const outFile = opt('out', '');

/** mulberry32: a tiny seeded generator, so the database is the same on every run. */
function random(): number {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let z = seed;
  z = Math.imul(z ^ (z >>> 15), z | 1);
  z ^= z + Math.imul(z ^ (z >>> 7), z | 61);
  return ((z ^ (z >>> 14)) >>> 0) / 4294967296;
}

function randomGamePgn(index: number): string {
  const def = VARIANTS[index % VARIANTS.length];
  if (!def) throw new Error('no variants');
  const created = Game.create(def);
  if (!created.ok) throw created.error;
  const game = created.value;
  for (let ply = 0; ply < 160; ply++) {
    const moves = game.legalMoves();
    if (moves.length === 0) break;
    const played = game.play(moves[Math.floor(random() * moves.length)] as number);
    if (!played.ok) throw played.error;
  }
  return writePgn(game, { Event: 'pgn-read bench', Round: String(index + 1), White: 'random', Black: 'random' });
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

/** Median CPU and wall milliseconds of reading `text`, and the number of games read. */
function measure(text: string): { cpuMs: number; wallMs: number; games: number } {
  const cpu: number[] = [];
  const wall: number[] = [];
  let games = 0;
  for (let r = 0; r < runs; r++) {
    const c0 = process.cpuUsage();
    const w0 = performance.now();
    const read = readPgnGames(text);
    wall.push(performance.now() - w0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
    if (!read.ok) throw read.error;
    games = read.value.length;
  }
  return { cpuMs: median(cpu), wallMs: median(wall), games };
}

const parts: string[] = [];
let size = 0;
const t0 = performance.now();
for (let i = 0; size < megabytes * 1e6; i++) {
  const pgn = randomGamePgn(i);
  parts.push(pgn);
  size += pgn.length + 1;
}
const database = parts.join('\n');
if (outFile) writeFileSync(outFile, database);
console.log(
  `database: ${parts.length} random games, ${(database.length / 1e6).toFixed(2)} MB, built in ${Math.round(performance.now() - t0)} ms`,
);

const rows: Array<[string, string]> = [
  ['random games 1×', database],
  ['random games 2×', `${database}\n${database}`],
  ['"1-0 " × 1 MB', '1-0 '.repeat(250_000)],
  ['"1-0 " × 2 MB', '1-0 '.repeat(500_000)],
];
const results = rows.map(([label, text]) => {
  const m = measure(text);
  const mb = text.length / 1e6;
  console.log(
    `${label.padEnd(18)} ${mb.toFixed(2).padStart(6)} MB ${String(m.games).padStart(7)} games ` +
      `cpu ${String(Math.round(m.cpuMs)).padStart(6)} ms wall ${String(Math.round(m.wallMs)).padStart(6)} ms ` +
      `${Math.round(m.games / (m.cpuMs / 1000))} games/s (cpu)`,
  );
  return m;
});
const ratio = (a: number, b: number): string => ((results[b]?.cpuMs ?? 0) / (results[a]?.cpuMs ?? 1)).toFixed(2);
console.log(`2×/1× cpu time: random games ${ratio(0, 1)}, "1-0" ${ratio(2, 3)}`);
