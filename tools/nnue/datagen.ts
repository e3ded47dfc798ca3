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
 * Diversity: --opening-plies random plies (src/protocol/openings.ts, seeded by seed and game
 * number), then with probability --random a random legal move instead of the engine's in the
 * first 30 plies. A game whose score stays beyond ±--adjudicate cp for 6 plies is scored as won,
 * one that reaches --max-plies as drawn.
 */

import { Game } from '../../src/core/game.js';
import { KIND_EN_PASSANT, moveKind, movePromotion, moveTo } from '../../src/core/move.js';
import { unwrap } from '../../src/core/result.js';
import { EMPTY } from '../../src/core/tables.js';
import { createEngine } from '../../src/engine/index.js';
import { parseUciMove } from '../../src/notation/uci.js';
import { makeRng, randomOpenings } from '../../src/protocol/openings.js';
import { findVariant } from '../../src/variants/index.js';
import { flag } from '../tune/fsf.js';
import { appendFrame, readFrames, type Sample } from './data.js';

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
  let written = 0;
  for (let g = 0; g < games; g++) {
    if (done.has(g)) continue;
    const rng = makeRng(seed * 1_000_003 + g);
    const opening = randomOpenings(def, 1, openingPlies, seed * 7919 + g)[0]!;
    const game = unwrap(Game.create(def));
    for (const u of opening.moves) game.play(unwrap(parseUciMove(game.position, u)));
    engine.newGame();
    const pending: { sample: Omit<Sample, 'result'>; turn: number }[] = [];
    let winner: number | null = null; // colour, or null for a draw
    let decisive = 0;
    let reason = 'max plies';
    for (;;) {
      const o = game.outcome();
      if (o) {
        winner = o.winner === null ? null : o.winner === 'white' ? 0 : 1;
        reason = o.reason;
        break;
      }
      if (game.moves.length >= maxPlies) break;
      const pos = game.position;
      const res = engine.search(pos, { limits: { nodes }, seed: g });
      const m = res.bestMove;
      const capture = pos.board[moveTo(m)] !== EMPTY || moveKind(m) === KIND_EN_PASSANT || movePromotion(m) >= 0;
      if (res.score.kind === 'cp') {
        if (!capture && !pos.inCheck()) {
          const squares: number[] = [];
          const codes: number[] = [];
          const t = pos.t;
          for (let i = 0; i < t.squares.length; i++) {
            const code = pos.board[t.squares[i] as number] as number;
            if (code !== EMPTY) {
              squares.push(i);
              codes.push(code);
            }
          }
          pending.push({
            sample: {
              squares: Uint8Array.from(squares),
              codes: Uint8Array.from(codes),
              turn: pos.turn,
              score: res.score.value,
            },
            turn: pos.turn,
          });
        }
        decisive = Math.abs(res.score.value) >= adjudicate ? decisive + 1 : 0;
      } else decisive++;
      if (decisive >= 6) {
        const stmWins = res.score.value > 0;
        winner = stmWins ? pos.turn : pos.turn ^ 1;
        reason = 'adjudicated';
        break;
      }
      let move = m;
      if (game.moves.length < 30 && rng() < randomRate) {
        const legal = game.legalMoves();
        move = legal[Math.floor(rng() * legal.length)]!;
      }
      unwrap(game.play(move));
    }
    const samples: Sample[] = pending.map((p) => ({
      ...p.sample,
      result: winner === null ? 0 : winner === p.turn ? 1 : -1,
    }));
    appendFrame(out, { game: g, samples });
    written += samples.length;
    console.log(
      `game ${g + 1}/${games}: ${game.moves.length} plies, ${reason}, ${samples.length} positions (${written} this run)`,
    );
  }
}

main();
