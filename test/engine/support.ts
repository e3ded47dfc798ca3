/** Test support for the engine: positions, an independent brute-force win finder. */

import { positionOutcome } from '../../src/core/outcome.js';
import { Position } from '../../src/core/position.js';
import { legalMoveList } from '../../src/notation/uci.js';
import { findVariant } from '../../src/variants/index.js';
import type { VariantDefinition } from '../../src/variants/schema.js';

export function variant(id: string): VariantDefinition {
  const def = findVariant(id);
  if (!def) throw new Error(`no variant ${id}`);
  return def;
}

export function position(def: VariantDefinition | string, fen?: string): Position {
  const d = typeof def === 'string' ? variant(def) : def;
  const r = Position.fromFen(d, fen);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const colorName = (c: number) => (c === 0 ? 'white' : 'black');

/**
 * Can `side` (to move) force a win by any rule of the variant (checkmate, stalemate win, bare
 * king, marriage/taming) within `n` of its own moves? Plain minimax over legalMoveList and
 * positionOutcome, independent of the engine.
 */
export function forcedWin(pos: Position, n: number, side = pos.turn): boolean {
  for (const m of legalMoveList(pos)) {
    pos.make(m);
    let ok = false;
    const o = positionOutcome(pos);
    if (o) ok = o.winner === colorName(side);
    else if (n > 1) {
      ok = true;
      for (const r of legalMoveList(pos)) {
        pos.make(r);
        const o2 = positionOutcome(pos);
        const good = o2 ? o2.winner === colorName(side) : forcedWin(pos, n - 1, side);
        pos.unmake();
        if (!good) {
          ok = false;
          break;
        }
      }
    }
    pos.unmake();
    if (ok) return true;
  }
  return false;
}

/** Colour-flipped FEN (ranks mirrored, case swapped, other side to move; rights dropped). */
export function flipFen(fen: string): string {
  const [placement, side] = fen.split(' ');
  const ranks = (placement ?? '')
    .split('/')
    .reverse()
    .map((r) => r.replace(/[a-zA-Z]/g, (c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())));
  return `${ranks.join('/')} ${side === 'w' ? 'b' : 'w'} - - 0 1`;
}
