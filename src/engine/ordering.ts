/**
 * Move ordering: the transposition-table move, then winning captures and promotions (MVV-LVA,
 * checked by SEE), killer moves and the counter-move, quiet moves by history, losing captures
 * last. A quiet move's history is the sum of three tables: by the move alone ([piece][to]), and
 * by the move in the context of the previous move and of the move before that (continuation
 * histories, [previous piece][previous to][piece][to], as in Stockfish) — a reply that refuted
 * a move once is likely to refute it in other positions too. Moves are scored into a parallel
 * Int32Array and picked one at a time (selection), so a cut-off early in the list costs no full
 * sort.
 */

import { KIND_CASTLE, KIND_EN_PASSANT, type Move, moveFrom, moveKind, movePromotion, moveTo } from '../core/move.js';
import type { Position } from '../core/position.js';
import { codeType, EMPTY, pieceCode, type VariantTables } from '../core/tables.js';
import { MAX_PLY } from './score.js';
import type { Exchange } from './see.js';

const TT_MOVE = 1 << 30;
const GOOD_TACTICAL = 1 << 28;
const KILLER = 1 << 26;
const BAD_TACTICAL = -(1 << 28);
const BAD_SEE_OFFSET = 1 << 16;
/** History values stay within ±HISTORY_MAX (gravity formula). */
export const HISTORY_MAX = 1 << 14;

/** Index space of [piece code][square] tables: 32 codes × 256 squares. */
const PIECE_TO = 32 * 256;
/** Captured-type slots per [piece code][square] in the capture history (at most 14 types). */
const CAPTURE_SLOTS = 16;
/** Base of a tactical move's order score: keeps it ≥ 0 whatever its capture history. */
const TACTICAL_BASE = 1 << 14;

export class MoveOrdering {
  readonly killers = new Int32Array(MAX_PLY * 2);
  /** History of quiet moves by [moving code * 256 + to]. */
  readonly history = new Int32Array(PIECE_TO);
  /** Counter-move by the previous move's [code * 256 + to]. */
  readonly counter = new Int32Array(PIECE_TO);
  /**
   * Capture history by [moving code * 256 + to][captured type]: which captures caused cut-offs
   * here before; it orders captures of equal victims (and corrects MVV-LVA a little).
   */
  readonly captureHistory = new Int16Array(PIECE_TO * CAPTURE_SLOTS);
  /**
   * Continuation history: [context row + column], where a move's [code * 256 + to] key maps to
   * a dense column (colOf) and, as the context move, to the start of a row (rowOf = column ×
   * columns). Dense because [32 × 256]² entries would be 128 MiB; a 10 × 10 board with 7 piece
   * types needs 1 400² (4 MiB).
   */
  readonly cont: Int16Array;
  readonly colOf = new Int32Array(PIECE_TO).fill(-1);
  readonly rowOf = new Int32Array(PIECE_TO).fill(-1);

  constructor(
    private readonly value: Int16Array,
    private readonly exchange: Exchange,
    t: VariantTables,
  ) {
    const squares = t.squares.length;
    const columns = 2 * t.pieceCount * squares;
    for (let code = 2; code < 2 * t.pieceCount + 2; code++) {
      for (let i = 0; i < squares; i++) {
        const col = (code - 2) * squares + i;
        this.colOf[code * 256 + t.squares[i]!] = col;
        this.rowOf[code * 256 + t.squares[i]!] = col * columns;
      }
    }
    this.cont = new Int16Array(columns * columns);
  }

  clear(): void {
    this.killers.fill(0);
    this.history.fill(0);
    this.counter.fill(0);
    this.cont.fill(0);
    this.captureHistory.fill(0);
  }

  /** The continuation-history row of a context move's key (code * 256 + to), −1 for none. */
  contRow(key: number): number {
    return key >= 0 ? this.rowOf[key]! : -1;
  }

  /** History of a quiet move by its key in the contexts of rows c1 and c2 (−1 = no context). */
  quietHistory(key: number, c1: number, c2: number): number {
    const col = this.colOf[key]!;
    let h = this.history[key]!;
    if (c1 >= 0) h += this.cont[c1 + col]!;
    if (c2 >= 0) h += this.cont[c2 + col]!;
    return h;
  }

  /** Age the history between searches (keep the shape, damp the magnitude). */
  age(): void {
    for (let i = 0; i < this.history.length; i++) this.history[i] = this.history[i]! >> 1;
    const ch = this.captureHistory;
    for (let i = 0; i < ch.length; i++) ch[i] = ch[i]! >> 1;
    this.killers.fill(0);
  }

  /** The captured piece code of a move (EMPTY for quiet moves and castling). */
  static captured(pos: Position, m: Move): number {
    const kind = moveKind(m);
    if (kind === KIND_CASTLE) return EMPTY;
    if (kind === KIND_EN_PASSANT) return pieceCode(pos.t.pawnType, pos.turn ^ 1);
    return pos.board[moveTo(m)]!;
  }

  /** Capture-history index of a capture by `mover` of `captured` (a piece code) on `to`. */
  static captureKey(mover: number, to: number, captured: number): number {
    return (mover * 256 + to) * CAPTURE_SLOTS + codeType(captured);
  }

  /** Score moves[start, end) for the main search into scores[]. */
  scoreMoves(
    pos: Position,
    moves: Int32Array,
    scores: Int32Array,
    start: number,
    end: number,
    ttMove: Move,
    ply: number,
    counterMove: Move,
    c1: number,
    c2: number,
  ): void {
    const board = pos.board;
    const value = this.value;
    const k1 = this.killers[ply * 2]!;
    const k2 = this.killers[ply * 2 + 1]!;
    for (let i = start; i < end; i++) {
      const m = moves[i]!;
      if (m === ttMove) {
        scores[i] = TT_MOVE;
        continue;
      }
      const captured = MoveOrdering.captured(pos, m);
      const promo = movePromotion(m);
      const mover = board[moveFrom(m)]!;
      if (captured !== EMPTY || promo >= 0) {
        let mvv = (captured === EMPTY ? 0 : value[captured]!) * 16 - (value[mover]! >> 4);
        if (promo >= 0) mvv += value[pieceCode(promo, pos.turn)]! * 16;
        if (captured !== EMPTY) mvv += this.captureHistory[MoveOrdering.captureKey(mover, moveTo(m), captured)]! >> 1;
        // Only captures by a more valuable piece need the exchange check; losing ones are
        // ordered last, by their exchange value (kept in the score, see losingExchange).
        const see = captured !== EMPTY && value[captured]! >= value[mover]! ? 0 : this.exchange.see(pos, m);
        scores[i] = see >= 0 ? GOOD_TACTICAL + mvv : BAD_TACTICAL + BAD_SEE_OFFSET + Math.max(see, -BAD_SEE_OFFSET);
      } else if (m === k1) scores[i] = KILLER + 2;
      else if (m === k2) scores[i] = KILLER + 1;
      else if (m === counterMove) scores[i] = KILLER;
      else scores[i] = this.quietHistory(mover * 256 + moveTo(m), c1, c2);
    }
  }

  /**
   * Score captures/promotions by MVV-LVA (always ≥ 0). With `pending`, a capture by a more
   * valuable piece that loses material by SEE is to score −1 instead: such moves are marked in
   * `pending` and their exchange is only tested when pickChecked reaches them (a cut-off
   * usually comes first), which yields the same order as testing them all here.
   */
  scoreTactical(
    pos: Position,
    moves: Int32Array,
    scores: Int32Array,
    start: number,
    end: number,
    pending: Uint8Array | null,
  ): void {
    const board = pos.board;
    const value = this.value;
    for (let i = start; i < end; i++) {
      const m = moves[i]!;
      const captured = MoveOrdering.captured(pos, m);
      const promo = movePromotion(m);
      const mover = board[moveFrom(m)]!;
      const victim = captured === EMPTY ? 0 : value[captured]!;
      let s = TACTICAL_BASE + victim * 16 - (value[mover]! >> 4);
      if (promo >= 0) s += value[pieceCode(promo, pos.turn)]! * 16;
      if (captured !== EMPTY) s += this.captureHistory[MoveOrdering.captureKey(mover, moveTo(m), captured)]! >> 1;
      if (pending) {
        pending[i] = 0;
        if (victim < value[mover]!) {
          // (Deferring is exact only when −1 cannot raise the score.)
          if (s >= 0) pending[i] = 1;
          else if (!this.exchange.seeGe(pos, m, 0)) s = -1;
        }
      }
      scores[i] = s;
    }
  }

  /** The (negative) exchange value of a losing capture from its order score, or 0 if the score is not one. */
  static losingExchange(score: number): number {
    return score >= BAD_TACTICAL && score < BAD_TACTICAL + BAD_SEE_OFFSET ? score - BAD_TACTICAL - BAD_SEE_OFFSET : 0;
  }

  /**
   * pick for lists scored by scoreTactical with `pending`: the best move whose score is final.
   * A pending best move has its exchange tested first; if it loses, it scores −1 where it
   * stands and the search goes on. Moves are swapped exactly as pick would with the final
   * scores (a losing move never moves), so the order is the same as with all tests done first.
   */
  pickChecked(pos: Position, moves: Int32Array, scores: Int32Array, pending: Uint8Array, i: number, end: number): Move {
    for (;;) {
      const best = MoveOrdering.bestIndex(scores, i, end);
      if (pending[best] === 1) {
        pending[best] = 0;
        if (!this.exchange.seeGe(pos, moves[best]!, 0)) {
          scores[best] = -1;
          continue;
        }
      }
      if (best !== i) {
        MoveOrdering.swap(moves, scores, i, best);
        pending[best] = pending[i]!;
        pending[i] = 0;
      }
      return moves[i]!;
    }
  }

  /** Index of the highest score in [i, end) (the first of equal ones). */
  static bestIndex(scores: Int32Array, i: number, end: number): number {
    let best = i;
    let bestScore = scores[i]!;
    for (let j = i + 1; j < end; j++) {
      if (scores[j]! > bestScore) {
        bestScore = scores[j]!;
        best = j;
      }
    }
    return best;
  }

  /** Swap the best-scored move of [i, end) into place i and return it. */
  static pick(moves: Int32Array, scores: Int32Array, i: number, end: number): Move {
    const best = MoveOrdering.bestIndex(scores, i, end);
    if (best !== i) MoveOrdering.swap(moves, scores, i, best);
    return moves[i]!;
  }

  /** Swap entries a and b of the move and score lists. */
  static swap(moves: Int32Array, scores: Int32Array, a: number, b: number): void {
    const m = moves[a]!;
    moves[a] = moves[b]!;
    moves[b] = m;
    const s = scores[a]!;
    scores[a] = scores[b]!;
    scores[b] = s;
  }

  /** A quiet move caused a cut-off: killers, counter-move, history bonus; malus for the quiets tried before it. */
  updateQuiet(
    pos: Position,
    m: Move,
    ply: number,
    depth: number,
    prevKey: number,
    tried: Int32Array,
    triedStart: number,
    triedEnd: number,
    c1: number,
    c2: number,
  ): void {
    if (this.killers[ply * 2] !== m) {
      this.killers[ply * 2 + 1] = this.killers[ply * 2]!;
      this.killers[ply * 2] = m;
    }
    if (prevKey >= 0) this.counter[prevKey] = m;
    const bonus = Math.min(depth * depth * 16, 1600);
    this.bump(pos.board[moveFrom(m)]! * 256 + moveTo(m), bonus, c1, c2);
    for (let i = triedStart; i < triedEnd; i++) {
      const q = tried[i]!;
      this.bump(pos.board[moveFrom(q)]! * 256 + moveTo(q), -bonus, c1, c2);
    }
  }

  /**
   * A node was cut off: bonus for the capture that did it (`m`, 0 if the cut-off was not a
   * capture), malus for the captures tried before it that did not.
   */
  updateCaptures(pos: Position, m: Move, depth: number, tried: Int32Array, triedStart: number, triedEnd: number): void {
    const bonus = Math.min(depth * depth * 16, 1600);
    const board = pos.board;
    const ch = this.captureHistory;
    if (m !== 0) {
      const k = MoveOrdering.captureKey(board[moveFrom(m)]!, moveTo(m), MoveOrdering.captured(pos, m));
      ch[k] = gravity(ch[k]!, bonus);
    }
    for (let i = triedStart; i < triedEnd; i++) {
      const q = tried[i]!;
      const k = MoveOrdering.captureKey(board[moveFrom(q)]!, moveTo(q), MoveOrdering.captured(pos, q));
      ch[k] = gravity(ch[k]!, -bonus);
    }
  }

  /** Move the move's history entries by bonus, toward ±HISTORY_MAX (in the contexts c1, c2). */
  private bump(key: number, bonus: number, c1: number, c2: number): void {
    this.history[key] = gravity(this.history[key]!, bonus);
    const col = this.colOf[key]!;
    if (c1 >= 0) this.cont[c1 + col] = gravity(this.cont[c1 + col]!, bonus);
    if (c2 >= 0) this.cont[c2 + col] = gravity(this.cont[c2 + col]!, bonus);
  }
}

/** A history entry moved by bonus; the larger it already is, the less it moves (it stays within ±HISTORY_MAX). */
function gravity(h: number, bonus: number): number {
  return h + bonus - Math.trunc((h * Math.abs(bonus)) / HISTORY_MAX);
}
