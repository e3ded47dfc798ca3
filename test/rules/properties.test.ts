/**
 * Property tests over random games in every variant (fast-check, fixed seeds, bounded runs).
 * A game starts from the start position, from the start position thinned out, or from a sparse
 * random placement (pawns near promotion, bare kings), then follows the generated move choices.
 * At every position reached:
 * - FEN round trip: fromFen(toFen(p)).toFen() === toFen(p), with the same hash (RULES.md §0);
 * - every legal move: make + unmake restores the FEN and the hash, and right after make the
 *   incremental hash equals computeHash();
 * - the legal moves (and the FEN after each) equal those of the brute-force reference generator
 *   in test/helpers/reference-movegen.ts, written from RULES.md independently of movegen.ts.
 */

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import type { Move } from '../../src/core/move.js';
import { isRuleTerminal } from '../../src/core/outcome.js';
import { Position } from '../../src/core/position.js';
import { VARIANTS } from '../../src/variants/index.js';
import type { VariantDefinition } from '../../src/variants/schema.js';
import { legal, moveKey, moveKindName } from '../helpers/positions.js';
import { randomPlacement, thinOut } from '../helpers/random-game.js';
import { referenceMoves } from '../helpers/reference-movegen.js';
import { makeRng } from '../helpers/rng.js';

/** Runs per variant and property; each run is a game of up to MAX_PLIES plies. */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 50);
const MAX_PLIES = 90;

interface GameSpec {
  readonly start: 'start' | 'thinned' | 'sparse';
  readonly seed: number;
  readonly choices: readonly number[];
}

const gameSpec = fc.record({
  start: fc.constantFrom('start' as const, 'thinned' as const, 'sparse' as const),
  seed: fc.integer(),
  // size 'max': fast-check's default size would keep the games to about ten plies.
  choices: fc.array(fc.nat(), { minLength: 10, maxLength: MAX_PLIES, size: 'max' }),
});

function startFen(def: VariantDefinition, spec: GameSpec): string {
  const rng = makeRng(spec.seed);
  if (spec.start === 'thinned') return thinOut(def, def.startFen, rng, 0.3 + 0.6 * rng.next()) ?? def.startFen;
  if (spec.start === 'sparse') return randomPlacement(def, rng, 2 + rng.int(8)) ?? def.startFen;
  return def.startFen;
}

/** Visit every position of the game the spec describes (stops where the game ends by a rule). */
function walkGame(def: VariantDefinition, spec: GameSpec, visit: (pos: Position) => void): void {
  const r = Position.fromFen(def, startFen(def, spec));
  if (!r.ok) throw r.error;
  const pos = r.value;
  for (let ply = 0; ; ply++) {
    visit(pos);
    if (ply >= spec.choices.length || isRuleTerminal(pos)) return;
    const moves = legal(pos);
    if (moves.length === 0) return;
    pos.make(moves[(spec.choices[ply] as number) % moves.length] as Move);
  }
}

function hashOf(pos: Position): string {
  return `${pos.hashHi >>> 0}:${pos.hashLo >>> 0}`;
}

function check(def: VariantDefinition, seed: number, property: (pos: Position) => void): void {
  fc.assert(
    fc.property(gameSpec, (spec) => walkGame(def, spec, property)),
    { seed, numRuns: RUNS },
  );
}

VARIANTS.forEach((def, index) => {
  describe(`properties of random ${def.id} games`, () => {
    test('FEN round trip keeps the FEN and the hash', () => {
      check(def, 1000 + index, (pos) => {
        const fen = pos.toFen();
        const again = Position.fromFen(def, fen);
        assert.ok(again.ok, fen);
        assert.equal(again.value.toFen(), fen);
        assert.equal(hashOf(again.value), hashOf(pos), fen);
      });
    });

    test('make + unmake restores FEN and hash; the incremental hash equals computeHash()', () => {
      check(def, 2000 + index, (pos) => {
        const fen = pos.toFen();
        const hash = hashOf(pos);
        for (const m of legal(pos)) {
          pos.make(m);
          const incremental = hashOf(pos);
          const after = pos.toFen();
          pos.computeHash();
          assert.equal(hashOf(pos), incremental, `hash after ${moveKey(pos, m)} in ${fen} (→ ${after})`);
          pos.unmake();
          assert.equal(pos.toFen(), fen, `unmake of ${moveKey(pos, m)}`);
          assert.equal(hashOf(pos), hash, `hash after unmake of ${moveKey(pos, m)} in ${fen}`);
        }
      });
    });

    test('legal moves and the positions they lead to equal the brute-force reference', () => {
      check(def, 3000 + index, (pos) => {
        const fen = pos.toFen();
        const ours = legal(pos)
          .map((m) => {
            const key = `${moveKey(pos, m)} ${moveKindName(m)}`;
            pos.make(m);
            const after = pos.toFen();
            pos.unmake();
            return `${key} → ${after}`;
          })
          .sort();
        const reference = referenceMoves(def.id, fen)
          .map((r) => `${r.key} ${r.kind} → ${r.fenAfter}`)
          .sort();
        assert.deepEqual(ours, reference, fen);
      });
    });
  });
});
