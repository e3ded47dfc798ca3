/**
 * How a game ends (RULES.md §§1–5). Rule-based ends that need no move generation (bare king,
 * marriage/taming) are checked first; then "no legal move"; then the draws.
 */

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
 * (RULES.md §4) and the decided bare-king cases (RULES.md §3). Used by perft (§5) and search.
 */
export function immediateEnd(pos: Position): Outcome | undefined {
  const end = pos.t.def.end;
  const stm = pos.turn;
  const mover = stm ^ 1;
  if (end.marriage) {
    // Immediate mode: the move that creates the marriage wins. A FEN in which the side to move
    // already stands married and not in check is a finished game too. Delayed mode: only the side
    // to move, still married at the start of its turn and not in check, wins.
    if (end.marriage.mode === 'immediate' && pos.isMarried(mover)) return marriageOutcome(pos, mover);
    if (pos.isMarried(stm) && !pos.inCheck()) return marriageOutcome(pos, stm);
  }
  if (end.bareKing) {
    const stmBare = pos.menCount(stm) === 0;
    const moverBare = pos.menCount(mover) === 0;
    if (stmBare && moverBare) return { winner: null, reason: 'counter-bare' };
    // The side that just moved was bare before its move and did not take the last man back.
    if (moverBare) return { winner: colorName(stm), reason: 'bare-king' };
  }
  return undefined;
}

/** Bare king where the bared side to move cannot take back (opponent keeps two or more men). */
function bareKingLoss(pos: Position): Outcome | undefined {
  if (!pos.t.def.end.bareKing) return undefined;
  const stm = pos.turn;
  if (pos.menCount(stm) === 0 && pos.menCount(stm ^ 1) >= 2) return { winner: colorName(stm ^ 1), reason: 'bare-king' };
  return undefined;
}

/** Is the game over by a rule that forbids further moves (for perft, RULES.md §5)? */
export function isRuleTerminal(pos: Position): boolean {
  return immediateEnd(pos) !== undefined || bareKingLoss(pos) !== undefined;
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
  const immediate = immediateEnd(pos);
  if (immediate) return immediate;
  if (generateLegal(pos, outcomeBuf, 0) === 0) {
    if (pos.inCheck()) return { winner: colorName(pos.turn ^ 1), reason: 'checkmate' };
    const stalemateWins = pos.t.def.end.stalemate === 'win';
    return { winner: stalemateWins ? colorName(pos.turn ^ 1) : null, reason: 'stalemate' };
  }
  const bare = bareKingLoss(pos);
  if (bare) return bare;
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
