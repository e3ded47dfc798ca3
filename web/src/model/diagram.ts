/**
 * Where a piece can go, derived from its Betza string (the same data the rules core compiles):
 * the interactive move diagrams of the rules page, and premove destinations on the board.
 */

import { parseBetza } from '../../../src/core/betza.js';
import type { Color } from '../../../src/core/outcome.js';
import type { VariantDefinition } from '../../../src/variants/schema.js';

export interface Reach {
  readonly square: string;
  /** The piece may move there (to an empty square). */
  readonly move: boolean;
  /** The piece may capture there. */
  readonly capture: boolean;
}

export interface Coord {
  readonly file: number;
  readonly rank: number;
}

export function parseCoord(def: VariantDefinition, square: string): Coord | undefined {
  const m = /^([a-z])(\d{1,2})$/.exec(square);
  if (!m) return undefined;
  const file = (m[1] as string).charCodeAt(0) - 97;
  const rank = Number(m[2]) - 1;
  if (file >= def.files || rank < 0 || rank >= def.ranks || (m[2] as string).startsWith('0')) return undefined;
  return { file, rank };
}

export function coordName(c: Coord): string {
  return String.fromCharCode(97 + c.file) + String(c.rank + 1);
}

/**
 * Every square a piece of `letter` reaches from `square` on an otherwise empty board, with
 * whether it moves or captures there. Pawns get their variant's extra steps for the rank they
 * stand on. (Castling needs a rook and is not a move of the piece on an empty board.)
 */
export function pieceReach(def: VariantDefinition, letter: string, square: string, side: Color = 'white'): Reach[] {
  const piece = def.pieces.find((p) => p.letter === letter.toUpperCase());
  const from = parseCoord(def, square);
  if (!piece || !from) return [];
  const parsed = parseBetza(piece.betza);
  if (!parsed.ok) return [];
  const dir = side === 'white' ? 1 : -1;
  const relRank = side === 'white' ? from.rank + 1 : def.ranks - from.rank;
  const found = new Map<string, { move: boolean; capture: boolean }>();
  const add = (file: number, rank: number, move: boolean, capture: boolean) => {
    const name = coordName({ file, rank });
    const prev = found.get(name);
    found.set(name, { move: move || (prev?.move ?? false), capture: capture || (prev?.capture ?? false) });
  };
  for (const c of parsed.value.components) {
    let range = c.range === 0 ? Number.POSITIVE_INFINITY : c.range;
    // Pawn extra steps by rank (RULES.md: "every passed square must be empty").
    if (piece.pawn && c.canMove && !c.canCapture && c.dx === 0 && c.dy === 1) {
      range = Math.max(range, def.pawn.steps[relRank] ?? 1);
    }
    for (let n = 1; n <= range; n++) {
      const file = from.file + c.dx * n;
      const rank = from.rank + c.dy * dir * n;
      if (file < 0 || file >= def.files || rank < 0 || rank >= def.ranks) break;
      add(file, rank, c.canMove, c.canCapture);
    }
  }
  return [...found].map(([sq, r]) => ({ square: sq, move: r.move, capture: r.capture }));
}

/**
 * Premove destinations (chessground style: any square the piece could reach if the board were
 * arranged for it), for a piece of `letter` and `side` on `square`: its empty-board reach, plus
 * castling targets when a king stands on its castling square (the rook's square too where the
 * variant has a one-square castle, matching how castling is entered on the board).
 */
export function premoveDests(def: VariantDefinition, letter: string, side: Color, square: string): string[] {
  const out = new Set(pieceReach(def, letter, square, side).map((r) => r.square));
  const c = def.castling;
  const piece = def.pieces.find((p) => p.letter === letter.toUpperCase());
  const from = parseCoord(def, square);
  if (c && piece?.royal && from) {
    const rank = side === 'white' ? c.rank - 1 : def.ranks - c.rank;
    if (from.rank === rank && from.file === c.kingFile) {
      for (const d of c.kingDistances) {
        for (const s of [1, -1]) {
          const file = c.kingFile + s * d;
          if (file >= 0 && file < def.files) out.add(coordName({ file, rank }));
        }
      }
      if (c.kingDistances.includes(1)) {
        out.add(coordName({ file: c.rookFiles.kingSide, rank }));
        out.add(coordName({ file: c.rookFiles.queenSide, rank }));
      }
    }
  }
  out.delete(square);
  return [...out];
}
