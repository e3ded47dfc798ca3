/**
 * Match statistics: score, Elo difference with a 95% error margin (the trinomial model that
 * cutechess-cli uses), likelihood of superiority, and a sequential probability ratio test (SPRT)
 * that stops a match once its games decide between two Elo hypotheses.
 */

export interface Score {
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
}

export function games(s: Score): number {
  return s.wins + s.losses + s.draws;
}

/** Points per game, 0–1. */
export function scoreFraction(s: Score): number {
  const n = games(s);
  return n === 0 ? 0.5 : (s.wins + s.draws / 2) / n;
}

/** Elo difference implied by a score fraction (±Infinity at 0 and 1). */
export function eloFromScore(p: number): number {
  if (p <= 0) return Number.NEGATIVE_INFINITY;
  if (p >= 1) return Number.POSITIVE_INFINITY;
  const elo = -400 * Math.log10(1 / p - 1);
  return elo === 0 ? 0 : elo; // no -0
}

export interface EloEstimate {
  readonly elo: number;
  /** Half-width of the 95% confidence interval (NaN/Infinity when it cannot be estimated). */
  readonly error: number;
}

/** Variance of one game's score (1, ½, 0) around the mean score; 0 with no games. */
function perGameVariance(s: Score): number {
  const n = games(s);
  if (n === 0) return 0;
  const p = scoreFraction(s);
  return (s.wins * (1 - p) ** 2 + s.losses * p ** 2 + s.draws * (0.5 - p) ** 2) / n;
}

export function eloEstimate(s: Score): EloEstimate {
  const n = games(s);
  const p = scoreFraction(s);
  if (n === 0) return { elo: 0, error: Number.NaN };
  const stdev = Math.sqrt(perGameVariance(s) / n);
  const z = 1.959963984540054;
  const lo = eloFromScore(p - z * stdev);
  const hi = eloFromScore(p + z * stdev);
  return { elo: eloFromScore(p), error: (hi - lo) / 2 };
}

/** Likelihood of superiority (draws ignored): probability that the first side is stronger. */
export function likelihoodOfSuperiority(s: Score): number {
  const decisive = s.wins + s.losses;
  if (decisive === 0 || s.wins === s.losses) return 0.5;
  return 0.5 * (1 + erf((s.wins - s.losses) / Math.sqrt(2 * decisive)));
}

/** Abramowitz–Stegun 7.1.26 (|error| < 1.5e-7). */
function erf(x: number): number {
  const sign = x < 0 ? -1 : 1;
  const ax = Math.abs(x);
  const t = 1 / (1 + 0.3275911 * ax);
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-ax * ax);
  return sign * y;
}

function fmt(x: number, digits: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  return x.toFixed(digits);
}

/** `Score of A vs B: W - L - D  [0.625] 8` */
export function scoreLine(a: string, b: string, s: Score): string {
  return `Score of ${a} vs ${b}: ${s.wins} - ${s.losses} - ${s.draws}  [${scoreFraction(s).toFixed(3)}] ${games(s)}`;
}

/** `Elo difference: 88.7 +/- 120.3, LOS: 91.2 %, DrawRatio: 25.0 %` */
export function eloLine(s: Score): string {
  const e = eloEstimate(s);
  const n = games(s);
  const drawRatio = n === 0 ? 0 : (100 * s.draws) / n;
  return `Elo difference: ${fmt(e.elo, 1)} +/- ${fmt(e.error, 1)}, LOS: ${fmt(100 * likelihoodOfSuperiority(s), 1)} %, DrawRatio: ${fmt(drawRatio, 1)} %`;
}

/** An SPRT: is the first engine elo0 or elo1 Elo stronger (logistic Elo), with error rates alpha and beta? */
export interface SprtSpec {
  readonly elo0: number;
  readonly elo1: number;
  readonly alpha: number;
  readonly beta: number;
}

export interface SprtState {
  /** Log-likelihood ratio of elo1 against elo0 given the games so far. */
  readonly llr: number;
  /** ln(beta / (1 − alpha)): at or below it elo0 (H0) is accepted. */
  readonly lower: number;
  /** ln((1 − beta) / alpha): at or above it elo1 (H1) is accepted. */
  readonly upper: number;
  readonly decision: 'H0' | 'H1' | undefined;
}

/**
 * The SPRT's state after the games of `s`: the generalised SPRT's normal approximation of the
 * log-likelihood ratio on the trinomial game results, n (s1 − s0)(2μ − s0 − s1) / 2σ², where s0
 * and s1 are the expected scores of elo0 and elo1, μ the mean score and σ² its per-game variance
 * (as in fishtest and cutechess-cli's logistic model). No evidence (0) while every game had the
 * same result: the approximation needs a variance.
 */
export function sprt(s: Score, spec: SprtSpec): SprtState {
  const lower = Math.log(spec.beta / (1 - spec.alpha));
  const upper = Math.log((1 - spec.beta) / spec.alpha);
  const variance = perGameVariance(s);
  if (variance === 0) return { llr: 0, lower, upper, decision: undefined };
  const s0 = 1 / (1 + 10 ** (-spec.elo0 / 400));
  const s1 = 1 / (1 + 10 ** (-spec.elo1 / 400));
  const llr = (games(s) * (s1 - s0) * (2 * scoreFraction(s) - s0 - s1)) / (2 * variance);
  return { llr, lower, upper, decision: llr >= upper ? 'H1' : llr <= lower ? 'H0' : undefined };
}

/** `SPRT: llr 1.23 (-2.94, 2.94) [0, 10]: H1 accepted` (or `: continue`). */
export function sprtLine(state: SprtState, spec: SprtSpec): string {
  const verdict = state.decision === undefined ? 'continue' : `${state.decision} accepted`;
  return `SPRT: llr ${fmt(state.llr, 2)} (${fmt(state.lower, 2)}, ${fmt(state.upper, 2)}) [${spec.elo0}, ${spec.elo1}]: ${verdict}`;
}
