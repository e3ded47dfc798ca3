/**
 * One self-play game of Caravan at a fixed node count, kept as training samples (datagen.ts):
 * every quiet position it searched (side to move not in check, best move not a capture or
 * promotion, score not a mate) with that search's score, and the game's result.
 */

import { Game } from '../../src/core/game.js';
import { KIND_EN_PASSANT, moveKind, movePromotion, moveTo } from '../../src/core/move.js';
import { unwrap } from '../../src/core/result.js';
import { EMPTY } from '../../src/core/tables.js';
import type { Engine } from '../../src/engine/api.js';
import { makeRng, randomOpenings } from '../../src/match/openings.js';
import { parseUciMove } from '../../src/notation/uci.js';
import type { VariantDefinition } from '../../src/variants/schema.js';
import type { Sample } from './data.js';

export interface SelfPlayOptions {
  readonly nodes: number;
  readonly seed: number;
  /** Random plies before the engine takes over. */
  readonly openingPlies: number;
  /** Chance of a random legal move instead of the engine's in the first 30 plies. */
  readonly randomRate: number;
  readonly maxPlies: number;
  /** A score beyond ± this for 6 plies ends the game as won (cp). */
  readonly adjudicate: number;
}

export interface SelfPlayGame {
  readonly samples: Sample[];
  readonly plies: number;
  readonly reason: string;
}

export function selfPlayGame(def: VariantDefinition, engine: Engine, g: number, o: SelfPlayOptions): SelfPlayGame {
  const rng = makeRng(o.seed * 1_000_003 + g);
  const opening = randomOpenings(def, 1, o.openingPlies, o.seed * 7919 + g)[0]!;
  const game = unwrap(Game.create(def));
  for (const u of opening.moves) game.play(unwrap(parseUciMove(game.position, u)));
  engine.newGame();
  const pending: Omit<Sample, 'result'>[] = [];
  let winner: number | null = null; // colour, or null for a draw
  let decisive = 0;
  let reason = 'max plies';
  for (;;) {
    const outcome = game.outcome();
    if (outcome) {
      winner = outcome.winner === null ? null : outcome.winner === 'white' ? 0 : 1;
      reason = outcome.reason;
      break;
    }
    if (game.moves.length >= o.maxPlies) break;
    const pos = game.position;
    const res = engine.search(pos, { limits: { nodes: o.nodes }, seed: g });
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
          squares: Uint8Array.from(squares),
          codes: Uint8Array.from(codes),
          turn: pos.turn,
          score: res.score.value,
        });
      }
      decisive = Math.abs(res.score.value) >= o.adjudicate ? decisive + 1 : 0;
    } else decisive++;
    if (decisive >= 6) {
      winner = res.score.value > 0 ? pos.turn : pos.turn ^ 1;
      reason = 'adjudicated';
      break;
    }
    let move = m;
    if (game.moves.length < 30 && rng() < o.randomRate) {
      const legal = game.legalMoves();
      move = legal[Math.floor(rng() * legal.length)]!;
    }
    unwrap(game.play(move));
  }
  const samples = pending.map((s) => ({ ...s, result: winner === null ? 0 : winner === s.turn ? 1 : -1 }));
  return { samples, plies: game.moves.length, reason };
}
