/**
 * Perft on positions built for the special rules (RULES.md §§1–5): Wildebeest castling at every
 * distance and its refusals, e.p. after triple steps, promotion choices per variant, Shatranj
 * Kamil bare king and counter-bare, Bachelor Kamil marriage/taming (both arrays, both modes),
 * Camel Decimal castling on rank 2.
 *
 * The expected counts live in test/fixtures/perft-special.json with their source per count
 * (Fairy-Stockfish walked node by node, its UCI perft, published chess results, or a count by
 * hand with the reasoning written there). To recompute them from Fairy-Stockfish after adding
 * a position:  PERFT_SPECIAL_WRITE=1 node --test dist/test/rules/perft-special.test.js
 * (that run only rewrites the fixture; run the file again to check Caravan against it).
 * Reasoned and published counts are kept and re-checked: the generator fails if Fairy-Stockfish
 * disagrees with them.
 */

import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { perft } from '../../src/core/perft.js';
import { withMarriageMode } from '../../src/variants/index.js';
import { type FsfEngine, fsfSections, loadFfish, startFsfEngine } from '../helpers/fairy-stockfish.js';
import { fsfWalkPerft, type WalkRules } from '../helpers/fsf-perft.js';
import { fixtureFile } from '../helpers/paths.js';
import { position, variant } from '../helpers/positions.js';

interface Count {
  depth: number;
  nodes: number;
  sources: string[];
  /** Fairy-Stockfish's UCI perft where it differs from the exact count (documentation only). */
  fsfEngineDiffers?: number;
}

interface SpecialPosition {
  id: string;
  variant: string;
  marriage?: 'immediate' | 'delayed';
  fen: string;
  exercises: string;
  depths: number[];
  /** Counts by hand, by depth, with the reasoning. */
  reasoning?: Record<string, { nodes: number; why: string }>;
  published?: Record<string, number>;
  counts?: Count[];
}

interface Fixture {
  about: string;
  sources: Record<string, string>;
  positions: SpecialPosition[];
}

const FIXTURE = fixtureFile('perft-special.json');

function walkRules(p: SpecialPosition): WalkRules {
  if (p.variant.startsWith('shatranj-kamil')) return { counterBare: true };
  if (p.variant.startsWith('bachelor-kamil')) return { marriage: p.marriage ?? 'immediate' };
  return {};
}

/** Fairy-Stockfish's UCI perft where the engine models the variant (undefined where it cannot). */
async function enginePerft(engine: FsfEngine, p: SpecialPosition, depth: number): Promise<number | undefined> {
  if (p.marriage === 'delayed') return undefined;
  if (p.variant === 'wildebeest') {
    // N + Σ (C_k − N): exact only when at most one side may castle (shared ini header).
    const castling = p.fen.split(' ')[2] ?? '-';
    if (/[KQ]/.test(castling) && /[kq]/.test(castling)) return undefined;
    const [none = 0, ...withCastle] = await Promise.all(
      fsfSections('wildebeest').map(({ section }) => engine.perft(section, p.fen, depth)),
    );
    return none + withCastle.reduce((sum, c) => sum + (c - none), 0);
  }
  const section = fsfSections(p.variant, true)[0]?.section as string;
  return engine.perft(section, p.fen, depth);
}

async function regenerate(): Promise<void> {
  const fixture = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Fixture;
  const ffish = await loadFfish();
  const engine = await startFsfEngine();
  try {
    for (const p of fixture.positions) {
      const counts: Count[] = [];
      for (const depth of p.depths) {
        const walked = fsfWalkPerft(ffish, p.variant, p.fen, depth, walkRules(p));
        const byHand = p.reasoning?.[String(depth)];
        const published = p.published?.[String(depth)];
        const sources: string[] = [];
        let nodes = walked;
        if (published !== undefined) {
          if (published !== walked)
            throw new Error(`${p.id} depth ${depth}: published ${published}, Fairy-Stockfish ${walked}`);
          sources.push('published');
        }
        if (byHand) {
          if (byHand.nodes !== walked)
            throw new Error(`${p.id} depth ${depth}: reasoned ${byHand.nodes}, Fairy-Stockfish ${walked}`);
          sources.push('reasoned');
          nodes = byHand.nodes;
        }
        sources.push('fsf-walk');
        const count: Count = { depth, nodes, sources };
        const fromEngine = await enginePerft(engine, p, depth);
        if (fromEngine === nodes) sources.push('fsf-engine');
        else if (fromEngine !== undefined) count.fsfEngineDiffers = fromEngine;
        counts.push(count);
      }
      p.counts = counts;
    }
  } finally {
    engine.quit();
  }
  // Arrays of plain values on one line, as the repository's formatter (biome) writes JSON.
  const text = JSON.stringify(fixture, null, 2).replace(
    /\[\n\s*([^[\]{}]*?)\n\s*\]/g,
    (_, items: string) => `[${items.split(/,\n\s*/).join(', ')}]`,
  );
  writeFileSync(FIXTURE, `${text}\n`);
}

const fixture = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Fixture;

if (process.env.PERFT_SPECIAL_WRITE === '1') {
  // Generation mode: only rewrite the fixture; run the file again to check Caravan against it.
  test('regenerate test/fixtures/perft-special.json from Fairy-Stockfish', regenerate);
} else {
  describe('special-rule perft (test/fixtures/perft-special.json)', () => {
    for (const p of fixture.positions) {
      const def = p.marriage ? withMarriageMode(variant(p.variant), p.marriage) : variant(p.variant);
      describe(`${p.id} (${p.variant}${p.marriage ? `, marriage=${p.marriage}` : ''})`, () => {
        test('every listed depth has a count with a named source', () => {
          assert.deepEqual(
            (p.counts ?? []).map((c) => c.depth),
            p.depths,
            'counts missing: regenerate the fixture (see the header of this file)',
          );
          for (const c of p.counts ?? []) {
            assert.ok(c.sources.length > 0 && c.sources.every((s) => s in fixture.sources), `${p.id}: unknown source`);
          }
        });
        for (const c of p.counts ?? []) {
          test(`depth ${c.depth} = ${c.nodes} [${c.sources.join(', ')}]`, () => {
            assert.equal(perft(position(def, p.fen), c.depth), c.nodes, `${p.exercises}\n${p.fen}`);
          });
        }
      });
    }
  });
}
