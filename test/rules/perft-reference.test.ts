/**
 * Reference perft (RULES.md §5): every case of shared/perft/reference.json up to 5 M nodes must
 * be matched exactly. The larger cases belong to the benchmark (bench/). The counts come from
 * Fairy-Stockfish built from source, cross-checked by an independent implementation
 * (shared/perft/README.md).
 */

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { perft } from '../../src/core/perft.js';
import { MENU_VARIANT_IDS } from '../../src/variants/index.js';
import { sharedFile } from '../helpers/paths.js';
import { position } from '../helpers/positions.js';

interface ReferenceCase {
  readonly variant: string;
  readonly fen: string;
  readonly depth: number;
  readonly nodes: number;
  readonly kind: string;
}

/** Cases above this belong to the benchmark. */
const MAX_NODES = 5_000_000;

const cases = JSON.parse(readFileSync(sharedFile('perft', 'reference.json'), 'utf8')) as ReferenceCase[];

describe('reference perft (shared/perft/reference.json)', () => {
  test('the reference file has cases for every camel variant', () => {
    const variants = new Set(cases.map((c) => c.variant));
    for (const id of MENU_VARIANT_IDS) {
      assert.ok(variants.has(id), `no reference perft for ${id}`);
    }
  });

  for (const c of cases.filter((c) => c.nodes <= MAX_NODES)) {
    test(`${c.variant} ${c.kind} depth ${c.depth} = ${c.nodes}`, () => {
      assert.equal(perft(position(c.variant, c.fen), c.depth), c.nodes, c.fen);
    });
  }
});
