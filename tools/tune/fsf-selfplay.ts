/**
 * Training positions for evaluation tuning: Fairy-Stockfish (wasm, classical evaluation) plays
 * itself from random openings at a fixed node count, and every position it searched is written
 * with its search score. Caravan's rules library is the arbiter (legal moves, game end).
 *
 *   node dist/tools/tune/fsf-selfplay.js --variant shatranj-kamil --games 100 --nodes 8000 \
 *     --seed 1 --out /tmp/sk.jsonl
 *
 * Output: one JSON object per line {fen, score, result} where score is Fairy-Stockfish's score
 * in centipawns from the side to move's view (mate scores are skipped) and result the game's
 * result from White's view (1, 0.5, 0). Diversity: a random opening of --opening-plies moves
 * and, with probability --random, a random legal move instead of the engine's choice in the
 * first 40 plies (the position's score is still the engine's own).
 */

import { appendFileSync, writeFileSync } from 'node:fs';
import { Game } from '../../src/core/game.js';
import { unwrap } from '../../src/core/result.js';
import { makeRng, randomOpenings } from '../../src/match/openings.js';
import { moveToUci, parseUciMove } from '../../src/notation/uci.js';
import { findVariant } from '../../src/variants/index.js';
import { flag, searchPosition, startFairyStockfish } from './fsf.js';

const variantId = flag('variant', 'shatranj-kamil');
const games = Number(flag('games', '50'));
const nodes = Number(flag('nodes', '8000'));
const seed = Number(flag('seed', '1'));
const out = flag('out', `/tmp/${variantId}.jsonl`);
const openingPlies = Number(flag('opening-plies', '6'));
const randomRate = Number(flag('random', '0.08'));
const maxPlies = Number(flag('max-plies', '300'));

const def = findVariant(variantId);
if (!def) {
  console.error(`unknown variant '${variantId}'`);
  process.exit(2);
}

async function main(): Promise<void> {
  if (!def) return;
  const fsf = await startFairyStockfish(variantId);
  writeFileSync(out, '');
  const rng = makeRng(seed * 7919 + 13);
  const openings = randomOpenings(def, games, openingPlies, seed);
  let written = 0;
  for (let g = 0; g < games; g++) {
    const game = unwrap(Game.create(def));
    for (const u of openings[g]!.moves) game.play(unwrap(parseUciMove(game.position, u)));
    fsf.send('ucinewgame');
    const samples: { fen: string; score: number }[] = [];
    const startFen = game.fen();
    const moves: string[] = [];
    while (!game.outcome() && game.moves.length < maxPlies) {
      const moveList = moves.length ? ` moves ${moves.join(' ')}` : '';
      const { best, score } = await searchPosition(fsf, `position fen ${startFen}${moveList}`, nodes);
      if (score !== undefined) samples.push({ fen: game.fen(), score });
      let move = parseUciMove(game.position, best);
      if (!move.ok) throw new Error(`Fairy-Stockfish played ${best} in ${game.fen()}`);
      if (game.moves.length < 40 && rng() < randomRate) {
        const legal = game.legalMoves();
        move = { ok: true, value: legal[Math.floor(rng() * legal.length)]! };
      }
      moves.push(moveToUci(game.position, move.value));
      game.play(move.value);
    }
    const o = game.outcome();
    const result = !o || o.winner === null ? 0.5 : o.winner === 'white' ? 1 : 0;
    appendFileSync(out, samples.map((s) => `${JSON.stringify({ ...s, result })}\n`).join(''));
    written += samples.length;
    console.log(
      `game ${g + 1}/${games}: ${game.moves.length} plies, ${o?.reason ?? 'max plies'}, ${written} positions`,
    );
  }
  fsf.send('quit');
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
});
