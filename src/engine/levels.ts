/**
 * Casual strength levels 1–8 (`SearchLimits.level`). A level caps the search (depth and nodes,
 * on top of the caller's own limits) and adds controlled randomness: a pseudo-random offset of
 * up to ±noise centipawns added to every static evaluation, keyed by the position's hash and the
 * search seed — the same position always gets the same offset within one search, so the search
 * stays consistent, and a given seed gives the same moves (deterministic).
 *
 * | level | max depth | max nodes | noise (cp) | typical play                       |
 * |-------|-----------|-----------|------------|------------------------------------|
 * | 1     | 1         | 2 000     | ±400       | one ply, grabs material, blunders  |
 * | 2     | 2         | 6 000     | ±250       | sees replies, often misjudges      |
 * | 3     | 3         | 20 000    | ±150       | club beginner                      |
 * | 4     | 4         | 50 000    | ±90        |                                    |
 * | 5     | 5         | 120 000   | ±50        |                                    |
 * | 6     | 7         | 300 000   | ±25        |                                    |
 * | 7     | 9         | 800 000   | ±10        |                                    |
 * | 8     | —         | —         | 0          | full strength; 1.5 s per move when the caller gives no limit |
 */

export interface LevelSettings {
  readonly depth: number;
  readonly nodes: number;
  readonly noise: number;
  /** Thinking time used when the caller sets no depth, nodes or clock (ms). */
  readonly defaultMovetime: number;
}

const TABLE: readonly LevelSettings[] = [
  { depth: 1, nodes: 2_000, noise: 400, defaultMovetime: 1500 },
  { depth: 2, nodes: 6_000, noise: 250, defaultMovetime: 1500 },
  { depth: 3, nodes: 20_000, noise: 150, defaultMovetime: 1500 },
  { depth: 4, nodes: 50_000, noise: 90, defaultMovetime: 1500 },
  { depth: 5, nodes: 120_000, noise: 50, defaultMovetime: 1500 },
  { depth: 7, nodes: 300_000, noise: 25, defaultMovetime: 1500 },
  { depth: 9, nodes: 800_000, noise: 10, defaultMovetime: 1500 },
  { depth: 0, nodes: 0, noise: 0, defaultMovetime: 1500 },
];

export const MIN_LEVEL = 1;
export const MAX_LEVEL = 8;

/** Settings of a level (clamped to 1–8; depth/nodes 0 = no cap). */
export function levelSettings(level: number): LevelSettings {
  const i = Math.min(MAX_LEVEL, Math.max(MIN_LEVEL, Math.round(level))) - 1;
  return TABLE[i]!;
}

/** Deterministic noise in [−amp, amp] for a position hash and seed. */
export function evalNoise(hashLo: number, hashHi: number, seed: number, amp: number): number {
  let z = (hashLo ^ Math.imul(hashHi, 0x27d4eb2d) ^ seed) | 0;
  z = Math.imul(z ^ (z >>> 15), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  z = (z ^ (z >>> 16)) >>> 0;
  return (z % (2 * amp + 1)) - amp;
}
