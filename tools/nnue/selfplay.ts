/**
 * One self-play game at a fixed node count, kept as training samples (datagen.ts): every quiet
 * position searched (side to move not in check, best move not a capture or promotion, score not
 * a mate) with that search's score, and the game's result. The player is a `Searcher`: Caravan's
 * own engine in process, or any UCI engine as a child process (native Fairy-Stockfish, whose
 * deeper knowledge is what the network is meant to learn). Caravan's rules are the arbiter.
 *
 * With an opponent, the player (the labeller) still searches every position for its score, but
 * the opponent chooses the moves of one side (Black in even games, White in odd ones): the
 * positions are then those of games against that opponent, e.g. the ones Caravan reaches
 * against Fairy-Stockfish, which self-play of the peer rarely visits.
 */

import { Game } from '../../src/core/game.js';
import { KIND_EN_PASSANT, type Move, moveKind, movePromotion, moveTo } from '../../src/core/move.js';
import { unwrap } from '../../src/core/result.js';
import { EMPTY } from '../../src/core/tables.js';
import type { Engine } from '../../src/engine/api.js';
import type { EngineProcess } from '../../src/match/engine-process.js';
import { makeRng, randomOpenings } from '../../src/match/openings.js';
import { moveToUci, parseUciMove } from '../../src/notation/uci.js';
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

/** A search's answer: the move, and its score from the side to move's view (mate: ±1 = sign). */
export interface SearchAnswer {
  readonly move: Move;
  readonly score: { readonly kind: 'cp' | 'mate'; readonly value: number };
}

/**
 * A player's move that is not legal under Caravan's rules: the player has lost track of the game
 * (a peer whose variant section lacks a rule, e.g. Fairy-Stockfish's `wildebeest-c4`, which knows
 * one castling distance, after a random move castled another). The game is void.
 */
export class LostTrack extends Error {}

/** Searches the game's current position for `nodes` nodes. */
export interface Searcher {
  newGame(): void | Promise<void>;
  search(game: Game, nodes: number, seed: number): SearchAnswer | Promise<SearchAnswer>;
}

/** Caravan's engine in this process. */
export function caravanSearcher(engine: Engine): Searcher {
  return {
    newGame: () => engine.newGame(),
    search(game, nodes, seed) {
      const res = engine.search(game.position, { limits: { nodes }, seed });
      return { move: res.bestMove, score: res.score };
    },
  };
}

/**
 * A UCI engine already past `uciok` and set to the variant. It is sent the game's start and
 * moves, so its own repetition rules see the whole game.
 */
export function uciSearcher(engine: EngineProcess): Searcher {
  return {
    async newGame() {
      engine.send('ucinewgame');
      engine.send('isready');
      await engine.waitFor((l) => l === 'readyok', 60_000);
    },
    async search(game, nodes) {
      const replay = unwrap(Game.create(game.variant, game.startFen));
      const moves = game.moves.map((m) => {
        const text = moveToUci(replay.position, m);
        unwrap(replay.play(m));
        return text;
      });
      engine.send(`position fen ${game.startFen}${moves.length ? ` moves ${moves.join(' ')}` : ''}`);
      let score: SearchAnswer['score'] | undefined;
      engine.onLine = (line) => {
        const s = / score (cp|mate) (-?\d+)/.exec(line);
        if (s && !line.includes('lowerbound') && !line.includes('upperbound')) {
          score =
            s[1] === 'cp' ? { kind: 'cp', value: Number(s[2]) } : { kind: 'mate', value: Math.sign(Number(s[2])) };
        }
      };
      engine.send(`go nodes ${nodes}`);
      const best = (await engine.waitFor((l) => l.startsWith('bestmove'), 120_000)).split(/\s+/)[1] ?? '';
      engine.onLine = undefined;
      const move = parseUciMove(game.position, best);
      if (!move.ok) throw new LostTrack(`${engine.command} played '${best}' in ${game.fen()}: ${move.error.message}`);
      return { move: move.value, score: score ?? { kind: 'cp', value: 0 } };
    },
  };
}

/** A second player that moves for one side of each game (selfPlayGame). */
export interface Opponent {
  readonly searcher: Searcher;
  readonly nodes: number;
}

export async function selfPlayGame(
  def: VariantDefinition,
  player: Searcher,
  g: number,
  o: SelfPlayOptions,
  opponent?: Opponent,
): Promise<SelfPlayGame> {
  const rng = makeRng(o.seed * 1_000_003 + g);
  const opening = randomOpenings(def, 1, o.openingPlies, o.seed * 7919 + g)[0]!;
  const game = unwrap(Game.create(def));
  for (const u of opening.moves) game.play(unwrap(parseUciMove(game.position, u)));
  await player.newGame();
  await opponent?.searcher.newGame();
  const opponentColor = g % 2 === 0 ? 1 : 0;
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
    let answer: SearchAnswer;
    try {
      answer = await player.search(game, o.nodes, g);
    } catch (e) {
      // A void game keeps no positions: its result, which labels them, will never be known.
      if (e instanceof LostTrack) return { samples: [], plies: game.moves.length, reason: `void: ${e.message}` };
      throw e;
    }
    const { move: m, score } = answer;
    const capture = pos.board[moveTo(m)] !== EMPTY || moveKind(m) === KIND_EN_PASSANT || movePromotion(m) >= 0;
    if (score.kind === 'cp') {
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
          score: score.value,
        });
      }
      decisive = Math.abs(score.value) >= o.adjudicate ? decisive + 1 : 0;
    } else decisive++;
    if (decisive >= 6) {
      winner = score.value > 0 ? pos.turn : pos.turn ^ 1;
      reason = 'adjudicated';
      break;
    }
    let move = m;
    if (opponent && pos.turn === opponentColor) {
      try {
        move = (await opponent.searcher.search(game, opponent.nodes, g)).move;
      } catch (e) {
        if (e instanceof LostTrack) return { samples: [], plies: game.moves.length, reason: `void: ${e.message}` };
        throw e;
      }
    }
    if (game.moves.length < 30 && rng() < o.randomRate) {
      const legal = game.legalMoves();
      move = legal[Math.floor(rng() * legal.length)]!;
    }
    unwrap(game.play(move));
  }
  const samples = pending.map((s) => ({ ...s, result: winner === null ? 0 : winner === s.turn ? 1 : -1 }));
  return { samples, plies: game.moves.length, reason };
}
