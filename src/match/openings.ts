/**
 * Opening positions for matches: random legal plies from the start position (reproducible from
 * a seed), or FENs read from a file (one per line; blank lines and `#` comments skipped).
 */

import { createHash } from 'node:crypto';
import { Game } from '../core/game.js';
import { unwrap } from '../core/result.js';
import { moveToUci } from '../notation/uci.js';
import type { VariantDefinition } from '../variants/schema.js';

export interface Opening {
  /** Start FEN, or undefined for the variant's start position. */
  readonly fen: string | undefined;
  /** Moves played from there before the engines take over (Caravan UCI text). */
  readonly moves: readonly string[];
}

/** mulberry32: a small deterministic PRNG, uniform in [0, 1). */
export function makeRng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `count` openings of `plies` random legal moves each, none of which ends the game (a line that
 * would is redrawn). Distinct lines where possible.
 */
export function randomOpenings(def: VariantDefinition, count: number, plies: number, seed: number): Opening[] {
  const rng = makeRng(seed);
  const out: Opening[] = [];
  const seen = new Set<string>();
  let attempts = 0;
  while (out.length < count) {
    attempts++;
    const game = unwrap(Game.create(def));
    const moves: string[] = [];
    let ok = true;
    for (let i = 0; i < plies; i++) {
      const legal = game.legalMoves();
      if (legal.length === 0) {
        ok = false;
        break;
      }
      const m = legal[Math.floor(rng() * legal.length)] as number;
      moves.push(moveToUci(game.position, m));
      game.play(m);
      if (game.outcome()) {
        ok = false;
        break;
      }
    }
    if (!ok) continue;
    const key = moves.join(' ');
    // The redraw limit grows with the openings found so far, not with `count`: opening k is then
    // the same whatever the count, so a match resumed with more games keeps its first openings.
    if (seen.has(key) && attempts < (out.length + 1) * 20) continue;
    seen.add(key);
    out.push({ fen: undefined, moves });
  }
  return out;
}

/** Read FEN openings; every FEN is checked against the variant. */
export function parseOpeningsFile(def: VariantDefinition, text: string): { openings: Opening[] } | { error: string } {
  const openings: Opening[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] as string).trim();
    if (line === '' || line.startsWith('#')) continue;
    const created = Game.create(def, line);
    if (!created.ok) return { error: `line ${i + 1}: ${created.error.message}` };
    if (created.value.outcome()) return { error: `line ${i + 1}: the game is already over in this position` };
    openings.push({ fen: created.value.fen(), moves: [] });
  }
  if (openings.length === 0) return { error: 'no FEN found' };
  return { openings };
}

/**
 * What a match's openings come from, as written in each game's `MatchOpenings` PGN tag: a
 * resumed match must use the same ones (see resume.ts).
 */
export function randomOpeningsSource(plies: number, seed: number): string {
  return `random, ${plies} plies, seed ${seed}`;
}

/** The source of openings read from a file: their count and a hash of their FENs. */
export function fileOpeningsSource(openings: readonly Opening[]): string {
  const hash = createHash('sha256')
    .update(openings.map((o) => o.fen ?? '').join('\n'))
    .digest('hex');
  return `file, ${openings.length} FENs, sha256 ${hash.slice(0, 16)}`;
}

/** The seed and plies of a random-openings source text, else undefined. */
export function parseRandomOpeningsSource(text: string): { plies: number; seed: number } | undefined {
  const m = /^random, (\d+) plies, seed (\d+)$/.exec(text);
  return m ? { plies: Number(m[1]), seed: Number(m[2]) } : undefined;
}
