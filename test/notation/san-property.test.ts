/**
 * SAN properties over random play in every variant (RULES.md §0 "Move text"): in every position
 * reached, the SAN strings of the legal moves are all different, and each reads back as its own
 * move — also without its check mark and without its capture mark, which the reader makes optional.
 * Random games run from the start, from thinned-out starts (open lines, promotions, bare kings)
 * and from sparse random placements with pawns about to promote.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { Move } from '../../src/core/move.js';
import type { Position } from '../../src/core/position.js';
import { moveToSan, parseSan } from '../../src/notation/san.js';
import { VARIANTS } from '../../src/variants/index.js';
import type { VariantDefinition } from '../../src/variants/schema.js';
import { legal } from '../helpers/positions.js';
import { randomPlacement, randomPlay, thinOut } from '../helpers/random-game.js';
import { makeRng } from '../helpers/rng.js';

const GAMES_PER_VARIANT = 36;
const PLIES = 40;

/** A start FEN for a random game: the variant's start, a thinned start or a sparse placement. */
function startFen(def: VariantDefinition, seed: number): string {
  const rng = makeRng(seed ^ 0x5a17);
  switch (seed % 3) {
    case 1:
      return thinOut(def, def.startFen, rng, 0.6) ?? def.startFen;
    case 2:
      return randomPlacement(def, rng, 8) ?? def.startFen;
    default:
      return def.startFen;
  }
}

function checkPosition(pos: Position): void {
  const moves = legal(pos);
  const sans = moves.map((m) => moveToSan(pos, m));
  const seen = new Map<string, Move>();
  moves.forEach((m, i) => {
    const san = sans[i] as string;
    assert.ok(!seen.has(san), `two legal moves written '${san}' in ${pos.toFen()}`);
    seen.set(san, m);
    for (const text of new Set([san, san.replace(/[+#]$/, ''), san.replace('x', '')])) {
      const r = parseSan(pos, text);
      if (!r.ok) assert.fail(`'${text}' (SAN of a legal move) refused in ${pos.toFen()}: ${r.error.message}`);
      assert.equal(r.value, m, `'${text}' read as another move in ${pos.toFen()}`);
    }
  });
}

describe('SAN round trip over random games (fast-check, fixed seed)', () => {
  for (const def of VARIANTS) {
    it(`${def.id}: unique SAN per legal move, each read back as the same move`, () => {
      fc.assert(
        fc.property(fc.nat(), (seed) => {
          randomPlay(def, startFen(def, seed), makeRng(seed), PLIES, (pos) => checkPosition(pos));
        }),
        { seed: 20240611, numRuns: GAMES_PER_VARIANT },
      );
    });
  }
});
