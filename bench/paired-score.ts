/**
 * One player's results in two matches on the same openings, compared round by round
 * (src/match/paired.ts): the screening measure of bench/README.md for a change against a peer at
 * a fixed node count, where both matches ran with the same `--seed`.
 *
 *   node dist/bench/paired-score.js --player Caravan before.pgn after.pgn [before2.pgn after2.pgn …]
 *
 * Prints the rounds scored in both, each match's score over them, the mean difference per game
 * (after − before) with its standard error, and how many rounds went better, worse or the same.
 * More than one pair (each on its own seed's openings) are pooled into one comparison.
 */

import { readFileSync } from 'node:fs';
import { comparePairedSets, type MatchPair, type RoundResult } from '../src/match/paired.js';
import { readPgnGames } from '../src/notation/pgn.js';

const args = process.argv.slice(2);
const at = args.indexOf('--player');
const player = at >= 0 ? args[at + 1] : undefined;
const files = args.filter((_, i) => i !== at && i !== at + 1);
if (!player || files.length < 2 || files.length % 2 !== 0) {
  console.error('usage: paired-score.js --player <name> <before.pgn> <after.pgn> [<before2.pgn> <after2.pgn> …]');
  process.exit(2);
}

function rounds(file: string): RoundResult[] {
  const read = readPgnGames(readFileSync(file, 'utf8'));
  if (!read.ok) {
    console.error(`${file}: ${read.error.message}`);
    process.exit(1);
  }
  return read.value.map((g) => ({
    round: g.tags.Round ?? '',
    white: g.tags.White ?? '',
    black: g.tags.Black ?? '',
    result: g.result,
    openings: g.tags.MatchOpenings,
  }));
}

const sets: MatchPair[] = [];
for (let i = 0; i < files.length; i += 2) sets.push([rounds(files[i]!), rounds(files[i + 1]!)]);
const before = files.filter((_, i) => i % 2 === 0).join(' + ');
const after = files.filter((_, i) => i % 2 === 1).join(' + ');
const compared = comparePairedSets(sets, player);
if (!compared.ok) {
  console.error(compared.error.message);
  process.exit(1);
}
const c = compared.value;
const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
console.log(`${player}, ${c.pairs} rounds scored in both: ${pct(c.scoreA)} (${before}) → ${pct(c.scoreB)} (${after})`);
console.log(
  `paired difference: ${c.meanDiff >= 0 ? '+' : ''}${c.meanDiff.toFixed(3)} ± ${c.stdError.toFixed(3)} a game`,
);
console.log(`rounds better / worse / same: ${c.better} / ${c.worse} / ${c.same}`);
