/** Perft (RULES.md §5): leaf count of the legal move tree; ended games have no moves. */

import type { Move } from './move.js';
import { generateLegal, MAX_MOVES } from './movegen.js';
import { isRuleTerminal } from './outcome.js';
import type { Position } from './position.js';

/** One move buffer for the whole tree: each ply writes after its parent's moves. */
let stack = new Int32Array(MAX_MOVES * 64);

export function perft(pos: Position, depth: number): number {
  if (depth <= 0) return 1;
  if (stack.length < MAX_MOVES * (depth + 1)) stack = new Int32Array(MAX_MOVES * (depth + 1));
  return perftAt(pos, depth, 0);
}

function perftAt(pos: Position, depth: number, start: number): number {
  if (isRuleTerminal(pos)) return 0;
  const end = generateLegal(pos, stack, start);
  if (depth === 1) return end - start;
  let nodes = 0;
  for (let i = start; i < end; i++) {
    pos.make(stack[i] as Move);
    nodes += perftAt(pos, depth - 1, end);
    pos.unmake();
  }
  return nodes;
}

/** Perft split by root move. */
export function perftDivide(pos: Position, depth: number): Array<{ move: Move; nodes: number }> {
  if (depth <= 0 || isRuleTerminal(pos)) return [];
  const buf = new Int32Array(MAX_MOVES);
  const end = generateLegal(pos, buf, 0);
  const out: Array<{ move: Move; nodes: number }> = [];
  for (let i = 0; i < end; i++) {
    const m = buf[i] as Move;
    pos.make(m);
    out.push({ move: m, nodes: perft(pos, depth - 1) });
    pos.unmake();
  }
  return out;
}
