/**
 * Legal move generation, generic over the compiled variant tables.
 *
 * Moves are written into a caller's Int32Array (no allocation). Legality is decided without
 * making the move wherever that is cheap: when not in check, only pinned pieces, king moves and
 * en-passant captures need a closer look, so perft can count the last ply in bulk.
 */

import { encodeMove, KIND_CASTLE, KIND_EN_PASSANT, KIND_NORMAL, KIND_PAWN_MULTI, type Move } from './move.js';
import type { Position } from './position.js';
import { EMPTY, MODE_CAPTURE, MODE_EP, MODE_MOVE } from './tables.js';

/** Enough room for the moves of any position of the shipped variants. */
export const MAX_MOVES = 512;

/** Scratch for pins, one per Position size (reused; generation is not re-entrant per board size). */
interface PinScratch {
  mark: Uint8Array;
  line: Int16Array;
  pinner: Int16Array;
  pinned: Int16Array;
  /** In check: 1 on the squares where a non-king move ends the check (see markEvasions). */
  evade: Uint8Array;
  evadeSq: Int16Array;
}
const pinScratch = new Map<number, PinScratch>();

/** The last scratch handed out (the search asks for the same size at every node: no Map lookup). */
let lastScratch: PinScratch | undefined;
let lastScratchSize = -1;

function scratchFor(size: number) {
  if (size === lastScratchSize && lastScratch) return lastScratch;
  let s = pinScratch.get(size);
  if (!s) {
    s = {
      mark: new Uint8Array(size),
      line: new Int16Array(64),
      pinner: new Int16Array(64),
      pinned: new Int16Array(64),
      evade: new Uint8Array(size),
      evadeSq: new Int16Array(64),
    };
    pinScratch.set(size, s);
  }
  lastScratch = s;
  lastScratchSize = size;
  return s;
}

/** How legality is decided for non-king moves (passed to isLegal). */
const NOT_IN_CHECK = 0;
/** In check by one piece along one route: the move must end on a marked evasion square. */
const CHECK_EVADE = 1;
/** Double check, or one piece checking along two routes: make the move and look. */
const CHECK_MAKE = 2;

/**
 * In check: mark in `evade` the checker's square and, for a rider, the squares between it and
 * the king, and return how many were marked; −1 if more than one attack route reaches the king
 * (then moves are tested by making them). Routes as in Position.isAttacked.
 *
 * This file walks its leaps and rides over the raw tables instead of calling the helpers of
 * core/targets.ts (mayLand, mayCapture, rideStop), which every other caller uses: with them,
 * generateLegal no longer fits V8's inlining budget (the attack test stops being inlined into it)
 * and perft ran 3–5 % slower (bench/README.md, "perft after the walker refactor").
 */
function markEvasions(pos: Position, king: number, them: number, evade: Uint8Array, evadeSq: Int16Array): number {
  const t = pos.t;
  const board = pos.board;
  let routes = 0;
  let checker = -1;
  let line = 0;
  let dist = 0;
  const lo = t.attackLeapOffsets[them] as Int16Array;
  const lm = t.attackLeapMasks[them] as Int32Array;
  for (let i = 0; i < lo.length; i++) {
    const s = king - (lo[i] as number);
    if (((lm[i] as number) >>> (board[s] as number)) & 1) {
      if (++routes > 1) return -1;
      checker = s;
    }
  }
  const ro = t.attackRideOffsets[them] as Int16Array;
  const rm = t.attackRideMasks[them] as Int32Array;
  const rr = t.attackRideRanges[them] as Uint8Array;
  for (let i = 0; i < ro.length; i++) {
    const off = ro[i] as number;
    const range = rr[i] as number;
    let s = king - off;
    for (let n = 1; ; n++, s -= off) {
      const p = board[s] as number;
      if (p !== EMPTY) {
        if (((rm[i] as number) >>> p) & 1) {
          if (++routes > 1) return -1;
          checker = s;
          line = off;
          dist = n;
        }
        break;
      }
      if (n === range) break;
    }
  }
  // (Not in check at all cannot happen here; the caller tested isAttacked.)
  let count = 0;
  for (let n = 1, s = king - line; n < dist; n++, s -= line) {
    evade[s] = 1;
    evadeSq[count++] = s;
  }
  evade[checker] = 1;
  evadeSq[count++] = checker;
  return count;
}

/**
 * Write the legal moves of the side to move into `buf` from index `start`; return the end index.
 * Game-ending rules (bare king, marriage) are not applied here: see outcome.ts.
 * A caller that already knows whether the side to move is in check (the search) passes it as
 * `knownInCheck` to save the attack test.
 */
export function generateLegal(pos: Position, buf: Int32Array, start: number, knownInCheck?: boolean): number {
  const t = pos.t;
  const board = pos.board;
  const us = pos.turn;
  const them = us ^ 1;
  const king = pos.kingSq[us] as number;
  const inCheck = knownInCheck ?? pos.isAttacked(king, them);
  let n = start;
  const scratch = scratchFor(t.size);

  // In check by a single route, a non-king move is legal when it captures the checker or
  // blocks its line and is not pinned: no need to make it.
  let evadeCount = 0;
  let check = NOT_IN_CHECK;
  if (inCheck) {
    evadeCount = markEvasions(pos, king, them, scratch.evade, scratch.evadeSq);
    check = evadeCount < 0 ? CHECK_MAKE : CHECK_EVADE;
  }

  // Pins: own pieces alone between the king and an enemy rider that moves along that line.
  // (Walked inline, as everything in this file: see markEvasions.)
  const mark = scratch.mark;
  let pinCount = 0;
  if (check !== CHECK_MAKE) {
    const ro = t.attackRideOffsets[them] as Int16Array;
    const rm = t.attackRideMasks[them] as Int32Array;
    const rr = t.attackRideRanges[them] as Uint8Array;
    for (let i = 0; i < ro.length; i++) {
      const off = ro[i] as number;
      const range = rr[i] as number;
      let s = king - off;
      let dist = 1;
      let p = board[s] as number;
      while (p === EMPTY) {
        s -= off;
        dist++;
        p = board[s] as number;
      }
      if ((p & 1) !== us || p < 2) continue; // OFF or an enemy piece first: no pin
      const pinned = s;
      s -= off;
      dist++;
      p = board[s] as number;
      while (p === EMPTY) {
        s -= off;
        dist++;
        p = board[s] as number;
      }
      if (((rm[i] as number) >>> p) & 1 && (range === 0 || dist <= range) && pinCount < 64) {
        mark[pinned] = pinCount + 1;
        scratch.pinned[pinCount] = pinned;
        scratch.line[pinCount] = off;
        scratch.pinner[pinCount] = s;
        pinCount++;
      }
    }
  }

  const count = pos.pcount[us] as number;
  for (let i = 0; i < count; i++) {
    const from = pos.pieceSquare(us, i);
    const code = board[from] as number;
    const type = (code >> 1) - 1;
    const mv = t.moves[code];
    if (!mv) continue;
    const isKing = from === king;
    if (t.isPawn[type]) {
      n = generatePawn(pos, buf, n, from, code, check, king, mark, scratch);
      continue;
    }
    const lo = mv.leapOffsets;
    const lm = mv.leapModes;
    for (let k = 0; k < lo.length; k++) {
      const to = from + (lo[k] as number);
      const p = board[to] as number;
      const mode = lm[k] as number;
      if (p === EMPTY ? mode & MODE_MOVE : p >= 2 && (p & 1) === them && mode & MODE_CAPTURE) {
        const m = encodeMove(from, to, -1, KIND_NORMAL);
        if (isLegal(pos, m, from, to, isKing, check, king, mark, scratch)) buf[n++] = m;
      }
    }
    const ro = mv.rideOffsets;
    for (let k = 0; k < ro.length; k++) {
      const off = ro[k] as number;
      const range = mv.rideRanges[k] as number;
      const mode = mv.rideModes[k] as number;
      let to = from + off;
      for (let steps = 1; ; steps++, to += off) {
        const p = board[to] as number;
        if (p === EMPTY) {
          if (mode & MODE_MOVE) {
            const m = encodeMove(from, to, -1, KIND_NORMAL);
            if (isLegal(pos, m, from, to, isKing, check, king, mark, scratch)) buf[n++] = m;
          }
          if (steps === range) break;
          continue;
        }
        if (p >= 2 && (p & 1) === them && mode & MODE_CAPTURE) {
          const m = encodeMove(from, to, -1, KIND_NORMAL);
          if (isLegal(pos, m, from, to, isKing, check, king, mark, scratch)) buf[n++] = m;
        }
        break;
      }
    }
  }

  if (!inCheck && t.castling && pos.castleRights & (3 << (us * 2))) n = generateCastling(pos, buf, n);

  for (let i = 0; i < pinCount; i++) mark[scratch.pinned[i] as number] = 0;
  for (let i = 0; i < evadeCount; i++) scratch.evade[scratch.evadeSq[i] as number] = 0;
  return n;
}

function isLegal(
  pos: Position,
  m: Move,
  from: number,
  to: number,
  isKing: boolean,
  check: number,
  king: number,
  mark: Uint8Array,
  scratch: PinScratch,
): boolean {
  if (check === CHECK_MAKE) return legalByMaking(pos, m);
  if (check === CHECK_EVADE && pos.board[to] !== EMPTY) pos.reorderAsCaptured(to);
  const them = pos.turn ^ 1;
  if (isKing) {
    // Lifting the king also finds a rider checking through the square it leaves.
    const board = pos.board;
    const code = board[from] as number;
    board[from] = EMPTY;
    const attacked = pos.isAttacked(to, them);
    board[from] = code;
    return !attacked;
  }
  if (check === CHECK_EVADE && scratch.evade[to] === 0) return false;
  const pin = mark[from] as number;
  if (pin === 0) return true;
  // A pinned piece may move only along the pin line, up to and including the pinner.
  const off = scratch.line[pin - 1] as number;
  const end = scratch.pinner[pin - 1] as number;
  for (let s = king - off; ; s -= off) {
    if (s === to) return true;
    if (s === end) return false;
  }
}

export function legalByMaking(pos: Position, m: Move): boolean {
  const us = pos.turn;
  pos.make(m);
  const ok = !pos.isAttacked(pos.kingSq[us] as number, us ^ 1);
  pos.unmake();
  return ok;
}

function generatePawn(
  pos: Position,
  buf: Int32Array,
  start: number,
  from: number,
  code: number,
  check: number,
  king: number,
  mark: Uint8Array,
  scratch: PinScratch,
): number {
  const t = pos.t;
  const board = pos.board;
  const us = code & 1;
  const them = us ^ 1;
  const mv = t.moves[code];
  if (!mv) return start;
  const promoSquares = t.promotionSquare[us] as Uint8Array;
  let n = start;
  const lo = mv.leapOffsets;
  const lm = mv.leapModes;
  for (let k = 0; k < lo.length; k++) {
    const off = lo[k] as number;
    const mode = lm[k] as number;
    const to = from + off;
    const p = board[to] as number;
    if (p === EMPTY) {
      if (mode & MODE_MOVE) {
        // Forward steps: as far as the rank's step table allows, every passed square empty.
        const maxStep = (t.pawnMaxStep[us] as Uint8Array)[from] as number;
        let s = to;
        for (let step = 1; step <= maxStep; step++, s += off) {
          if (board[s] !== EMPTY) break;
          const kind = step >= 2 ? KIND_PAWN_MULTI : KIND_NORMAL;
          n = addPawnMove(pos, buf, n, from, s, kind, promoSquares[s] === 1, check, king, mark, scratch);
        }
      }
      if (mode & MODE_EP && pos.epCount > 0) {
        for (let e = 0; e < pos.epCount; e++) {
          if (pos.epSquares[e] === to && (board[pos.epVictim] as number) >> 1 === code >> 1) {
            const m = encodeMove(from, to, -1, KIND_EN_PASSANT);
            if (legalByMaking(pos, m)) buf[n++] = m;
          }
        }
      }
    } else if (p >= 2 && (p & 1) === them && mode & MODE_CAPTURE) {
      n = addPawnMove(pos, buf, n, from, to, KIND_NORMAL, promoSquares[to] === 1, check, king, mark, scratch);
    }
  }
  return n;
}

function addPawnMove(
  pos: Position,
  buf: Int32Array,
  start: number,
  from: number,
  to: number,
  kind: number,
  promotes: boolean,
  check: number,
  king: number,
  mark: Uint8Array,
  scratch: PinScratch,
): number {
  let n = start;
  const first = encodeMove(from, to, -1, kind);
  if (!isLegal(pos, first, from, to, false, check, king, mark, scratch)) return n;
  if (!promotes) {
    buf[n++] = first;
    return n;
  }
  const types = pos.t.promotionTypes;
  for (let i = 0; i < types.length; i++) buf[n++] = encodeMove(from, to, types[i] as number, kind);
  return n;
}

/** Castling (RULES.md §1, §2, §4): rights, empty squares between king and rook, no attacked square. */
export function generateCastling(pos: Position, buf: Int32Array, start: number): number {
  const t = pos.t;
  const castling = t.castling;
  if (!castling) return start;
  const board = pos.board;
  const us = pos.turn;
  const them = us ^ 1;
  const kingFrom = castling.kingFrom[us] as number;
  if (pos.kingSq[us] !== kingFrom) return start;
  let n = start;
  for (let side = 0; side < 2; side++) {
    if (!(pos.castleRights & (1 << (us * 2 + side)))) continue;
    const rookFrom = castling.rookFrom[us * 2 + side] as number;
    const rook = board[rookFrom] as number;
    if (rook < 2 || (rook & 1) !== us) continue;
    const dir = side === 1 ? 1 : -1;
    let clear = true;
    for (let s = kingFrom + dir; s !== rookFrom; s += dir) {
      if (board[s] !== EMPTY) {
        clear = false;
        break;
      }
    }
    if (!clear) continue;
    const targets = castling.kingTargets[us]?.[side] ?? [];
    // Squares crossed so far must not be attacked; each target checked with king and rook lifted.
    let crossedSafe = kingFrom; // last square known safe on the king's path
    for (const target of targets) {
      let safe = true;
      for (let s = crossedSafe + dir; s !== target; s += dir) {
        if (pos.isAttacked(s, them)) {
          safe = false;
          break;
        }
        crossedSafe = s;
      }
      if (!safe) break;
      const king = board[kingFrom] as number;
      board[kingFrom] = EMPTY;
      board[rookFrom] = EMPTY;
      const attacked = pos.isAttacked(target, them);
      board[kingFrom] = king;
      board[rookFrom] = rook;
      if (!attacked) buf[n++] = encodeMove(kingFrom, target, -1, KIND_CASTLE);
    }
  }
  return n;
}

/** Count legal moves (for bulk counting). */
export function countLegal(pos: Position, buf: Int32Array, start: number): number {
  return generateLegal(pos, buf, start) - start;
}
