/**
 * Random positions for property and differential tests: random legal play from a start
 * position, start positions with material thinned out (so bare kings, open files and
 * promotions occur), and sparse random placements with pawns near promotion.
 * Everything is driven by a seeded Rng, so a failing case is reproducible from its seed.
 */

import { KIND_NORMAL, type Move, moveKind, movePromotion, moveTo } from '../../src/core/move.js';
import { generateLegal, MAX_MOVES } from '../../src/core/movegen.js';
import { isRuleTerminal } from '../../src/core/outcome.js';
import { Position } from '../../src/core/position.js';
import { EMPTY } from '../../src/core/tables.js';
import type { VariantDefinition } from '../../src/variants/schema.js';
import type { Rng } from './rng.js';

const buf = new Int32Array(MAX_MOVES);

/** Castles, multi-steps, e.p., promotions and captures: the moves random play should not starve. */
function isSpecial(pos: Position, m: Move): boolean {
  return moveKind(m) !== KIND_NORMAL || movePromotion(m) >= 0 || pos.board[moveTo(m)] !== EMPTY;
}

/**
 * Play up to `maxPlies` random legal moves from `fen`, calling `visit` on every position reached
 * (the first included). Stops when the game ends by a rule (RULES.md §5) or no move is left.
 * With probability `preferSpecial` a move is drawn from the special moves (castling, pawn
 * multi-steps, e.p., promotions, captures) when there are any, so that they are not rare.
 * Returns the final position.
 */
export function randomPlay(
  def: VariantDefinition,
  fen: string,
  rng: Rng,
  maxPlies: number,
  visit?: (pos: Position, ply: number) => void,
  preferSpecial = 0,
): Position {
  const r = Position.fromFen(def, fen);
  if (!r.ok) throw new Error(`randomPlay: ${r.error.message}: ${fen}`);
  const pos = r.value;
  for (let ply = 0; ; ply++) {
    visit?.(pos, ply);
    if (ply >= maxPlies || isRuleTerminal(pos)) break;
    const n = generateLegal(pos, buf, 0);
    if (n === 0) break;
    let move = buf[rng.int(n)] as Move;
    if (preferSpecial > 0 && rng.chance(preferSpecial)) {
      const special = Array.from(buf.subarray(0, n)).filter((m) => isSpecial(pos, m));
      if (special.length > 0) move = rng.pick(special);
    }
    pos.make(move);
  }
  return pos;
}

/** FENs of every position of a random game (the start included). */
export function randomGameFens(def: VariantDefinition, fen: string, rng: Rng, maxPlies: number): string[] {
  const fens: string[] = [];
  randomPlay(def, fen, rng, maxPlies, (pos) => fens.push(pos.toFen()));
  return fens;
}

/** Split a FEN placement into rows of single-square tokens ('' = empty), top rank first. */
function placementGrid(placement: string): string[][] {
  return placement.split('/').map((row) => {
    const out: string[] = [];
    for (const token of row.match(/\d+|[A-Za-z]/g) ?? []) {
      if (/\d/.test(token)) for (let i = 0; i < Number(token); i++) out.push('');
      else out.push(token);
    }
    return out;
  });
}

/** FEN placement of a grid of letters (rank 8/10 first; '' = empty). */
export function gridPlacement(grid: string[][]): string {
  return grid
    .map((row) => {
      let s = '';
      let empty = 0;
      for (const p of row) {
        if (p === '') empty++;
        else {
          if (empty) s += String(empty);
          empty = 0;
          s += p;
        }
      }
      return empty ? s + String(empty) : s;
    })
    .join('/');
}

/**
 * Remove each non-king man with probability `removeChance` (the e.p. field is dropped; castling
 * rights whose rook is gone are ignored when read). Undefined if the result is not a valid
 * position (e.g. the side not to move is left in check).
 */
export function thinOut(def: VariantDefinition, fen: string, rng: Rng, removeChance: number): string | undefined {
  const [placement = '', side = 'w', castling = '-', , half = '0', full = '1'] = fen.split(' ');
  const grid = placementGrid(placement);
  for (const row of grid) {
    for (let f = 0; f < row.length; f++) {
      const p = row[f] as string;
      if (p !== '' && p.toUpperCase() !== 'K' && rng.chance(removeChance)) row[f] = '';
    }
  }
  const out = `${gridPlacement(grid)} ${side} ${castling} - ${half} ${full}`;
  const r = Position.fromFen(def, out);
  return r.ok ? r.value.toFen() : undefined;
}

/**
 * A sparse random position: two kings, a few random men of the variant (pawns only on ranks
 * where they are not promoted, half of them one step from promotion); `pawnShare` is the chance
 * that a man is a pawn (otherwise every piece type is equally likely). Undefined if invalid.
 */
export function randomPlacement(def: VariantDefinition, rng: Rng, men: number, pawnShare?: number): string | undefined {
  const grid: string[][] = Array.from({ length: def.ranks }, () => new Array<string>(def.files).fill(''));
  const letters = def.pieces.filter((p) => !p.royal).map((p) => p.letter.toUpperCase());
  const pawn = def.pieces.find((p) => p.pawn)?.letter.toUpperCase();
  const free = (): [number, number] => {
    for (;;) {
      const row = rng.int(def.ranks);
      const f = rng.int(def.files);
      if ((grid[row] as string[])[f] === '') return [row, f];
    }
  };
  for (const k of ['K', 'k']) {
    const [row, f] = free();
    (grid[row] as string[])[f] = k;
  }
  for (let i = 0; i < men; i++) {
    const white = rng.chance(0.5);
    const letter = pawn && pawnShare !== undefined && rng.chance(pawnShare) ? pawn : rng.pick(letters);
    let [row, f] = free();
    if (letter === pawn) {
      // Grid rows run from the top rank (row 0); relative rank q is row ranks - q for White and
      // q - 1 for Black. Keep pawns off both back ranks: a third of them one step from
      // promotion, a third on a rank with a multi-square step (for e.p.), the rest anywhere.
      const rowOf = (q: number) => (white ? def.ranks - q : q - 1);
      const stepRanks = Object.keys(def.pawn.steps).map(Number);
      const roll = rng.int(3);
      if (roll === 0) row = rowOf(def.ranks - 1);
      else if (roll === 1 && stepRanks.length > 0) row = rowOf(rng.pick(stepRanks));
      else row = 1 + rng.int(def.ranks - 2);
      if ((grid[row] as string[])[f] !== '') continue;
    }
    (grid[row] as string[])[f] = white ? letter : letter.toLowerCase();
  }
  const fen = `${gridPlacement(grid)} ${rng.chance(0.5) ? 'w' : 'b'} - - 0 1`;
  const r = Position.fromFen(def, fen);
  return r.ok ? r.value.toFen() : undefined;
}
