/**
 * Static evaluation, derived from the variant's data: no per-variant branches; the weights are
 * data (eval-params.ts: hand-set defaults, per-variant sets fitted to Fairy-Stockfish's scores)
 * and the variant's end rules (stalemate, bare king, marriage) switch the goal terms on.
 *
 * Terms (tapered between middlegame and endgame by the non-pawn material left):
 *  - material + piece-square tables computed from board geometry: leaper/rider centralisation by
 *    empty-board mobility, pawn advancement scaled by what a promotion gains, king shelter in the
 *    middlegame and centralisation in the endgame;
 *  - mobility (pseudo-legal target squares of every non-pawn piece);
 *  - king safety (attacks on the squares next to the king, pawn shield);
 *  - threats (a non-pawn man attacking an enemy man worth more), counted in the mobility walk;
 *  - pawn structure (passed, doubled, isolated pawns);
 *  - variant goals: marriage/taming partners close to their king; few enemy men where baring wins;
 *    mop-up (drive a lone king to the edge) and draw scaling where material cannot win;
 *  - tempo.
 * Result in centipawns from the side to move's point of view.
 *
 * Over 450 lines on purpose: the terms share per-square tables built here and one hot piece loop
 * that V8 inlines as a whole (measured layouts: the mobility note below and bench/README.md).
 */

import { stalemateValue } from '../core/end-rules.js';
import { KIND_CASTLE, KIND_EN_PASSANT, moveFrom, moveKind, movePromotion, moveTo } from '../core/move.js';
import type { Position } from '../core/position.js';
import { codeColor, EMPTY, pieceCode, type VariantTables, variantTables } from '../core/tables.js';
import { forEachEmptyBoardTarget } from '../core/targets.js';
import type { VariantDefinition } from '../variants/schema.js';
import { DEFAULT_EVAL_PARAMS, type EvalParams, evalParamsFor } from './eval-params.js';

/** Default material values by piece letter (sources in eval-params.ts). */
export const PIECE_VALUES: Readonly<Record<string, readonly [number, number]>> = DEFAULT_EVAL_PARAMS.values;

/** targetGain's threat count sits above the mobility count (at most a few dozen squares). */
const THREAT_SHIFT = 8;
const THREAT_UNIT = 1 << THREAT_SHIFT;

/** Mop-up: a pawnless side at least this far behind (cp) has its king driven to the edge. */
const MOP_UP_MARGIN = 300;
/** Non-pawn material (cp) below which a pawnless side cannot win where stalemate is a draw. */
const NO_WIN_MATERIAL = 400;

/** Value used for exchange evaluation and move ordering when a king is the capturer. */
export const KING_EXCHANGE_VALUE = 5000;

export interface EvalTables {
  readonly t: VariantTables;
  readonly size: number;
  /** Material + position by [code * size + sq], signed from White's view. */
  readonly pstMg: Int16Array;
  readonly pstEg: Int16Array;
  /** Game-phase weight of each piece code (non-pawn, non-king material). */
  readonly phaseOf: Int16Array;
  readonly totalPhase: number;
  /** Mobility weight per reachable square and the subtracted base count, by code. */
  readonly mobMg: Int8Array;
  readonly mobEg: Int8Array;
  readonly mobBase: Int8Array;
  /** 1 for codes that ride forward along a file without range limit (the Rook), by code. */
  readonly fileRider: Uint8Array;
  /** Weight of one attacked square next to the enemy king, by code. */
  readonly attackUnit: Int8Array;
  /** Middlegame material by code (King = KING_EXCHANGE_VALUE), for SEE and ordering. */
  readonly value: Int16Array;
  /** Non-pawn, non-king codes per colour (for null-move safety and draw scaling). */
  readonly pieceCodes: readonly [Int32Array, Int32Array];
  /** Passed-pawn bonus by [color * size + sq]. */
  readonly passedMg: Int16Array;
  readonly passedEg: Int16Array;
  /**
   * What a piece gains from a target square, by [piece code * 32 + code on the target]: 1 (a
   * mobility square) if empty or enemy, plus THREAT_UNIT if an enemy man worth more (not a king).
   * One read per target counts both mobility and threats.
   */
  readonly targetGain: Uint16Array;
  readonly isMarriage: boolean;
  readonly partnerMask: readonly [number, number];
  readonly bareKing: boolean;
  readonly stalemateWins: boolean;
  /** Largest gain of a promotion (best choice minus pawn), centipawns. */
  readonly promoGain: number;
  /** Best promotion type (most valuable choice). */
  readonly bestPromotion: number;
  /** The weights these tables were built from, and the scalar ones the evaluator reads directly. */
  readonly params: EvalParams;
  /** Bonus for a marriage/taming partner by king distance (0–3). */
  readonly partnerNear: Int16Array;
  /** Where baring wins: bonus by the number of men the opponent has left (index 1–3). */
  readonly bareBonus: Int16Array;
  /**
   * Can a piece attack a square next to (or on) a king at this displacement, on an empty board?
   * By [code * zoneSpan + (kingRank − rank + ranks − 1) * (2 files − 1) + kingFile − file + files − 1].
   * Lets the evaluation skip the king-zone test for pieces too far away to hit it.
   */
  readonly zoneReach: Uint8Array;
  readonly zoneSpan: number;
  /**
   * The king zones: kingZone[king * size + sq] is 1 when sq is on the board and next to (or on)
   * a king on `king` (a table rather than marking the two zones at each call: fewer stores).
   */
  readonly kingZone: Uint8Array;
  /**
   * The on-board leap targets of a piece from a square, in leap-offset order: leapTarget from
   * leapFirst[code * size + sq], leapCount[code * size + sq] of them (off-board leaps, a fifth of
   * all in the middlegames measured, are not visited).
   */
  readonly leapFirst: Int32Array;
  readonly leapCount: Uint8Array;
  readonly leapTarget: Int16Array;
  /** The rides of each code, flat: rideStep/rideRange from rideFirst[code], rideCount[code] of them. */
  readonly rideFirst: Int32Array;
  readonly rideCount: Uint8Array;
  readonly rideStep: Int16Array;
  readonly rideRange: Uint8Array;
}

const cache = new WeakMap<VariantDefinition, EvalTables>();

/** Tables for a variant with its own weights (cached), or with the given weights (for tuning). */
export function evalTables(def: VariantDefinition, params?: EvalParams): EvalTables {
  if (params) return buildTables(variantTables(def), params);
  let e = cache.get(def);
  if (!e) {
    e = buildTables(variantTables(def), evalParamsFor(def.evalSet));
    cache.set(def, e);
  }
  return e;
}

/** Squares a piece reaches from `sq` on an empty board. */
function emptyBoardMobility(t: VariantTables, code: number, sq: number): number {
  let n = 0;
  forEachEmptyBoardTarget(t, code, sq, () => {
    n++;
  });
  return n;
}

function averageMobility(t: VariantTables, code: number): number {
  let sum = 0;
  for (let i = 0; i < t.squares.length; i++) sum += emptyBoardMobility(t, code, t.squares[i]!);
  return sum / t.squares.length;
}

/** [mg, eg] value of a piece type: the weights' table, else ~55 cp per average empty-board target. */
export function pieceValue(
  t: VariantTables,
  type: number,
  params: EvalParams = DEFAULT_EVAL_PARAMS,
): readonly [number, number] {
  const known = params.values[t.letters[type]!];
  if (known) return known;
  if (type === t.kingType) return [0, 0];
  const v = Math.round(55 * averageMobility(t, pieceCode(type, 0)));
  return [v, v];
}

function buildTables(t: VariantTables, params: EvalParams): EvalTables {
  const def = t.def;
  const size = t.size;
  const codes = 2 * (t.pieceCount + 1);
  const pstMg = new Int16Array(codes * size);
  const pstEg = new Int16Array(codes * size);
  const phaseOf = new Int16Array(codes);
  const mobMg = new Int8Array(codes);
  const mobEg = new Int8Array(codes);
  const mobBase = new Int8Array(codes);
  const attackUnit = new Int8Array(codes);
  const fileRider = new Uint8Array(codes);
  const value = new Int16Array(codes);
  const passedMg = new Int16Array(2 * size);
  const passedEg = new Int16Array(2 * size);
  const pieceCodes: [number[], number[]] = [[], []];

  const pawnValue = t.pawnType >= 0 ? pieceValue(t, t.pawnType, params) : ([100, 100] as const);
  let bestPromotion = -1;
  let bestPromoValue = 0;
  for (let i = 0; i < t.promotionTypes.length; i++) {
    const pt = t.promotionTypes[i]!;
    const v = pieceValue(t, pt, params)[0];
    if (v > bestPromoValue) {
      bestPromoValue = v;
      bestPromotion = pt;
    }
  }
  const promoGain = Math.max(0, bestPromoValue - pawnValue[0]);
  const isMarriage = !!def.end.marriage;
  // Advancement is worth what promotion gains (at least a minor piece's worth: advanced pawns cramp).
  const gainScale = Math.max(promoGain, 150) * (isMarriage ? 1.5 : 1);
  const promoRank = Math.min(...def.promotion.ranks) - 1; // relative, 0-based
  const startRank = 1; // pawns start on their second rank in every shipped variant
  const centreF = (t.files - 1) / 2;
  const centreR = (t.ranks - 1) / 2;

  for (let type = 0; type < t.pieceCount; type++) {
    const [vm, ve] = pieceValue(t, type, params);
    const letter = t.letters[type]!;
    const isKing = type === t.kingType;
    const isPawn = t.isPawn[type]!;
    const wcode = pieceCode(type, 0);
    const mv = t.moves[wcode]!;
    const riders = mv.rideOffsets.length;
    const avg = averageMobility(t, wcode);
    for (let color = 0; color < 2; color++) {
      const code = pieceCode(type, color);
      value[code] = isKing ? KING_EXCHANGE_VALUE : vm;
      if (!isKing && !isPawn) {
        phaseOf[code] = vm;
        pieceCodes[color].push(code);
        // Riders gain a few targets per free line; leapers have few targets, each worth more.
        const mob =
          params.mobility[letter] ??
          (riders >= 8 ? params.mobilityQueen : riders > 0 ? params.mobilityRider : params.mobilityLeaper);
        mobMg[code] = mob[0];
        mobEg[code] = mob[1];
        mobBase[code] = Math.round(avg / 2);
        attackUnit[code] = vm >= 800 ? 5 : vm >= 450 ? 3 : 2;
        const forward = color === 0 ? t.stride : -t.stride;
        const cm = t.moves[code]!;
        for (let k = 0; k < cm.rideOffsets.length; k++) {
          if (cm.rideOffsets[k] === forward && cm.rideRanges[k] === 0) fileRider[code] = 1;
        }
      }
    }
    for (let i = 0; i < t.squares.length; i++) {
      const sq = t.squares[i]!;
      const f = t.fileOf[sq]!;
      const r = t.rankOf[sq]!;
      let mg = vm;
      let eg = ve;
      if (isKing) {
        mg += r === 0 ? params.kingHome : r === 1 ? -10 : Math.max(-70, -30 - params.kingAdvance * (r - 2));
        mg += 4 * Math.min(3, Math.floor(Math.abs(f - centreF)));
        const d = Math.max(Math.abs(f - centreF), Math.abs(r - centreR));
        eg += Math.round(params.kingCentre * (2 - d));
      } else if (isPawn) {
        const span = Math.max(1, promoRank - startRank);
        const a = Math.max(0, Math.min(1, (r - startRank) / span));
        const central = Math.abs(f - centreF) <= 1 && r >= 2 && r <= centreR + 1 ? params.pawnCentre : 0;
        mg += Math.round((params.pawnAdvance[0] / 1000) * gainScale * a) + central;
        eg += Math.round((params.pawnAdvance[1] / 1000) * gainScale * a * a);
        passedMg[sq] = Math.round(params.passedBase[0] + (params.passedScale[0] / 1000) * gainScale * a * a);
        passedEg[sq] = Math.round(params.passedBase[1] + (params.passedScale[1] / 1000) * gainScale * a * a);
      } else {
        const c = (emptyBoardMobility(t, wcode, sq) - avg) / Math.max(1, avg);
        const centre = params.centre[letter] ?? (riders > 0 ? params.centreRider : params.centreLeaper);
        mg += Math.round(centre[0] * c);
        eg += Math.round(centre[1] * c);
      }
      // White's entry on sq; Black's on the rank-mirrored square, negated.
      const msq = t.squares[(t.ranks - 1 - r) * t.files + f]!;
      pstMg[wcode * size + sq] = mg;
      pstEg[wcode * size + sq] = eg;
      pstMg[pieceCode(type, 1) * size + msq] = -mg;
      pstEg[pieceCode(type, 1) * size + msq] = -eg;
      if (isPawn) {
        passedMg[size + msq] = passedMg[sq]!;
        passedEg[size + msq] = passedEg[sq]!;
      }
    }
  }

  // Phase total: the start position's non-pawn material.
  let totalPhase = 0;
  const placement = def.startFen.split(' ')[0] ?? '';
  for (const ch of placement) {
    const type = t.letters.indexOf(ch.toUpperCase());
    if (type >= 0) totalPhase += phaseOf[pieceCode(type, 0)]!;
  }

  const targetGain = new Uint16Array(32 * 32);
  for (let a = 2; a < codes; a++) {
    targetGain[a * 32 + EMPTY] = 1;
    for (let v = 2; v < codes; v++) {
      if (codeColor(a) === codeColor(v)) continue;
      const threat = (v >> 1) - 1 !== t.kingType && value[v]! > value[a]!;
      targetGain[a * 32 + v] = 1 + (threat ? THREAT_UNIT : 0);
    }
  }

  const zoneSpan = (2 * t.files - 1) * (2 * t.ranks - 1);
  const zoneReach = new Uint8Array(codes * zoneSpan);
  for (let code = 2; code < codes; code++) {
    for (let i = 0; i < t.squares.length; i++) {
      const sq = t.squares[i]!;
      forEachEmptyBoardTarget(t, code, sq, (target) => {
        // Every king square within one step of the target, on the board or not (a superset).
        for (let dr = -1; dr <= 1; dr++) {
          for (let df = -1; df <= 1; df++) {
            const kf = t.fileOf[target]! + df - t.fileOf[sq]!;
            const kr = t.rankOf[target]! + dr - t.rankOf[sq]!;
            if (Math.abs(kf) >= t.files || Math.abs(kr) >= t.ranks) continue;
            zoneReach[code * zoneSpan + (kr + t.ranks - 1) * (2 * t.files - 1) + kf + t.files - 1] = 1;
          }
        }
      });
    }
  }

  const kingZone = new Uint8Array(size * size);
  for (const king of t.squares) {
    for (const sq of t.squares) {
      if (Math.abs(t.fileOf[sq]! - t.fileOf[king]!) <= 1 && Math.abs(t.rankOf[sq]! - t.rankOf[king]!) <= 1)
        kingZone[king * size + sq] = 1;
    }
  }

  const leapFirst = new Int32Array(codes * size);
  const leapCount = new Uint8Array(codes * size);
  const targets: number[] = [];
  for (let code = 2; code < codes; code++) {
    const lo = t.moves[code]?.leapOffsets;
    if (!lo) continue;
    for (let i = 0; i < t.squares.length; i++) {
      const sq = t.squares[i]!;
      leapFirst[code * size + sq] = targets.length;
      for (let k = 0; k < lo.length; k++) if (t.fileOf[sq + lo[k]!]! >= 0) targets.push(sq + lo[k]!);
      leapCount[code * size + sq] = targets.length - leapFirst[code * size + sq]!;
    }
  }

  const rideFirst = new Int32Array(codes);
  const rideCount = new Uint8Array(codes);
  const steps: number[] = [];
  const ranges: number[] = [];
  for (let code = 2; code < codes; code++) {
    const mv = t.moves[code];
    rideFirst[code] = steps.length;
    if (!mv) continue;
    for (let k = 0; k < mv.rideOffsets.length; k++) {
      steps.push(mv.rideOffsets[k]!);
      ranges.push(mv.rideRanges[k]!);
    }
    rideCount[code] = mv.rideOffsets.length;
  }

  return {
    t,
    size,
    pstMg,
    pstEg,
    phaseOf,
    totalPhase: Math.max(1, totalPhase),
    mobMg,
    mobEg,
    mobBase,
    attackUnit,
    fileRider,
    value,
    pieceCodes: [Int32Array.from(pieceCodes[0]), Int32Array.from(pieceCodes[1])],
    passedMg,
    passedEg,
    targetGain,
    isMarriage,
    partnerMask: t.marriageMask,
    bareKing: !!def.end.bareKing,
    stalemateWins: stalemateValue(t) < 0,
    promoGain,
    bestPromotion,
    params,
    partnerNear: Int16Array.from([0, 0, params.partnerNear[0], params.partnerNear[1]]),
    bareBonus: Int16Array.from([0, ...params.bare]),
    zoneReach,
    zoneSpan,
    kingZone,
    leapFirst,
    leapCount,
    leapTarget: Int16Array.from(targets),
    rideFirst,
    rideCount,
    rideStep: Int16Array.from(steps),
    rideRange: Uint8Array.from(ranges),
  };
}

/** Number of non-pawn, non-king pieces of a colour. */
export function pieceCount(e: EvalTables, pos: Position, color: number): number {
  const codes = e.pieceCodes[color]!;
  let n = 0;
  for (let i = 0; i < codes.length; i++) n += pos.codeCount[codes[i]!]!;
  return n;
}

const PAWN_TABLE_BITS = 14;
const PAWN_TABLE_MASK = (1 << PAWN_TABLE_BITS) - 1;

/**
 * The evaluator: scratch arrays for one board size, reused across calls (no allocation per call).
 *
 * Material + piece-square sums, the game phase and a pawn-only hash key are kept incrementally
 * (applyDelta before each move; the search saves and restores them around make/unmake).
 * Pawn-structure terms are cached in a small pawn hash table keyed by that pawn key.
 */
export class Evaluator {
  readonly e: EvalTables;
  /** Per file (with a sentinel file on each side): pawn counts and extreme ranks per colour. */
  private readonly pawnsOnFile: [Int8Array, Int8Array];
  private readonly minRank: [Int8Array, Int8Array];
  private readonly maxRank: [Int8Array, Int8Array];
  private readonly partnerSq: Int16Array;
  /**
   * Pawn-structure cache, four words per entry so that a lookup touches one cache line: key low,
   * key high, middlegame and endgame scores as two 16-bit halves, files holding pawns (White's
   * in the low half, Black's in the high half). An empty entry reads as the key of no pawns,
   * which is right: no pawns have no structure and hold no file.
   */
  private readonly pawnTable = new Int32Array(4 << PAWN_TABLE_BITS);
  private readonly pawnCodeW: number;
  private readonly pawnCodeB: number;

  // Material + piece-square sums (White's view), game phase and pawn key: kept incrementally.
  psqMg = 0;
  psqEg = 0;
  psqPhase = 0;
  pawnLo = 0;
  pawnHi = 0;
  /** Keys of each colour's men other than pawns (king included), for the search's correction history. */
  pieceKeyW = 0;
  pieceKeyB = 0;

  /** `params` replaces the variant's own weights (for tuning). */
  constructor(def: VariantDefinition, params?: EvalParams) {
    this.e = evalTables(def, params);
    const files = this.e.t.files + 2;
    this.pawnsOnFile = [new Int8Array(files), new Int8Array(files)];
    this.minRank = [new Int8Array(files), new Int8Array(files)];
    this.maxRank = [new Int8Array(files), new Int8Array(files)];
    this.partnerSq = new Int16Array(64);
    const pt = this.e.t.pawnType;
    this.pawnCodeW = pt >= 0 ? pieceCode(pt, 0) : -1;
    this.pawnCodeB = pt >= 0 ? pieceCode(pt, 1) : -1;
  }

  /** Forget the pawn-structure cache. */
  clear(): void {
    this.pawnTable.fill(0);
  }

  /** Recompute the incremental sums and the pawn key from scratch. */
  computePsq(pos: Position): void {
    const e = this.e;
    const z = e.t.zobrist;
    let mg = 0;
    let eg = 0;
    let phase = 0;
    let plo = 0;
    let phi = 0;
    let kw = 0;
    let kb = 0;
    for (let color = 0; color < 2; color++) {
      for (let i = 0; i < pos.pcount[color]!; i++) {
        const sq = pos.pieceSquare(color, i);
        const code = pos.board[sq]!;
        mg += e.pstMg[code * e.size + sq]!;
        eg += e.pstEg[code * e.size + sq]!;
        phase += e.phaseOf[code]!;
        if (code === this.pawnCodeW || code === this.pawnCodeB) {
          plo ^= z.pieceLo[code * e.size + sq]!;
          phi ^= z.pieceHi[code * e.size + sq]!;
        } else if (color === 0) kw ^= z.pieceLo[code * e.size + sq]!;
        else kb ^= z.pieceLo[code * e.size + sq]!;
      }
    }
    this.pieceKeyW = kw;
    this.pieceKeyB = kb;
    this.psqMg = mg;
    this.psqEg = eg;
    this.psqPhase = phase;
    this.pawnLo = plo;
    this.pawnHi = phi;
  }

  /**
   * Update the incremental sums for move m, which is about to be made. Castling moves king and
   * rook; en passant takes the pawn behind the target square.
   */
  applyDelta(pos: Position, m: number): void {
    const e = this.e;
    const size = e.size;
    const pstMg = e.pstMg;
    const pstEg = e.pstEg;
    const board = pos.board;
    const from = moveFrom(m);
    const to = moveTo(m);
    const promo = movePromotion(m);
    const kind = moveKind(m);
    const code = board[from]!;
    let mg = pstMg[code * size + to]! - pstMg[code * size + from]!;
    let eg = pstEg[code * size + to]! - pstEg[code * size + from]!;
    const z = e.t.zobrist;
    const isPawn = code === this.pawnCodeW || code === this.pawnCodeB;
    // The mover's colour's piece key: a piece leaves `from`; what stands on `to` afterwards (the
    // promoted man, if any) arrives unless it is a pawn.
    const arriving = promo >= 0 ? pieceCode(promo, codeColor(code)) : code;
    let keyDelta = isPawn ? 0 : z.pieceLo[code * size + from]!;
    if (arriving !== this.pawnCodeW && arriving !== this.pawnCodeB) keyDelta ^= z.pieceLo[arriving * size + to]!;
    if (kind === KIND_CASTLE) {
      const [rookFrom, rookTo] = pos.castleRookSquares(m);
      const rook = board[rookFrom]!;
      mg += pstMg[rook * size + rookTo]! - pstMg[rook * size + rookFrom]!;
      eg += pstEg[rook * size + rookTo]! - pstEg[rook * size + rookFrom]!;
      keyDelta ^= z.pieceLo[rook * size + rookFrom]! ^ z.pieceLo[rook * size + rookTo]!;
    } else {
      const capSq = kind === KIND_EN_PASSANT ? pos.epVictim : to;
      const captured = board[capSq]!;
      if (captured >= 2) {
        mg -= pstMg[captured * size + capSq]!;
        eg -= pstEg[captured * size + capSq]!;
        this.psqPhase -= e.phaseOf[captured]!;
        if (captured === this.pawnCodeW || captured === this.pawnCodeB) {
          this.pawnLo ^= z.pieceLo[captured * size + capSq]!;
          this.pawnHi ^= z.pieceHi[captured * size + capSq]!;
        } else if (codeColor(captured) === 0) this.pieceKeyW ^= z.pieceLo[captured * size + capSq]!;
        else this.pieceKeyB ^= z.pieceLo[captured * size + capSq]!;
      }
      if (isPawn) {
        this.pawnLo ^= z.pieceLo[code * size + from]!;
        this.pawnHi ^= z.pieceHi[code * size + from]!;
        if (promo < 0) {
          this.pawnLo ^= z.pieceLo[code * size + to]!;
          this.pawnHi ^= z.pieceHi[code * size + to]!;
        }
      }
      if (promo >= 0) {
        const pc = pieceCode(promo, codeColor(code));
        mg += pstMg[pc * size + to]! - pstMg[code * size + to]!;
        eg += pstEg[pc * size + to]! - pstEg[code * size + to]!;
        this.psqPhase += e.phaseOf[pc]!;
      }
    }
    if (codeColor(code) === 0) this.pieceKeyW ^= keyDelta;
    else this.pieceKeyB ^= keyDelta;
    this.psqMg += mg;
    this.psqEg += eg;
  }

  /** Cheap evaluation from the incremental sums (material, piece squares, bare king, tempo), side to move's view. */
  fast(pos: Position): number {
    const e = this.e;
    const total = e.totalPhase;
    const phase = Math.min(this.psqPhase, total);
    let score = Math.trunc((this.psqMg * phase + this.psqEg * (total - phase)) / total);
    if (e.bareKing) score += bareBonus(e, pos);
    return (pos.turn === 0 ? score : 0 - score) + e.params.tempo;
  }

  /**
   * Is this an ending whose technique the hand-written terms know and a learned evaluation does
   * not: a pawnless side clearly behind (mop-up drives its king to the edge), or a side ahead in
   * material that cannot win with it (scaled towards a draw)? The conditions of
   * evaluateIncremental's mop-up and draw scaling, from the piece counts alone. A network trained
   * on few such positions blurs the small gradients that lead to the mate: with it, K + R v K
   * was drawn by the 50-move rule (bench/README.md, eleventh session).
   */
  knowsEnding(pos: Position): boolean {
    const e = this.e;
    const count = pos.codeCount;
    const phaseOf = e.phaseOf;
    let matW = 0;
    let matB = 0;
    for (let code = 2; code + 1 < phaseOf.length; code += 2) {
      matW += count[code]! * phaseOf[code]!;
      matB += count[code + 1]! * phaseOf[code + 1]!;
    }
    const pawnsW = this.pawnCodeW >= 0 ? count[this.pawnCodeW]! : 0;
    const pawnsB = this.pawnCodeB >= 0 ? count[this.pawnCodeB]! : 0;
    const diff = matW + pawnsW * 100 - matB - pawnsB * 100;
    if ((diff >= MOP_UP_MARGIN && pawnsB === 0) || (diff <= -MOP_UP_MARGIN && pawnsW === 0)) return true;
    if (e.stalemateWins || e.bareKing) return false;
    return (diff > 0 && pawnsW === 0 && matW < NO_WIN_MATERIAL) || (diff < 0 && pawnsB === 0 && matB < NO_WIN_MATERIAL);
  }

  /** Full evaluation from scratch, side to move's point of view. */
  evaluate(pos: Position): number {
    this.computePsq(pos);
    return this.evaluateIncremental(pos);
  }

  /** Full evaluation using the incremental sums (which must be up to date). */
  evaluateIncremental(pos: Position): number {
    const e = this.e;
    const t = e.t;
    const board = pos.board;
    const stride = t.stride;
    const kingW = pos.kingSq[0]!;
    const kingB = pos.kingSq[1]!;

    let mg = this.psqMg;
    let eg = this.psqEg;
    let partnerN = 0;
    let matW = 0;
    let matB = 0;
    const partnerMask = e.partnerMask;
    const phaseOf = e.phaseOf;
    const mobBase = e.mobBase;
    const mobMgOf = e.mobMg;
    const mobEgOf = e.mobEg;
    const attackUnit = e.attackUnit;
    const fileOf = t.fileOf;
    const rankOf = t.rankOf;
    const zoneReach = e.zoneReach;
    const zoneSpan = e.zoneSpan;
    const kingZone = e.kingZone;
    const size = e.size;
    const leapFirst = e.leapFirst;
    const leapCount = e.leapCount;
    const leapTarget = e.leapTarget;
    const rideFirst = e.rideFirst;
    const rideCount = e.rideCount;
    const rideStep = e.rideStep;
    const rideRange = e.rideRange;
    const zoneRow = 2 * t.files - 1;
    let attackW = 0; // White's attack units on Black's king zone
    let attackersW = 0;
    let attackB = 0;
    let attackersB = 0;
    const plist = pos.plist;
    const listSize = plist.length >> 1;
    // Pawn structure and the files holding pawns (per colour, bit = file, for the file riders'
    // open-file terms) depend on the pawns alone: cached by pawn key.
    let structure = 0;
    let files = 0;
    if (t.pawnType >= 0) {
      const pt = this.pawnTable;
      const i = (this.pawnLo & PAWN_TABLE_MASK) << 2;
      if (pt[i] !== this.pawnLo || pt[i + 1] !== this.pawnHi) {
        this.pawnStructure(pos);
        pt[i] = this.pawnLo;
        pt[i + 1] = this.pawnHi;
        pt[i + 2] = (this.structMg & 0xffff) | (this.structEg << 16);
        pt[i + 3] = this.structFiles[0]! | (this.structFiles[1]! << 16);
      }
      structure = pt[i + 2]!;
      files = pt[i + 3]!;
    }
    const fileRider = e.fileRider;
    const targetGain = e.targetGain;
    const threatW = e.params.threat;
    const semiOpen = e.params.semiOpenFile;
    const open = e.params.openFile;

    for (let color = 0; color < 2; color++) {
      const n = pos.pcount[color]!;
      const listBase = color * listSize;
      const enemyKing = color === 0 ? kingB : kingW;
      const zone = enemyKing * size;
      // (Offsets folded into the enemy king's coordinates: the index needs only the piece's.)
      const enemyKingRank = t.rankOf[enemyKing]! + t.ranks - 1;
      const enemyKingFile = t.fileOf[enemyKing]! + t.files - 1;
      const partners = partnerMask[color]!;
      const ownFiles = color === 0 ? files & 0xffff : files >>> 16;
      const enemyFiles = color === 0 ? files >>> 16 : files & 0xffff;
      let mobMg = 0;
      let mobEg = 0;
      let thr = 0; // attacks on enemy men worth more than the attacker
      let units = 0;
      let attackers = 0;
      let mat = 0;
      for (let i = 0; i < n; i++) {
        const sq = plist[listBase + i]!;
        const code = board[sq]!;
        const ph = phaseOf[code]!;
        if (ph === 0) continue; // pawn or king
        mat += ph;
        if (fileRider[code] === 1) {
          const f = 1 << fileOf[sq]!;
          if ((ownFiles & f) === 0) {
            mobMg += semiOpen[0];
            mobEg += semiOpen[1];
            if ((enemyFiles & f) === 0) {
              mobMg += open[0];
              mobEg += open[1];
            }
          }
        }
        if ((partners >>> code) & 1) this.partnerSq[partnerN++] = sq;
        let cnt = 0;
        let hits = 0;
        const tBase = code * 32;
        const firstRide = rideFirst[code]!;
        const endRide = firstRide + rideCount[code]!;
        const reach =
          zoneReach[code * zoneSpan + (enemyKingRank - rankOf[sq]!) * zoneRow + enemyKingFile - fileOf[sq]!];
        const firstLeap = leapFirst[code * size + sq]!;
        const endLeap = firstLeap + leapCount[code * size + sq]!;
        // Mobility walks its own rides rather than core/targets.ts rideStop: it counts every
        // empty square on the way (and its king-zone hits), which rideStop does not report.
        if (reach === 1) {
          for (let k = firstLeap; k < endLeap; k++) {
            const s = leapTarget[k]!;
            cnt += targetGain[tBase + board[s]!]!;
            hits += kingZone[zone + s]!;
          }
          for (let k = firstRide; k < endRide; k++) {
            const off = rideStep[k]!;
            const range = rideRange[k]!;
            let s = sq + off;
            let p = board[s]!;
            if (range === 0) {
              while (p === EMPTY) {
                cnt++;
                hits += kingZone[zone + s]!;
                s += off;
                p = board[s]!;
              }
            } else {
              for (let steps = 1; p === EMPTY; steps++) {
                cnt++;
                hits += kingZone[zone + s]!;
                if (steps === range) break;
                s += off;
                p = board[s]!;
              }
            }
            if (p !== EMPTY) {
              cnt += targetGain[tBase + p]!;
              hits += kingZone[zone + s]!;
            }
          }
        } else {
          // Too far from the enemy king to hit its zone: mobility only. (A near copy of the loops
          // above on purpose: one loop reading an all-zero zone here measured 12 % slower per
          // evaluation in `npm run bench:eval`.)
          for (let k = firstLeap; k < endLeap; k++) {
            cnt += targetGain[tBase + board[leapTarget[k]!]!]!;
          }
          for (let k = firstRide; k < endRide; k++) {
            const off = rideStep[k]!;
            const range = rideRange[k]!;
            let s = sq + off;
            let p = board[s]!;
            if (range === 0) {
              while (p === EMPTY) {
                cnt++;
                s += off;
                p = board[s]!;
              }
            } else {
              for (let steps = 1; p === EMPTY; steps++) {
                cnt++;
                if (steps === range) break;
                s += off;
                p = board[s]!;
              }
            }
            if (p !== EMPTY) {
              cnt += targetGain[tBase + p]!;
            }
          }
        }
        thr += cnt >>> THREAT_SHIFT;
        cnt &= THREAT_UNIT - 1;
        const d = cnt - mobBase[code]!;
        mobMg += d * mobMgOf[code]!;
        mobEg += d * mobEgOf[code]!;
        if (hits > 0) {
          units += hits * attackUnit[code]!;
          attackers++;
        }
      }
      mobMg += thr * threatW[0];
      mobEg += thr * threatW[1];
      if (color === 0) {
        mg += mobMg;
        eg += mobEg;
        attackW = units;
        attackersW = attackers;
        matW = mat;
      } else {
        mg -= mobMg;
        eg -= mobEg;
        attackB = units;
        attackersB = attackers;
        matB = mat;
      }
    }

    // King safety (middlegame): attacks on the king zone, pawn shield in front of a home king.
    mg -= kingDanger(e.params, attackB, attackersB);
    mg += kingDanger(e.params, attackW, attackersW);
    let pawnsW = 0;
    let pawnsB = 0;
    if (t.pawnType >= 0) {
      pawnsW = pos.codeCount[this.pawnCodeW]!;
      pawnsB = pos.codeCount[this.pawnCodeB]!;
      mg += this.shield(pos, 0, kingW, stride) - this.shield(pos, 1, kingB, -stride);
      mg += (structure << 16) >> 16;
      eg += structure >> 16;
    }

    // Marriage/taming partners close to their own king.
    for (let i = 0; i < partnerN; i++) {
      const sq = this.partnerSq[i]!;
      const color = codeColor(board[sq]!);
      const k = pos.kingSq[color]!;
      const d = Math.max(Math.abs(t.fileOf[sq]! - t.fileOf[k]!), Math.abs(t.rankOf[sq]! - t.rankOf[k]!));
      if (d < 4) {
        const b = e.partnerNear[d]!;
        mg += color === 0 ? b : 0 - b;
        eg += color === 0 ? b : 0 - b;
      }
    }

    // Taper.
    const total = e.totalPhase;
    const phase = Math.min(this.psqPhase, total);
    let score = Math.trunc((mg * phase + eg * (total - phase)) / total);

    if (e.bareKing) score += bareBonus(e, pos);

    // Mop-up: a side without pawns, clearly behind, has its king driven to the edge.
    const diff = matW + pawnsW * 100 - matB - pawnsB * 100;
    if (diff >= MOP_UP_MARGIN && pawnsB === 0) score += this.mopUp(kingW, kingB, total - phase, total);
    else if (diff <= -MOP_UP_MARGIN && pawnsW === 0) score -= this.mopUp(kingB, kingW, total - phase, total);

    // Material that cannot win where stalemate is only a draw: scale towards 0.
    if (!e.stalemateWins && !e.bareKing) {
      if (score > 0 && pawnsW === 0 && matW < NO_WIN_MATERIAL) score >>= 3;
      else if (score < 0 && pawnsB === 0 && matB < NO_WIN_MATERIAL) score = 0 - ((0 - score) >> 3);
    }

    return (pos.turn === 0 ? score : 0 - score) + e.params.tempo;
  }

  private structMg = 0;
  private structEg = 0;
  private readonly structFiles = new Int32Array(2);

  /**
   * Pawn structure (White's view) into structMg/structEg: isolated, doubled and passed pawns;
   * the files holding each colour's pawns into structFiles.
   */
  private pawnStructure(pos: Position): void {
    const e = this.e;
    const t = e.t;
    const size = e.size;
    const ranks = t.ranks;
    for (let color = 0; color < 2; color++) {
      this.pawnsOnFile[color]!.fill(0);
      this.minRank[color]!.fill(ranks);
      this.maxRank[color]!.fill(-1);
    }
    for (let color = 0; color < 2; color++) {
      const pawn = color === 0 ? this.pawnCodeW : this.pawnCodeB;
      for (let i = 0; i < pos.pcount[color]!; i++) {
        const sq = pos.pieceSquare(color, i);
        if (pos.board[sq] !== pawn) continue;
        const f = t.fileOf[sq]! + 1;
        const r = t.rankOf[sq]!;
        this.pawnsOnFile[color]![f]++;
        if (r < this.minRank[color]![f]!) this.minRank[color]![f] = r;
        if (r > this.maxRank[color]![f]!) this.maxRank[color]![f] = r;
      }
    }
    for (let color = 0; color < 2; color++) {
      let files = 0;
      for (let f = 0; f < t.files; f++) if (this.pawnsOnFile[color]![f + 1]! > 0) files |= 1 << f;
      this.structFiles[color] = files;
    }
    let mg = 0;
    let eg = 0;
    const { isolated, doubled } = e.params;
    for (let color = 0; color < 2; color++) {
      const pawn = color === 0 ? this.pawnCodeW : this.pawnCodeB;
      const pf = this.pawnsOnFile[color]!;
      const sign = color === 0 ? 1 : -1;
      for (let i = 0; i < pos.pcount[color]!; i++) {
        const sq = pos.pieceSquare(color, i);
        if (pos.board[sq] !== pawn) continue;
        const f = t.fileOf[sq]! + 1;
        const r = t.rankOf[sq]!;
        let smg = 0;
        let seg = 0;
        if (pf[f - 1] === 0 && pf[f + 1] === 0) {
          smg -= isolated[0];
          seg -= isolated[1];
        }
        if (pf[f]! > 1) {
          smg -= doubled[0];
          seg -= doubled[1];
        }
        const passed =
          color === 0
            ? this.maxRank[1]![f - 1]! <= r && this.maxRank[1]![f]! <= r && this.maxRank[1]![f + 1]! <= r
            : this.minRank[0]![f - 1]! >= r && this.minRank[0]![f]! >= r && this.minRank[0]![f + 1]! >= r;
        if (passed) {
          smg += e.passedMg[color * size + sq]!;
          seg += e.passedEg[color * size + sq]!;
        }
        mg += sign * smg;
        eg += sign * seg;
      }
    }
    this.structMg = Math.max(-32000, Math.min(32000, mg));
    this.structEg = Math.max(-32000, Math.min(32000, eg));
  }

  /** Own pawns on the squares in front of a king still near its first rank. */
  private shield(pos: Position, color: number, king: number, forward: number): number {
    const t = this.e.t;
    const rel = color === 0 ? t.rankOf[king]! : t.ranks - 1 - t.rankOf[king]!;
    if (rel > 1) return 0;
    const pawn = color === 0 ? this.pawnCodeW : this.pawnCodeB;
    const board = pos.board;
    const { shieldNear, shieldFar } = this.e.params;
    let s = 0;
    for (let df = -1; df <= 1; df++) {
      if (board[king + forward + df] === pawn) s += shieldNear;
      else if (board[king + 2 * forward + df] === pawn) s += shieldFar;
    }
    return s;
  }

  /** Winning side's bonus: losing king far from the centre, kings close together. */
  private mopUp(strongK: number, weakK: number, egPhase: number, total: number): number {
    const t = this.e.t;
    const cf = (t.files - 1) / 2;
    const cr = (t.ranks - 1) / 2;
    const wf = t.fileOf[weakK]!;
    const wr = t.rankOf[weakK]!;
    const edge = Math.abs(wf - cf) + Math.abs(wr - cr);
    const close = Math.max(Math.abs(wf - t.fileOf[strongK]!), Math.abs(wr - t.rankOf[strongK]!));
    const bonus = Math.round(12 * edge) + 6 * (t.files - close);
    return Math.trunc((bonus * (egPhase + total)) / (2 * total));
  }
}

/** Bare king: the fewer men the opponent keeps, the closer the win (White's view). */
function bareBonus(e: EvalTables, pos: Position): number {
  const menW = pos.pcount[0]! - 1;
  const menB = pos.pcount[1]! - 1;
  let s = 0;
  if (menB < 4) s += e.bareBonus[menB]!;
  if (menW < 4) s -= e.bareBonus[menW]!;
  return s;
}

/** Middlegame penalty for attacks on a king zone: grows with the square of the attack units. */
function kingDanger(params: EvalParams, units: number, attackers: number): number {
  if (attackers < 2) return units * params.kingDangerOne;
  const u = Math.min(units, 40);
  return Math.trunc((u * u * params.kingDanger) / 200);
}
