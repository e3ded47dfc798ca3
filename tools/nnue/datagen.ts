/**
 * Training positions for the network (issue 12): an engine plays itself at a fixed node count
 * from random openings; every quiet position it searched (side to move not in check, best move
 * not a capture or promotion, score not a mate) is kept with that search's score and, once the
 * game ends, its result. Appends one frame per game to --out and resumes after the last whole
 * game already there, so a run can be stopped and started again.
 *
 * The player is Caravan's own engine, or with --engine any UCI engine command — native
 * Fairy-Stockfish, whose scores carry the knowledge the network should learn (--engine-variant
 * names its variant when it differs from Caravan's id):
 *
 *   node dist/tools/nnue/datagen.js --variant camel-decimal --games 400 --nodes 4000 --seed 1 \
 *     --out tools/nnue/data/camel-decimal-s1.bin
 *   node dist/tools/nnue/datagen.js --variant camel-decimal --games 4000 --nodes 5000 --seed 2 \
 *     --engine /work/fsf-native/fsf-caravan --out /work/nnue-data/cd-fsf-s2.bin
 *
 * With --opponent (a UCI command, told Caravan's variant id; --opponent-nodes, default --nodes)
 * the opponent moves for one side of every game (Black in even games, White in odd ones) while
 * the player still searches every position for its label: positions of games against the opponent, e.g. those Caravan
 * reaches against Fairy-Stockfish, labelled by Fairy-Stockfish:
 *
 *   node dist/tools/nnue/datagen.js --variant camel-decimal --games 4000 --nodes 5000 --seed 30 \
 *     --engine /work/peer/fsf-caravan --opponent "node dist/src/cli/main.js uci" --opponent-nodes 8000 \
 *     --out tools/nnue/data/camel-decimal-vcaravan-s30.bin
 *
 * Diversity: --opening-plies random plies (src/match/openings.ts, seeded by seed and game
 * number), then with probability --random a random legal move instead of the engine's in the
 * first 30 plies. A game whose score stays beyond ±--adjudicate cp for 6 plies is scored as won,
 * one that reaches --max-plies as drawn.
 */

import { createEngine } from '../../src/engine/index.js';
import { findVariant } from '../../src/variants/index.js';
import { flag, startUciEngine } from '../tune/fsf.js';
import { appendFrame, readFrames } from './data.js';
import { caravanSearcher, type Searcher, selfPlayGame, uciSearcher } from './selfplay.js';

const variantId = flag('variant', 'camel-decimal');
const games = Number(flag('games', '100'));
const nodes = Number(flag('nodes', '4000'));
const seed = Number(flag('seed', '1'));
const out = flag('out', `/tmp/${variantId}.nnuedata`);
const openingPlies = Number(flag('opening-plies', '8'));
const randomRate = Number(flag('random', '0.05'));
const maxPlies = Number(flag('max-plies', '300'));
const adjudicate = Number(flag('adjudicate', '1500'));
const engineCommand = flag('engine', '');
const engineVariant = flag('engine-variant', variantId);
const opponentCommand = flag('opponent', '');
const opponentNodes = Number(flag('opponent-nodes', String(nodes)));

const def = findVariant(variantId);
if (!def) {
  console.error(`unknown variant '${variantId}'`);
  process.exit(2);
}

async function main(): Promise<void> {
  if (!def) return;
  if (opponentCommand && !(Number.isInteger(opponentNodes) && opponentNodes > 0)) {
    throw new Error(`--opponent-nodes must be a positive whole number, not '${flag('opponent-nodes', '')}'`);
  }
  const done = new Set(readFrames(out).map((f) => f.game));
  const uci = engineCommand ? await startUciEngine(engineCommand, engineVariant) : undefined;
  const player: Searcher = uci ? uciSearcher(uci) : caravanSearcher(createEngine(16));
  const options = { nodes, seed, openingPlies, randomRate, maxPlies, adjudicate };
  const opponentUci = opponentCommand ? await startUciEngine(opponentCommand, variantId) : undefined;
  const opponent = opponentUci ? { searcher: uciSearcher(opponentUci), nodes: opponentNodes } : undefined;
  let written = 0;
  for (let g = 0; g < games; g++) {
    if (done.has(g)) continue;
    const { samples, plies, reason } = await selfPlayGame(def, player, g, options, opponent);
    appendFrame(out, { game: g, samples });
    written += samples.length;
    console.log(`game ${g + 1}/${games}: ${plies} plies, ${reason}, ${samples.length} positions (${written} this run)`);
  }
  await uci?.close();
  await opponentUci?.close();
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
});
