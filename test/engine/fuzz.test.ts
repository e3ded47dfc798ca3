/** Searches from random positions of every variant: legal answers, the position restored. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Game } from '../../src/core/game.js';
import { createEngine } from '../../src/engine/index.js';
import { VARIANTS, withMarriageMode } from '../../src/variants/index.js';
import { makeRng } from '../helpers/rng.js';

describe('search fuzz', () => {
  const defs = [...VARIANTS, withMarriageMode(VARIANTS.find((v) => v.id === 'bachelor-kamil')!, 'delayed')];
  for (const def of defs) {
    it(`answers a legal move from random positions of ${def.id} (${def.end.marriage?.mode ?? 'no marriage'})`, () => {
      const rng = makeRng(def.id.length * 7919 + (def.end.marriage?.mode === 'delayed' ? 1 : 0));
      const engine = createEngine(2);
      for (let game = 0; game < 6; game++) {
        const g = Game.create(def);
        assert.ok(g.ok);
        const gm = g.value;
        const plies = 10 + rng.int(70);
        for (let i = 0; i < plies && !gm.outcome(); i++) gm.play(rng.pick(gm.legalMoves()));
        const pos = gm.position;
        const fen = pos.toFen();
        const r = engine.search(pos, { limits: { depth: 4, nodes: 20_000 } });
        assert.equal(pos.toFen(), fen);
        if (gm.outcome()) continue;
        if (r.bestMove === 0) {
          // Only a game the rules have already ended (e.g. fifty moves) has no move.
          assert.ok(gm.legalMoves().length === 0 || gm.outcome() !== undefined, fen);
          continue;
        }
        assert.ok(gm.legalMoves().includes(r.bestMove), `${fen}: illegal best move`);
        for (const m of r.pv) assert.ok(gm.play(m).ok || gm.outcome() !== undefined, `${fen}: illegal PV`);
      }
    });
  }
});
