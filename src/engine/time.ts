/**
 * Time management: how long to think about one move.
 *
 *  - `movetime`: use it all, less a small safety margin (an exact budget: the search does not
 *    stop between iterations because the best move looks settled, as it does on a clock).
 *  - clock (`wtime`/`btime`, increments, `movestogo`): a soft limit — do not start another
 *    iteration of iterative deepening after about half of it — and a hard limit at which the
 *    search is stopped wherever it is. Both keep MOVE_OVERHEAD_MS in reserve for process and
 *    protocol latency, and the hard limit never exceeds a fraction of the time left, so a game
 *    with an increment of 0.1 s or more is not lost on time.
 *
 * The search checks the clock every POLL_NODES nodes.
 * Example: 60 s + 1 s increment, 22 moves to go assumed: soft ≈ 3.5 s, hard ≈ 10.5 s.
 */

import type { SearchLimits } from './api.js';

export const MOVE_OVERHEAD_MS = 40;
/**
 * Moves a clock without `movestogo` is shared over, each time a move is planned. Games between
 * engines are decided in the middlegame; planning on 35 moves left Caravan 5 s of a 10 s + 0.1 s
 * clock at move 30 and 3.5 s at move 50 of games it lost. Planning on 22 spends that reserve
 * where the game is decided: 21.7 % instead of 15.0 % against native Fairy-Stockfish on the same
 * 120 Camel Decimal openings, +78 Elo (bench/README.md, "Time is the cheapest depth"; planning on
 * 16 did worse). The increment and the hard cap below keep the clock safe late in a game.
 */
export const PLANNED_MOVES = 22;
/** Nodes between two looks at the clock and the stop flag. */
export const POLL_NODES = 512;

export interface TimeBudget {
  /** Do not start a new iteration once this much is used (ms; Infinity = no limit). */
  readonly soft: number;
  /** Stop searching at once after this (ms; Infinity = no limit). */
  readonly hard: number;
  /** The whole time is asked for (`movetime`): search until `hard`, not less when the move is settled. */
  readonly exact: boolean;
}

const UNLIMITED: TimeBudget = { soft: Number.POSITIVE_INFINITY, hard: Number.POSITIVE_INFINITY, exact: false };

export function timeBudget(limits: SearchLimits, turn: number, overhead = MOVE_OVERHEAD_MS): TimeBudget {
  if (limits.infinite) return UNLIMITED;
  let soft = Number.POSITIVE_INFINITY;
  let hard = Number.POSITIVE_INFINITY;
  let exact = false;
  if (limits.movetime !== undefined && limits.movetime >= 0) {
    const margin = Math.min(overhead, limits.movetime / 4);
    hard = Math.max(1, limits.movetime - margin);
    soft = hard;
    exact = true;
  }
  const left = turn === 0 ? limits.wtime : limits.btime;
  if (left !== undefined) {
    const inc = Math.max(0, (turn === 0 ? limits.winc : limits.binc) ?? 0);
    const mtg = limits.movestogo !== undefined && limits.movestogo > 0 ? Math.min(limits.movestogo, 40) : PLANNED_MOVES;
    const usable = Math.max(1, left - overhead);
    // Share of the remaining time plus most of the increment (less of it when the clock runs low).
    let s = usable / mtg + inc * (usable > 8 * inc ? 0.8 : 0.5);
    // Never plan on more than a fraction of what the clock holds beyond the reserve: a stall
    // of the process after the deadline must not flag.
    const cap = mtg === 1 ? usable * 0.7 : usable * 0.35;
    s = Math.min(s, cap);
    const h = Math.min(s * 3, cap);
    soft = Math.min(soft, Math.max(1, s));
    hard = Math.min(hard, Math.max(1, h));
    exact = false;
  }
  return { soft, hard, exact };
}
