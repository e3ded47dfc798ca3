/**
 * Two matches of one player on the same openings, compared game by game. `caravan match` with the
 * same seed gives game N the same opening and the same colours in every run, and at a fixed node
 * count both engines are deterministic, so two builds' games stay identical until a change acts.
 * The difference of the player's score in each pair (same round, same colour) removes the
 * openings' own noise: its mean and standard error say far sooner than the two scores apart
 * whether the change helps (bench/README.md, "Screening … at equal nodes").
 */

import { CaravanError } from '../core/errors.js';
import { err, ok, type Result } from '../core/result.js';

/** What the comparison needs of one game: its round, who had White and Black, and the result. */
export interface RoundResult {
  readonly round: string;
  readonly white: string;
  readonly black: string;
  /** `1-0`, `0-1`, `1/2-1/2`; anything else (`*`, a void game) is not scored. */
  readonly result: string;
  /** Where the match's openings came from (its MatchOpenings tag), when known. */
  readonly openings?: string;
}

export interface PairedComparison {
  /** Rounds scored in both matches. */
  readonly pairs: number;
  /** The player's mean score per game in each match over those rounds, 0–1. */
  readonly scoreA: number;
  readonly scoreB: number;
  /** Mean of (B − A) per round and its standard error. */
  readonly meanDiff: number;
  readonly stdError: number;
  /** Rounds where B scored more, less, the same. */
  readonly better: number;
  readonly worse: number;
  readonly same: number;
}

/** The player's points in a game (1, ½, 0), or undefined when it did not play or the game is not scored. */
export function pointsOf(game: RoundResult, player: string): number | undefined {
  const side = game.white === player ? 0 : game.black === player ? 1 : -1;
  if (side < 0) return undefined;
  if (game.result === '1/2-1/2') return 0.5;
  if (game.result === '1-0') return side === 0 ? 1 : 0;
  if (game.result === '0-1') return side === 1 ? 1 : 0;
  return undefined;
}

/** One pair of matches on the same openings: before, after. */
export type MatchPair = readonly [before: readonly RoundResult[], after: readonly RoundResult[]];

/**
 * Compare the player's results round by round. A round played with other colours in the two
 * matches (not the same openings: another seed, or other engine order) is an error.
 */
export function comparePaired(
  a: readonly RoundResult[],
  b: readonly RoundResult[],
  player: string,
): Result<PairedComparison, CaravanError> {
  return comparePairedSets([[a, b]], player);
}

/**
 * Several pairs of matches pooled, each compared round by round on its own openings (one pair a
 * seed): the rounds of all pairs enter one mean and standard error, as if one longer screen. An
 * error in any pair names it (1-based) when there is more than one.
 */
export function comparePairedSets(sets: readonly MatchPair[], player: string): Result<PairedComparison, CaravanError> {
  const diffs: number[] = [];
  let sumA = 0;
  let sumB = 0;
  for (let i = 0; i < sets.length; i++) {
    const [a, b] = sets[i]!;
    const where = sets.length > 1 ? `pair ${i + 1}, ` : '';
    const byRound = new Map<string, RoundResult>();
    for (const g of a) byRound.set(g.round, g);
    for (const gb of b) {
      const ga = byRound.get(gb.round);
      if (!ga) continue;
      const pa = pointsOf(ga, player);
      const pb = pointsOf(gb, player);
      if (pa === undefined || pb === undefined) continue;
      if (ga.openings !== undefined && gb.openings !== undefined && ga.openings !== gb.openings) {
        return err(
          new CaravanError(
            'invalid-pgn',
            `${where}round ${gb.round}: openings '${ga.openings}' in one match, '${gb.openings}' in the other`,
          ),
        );
      }
      if ((ga.white === player) !== (gb.white === player)) {
        return err(
          new CaravanError('invalid-pgn', `${where}round ${gb.round}: ${player} has another colour in each match`),
        );
      }
      diffs.push(pb - pa);
      sumA += pa;
      sumB += pb;
    }
  }
  const n = diffs.length;
  if (n === 0) return err(new CaravanError('invalid-pgn', `no round scored for ${player} in both matches`));
  const mean = diffs.reduce((s, d) => s + d, 0) / n;
  const variance = n > 1 ? diffs.reduce((s, d) => s + (d - mean) ** 2, 0) / (n - 1) : 0;
  return ok({
    pairs: n,
    scoreA: sumA / n,
    scoreB: sumB / n,
    meanDiff: mean,
    stdError: Math.sqrt(variance / n),
    better: diffs.filter((d) => d > 0).length,
    worse: diffs.filter((d) => d < 0).length,
    same: diffs.filter((d) => d === 0).length,
  });
}
