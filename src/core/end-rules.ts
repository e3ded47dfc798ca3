/**
 * The variant end rules as questions about one position (RULES.md §§1–4), answered with
 * integers and without allocating, so that the search can ask them at every node and
 * outcome.ts can turn the answers into an Outcome:
 *  - ruleEnd: is the game over by a rule now (marriage/taming, bare king)?
 *  - hasRuleWinningMove: does the side to move have a move that wins by such a rule at once?
 *  - marriageThreat: (delayed marriage) does the side that just moved win at its next turn
 *    unless the side to move breaks the marriage now?
 *  - isBare: has a side only its king left where the bare-king rule applies?
 *  - stalemateValue: what a stalemate is worth to the stalemated side.
 */

import { encodeMove, KIND_NORMAL, moveTo } from './move.js';
import { generateCastling, legalByMaking, MAX_MOVES } from './movegen.js';
import type { Position } from './position.js';
import {
  END_BARE_KING,
  END_MARRIAGE,
  END_MARRIAGE_IMMEDIATE,
  END_STALEMATE_WIN,
  pieceCode,
  type VariantTables,
} from './tables.js';
import { mayLand, rideStop } from './targets.js';

/** No rule ends the game here. */
export const RULE_NONE = 0;
/** Immediate marriage: the move just made married (or tamed): the side that moved has won. */
export const RULE_MOVER_MARRIED = 1;
/** The side to move stands married (or tamed), not in check: it has won. */
export const RULE_STM_MARRIED = 2;
/** Both kings bare (the bared side took the last man back): a draw. */
export const RULE_COUNTER_BARE = 3;
/** The side that just moved is bare and did not take the last man back: it has lost. */
export const RULE_MOVER_BARE = 4;
/**
 * The side to move is bare and its opponent keeps two or more men, so one capture cannot bare
 * it back: the side to move has lost. (outcome.ts reports this after looking for a checkmate or
 * stalemate, which also lose, so that the reason given is the one a player sees.)
 */
export const RULE_STM_BARE = 5;

/**
 * Is the game over by a rule that needs no move generation (RULES.md §4 marriage/taming, §3 bare
 * king)? One of the RULE_ constants.
 */
export function ruleEnd(pos: Position): number {
  const rules = pos.t.endRules;
  if (rules === 0) return RULE_NONE;
  const stm = pos.turn;
  const mover = stm ^ 1;
  if (rules & END_MARRIAGE) {
    // Immediate mode: the move that creates the marriage wins. A FEN in which the side to move
    // already stands married and not in check is a finished game too. Delayed mode: only the side
    // to move, still married at the start of its turn and not in check, wins.
    if (rules & END_MARRIAGE_IMMEDIATE && pos.isMarried(mover)) return RULE_MOVER_MARRIED;
    if (pos.isMarried(stm) && !pos.inCheck()) return RULE_STM_MARRIED;
  }
  if (rules & END_BARE_KING) {
    const stmMen = pos.menCount(stm);
    if (pos.menCount(mover) === 0) return stmMen === 0 ? RULE_COUNTER_BARE : RULE_MOVER_BARE;
    if (stmMen === 0 && pos.menCount(mover) >= 2) return RULE_STM_BARE;
  }
  return RULE_NONE;
}

/** What a ruleEnd answer (not RULE_NONE) is worth to the side to move: 1 won, 0 drawn, −1 lost. */
export function ruleEndValue(end: number): number {
  if (end === RULE_STM_MARRIED || end === RULE_MOVER_BARE) return 1;
  return end === RULE_COUNTER_BARE ? 0 : -1;
}

/** Stalemate for the stalemated side to move: −1 where it loses (RULES.md §§1, 3), 0 a draw. */
export function stalemateValue(t: VariantTables): number {
  return t.endRules & END_STALEMATE_WIN ? -1 : 0;
}

/** Has `color` only its king left, in a variant with the bare-king rule (RULES.md §3)? */
export function isBare(pos: Position, color: number): boolean {
  return (pos.t.endRules & END_BARE_KING) !== 0 && pos.menCount(color) === 0;
}

/**
 * Delayed marriage (RULES.md §4, option marriage=delayed): does the side that just moved stand
 * married, so that it wins at the start of its next turn unless the side to move captures the
 * partner, moves it apart or gives check now?
 */
export function marriageThreat(pos: Position): boolean {
  return (pos.t.endRules & (END_MARRIAGE | END_MARRIAGE_IMMEDIATE)) === END_MARRIAGE && pos.isMarried(pos.turn ^ 1);
}

const castleBuf = new Int32Array(MAX_MOVES);

/**
 * Immediate marriage (RULES.md §4, the default): has the side to move a legal move that marries
 * or tames, and so wins at once? A king move (castling included) next to a partner, a partner's
 * move next to the king, or a promotion to a partner next to the king. In delayed mode no move
 * wins at once: false. Moves are tested for legality by making them (a king step by lifting the
 * king), so the piece lists may be reordered as by any make/unmake of a capture.
 */
export function hasRuleWinningMove(pos: Position): boolean {
  const t = pos.t;
  if ((t.endRules & END_MARRIAGE_IMMEDIATE) === 0) return false;
  const us = pos.turn;
  const mask = t.marriageMask[us] as number;
  const codes = t.marriageCodes[us] as Int32Array;
  let partners = 0;
  for (let i = 0; i < codes.length; i++) partners += pos.codeCount[codes[i] as number] as number;
  const king = pos.kingSq[us] as number;
  if (partners > 0) {
    if (kingMarries(pos, king, mask)) return true;
    if (partnerMarries(pos, king, mask)) return true;
    if (castlingMarries(pos, king, mask)) return true;
  }
  return promotionMarries(pos, king, mask);
}

/** Is one of the 8 squares next to `sq` a partner in `mask`? */
function nextToPartner(pos: Position, sq: number, mask: number): boolean {
  const ko = pos.t.kingOffsets;
  for (let j = 0; j < 8; j++) if ((mask >>> (pos.board[sq + (ko[j] as number)] as number)) & 1) return true;
  return false;
}

/** Are two board squares next to each other (or the same)? */
function adjacent(t: VariantTables, a: number, b: number): boolean {
  return (
    Math.abs((t.fileOf[a] as number) - (t.fileOf[b] as number)) <= 1 &&
    Math.abs((t.rankOf[a] as number) - (t.rankOf[b] as number)) <= 1
  );
}

/** A king leap or ride onto a square next to a partner and not attacked (king lifted). */
function kingMarries(pos: Position, king: number, mask: number): boolean {
  const t = pos.t;
  const board = pos.board;
  const us = pos.turn;
  const kingCode = board[king] as number;
  const mv = t.moves[kingCode];
  if (!mv) return false;
  for (let k = 0; k < mv.leapOffsets.length; k++) {
    const to = king + (mv.leapOffsets[k] as number);
    if (mayLand(board[to] as number, mv.leapModes[k] as number, us) && kingSafeOn(pos, king, to, mask)) return true;
  }
  for (let k = 0; k < mv.rideOffsets.length; k++) {
    const off = mv.rideOffsets[k] as number;
    const mode = mv.rideModes[k] as number;
    const stop = rideStop(board, king, off, mv.rideRanges[k] as number);
    for (let to = king + off; ; to += off) {
      if (mayLand(board[to] as number, mode, us) && kingSafeOn(pos, king, to, mask)) return true;
      if (to === stop) break;
    }
  }
  return false;
}

/** Would the king of the side to move, moved from `king` to `to`, stand next to a partner and not be attacked? */
function kingSafeOn(pos: Position, king: number, to: number, mask: number): boolean {
  if (!nextToPartner(pos, to, mask)) return false;
  const board = pos.board;
  const kingCode = board[king] as number;
  board[king] = 0;
  const attacked = pos.isAttacked(to, pos.turn ^ 1);
  board[king] = kingCode;
  return !attacked;
}

/** A partner's move that ends next to the king and is legal. */
function partnerMarries(pos: Position, king: number, mask: number): boolean {
  const t = pos.t;
  const board = pos.board;
  const us = pos.turn;
  const n = pos.pcount[us] as number;
  for (let i = 0; i < n; i++) {
    const from = pos.pieceSquare(us, i);
    const code = board[from] as number;
    if (!((mask >>> code) & 1)) continue;
    const mv = t.moves[code];
    if (!mv) continue;
    for (let k = 0; k < mv.leapOffsets.length; k++) {
      const to = from + (mv.leapOffsets[k] as number);
      if (mayLand(board[to] as number, mv.leapModes[k] as number, us) && adjacent(t, to, king)) {
        if (legalByMaking(pos, encodeMove(from, to, -1, KIND_NORMAL))) return true;
      }
    }
    for (let k = 0; k < mv.rideOffsets.length; k++) {
      const off = mv.rideOffsets[k] as number;
      const mode = mv.rideModes[k] as number;
      const stop = rideStop(board, from, off, mv.rideRanges[k] as number);
      for (let to = from + off; ; to += off) {
        if (mayLand(board[to] as number, mode, us) && adjacent(t, to, king)) {
          if (legalByMaking(pos, encodeMove(from, to, -1, KIND_NORMAL))) return true;
        }
        if (to === stop) break;
      }
    }
  }
  return false;
}

/** A legal castling move whose king square is next to a partner (not in check: castling needs that). */
function castlingMarries(pos: Position, king: number, mask: number): boolean {
  const t = pos.t;
  const castling = t.castling;
  const us = pos.turn;
  if (!castling || !(pos.castleRights & (3 << (us * 2))) || king !== castling.kingFrom[us]) return false;
  let near = false;
  for (const targets of castling.kingTargets[us] ?? []) for (const to of targets) near ||= nextToPartner(pos, to, mask);
  if (!near || pos.inCheck()) return false;
  const end = generateCastling(pos, castleBuf, 0);
  for (let i = 0; i < end; i++) {
    const m = castleBuf[i] as number;
    if (nextToPartner(pos, moveTo(m), mask)) return true;
  }
  return false;
}

/** A pawn's promotion to a partner on a square next to the king, legal. */
function promotionMarries(pos: Position, king: number, mask: number): boolean {
  const t = pos.t;
  if (t.pawnType < 0) return false;
  const us = pos.turn;
  const promo = t.promotionSquare[us] as Uint8Array;
  // Only a king next to a promotion square can be married by a promotion.
  const ko = t.kingOffsets;
  let near = false;
  for (let j = 0; j < 8; j++) if (promo[king + (ko[j] as number)] === 1) near = true;
  if (!near) return false;
  const board = pos.board;
  const pawn = pieceCode(t.pawnType, us);
  const mv = t.moves[pawn];
  if (!mv || pos.codeCount[pawn] === 0) return false;
  const types = t.promotionTypes;
  const n = pos.pcount[us] as number;
  for (let i = 0; i < n; i++) {
    const from = pos.pieceSquare(us, i);
    if (board[from] !== pawn) continue;
    for (let k = 0; k < mv.leapOffsets.length; k++) {
      const to = from + (mv.leapOffsets[k] as number);
      if (promo[to] !== 1 || !adjacent(t, to, king) || !mayLand(board[to] as number, mv.leapModes[k] as number, us)) {
        continue;
      }
      for (let p = 0; p < types.length; p++) {
        const type = types[p] as number;
        if ((mask >>> pieceCode(type, us)) & 1 && legalByMaking(pos, encodeMove(from, to, type, KIND_NORMAL))) {
          return true;
        }
      }
    }
  }
  return false;
}
