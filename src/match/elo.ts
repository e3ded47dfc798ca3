/**
 * Match statistics: score, Elo difference with a 95% error margin (the trinomial model that
 * cutechess-cli uses), likelihood of superiority.
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

export function eloEstimate(s: Score): EloEstimate {
  const n = games(s);
  const p = scoreFraction(s);
  if (n === 0) return { elo: 0, error: Number.NaN };
  const variance = (s.wins * (1 - p) ** 2 + s.losses * (0 - p) ** 2 + s.draws * (0.5 - p) ** 2) / n;
  const stdev = Math.sqrt(variance / n);
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
