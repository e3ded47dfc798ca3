/**
 * A variant definition compiled into the tables the hot path reads: padded-mailbox geometry,
 * per-piece leap and ride offsets, attack tables, castling squares and Zobrist keys.
 *
 * Board layout: a row-major mailbox with PAD = 3 columns and rows of padding, enough that any
 * leap of up to three squares (Camel (3,1), threeleaper, tripper) from a board square lands on
 * an OFF square instead of wrapping. Squares hold piece codes:
 *   EMPTY = 0, OFF = 1, piece = ((type + 1) << 1) | colour   (colour 0 = White, 1 = Black)
 */

import type { VariantDefinition } from '../variants/schema.js';
import { parseBetza } from './betza.js';
import { err, ok, type Result } from './result.js';

export const PAD = 3;
export const EMPTY = 0;
export const OFF = 1;
export const WHITE = 0;
export const BLACK = 1;

export function pieceCode(type: number, color: number): number {
  return ((type + 1) << 1) | color;
}
export function codeType(code: number): number {
  return (code >> 1) - 1;
}
export function codeColor(code: number): number {
  return code & 1;
}
/** Is `code` a piece (not EMPTY, not OFF) of `color`? */
export function ownedBy(code: number, color: number): boolean {
  return code >= 2 && (code & 1) === color;
}

/** Movement of one piece type for one colour (directions already oriented for that colour). */
export interface PieceMoves {
  /** Single leaps. */
  readonly leapOffsets: Int16Array;
  /** Per leap: bit 1 = may move there, bit 2 = may capture there, bit 4 = may capture en passant. */
  readonly leapModes: Uint8Array;
  readonly rideOffsets: Int16Array;
  /** Per ride: maximum number of steps (0 = unlimited). */
  readonly rideRanges: Uint8Array;
  readonly rideModes: Uint8Array;
}

export const MODE_MOVE = 1;
export const MODE_CAPTURE = 2;
export const MODE_EP = 4;

/**
 * The variant's end rules as bits of VariantTables.endRules, so that the rule questions asked at
 * every node (core/end-rules.ts) read one integer of one object shape instead of the optional
 * fields of the definitions, whose shapes differ from variant to variant.
 */
export const END_MARRIAGE = 1;
/** With END_MARRIAGE: the marrying move wins at once (otherwise delayed, RULES.md §4). */
export const END_MARRIAGE_IMMEDIATE = 2;
export const END_BARE_KING = 4;
/** Stalemate loses for the stalemated side (RULES.md §§1, 3). */
export const END_STALEMATE_WIN = 8;

export interface CastlingGeometry {
  /** Per colour and side (0 = toward file a, 1 = toward the highest file). */
  readonly kingFrom: Int16Array; // [color]
  readonly rookFrom: Int16Array; // [color * 2 + side]
  /** King destinations for each allowed distance, per colour and side: [color][side][] */
  readonly kingTargets: ReadonlyArray<ReadonlyArray<readonly number[]>>;
  /** Castling-right bit of colour/side: 1 << (color * 2 + side). */
}

export interface VariantTables {
  readonly def: VariantDefinition;
  readonly files: number;
  readonly ranks: number;
  readonly stride: number;
  readonly size: number;
  /** Board squares in a1, b1, …, a2 … order: index → padded square. */
  readonly squares: Int16Array;
  /** Padded square → file (−1 off board). */
  readonly fileOf: Int8Array;
  /** Padded square → rank (−1 off board). */
  readonly rankOf: Int8Array;
  /** Off-board pattern (EMPTY inside, OFF outside), copied into each new board. */
  readonly emptyBoard: Uint8Array;
  readonly pieceCount: number;
  readonly letters: readonly string[];
  /** moves[code] for each piece code (undefined for EMPTY/OFF). */
  readonly moves: ReadonlyArray<PieceMoves | undefined>;
  readonly kingType: number;
  readonly pawnType: number; // −1 if none
  /** Is type t a pawn-like piece (steps, e.p., promotion)? */
  readonly isPawn: readonly boolean[];
  /** Attack tables by attacking colour: offsets from the attacker to the target square. */
  readonly attackLeapOffsets: readonly [Int16Array, Int16Array];
  /** Bit per piece code that attacks along the matching leap. */
  readonly attackLeapMasks: readonly [Int32Array, Int32Array];
  readonly attackRideOffsets: readonly [Int16Array, Int16Array];
  readonly attackRideMasks: readonly [Int32Array, Int32Array];
  readonly attackRideRanges: readonly [Uint8Array, Uint8Array];
  /** Pawn longest step by padded square, per colour: [color][sq]. */
  readonly pawnMaxStep: readonly [Uint8Array, Uint8Array];
  /** Is the square on a promotion rank for the colour: [color][sq]. */
  readonly promotionSquare: readonly [Uint8Array, Uint8Array];
  readonly promotionTypes: Int8Array;
  readonly castling: CastlingGeometry | undefined;
  /** Castling rights kept when a piece leaves or lands on the square (AND mask). */
  readonly castleKeepMask: Uint8Array;
  /** Marriage partners as a bitmask over piece codes, per colour (0 if the rule is absent). */
  readonly marriageMask: readonly [number, number];
  /** The same partners as a list of piece codes, per colour. */
  readonly marriageCodes: readonly [Int32Array, Int32Array];
  /** END_ bits of the variant's end rules. */
  readonly endRules: number;
  /** King step offsets (for marriage adjacency). */
  readonly kingOffsets: Int16Array;
  readonly zobrist: ZobristKeys;
}

export interface ZobristKeys {
  /** [code * size + sq] */
  readonly pieceLo: Int32Array;
  readonly pieceHi: Int32Array;
  readonly sideLo: number;
  readonly sideHi: number;
  readonly castleLo: Int32Array; // [16]
  readonly castleHi: Int32Array;
  readonly epLo: Int32Array; // [sq]
  readonly epHi: Int32Array;
}

const cache = new WeakMap<VariantDefinition, VariantTables>();

/** Compile (once per definition object) or report what is wrong with the definition. */
export function variantTables(def: VariantDefinition): VariantTables {
  const hit = cache.get(def);
  if (hit) return hit;
  const r = compileVariant(def);
  if (!r.ok) throw new Error(`variant ${def.id}: ${r.error}`);
  cache.set(def, r.value);
  return r.value;
}

function endRuleBits(def: VariantDefinition): number {
  const end = def.end;
  let bits = 0;
  if (end.marriage) bits |= END_MARRIAGE | (end.marriage.mode === 'immediate' ? END_MARRIAGE_IMMEDIATE : 0);
  if (end.bareKing) bits |= END_BARE_KING;
  if (end.stalemate === 'win') bits |= END_STALEMATE_WIN;
  return bits;
}

/** Deterministic 32-bit generator (splitmix-style) for Zobrist keys. */
function makeRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) | 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) | 0;
  };
}

export function compileVariant(def: VariantDefinition): Result<VariantTables, string> {
  const { files, ranks } = def;
  if (files < 1 || files > 16 || ranks < 1 || ranks > 16) return err(`board ${files}×${ranks} is not supported`);
  const stride = files + PAD;
  const size = (ranks + 2 * PAD + 1) * stride;
  if (size > 256) return err(`board ${files}×${ranks} is too large for 8-bit square indices`);
  const sq = (f: number, r: number) => (r + PAD) * stride + f + PAD;
  const squares = new Int16Array(files * ranks);
  const fileOf = new Int8Array(size).fill(-1);
  const rankOf = new Int8Array(size).fill(-1);
  const emptyBoard = new Uint8Array(size).fill(OFF);
  for (let r = 0; r < ranks; r++) {
    for (let f = 0; f < files; f++) {
      const s = sq(f, r);
      squares[r * files + f] = s;
      fileOf[s] = f;
      rankOf[s] = r;
      emptyBoard[s] = EMPTY;
    }
  }

  const letters = def.pieces.map((p) => p.letter.toUpperCase());
  if (new Set(letters).size !== letters.length) return err('two piece types share a letter');
  const kingType = def.pieces.findIndex((p) => p.royal);
  if (kingType < 0 || def.pieces.filter((p) => p.royal).length !== 1) return err('exactly one royal piece needed');
  const pawnType = def.pieces.findIndex((p) => p.pawn);
  const isPawn = def.pieces.map((p) => !!p.pawn);
  const pieceCount = def.pieces.length;
  if (pieceCount > 14) return err('at most 14 piece types');

  const moves: Array<PieceMoves | undefined> = [];
  const leapSets: Array<[Map<number, number>, Map<number, number>]> = [
    [new Map(), new Map()],
    [new Map(), new Map()],
  ]; // [color][0 leaps offset→mask | 1 rides key→mask]
  const rideRangeOf = [new Map<number, number>(), new Map<number, number>()];
  for (let t = 0; t < pieceCount; t++) {
    const piece = def.pieces[t];
    if (!piece) continue;
    const parsed = parseBetza(piece.betza);
    if (!parsed.ok) return err(`${piece.name}: ${parsed.error}`);
    for (let color = 0; color < 2; color++) {
      const code = pieceCode(t, color);
      const lo: number[] = [];
      const lm: number[] = [];
      const ro: number[] = [];
      const rr: number[] = [];
      const rm: number[] = [];
      for (const c of parsed.value.components) {
        if ((c.lame || c.initial) && !piece.pawn) {
          return err(`${piece.name}: lame and initial moves are supported on pawns only ("${piece.betza}")`);
        }
        if (c.initial) continue; // a pawn's initial step comes from the variant's step table
        const dy = color === WHITE ? c.dy : -c.dy;
        const offset = dy * stride + c.dx;
        const mode = (c.canMove ? MODE_MOVE : 0) | (c.canCapture ? MODE_CAPTURE : 0) | (c.enPassant ? MODE_EP : 0);
        if (c.range === 1) {
          lo.push(offset);
          lm.push(mode);
          if (c.canCapture) {
            const m = leapSets[color]?.[0] as Map<number, number>;
            m.set(offset, (m.get(offset) ?? 0) | (1 << code));
          }
        } else {
          ro.push(offset);
          rr.push(c.range);
          rm.push(mode);
          if (c.canCapture) {
            const key = offset * 64 + c.range;
            const m = leapSets[color]?.[1] as Map<number, number>;
            m.set(key, (m.get(key) ?? 0) | (1 << code));
            rideRangeOf[color]?.set(key, c.range);
          }
        }
      }
      moves[code] = {
        leapOffsets: Int16Array.from(lo),
        leapModes: Uint8Array.from(lm),
        rideOffsets: Int16Array.from(ro),
        rideRanges: Uint8Array.from(rr),
        rideModes: Uint8Array.from(rm),
      };
    }
  }
  const attackTables = [0, 1].map((color) => {
    const [leaps, rides] = leapSets[color] as [Map<number, number>, Map<number, number>];
    const rideKeys = [...rides.keys()];
    return {
      leapOffsets: Int16Array.from(leaps.keys()),
      leapMasks: Int32Array.from(leaps.values()),
      rideOffsets: Int16Array.from(rideKeys.map((k) => Math.round((k - (rideRangeOf[color]?.get(k) ?? 0)) / 64))),
      rideMasks: Int32Array.from(rides.values()),
      rideRanges: Uint8Array.from(rideKeys.map((k) => rideRangeOf[color]?.get(k) ?? 0)),
    };
  }) as [AttackTable, AttackTable];

  // Pawns: longest step and promotion squares per colour.
  const pawnMaxStep: [Uint8Array, Uint8Array] = [new Uint8Array(size), new Uint8Array(size)];
  const promotionSquare: [Uint8Array, Uint8Array] = [new Uint8Array(size), new Uint8Array(size)];
  for (let color = 0; color < 2; color++) {
    for (let r = 0; r < ranks; r++) {
      const rel = color === WHITE ? r + 1 : ranks - r;
      const step = def.pawn.steps[rel] ?? 1;
      const promo = def.promotion.ranks.includes(rel) ? 1 : 0;
      for (let f = 0; f < files; f++) {
        (pawnMaxStep[color] as Uint8Array)[sq(f, r)] = step;
        (promotionSquare[color] as Uint8Array)[sq(f, r)] = promo;
      }
    }
  }
  const promotionTypes = new Int8Array(def.promotion.choices.length);
  for (let i = 0; i < def.promotion.choices.length; i++) {
    const t = letters.indexOf((def.promotion.choices[i] as string).toUpperCase());
    if (t < 0 || t === kingType)
      return err(`promotion choice ${def.promotion.choices[i]} is not a piece of the variant`);
    promotionTypes[i] = t;
  }

  // Castling.
  const castleKeepMask = new Uint8Array(size).fill(15);
  let castling: CastlingGeometry | undefined;
  if (def.castling) {
    const c = def.castling;
    const kingFrom = new Int16Array(2);
    const rookFrom = new Int16Array(4);
    const kingTargets: number[][][] = [];
    for (let color = 0; color < 2; color++) {
      const r = color === WHITE ? c.rank - 1 : ranks - c.rank;
      kingFrom[color] = sq(c.kingFile, r);
      const perSide: number[][] = [];
      const rookFiles = [c.rookFiles.queenSide, c.rookFiles.kingSide];
      for (let side = 0; side < 2; side++) {
        const rookFile = rookFiles[side] as number;
        rookFrom[color * 2 + side] = sq(rookFile, r);
        const dir = side === 0 ? -1 : 1;
        const targets: number[] = [];
        for (const d of c.kingDistances) {
          const f = c.kingFile + dir * d;
          // The king must stay strictly between its start and the rook.
          if ((dir < 0 && f <= rookFile) || (dir > 0 && f >= rookFile)) {
            return err(`castling distance ${d} reaches the rook`);
          }
          targets.push(sq(f, r));
        }
        perSide.push(targets);
        castleKeepMask[sq(rookFile, r)] = (castleKeepMask[sq(rookFile, r)] as number) & ~(1 << (color * 2 + side));
      }
      castleKeepMask[sq(c.kingFile, r)] = (castleKeepMask[sq(c.kingFile, r)] as number) & ~(3 << (color * 2));
      kingTargets.push(perSide);
    }
    castling = { kingFrom, rookFrom, kingTargets };
  }

  const marriageMask: [number, number] = [0, 0];
  const marriageCodes: [number[], number[]] = [[], []];
  if (def.end.marriage) {
    for (const letter of def.end.marriage.partners) {
      const t = letters.indexOf(letter.toUpperCase());
      if (t < 0) return err(`marriage partner ${letter} is not a piece of the variant`);
      marriageMask[0] |= 1 << pieceCode(t, WHITE);
      marriageMask[1] |= 1 << pieceCode(t, BLACK);
      marriageCodes[0].push(pieceCode(t, WHITE));
      marriageCodes[1].push(pieceCode(t, BLACK));
    }
  }
  const kingOffsets = Int16Array.from([1, -1, stride, -stride, stride + 1, stride - 1, -stride + 1, -stride - 1]);

  // Zobrist keys, seeded by the board size so that every variant's keys are fixed.
  const rand = makeRandom(0x2545f491 ^ (files * 131 + ranks));
  const codes = 2 * (pieceCount + 1);
  const pieceLo = new Int32Array(codes * size);
  const pieceHi = new Int32Array(codes * size);
  for (let i = 0; i < pieceLo.length; i++) {
    pieceLo[i] = rand();
    pieceHi[i] = rand();
  }
  const castleLo = new Int32Array(16);
  const castleHi = new Int32Array(16);
  const bitLo = [rand(), rand(), rand(), rand()];
  const bitHi = [rand(), rand(), rand(), rand()];
  for (let m = 0; m < 16; m++) {
    for (let b = 0; b < 4; b++) {
      if (m & (1 << b)) {
        castleLo[m] = (castleLo[m] as number) ^ (bitLo[b] as number);
        castleHi[m] = (castleHi[m] as number) ^ (bitHi[b] as number);
      }
    }
  }
  const epLo = new Int32Array(size);
  const epHi = new Int32Array(size);
  for (let i = 0; i < size; i++) {
    epLo[i] = rand();
    epHi[i] = rand();
  }
  const zobrist: ZobristKeys = {
    pieceLo,
    pieceHi,
    sideLo: rand(),
    sideHi: rand(),
    castleLo,
    castleHi,
    epLo,
    epHi,
  };

  return ok({
    def,
    files,
    ranks,
    stride,
    size,
    squares,
    fileOf,
    rankOf,
    emptyBoard,
    pieceCount,
    letters,
    moves,
    kingType,
    pawnType,
    isPawn,
    attackLeapOffsets: [attackTables[0].leapOffsets, attackTables[1].leapOffsets],
    attackLeapMasks: [attackTables[0].leapMasks, attackTables[1].leapMasks],
    attackRideOffsets: [attackTables[0].rideOffsets, attackTables[1].rideOffsets],
    attackRideMasks: [attackTables[0].rideMasks, attackTables[1].rideMasks],
    attackRideRanges: [attackTables[0].rideRanges, attackTables[1].rideRanges],
    pawnMaxStep,
    promotionSquare,
    promotionTypes,
    castling,
    castleKeepMask,
    marriageMask,
    endRules: endRuleBits(def),
    marriageCodes: [Int32Array.from(marriageCodes[0]), Int32Array.from(marriageCodes[1])],
    kingOffsets,
    zobrist,
  });
}

interface AttackTable {
  leapOffsets: Int16Array;
  leapMasks: Int32Array;
  rideOffsets: Int16Array;
  rideMasks: Int32Array;
  rideRanges: Uint8Array;
}

/** Square name ("a1", "k10") of a padded square. */
export function squareName(t: VariantTables, sq: number): string {
  return String.fromCharCode(97 + (t.fileOf[sq] as number)) + String((t.rankOf[sq] as number) + 1);
}

/** Padded square of a name, or −1. */
export function parseSquare(t: VariantTables, name: string): number {
  const m = /^([a-z])(\d{1,2})$/.exec(name);
  if (!m) return -1;
  const f = (m[1] as string).charCodeAt(0) - 97;
  const r = Number(m[2]) - 1;
  if (f < 0 || f >= t.files || r < 0 || r >= t.ranks || (m[2] as string).startsWith('0')) return -1;
  return (r + PAD) * t.stride + f + PAD;
}
