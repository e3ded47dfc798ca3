/**
 * How a game ends (RULES.md §§1–5). Rule-based ends that need no move generation (bare king,
 * marriage/taming) are checked first; then "no legal move"; then the draws.
 */

import {
  RULE_COUNTER_BARE,
  RULE_MOVER_BARE,
  RULE_MOVER_MARRIED,
  RULE_NONE,
  RULE_STM_BARE,
  RULE_STM_MARRIED,
  ruleEnd,
  stalemateValue,
} from './end-rules.js';
import { generateLegal, MAX_MOVES } from './movegen.js';
import type { Position } from './position.js';
import { codeType, pieceCode, WHITE } from './tables.js';

export type Color = 'white' | 'black';

export type EndReason =
  | 'checkmate'
  | 'stalemate'
  | 'bare-king'
  | 'counter-bare'
  | 'marriage'
  | 'taming'
  | 'threefold-repetition'
  | 'fifty-move'
  | 'insufficient-material';

export interface Outcome {
  /** The winner, or null for a draw. */
  readonly winner: Color | null;
  readonly reason: EndReason;
}

export function colorName(color: number): Color {
  return color === WHITE ? 'white' : 'black';
}

/**
 * An end by a rule that ends the game at once without looking at moves: marriage/taming
 * (RULES.md §4) and the decided bare-king cases (RULES.md §3). Used by perft (§5) and the Game.
 * (The bared side to move that cannot take back is reported by positionOutcome, after the
 * checkmate and stalemate tests.)
 */
export function immediateEnd(pos: Position): Outcome | undefined {
  const end = ruleEnd(pos);
  return end === RULE_STM_BARE ? undefined : ruleOutcome(pos, end);
}

/** The Outcome of a ruleEnd answer (undefined for RULE_NONE). */
function ruleOutcome(pos: Position, end: number): Outcome | undefined {
  const stm = pos.turn;
  switch (end) {
    case RULE_MOVER_MARRIED:
      return marriageOutcome(pos, stm ^ 1);
    case RULE_STM_MARRIED:
      return marriageOutcome(pos, stm);
    case RULE_COUNTER_BARE:
      return { winner: null, reason: 'counter-bare' };
    case RULE_MOVER_BARE:
      return { winner: colorName(stm), reason: 'bare-king' };
    case RULE_STM_BARE:
      return { winner: colorName(stm ^ 1), reason: 'bare-king' };
    default:
      return undefined;
  }
}

/** Is the game over by a rule that forbids further moves (for perft, RULES.md §5)? */
export function isRuleTerminal(pos: Position): boolean {
  return ruleEnd(pos) !== RULE_NONE;
}

function marriageOutcome(pos: Position, color: number): Outcome {
  const t = pos.t;
  const queen = t.letters.indexOf('Q');
  const k = pos.kingSq[color] as number;
  let withQueen = false;
  if (queen >= 0) {
    const q = pieceCode(queen, color);
    for (let i = 0; i < 8; i++) if (pos.board[k + (t.kingOffsets[i] as number)] === q) withQueen = true;
  }
  return { winner: colorName(color), reason: withQueen ? 'marriage' : 'taming' };
}

const outcomeBuf = new Int32Array(MAX_MOVES);

/**
 * The outcome of a position on its own (no history: repetition is the Game's job), or undefined
 * while the game goes on. Order per RULES.md §4: rule wins, then no legal move, then draws.
 */
export function positionOutcome(pos: Position): Outcome | undefined {
  const rule = ruleEnd(pos);
  if (rule !== RULE_NONE && rule !== RULE_STM_BARE) return ruleOutcome(pos, rule);
  if (generateLegal(pos, outcomeBuf, 0) === 0) {
    if (pos.inCheck()) return { winner: colorName(pos.turn ^ 1), reason: 'checkmate' };
    return { winner: stalemateValue(pos.t) < 0 ? colorName(pos.turn ^ 1) : null, reason: 'stalemate' };
  }
  if (rule === RULE_STM_BARE) return ruleOutcome(pos, rule);
  const moveRule = pos.t.def.draws.moveRule;
  if (moveRule > 0 && pos.halfmove >= 2 * moveRule) return { winner: null, reason: 'fifty-move' };
  if (isDeadPosition(pos)) return { winner: null, reason: 'insufficient-material' };
  return undefined;
}

/** Dead positions listed by the variant (RULES.md §§1, 2, 4). */
export function isDeadPosition(pos: Position): boolean {
  const t = pos.t;
  const dead = t.def.end.deadPositions;
  const material = ['', ''];
  const bishop = t.letters.indexOf('B');
  let onlyBishops = true;
  let bishopColors = 0;
  for (let color = 0; color < 2; color++) {
    const letters: string[] = [];
    for (let i = 0; i < (pos.pcount[color] as number); i++) {
      const sq = pos.pieceSquare(color, i);
      const type = codeType(pos.board[sq] as number);
      if (type === t.kingType) continue;
      letters.push(t.letters[type] as string);
      if (type !== bishop) onlyBishops = false;
      else bishopColors |= 1 << (((t.fileOf[sq] as number) + (t.rankOf[sq] as number)) & 1);
    }
    material[color] = letters.sort().join('');
  }
  for (const [a, b] of dead.material) {
    if ((material[0] === a && material[1] === b) || (material[0] === b && material[1] === a)) return true;
  }
  return !!dead.sameColorBishops && onlyBishops && bishopColors !== 3 && bishopColors !== 0;
}
