/**
 * The position: board, piece lists, side to move, castling and en-passant rights, clocks and an
 * incrementally kept Zobrist hash, with make/unmake and attack tests. Everything here is on the
 * hot path of perft and search: typed arrays and integers only, nothing allocated per move.
 */

import type { VariantDefinition } from '../variants/schema.js';
import type { CaravanError } from './errors.js';
import { makeFen, parseFen } from './fen.js';
import {
  KIND_CASTLE,
  KIND_EN_PASSANT,
  KIND_PAWN_MULTI,
  type Move,
  moveFrom,
  moveKind,
  movePromotion,
  moveTo,
} from './move.js';
import type { Result } from './result.js';
import { codeColor, codeType, EMPTY, MODE_EP, OFF, pieceCode, type VariantTables, variantTables } from './tables.js';
import { isSquareAttacked } from './targets.js';
import { checkedVariant } from './variant-check.js';

/** Piece-list capacity per colour. */
const LIST = 256;
/** Most en-passant target squares after one pawn step (a step of n squares passes n − 1). */
export const MAX_EP = 4;

/** A position as read from FEN, before it is checked and turned into a Position. */
export interface Setup {
  /** Piece code per board square in a1, b1, …, a2, … order (0 = empty). */
  readonly board: ArrayLike<number>;
  readonly turn: number;
  /** Bit (color * 2 + side): side 0 toward file a, 1 toward the highest file. */
  readonly castling: number;
  /** En-passant target squares (padded indices). */
  readonly epSquares: readonly number[];
  /** Square of the pawn that may be taken en passant (padded index), −1 if none. */
  readonly epVictim: number;
  readonly halfmove: number;
  readonly fullmove: number;
}

export class Position {
  readonly t: VariantTables;
  readonly board: Uint8Array;
  /** Squares of each colour's pieces: [color * LIST + i]. */
  readonly plist: Int16Array;
  /** Index of a square's piece in its colour's list. */
  readonly pidx: Uint8Array;
  readonly pcount: Int32Array;
  /** Count of pieces by code. */
  readonly codeCount: Int32Array;
  readonly kingSq: Int32Array;
  turn = 0;
  castleRights = 0;
  epCount = 0;
  readonly epSquares = new Int16Array(MAX_EP);
  epVictim = -1;
  halfmove = 0;
  /** Plies since the start of the game as read from FEN (fullmove = floor(ply / 2) + 1). */
  ply = 0;
  hashLo = 0;
  hashHi = 0;

  // Undo stack (grows on demand).
  private undoCap = 0;
  private uMove = new Int32Array(0);
  private uCaptured = new Uint8Array(0);
  private uCastle = new Uint8Array(0);
  private uEpCount = new Uint8Array(0);
  private uEp = new Int16Array(0);
  private uEpVictim = new Int16Array(0);
  private uHalfmove = new Int32Array(0);
  private uHashLo = new Int32Array(0);
  private uHashHi = new Int32Array(0);
  /** Number of moves made since construction (depth of the undo stack). */
  depth = 0;

  private constructor(def: VariantDefinition) {
    this.t = variantTables(def);
    this.board = this.t.emptyBoard.slice();
    this.plist = new Int16Array(2 * LIST);
    this.pidx = new Uint8Array(this.t.size);
    this.pcount = new Int32Array(2);
    this.codeCount = new Int32Array(2 * (this.t.pieceCount + 1));
    this.kingSq = new Int32Array([-1, -1]);
    this.growUndo(64);
  }

  get variant(): VariantDefinition {
    return this.t.def;
  }

  /**
   * Read a FEN (RULES.md §0) for a variant given by definition or id; the start position when
   * `fen` is omitted. Errors say what is wrong and where.
   */
  static fromFen(variant: VariantDefinition | string, fen?: string): Result<Position, CaravanError> {
    const def = checkedVariant(variant);
    if (!def.ok) return def;
    return parseFen(def.value, fen ?? def.value.startFen);
  }

  toFen(): string {
    return makeFen(this);
  }

  /** Build from a validated setup (see fen.ts, which validates). */
  static fromSetup(def: VariantDefinition, s: Setup): Position {
    const pos = new Position(def);
    const t = pos.t;
    for (let i = 0; i < t.files * t.ranks; i++) {
      const code = s.board[i] as number;
      if (code !== EMPTY) pos.addPiece(code, t.squares[i] as number);
    }
    pos.turn = s.turn;
    pos.castleRights = s.castling;
    pos.epCount = 0;
    for (const e of s.epSquares) pos.epSquares[pos.epCount++] = e;
    pos.epVictim = pos.epCount > 0 ? s.epVictim : -1;
    pos.halfmove = s.halfmove;
    pos.ply = 2 * (s.fullmove - 1) + s.turn;
    pos.computeHash();
    return pos;
  }

  /** An independent copy (without undo history). */
  clone(): Position {
    const p = new Position(this.t.def);
    p.board.set(this.board);
    p.plist.set(this.plist);
    p.pidx.set(this.pidx);
    p.pcount.set(this.pcount);
    p.codeCount.set(this.codeCount);
    p.kingSq.set(this.kingSq);
    p.turn = this.turn;
    p.castleRights = this.castleRights;
    p.epCount = this.epCount;
    p.epSquares.set(this.epSquares);
    p.epVictim = this.epVictim;
    p.halfmove = this.halfmove;
    p.ply = this.ply;
    p.hashLo = this.hashLo;
    p.hashHi = this.hashHi;
    return p;
  }

  get fullmove(): number {
    return (this.ply >> 1) + 1;
  }

  /** The hash as an unsigned 64-bit BigInt (for display and keys outside hot paths). */
  get hash(): bigint {
    return (BigInt(this.hashHi >>> 0) << 32n) | BigInt(this.hashLo >>> 0);
  }

  /** Recompute the hash from scratch (the incremental hash must always equal this). */
  computeHash(): void {
    const z = this.t.zobrist;
    let lo = 0;
    let hi = 0;
    for (let i = 0; i < this.t.squares.length; i++) {
      const sq = this.t.squares[i] as number;
      const code = this.board[sq] as number;
      if (code !== EMPTY) {
        lo ^= z.pieceLo[code * this.t.size + sq] as number;
        hi ^= z.pieceHi[code * this.t.size + sq] as number;
      }
    }
    if (this.turn) {
      lo ^= z.sideLo;
      hi ^= z.sideHi;
    }
    lo ^= z.castleLo[this.castleRights] as number;
    hi ^= z.castleHi[this.castleRights] as number;
    for (let i = 0; i < this.epCount; i++) {
      lo ^= z.epLo[this.epSquares[i] as number] as number;
      hi ^= z.epHi[this.epSquares[i] as number] as number;
    }
    this.hashLo = lo;
    this.hashHi = hi;
  }

  // ---- piece lists (no hashing: make() hashes, unmake() restores the saved hash) ----

  private addPiece(code: number, sq: number): void {
    const color = codeColor(code);
    const i = this.pcount[color] as number;
    this.pcount[color] = i + 1;
    this.plist[color * LIST + i] = sq;
    this.pidx[sq] = i;
    this.board[sq] = code;
    this.codeCount[code] = (this.codeCount[code] as number) + 1;
    if (codeType(code) === this.t.kingType) this.kingSq[color] = sq;
  }

  private removePiece(sq: number): void {
    const code = this.board[sq] as number;
    const color = codeColor(code);
    const i = this.pidx[sq] as number;
    const last = (this.pcount[color] as number) - 1;
    this.pcount[color] = last;
    const lastSq = this.plist[color * LIST + last] as number;
    this.plist[color * LIST + i] = lastSq;
    this.pidx[lastSq] = i;
    this.board[sq] = EMPTY;
    this.codeCount[code] = (this.codeCount[code] as number) - 1;
  }

  private movePiece(from: number, to: number): void {
    const code = this.board[from] as number;
    const color = codeColor(code);
    const i = this.pidx[from] as number;
    this.plist[color * LIST + i] = to;
    this.pidx[to] = i;
    this.board[to] = code;
    this.board[from] = EMPTY;
    if (codeType(code) === this.t.kingType) this.kingSq[color] = to;
  }

  private setCode(sq: number, code: number): void {
    const old = this.board[sq] as number;
    this.codeCount[old] = (this.codeCount[old] as number) - 1;
    this.codeCount[code] = (this.codeCount[code] as number) + 1;
    this.board[sq] = code;
  }

  /**
   * Reorder the piece list as making and unmaking a capture on `sq` would: unmake puts the
   * captured piece back at the end of its side's list, so the victim's entry trades places with
   * the last one. Move generation in check decides legality without making moves and calls this
   * for each capture it tests, so the lists (and thus move order and the search) stay exactly
   * as when every such move was made and unmade.
   */
  reorderAsCaptured(sq: number): void {
    const color = codeColor(this.board[sq] as number);
    const i = this.pidx[sq] as number;
    const last = (this.pcount[color] as number) - 1;
    if (i === last) return;
    const lastSq = this.plist[color * LIST + last] as number;
    this.plist[color * LIST + i] = lastSq;
    this.pidx[lastSq] = i;
    this.plist[color * LIST + last] = sq;
    this.pidx[sq] = last;
  }

  /** Square of piece i of a colour. */
  pieceSquare(color: number, i: number): number {
    return this.plist[color * LIST + i] as number;
  }

  private growUndo(cap: number): void {
    const grow = <T extends Int32Array | Uint8Array | Int16Array>(a: T, n: number): T => {
      const b = new (a.constructor as new (n: number) => T)(n);
      b.set(a);
      return b;
    };
    this.uMove = grow(this.uMove, cap);
    this.uCaptured = grow(this.uCaptured, cap);
    this.uCastle = grow(this.uCastle, cap);
    this.uEpCount = grow(this.uEpCount, cap);
    this.uEp = grow(this.uEp, cap * MAX_EP);
    this.uEpVictim = grow(this.uEpVictim, cap);
    this.uHalfmove = grow(this.uHalfmove, cap);
    this.uHashLo = grow(this.uHashLo, cap);
    this.uHashHi = grow(this.uHashHi, cap);
    this.undoCap = cap;
  }

  /** Save what make() cannot recompute on unmake (rights, e.p., clock, hash); returns the slot. */
  private pushUndo(m: Move): number {
    const d = this.depth;
    if (d >= this.undoCap) this.growUndo(this.undoCap * 2);
    this.uMove[d] = m;
    this.uCastle[d] = this.castleRights;
    this.uEpCount[d] = this.epCount;
    for (let i = 0; i < this.epCount; i++) this.uEp[d * MAX_EP + i] = this.epSquares[i] as number;
    this.uEpVictim[d] = this.epVictim;
    this.uHalfmove[d] = this.halfmove;
    this.uHashLo[d] = this.hashLo;
    this.uHashHi[d] = this.hashHi;
    return d;
  }

  /** Rook squares of a castling move (from, to). */
  castleRookSquares(m: Move): [number, number] {
    const from = moveFrom(m);
    const to = moveTo(m);
    const dir = to > from ? 1 : -1;
    const castling = this.t.castling;
    const color = codeColor(this.board[from] as number);
    const rookFrom = castling ? (castling.rookFrom[color * 2 + (dir > 0 ? 1 : 0)] as number) : -1;
    return [rookFrom, to - dir];
  }

  /** Play a move that is at least pseudo-legal. */
  make(m: Move): void {
    const t = this.t;
    const z = t.zobrist;
    const size = t.size;
    const d = this.pushUndo(m);
    const from = moveFrom(m);
    const to = moveTo(m);
    const kind = moveKind(m);
    const code = this.board[from] as number;
    const us = codeColor(code);
    let lo = this.hashLo ^ (z.castleLo[this.castleRights] as number);
    let hi = this.hashHi ^ (z.castleHi[this.castleRights] as number);
    for (let i = 0; i < this.epCount; i++) {
      lo ^= z.epLo[this.epSquares[i] as number] as number;
      hi ^= z.epHi[this.epSquares[i] as number] as number;
    }
    let captured = EMPTY;
    this.halfmove++;
    if (kind === KIND_CASTLE) {
      const dir = to > from ? 1 : -1;
      const rookFrom = t.castling?.rookFrom[us * 2 + (dir > 0 ? 1 : 0)] as number;
      const rookTo = to - dir;
      const rook = this.board[rookFrom] as number;
      // Lift both, then drop both: the squares may overlap (1-square castle: rook → king's start).
      this.removePiece(rookFrom);
      this.movePiece(from, to);
      this.addPiece(rook, rookTo);
      lo ^= (z.pieceLo[code * size + from] as number) ^ (z.pieceLo[code * size + to] as number);
      hi ^= (z.pieceHi[code * size + from] as number) ^ (z.pieceHi[code * size + to] as number);
      lo ^= (z.pieceLo[rook * size + rookFrom] as number) ^ (z.pieceLo[rook * size + rookTo] as number);
      hi ^= (z.pieceHi[rook * size + rookFrom] as number) ^ (z.pieceHi[rook * size + rookTo] as number);
    } else {
      let capSq = to;
      if (kind === KIND_EN_PASSANT) capSq = this.epVictim;
      captured = this.board[capSq] as number;
      if (captured !== EMPTY) {
        this.removePiece(capSq);
        lo ^= z.pieceLo[captured * size + capSq] as number;
        hi ^= z.pieceHi[captured * size + capSq] as number;
        this.halfmove = 0;
      }
      this.movePiece(from, to);
      lo ^= (z.pieceLo[code * size + from] as number) ^ (z.pieceLo[code * size + to] as number);
      hi ^= (z.pieceHi[code * size + from] as number) ^ (z.pieceHi[code * size + to] as number);
      const promo = movePromotion(m);
      if (promo >= 0) {
        const pc = pieceCode(promo, us);
        this.setCode(to, pc);
        lo ^= (z.pieceLo[code * size + to] as number) ^ (z.pieceLo[pc * size + to] as number);
        hi ^= (z.pieceHi[code * size + to] as number) ^ (z.pieceHi[pc * size + to] as number);
      }
      if (t.isPawn[codeType(code)]) this.halfmove = 0;
    }
    this.uCaptured[d] = captured;
    this.castleRights &= (t.castleKeepMask[from] as number) & (t.castleKeepMask[to] as number);
    lo ^= z.castleLo[this.castleRights] as number;
    hi ^= z.castleHi[this.castleRights] as number;
    this.epCount = 0;
    this.epVictim = -1;
    if (kind === KIND_PAWN_MULTI && t.def.pawn.enPassant) {
      // Every passed square is a target, kept only where an enemy pawn could take (as FSF writes it).
      const step = us === 0 ? t.stride : -t.stride;
      for (let s = from + step; s !== to; s += step) {
        if (this.pawnCanTakeOn(s, us ^ 1)) {
          this.epSquares[this.epCount++] = s;
          lo ^= z.epLo[s] as number;
          hi ^= z.epHi[s] as number;
        }
      }
      if (this.epCount > 0) this.epVictim = to;
    }
    lo ^= z.sideLo;
    hi ^= z.sideHi;
    this.hashLo = lo;
    this.hashHi = hi;
    this.turn = us ^ 1;
    this.ply++;
    this.depth = d + 1;
  }

  /** Take back the last move made. */
  unmake(): void {
    const d = --this.depth;
    const m = this.uMove[d] as number;
    const from = moveFrom(m);
    const to = moveTo(m);
    const kind = moveKind(m);
    this.turn ^= 1;
    this.ply--;
    const us = this.turn;
    if (kind === KIND_CASTLE) {
      const dir = to > from ? 1 : -1;
      const rookFrom = this.t.castling?.rookFrom[us * 2 + (dir > 0 ? 1 : 0)] as number;
      const rookTo = to - dir;
      const rook = this.board[rookTo] as number;
      this.removePiece(rookTo);
      this.movePiece(to, from);
      this.addPiece(rook, rookFrom);
    } else {
      if (movePromotion(m) >= 0) this.setCode(to, pieceCode(this.t.pawnType, us));
      this.movePiece(to, from);
      const captured = this.uCaptured[d] as number;
      if (captured !== EMPTY) {
        this.addPiece(captured, kind === KIND_EN_PASSANT ? (this.uEpVictim[d] as number) : to);
      }
    }
    // What pushUndo saved (rights, e.p., clock, hash), restored here and in unmakeNull each in
    // place: one shared method cost perft about 1 % (bench/README.md, "perft after the walker").
    this.castleRights = this.uCastle[d] as number;
    this.epCount = this.uEpCount[d] as number;
    for (let i = 0; i < this.epCount; i++) this.epSquares[i] = this.uEp[d * MAX_EP + i] as number;
    this.epVictim = this.uEpVictim[d] as number;
    this.halfmove = this.uHalfmove[d] as number;
    this.hashLo = this.uHashLo[d] as number;
    this.hashHi = this.uHashHi[d] as number;
  }

  /** Pass the move (for null-move pruning in search). Only when not in check. */
  makeNull(): void {
    const d = this.pushUndo(0);
    const z = this.t.zobrist;
    this.uCaptured[d] = EMPTY;
    for (let i = 0; i < this.epCount; i++) {
      this.hashLo ^= z.epLo[this.epSquares[i] as number] as number;
      this.hashHi ^= z.epHi[this.epSquares[i] as number] as number;
    }
    this.epCount = 0;
    this.epVictim = -1;
    this.hashLo ^= z.sideLo;
    this.hashHi ^= z.sideHi;
    this.turn ^= 1;
    this.ply++;
    this.halfmove++;
    this.depth = d + 1;
  }

  unmakeNull(): void {
    const d = --this.depth;
    this.turn ^= 1;
    this.ply--;
    this.epCount = this.uEpCount[d] as number;
    for (let i = 0; i < this.epCount; i++) this.epSquares[i] = this.uEp[d * MAX_EP + i] as number;
    this.epVictim = this.uEpVictim[d] as number;
    this.halfmove = this.uHalfmove[d] as number;
    this.hashLo = this.uHashLo[d] as number;
    this.hashHi = this.uHashHi[d] as number;
  }

  /**
   * Hash of the position before the i-th move on the undo stack (0 = the oldest). With the
   * current hash, these are the game history a search checks for repetitions.
   */
  historyHashLo(i: number): number {
    return this.uHashLo[i] as number;
  }

  historyHashHi(i: number): number {
    return this.uHashHi[i] as number;
  }

  /** The move made `back` plies ago (1 = the last one), or 0 past the start of the stack. */
  lastMove(back = 1): Move {
    const d = this.depth - back;
    return d >= 0 ? (this.uMove[d] as number) : 0;
  }

  /** Piece captured by the last move (EMPTY if none). */
  lastCaptured(): number {
    return this.depth > 0 ? (this.uCaptured[this.depth - 1] as number) : EMPTY;
  }

  /** Could a pawn of `color` capture (en passant) onto `sq`? Pseudo-legal, as in FSF's e.p. field. */
  pawnCanTakeOn(sq: number, color: number): boolean {
    const t = this.t;
    if (t.pawnType < 0) return false;
    const pawn = pieceCode(t.pawnType, color);
    const mv = t.moves[pawn];
    if (!mv) return false;
    for (let i = 0; i < mv.leapOffsets.length; i++) {
      if (((mv.leapModes[i] as number) & MODE_EP) !== 0 && this.board[sq - (mv.leapOffsets[i] as number)] === pawn) {
        return true;
      }
    }
    return false;
  }

  /** Is `sq` attacked by any piece of `byColor`? */
  isAttacked(sq: number, byColor: number): boolean {
    return isSquareAttacked(this.t, this.board, sq, byColor);
  }

  inCheck(): boolean {
    return this.isAttacked(this.kingSq[this.turn] as number, this.turn ^ 1);
  }

  /** Number of non-king pieces of a colour. */
  menCount(color: number): number {
    return (this.pcount[color] as number) - 1;
  }

  /** Is the king of `color` next to one of its marriage partners (RULES.md §4)? */
  isMarried(color: number): boolean {
    const mask = this.t.marriageMask[color] as number;
    if (mask === 0) return false;
    // Partners are usually promoted pieces: most positions have none (no square scan needed).
    const codes = this.t.marriageCodes[color] as Int32Array;
    let partners = 0;
    for (let i = 0; i < codes.length; i++) partners += this.codeCount[codes[i] as number] as number;
    if (partners === 0) return false;
    const k = this.kingSq[color] as number;
    const offs = this.t.kingOffsets;
    for (let i = 0; i < 8; i++) {
      if ((mask >>> (this.board[k + (offs[i] as number)] as number)) & 1) return true;
    }
    return false;
  }

  /** Piece code on a square (EMPTY/OFF included). */
  at(sq: number): number {
    return this.board[sq] as number;
  }

  static readonly OFF = OFF;
}
