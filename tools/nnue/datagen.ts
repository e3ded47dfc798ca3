/**
 * Training positions for the network (issue 12): Caravan plays itself at a fixed node count
 * from random openings; every quiet position it searched (side to move not in check, best move
 * not a capture or promotion, score not a mate) is kept with that search's score and, once the
 * game ends, its result. Appends one frame per game to --out and resumes after the last whole
 * game already there, so a run can be stopped and started again.
 *
 *   node dist/tools/nnue/datagen.js --variant camel-decimal --games 400 --nodes 4000 --seed 1 \
 *     --out data/nnue/camel-decimal-s1.bin
 *
 * Diversity: --opening-plies random plies (src/match/openings.ts, seeded by seed and game
 * number), then with probability --random a random legal move instead of the engine's in the
 * first 30 plies. A game whose score stays beyond ±--adjudicate cp for 6 plies is scored as won,
 * one that reaches --max-plies as drawn.
 */

import { createEngine } from '../../src/engine/index.js';
import { findVariant } from '../../src/variants/index.js';
import { flag } from '../tune/fsf.js';
import { appendFrame, readFrames } from './data.js';
import { selfPlayGame } from './selfplay.js';

const variantId = flag('variant', 'camel-decimal');
const games = Number(flag('games', '100'));
const nodes = Number(flag('nodes', '4000'));
const seed = Number(flag('seed', '1'));
const out = flag('out', `/tmp/${variantId}.nnuedata`);
const openingPlies = Number(flag('opening-plies', '8'));
const randomRate = Number(flag('random', '0.05'));
const maxPlies = Number(flag('max-plies', '300'));
const adjudicate = Number(flag('adjudicate', '1500'));

const def = findVariant(variantId);
if (!def) {
  console.error(`unknown variant '${variantId}'`);
  process.exit(2);
}

function main(): void {
  if (!def) return;
  const done = new Set(readFrames(out).map((f) => f.game));
  const engine = createEngine(16);
  const options = { nodes, seed, openingPlies, randomRate, maxPlies, adjudicate };
  let written = 0;
  for (let g = 0; g < games; g++) {
    if (done.has(g)) continue;
    const { samples, plies, reason } = selfPlayGame(def, engine, g, options);
    appendFrame(out, { game: g, samples });
    written += samples.length;
    console.log(`game ${g + 1}/${games}: ${plies} plies, ${reason}, ${samples.length} positions (${written} this run)`);
  }
}

main();
