/**
 * A legal line that ends a game with a winner, found by the rules library and the engine (not
 * written down by hand): White searches a few plies, Black plays seeded random moves, until the
 * library says the game is over. Draws are thrown away and the next seed is tried.
 */

import { Game } from '../../src/core/game.js';
import type { Outcome } from '../../src/core/outcome.js';
import { unwrap } from '../../src/core/result.js';
import { createEngine } from '../../src/engine/index.js';
import { moveToUci } from '../../src/notation/uci.js';
import { findVariant, withMarriageMode } from '../../src/variants/index.js';
import { makeRng } from '../helpers/rng.js';

export interface DecisiveLine {
  readonly uci: readonly string[];
  readonly outcome: Outcome;
}

const found = new Map<string, DecisiveLine>();

export function decisiveLine(variantId: string, marriage?: 'immediate' | 'delayed', maxPlies = 160): DecisiveLine {
  const key = `${variantId}/${marriage ?? ''}/${maxPlies}`;
  let line = found.get(key);
  if (!line) {
    line = searchLine(variantId, marriage, maxPlies);
    found.set(key, line);
  }
  return line;
}

function searchLine(variantId: string, marriage: 'immediate' | 'delayed' | undefined, maxPlies: number): DecisiveLine {
  const base = findVariant(variantId);
  if (!base) throw new Error(`unknown variant ${variantId}`);
  const variant = marriage ? withMarriageMode(base, marriage) : base;
  const engine = createEngine(4);
  let fallback: DecisiveLine | undefined;
  for (let seed = 1; seed < 12; seed++) {
    const rng = makeRng(seed);
    const game = unwrap(Game.create(variant));
    const uci: string[] = [];
    engine.newGame();
    while (!game.outcome() && uci.length < maxPlies) {
      const legal = game.legalMoves();
      const m =
        game.position.turn === 0 ? engine.search(game.position, { limits: { depth: 2 } }).bestMove : rng.pick(legal);
      uci.push(moveToUci(game.position, m));
      unwrap(game.play(m));
    }
    const outcome = game.outcome();
    // A mate is what the test wants most; a rule win (bare king, marriage…) will do.
    if (outcome?.winner && outcome.reason === 'checkmate') return { uci, outcome };
    if (outcome?.winner && !fallback) fallback = { uci, outcome };
  }
  if (fallback) return fallback;
  throw new Error(`no decisive line found for ${variantId}`);
}
