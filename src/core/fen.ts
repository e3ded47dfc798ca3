/**
 * FEN read and write, compatible with Fairy-Stockfish (RULES.md §0): multi-digit empty runs,
 * `K`/`Q` castling letters as rook tags (highest file / file a), en-passant field listing every
 * target square a pawn of the side to move attacks (`a3a4`, or comma-separated, or `-`).
 */

import type { VariantDefinition } from '../variants/schema.js';
import { CaravanError } from './errors.js';
import { describeType, excerpt } from './excerpt.js';
import { Position, type Setup } from './position.js';
import { err, ok, type Result } from './result.js';
import {
  BLACK,
  codeColor,
  codeType,
  EMPTY,
  PAD,
  pieceCode,
  squareName,
  type VariantTables,
  variantTables,
  WHITE,
} from './tables.js';
import { checkedVariant } from './variant-check.js';

function fenError(message: string): { ok: false; error: CaravanError } {
  return err(new CaravanError('invalid-fen', message));
}

/**
 * Longest FEN read (issue 14 item 1). The largest real FEN of these variants is under 200
 * characters; the bound keeps every later step small, and a longer text is an error, not work.
 */
export const MAX_FEN_LENGTH = 1024;

/** Parse a FEN into a position, or say precisely what is wrong with it. */
export function parseFen(variant: VariantDefinition, fen: string): Result<Position, CaravanError> {
  const checked = checkedVariant(variant);
  if (!checked.ok) return checked;
  const def = checked.value;
  if (typeof fen !== 'string') return fenError(`a FEN must be a string, got ${describeType(fen)}`);
  if (fen.length > MAX_FEN_LENGTH) {
    return fenError(`FEN is ${fen.length} characters long, at most ${MAX_FEN_LENGTH} are read: ${excerpt(fen)}`);
  }
  const t = variantTables(def);
  const fields = fen.trim().split(/\s+/);
  if (fields.length < 2 || fields.length > 6 || fields[0] === '') {
    return fenError(
      `FEN needs 2 to 6 fields (placement side castling ep halfmove fullmove), got ${fields[0] === '' ? 0 : fields.length}`,
    );
  }
  const [placement, side, castlingField = '-', epField = '-', halfField = '0', fullField = '1'] = fields as [
    string,
    string,
    ...string[],
  ];

  // Placement
  const rows = placement.split('/');
  if (rows.length !== t.ranks) return fenError(`placement has ${rows.length} ranks, board has ${t.ranks}`);
  const board = new Uint8Array(t.files * t.ranks);
  const kings = [0, 0];
  for (let i = 0; i < rows.length; i++) {
    const rank = t.ranks - 1 - i;
    const row = rows[i] as string;
    let file = 0;
    let j = 0;
    while (j < row.length) {
      const c = row[j] as string;
      if (c >= '0' && c <= '9') {
        let k = j;
        while (k < row.length && (row[k] as string) >= '0' && (row[k] as string) <= '9') k++;
        const run = Number(row.slice(j, k));
        if (run === 0) return fenError(`rank ${rank + 1}: empty-square count 0 is not allowed`);
        file += run;
        j = k;
        continue;
      }
      const type = t.letters.indexOf(c.toUpperCase());
      if (type < 0) {
        return fenError(`rank ${rank + 1}: '${c}' is not a piece of ${def.name} (pieces: ${t.letters.join('')})`);
      }
      const color = c === c.toUpperCase() ? WHITE : BLACK;
      if (type === t.kingType) kings[color] = (kings[color] as number) + 1;
      if (t.isPawn[type] && file < t.files) {
        const relative = color === WHITE ? rank + 1 : t.ranks - rank;
        const at = `${String.fromCharCode(97 + file)}${rank + 1}`;
        // A pawn on its promotion rank would already have promoted; none can stand behind its start.
        if (def.promotion.ranks.includes(relative)) return fenError(`pawn on ${at} stands on its promotion rank`);
        if (relative === 1) return fenError(`pawn on ${at} stands on its own first rank`);
      }
      if (file < t.files) board[rank * t.files + file] = pieceCode(type, color);
      file++;
      j++;
    }
    if (file !== t.files) {
      return fenError(`rank ${rank + 1} has ${file} squares, board has ${t.files} files`);
    }
  }
  for (const color of [WHITE, BLACK]) {
    const name = color === WHITE ? 'White' : 'Black';
    if (kings[color] !== 1) return fenError(`${name} has ${kings[color]} kings, needs exactly 1`);
  }

  // Side to move
  if (side !== 'w' && side !== 'b') return fenError(`side to move is '${excerpt(side)}', expected 'w' or 'b'`);
  const turn = side === 'w' ? WHITE : BLACK;

  // Castling: K/Q (and Shredder-style file letters) name rooks; rights without king and rook at home are dropped.
  let castling = 0;
  if (castlingField !== '-') {
    if (!/^[A-Za-z]+$/.test(castlingField))
      return fenError(`castling field '${excerpt(castlingField)}' is not '-' or letters`);
    for (const c of castlingField) {
      const color = c === c.toUpperCase() ? WHITE : BLACK;
      const u = c.toUpperCase();
      let sideIdx: number;
      if (u === 'K') sideIdx = 1;
      else if (u === 'Q') sideIdx = 0;
      else {
        // A Shredder-style file letter must name a rook's start file.
        const f = u.charCodeAt(0) - 65;
        const cg = def.castling;
        if (f === cg?.rookFiles.kingSide) sideIdx = 1;
        else if (f === cg?.rookFiles.queenSide) sideIdx = 0;
        else {
          const files = cg ? ` (rook files: ${rookFileLetters(cg.rookFiles)})` : ` (${def.name} has no castling)`;
          return fenError(`castling letter '${c}' names no rook: not K, Q or a rook's file${files}`);
        }
      }
      if (!t.castling || !def.castling) continue;
      const kingAt = t.castling.kingFrom[color] as number;
      const rookAt = t.castling.rookFrom[color * 2 + sideIdx] as number;
      const idx = (sq: number) => (t.rankOf[sq] as number) * t.files + (t.fileOf[sq] as number);
      const rookType = t.letters.indexOf('R');
      if (board[idx(kingAt)] === pieceCode(t.kingType, color) && board[idx(rookAt)] === pieceCode(rookType, color)) {
        castling |= 1 << (color * 2 + sideIdx);
      }
    }
  }

  // Clocks
  if (!/^\d+$/.test(halfField)) return fenError(`halfmove clock '${excerpt(halfField)}' is not a non-negative integer`);
  if (!/^\d+$/.test(fullField))
    return fenError(`fullmove number '${excerpt(fullField)}' is not a non-negative integer`);
  const halfmove = Number(halfField);
  const fullmove = Math.max(1, Number(fullField));
  if (halfmove > 100000 || fullmove > 100000) return fenError('move counters out of range');

  // En passant: a syntax error is an error; a field that describes no possible step is ignored.
  const ep = readEpField(t, def, board, turn, epField);
  if (!ep.ok) return ep;
  const { epSquares, epVictim } = ep.value;

  const setup: Setup = { board, turn, castling, epSquares, epVictim, halfmove, fullmove };
  const pos = Position.fromSetup(def, setup);
  // Keep only targets a pawn of the side to move could take on (as Fairy-Stockfish writes them).
  if (pos.epCount > 0) {
    const keep = [...pos.epSquares.subarray(0, pos.epCount)].filter((s) => pos.pawnCanTakeOn(s, turn));
    pos.epCount = 0;
    for (const s of keep) pos.epSquares[pos.epCount++] = s;
    if (pos.epCount === 0) pos.epVictim = -1;
    pos.computeHash();
  }
  if (pos.isAttacked(pos.kingSq[turn ^ 1] as number, turn)) {
    return fenError(`${turn === WHITE ? 'Black' : 'White'} (not to move) is in check`);
  }
  return ok(pos);
}

function rookFileLetters(files: { readonly queenSide: number; readonly kingSide: number }): string {
  return [files.queenSide, files.kingSide].map((f) => String.fromCharCode(65 + f)).join(', ');
}

/** The e.p. field as read: target squares and the pawn that may be taken (none: empty, −1). */
interface EpRead {
  readonly epSquares: number[];
  readonly epVictim: number;
}

const NO_EP: EpRead = { epSquares: [], epVictim: -1 };

/**
 * Read the e.p. field (RULES.md §0). It is used only when it describes a multi-step that can
 * just have happened: the squares on one file, each once; the enemy pawn right after the passed
 * squares (the listed ones and any between them and the pawn), all of them empty; the square it
 * came from empty; and a pawn on that rank may step that far. Otherwise it is ignored (as
 * Stockfish and chessops do), so it never points at another pawn further along the file.
 */
function readEpField(
  t: VariantTables,
  def: VariantDefinition,
  board: Uint8Array,
  turn: number,
  field: string,
): Result<EpRead, CaravanError> {
  if (field === '-') return ok(NO_EP);
  const names = field.includes(',') ? field.split(',') : (field.match(/[a-z]\d{1,2}/g) ?? []);
  if (names.length === 0 || names.join('') !== field.replace(/,/g, '')) {
    return fenError(`en-passant field '${excerpt(field)}' is not '-' or a list of squares`);
  }
  const squares: number[] = [];
  for (const name of names) {
    const m = /^([a-z])(\d{1,2})$/.exec(name);
    const f = m ? (m[1] as string).charCodeAt(0) - 97 : -1;
    const r = m ? Number(m[2]) - 1 : -1;
    if (!m || f >= t.files || r < 0 || r >= t.ranks) {
      return fenError(`en-passant square '${excerpt(name)}' is not on the board`);
    }
    squares.push((r + PAD) * t.stride + f + PAD);
  }
  if (!def.pawn.enPassant || t.pawnType < 0) return ok(NO_EP);
  const file = t.fileOf[squares[0] as number];
  if (squares.some((s) => t.fileOf[s] !== file)) return ok(NO_EP);
  if (new Set(squares).size !== squares.length) return ok(NO_EP);
  const at = (s: number): number => board[(t.rankOf[s] as number) * t.files + (t.fileOf[s] as number)] as number;
  const them = turn ^ 1;
  // The enemy pawn travelled away from its own side: up the board for White.
  const step = them === WHITE ? t.stride : -t.stride;
  const along = (s: number): number => (them === WHITE ? 1 : -1) * (t.rankOf[s] as number);
  let first = squares[0] as number;
  let last = first;
  for (const s of squares) {
    if (along(s) < along(first)) first = s;
    if (along(s) > along(last)) last = s;
  }
  // The passed squares run from `first` to the pawn; every one is empty.
  let victim = first;
  while (t.rankOf[victim] !== -1 && at(victim) === EMPTY) victim += step;
  if (t.rankOf[victim] === -1 || along(victim) <= along(last)) return ok(NO_EP);
  if (at(victim) !== pieceCode(t.pawnType, them)) return ok(NO_EP);
  const origin = first - step;
  if (t.rankOf[origin] === -1 || at(origin) !== EMPTY) return ok(NO_EP);
  const distance = along(victim) - along(origin);
  if (distance > (t.pawnMaxStep[them][origin] as number)) return ok(NO_EP);
  return ok({ epSquares: squares, epVictim: victim });
}

/** Write the position as FEN. */
/** The board part of a FEN: ranks from the top, `codeAt(rank, file)` the piece code there (EMPTY for none). */
export function placementFen(t: VariantTables, codeAt: (rank: number, file: number) => number): string {
  const rows: string[] = [];
  for (let r = t.ranks - 1; r >= 0; r--) {
    let row = '';
    let empty = 0;
    for (let f = 0; f < t.files; f++) {
      const code = codeAt(r, f);
      if (code === EMPTY) {
        empty++;
        continue;
      }
      if (empty) row += String(empty);
      empty = 0;
      const letter = t.letters[codeType(code)] as string;
      row += codeColor(code) === BLACK ? letter.toLowerCase() : letter;
    }
    if (empty) row += String(empty);
    rows.push(row);
  }
  return rows.join('/');
}

export function makeFen(pos: Position): string {
  const t: VariantTables = pos.t;
  const placement = placementFen(t, (r, f) => pos.board[(r + PAD) * t.stride + f + PAD] as number);
  let castling = '';
  if (pos.castleRights & 2) castling += 'K';
  if (pos.castleRights & 1) castling += 'Q';
  if (pos.castleRights & 8) castling += 'k';
  if (pos.castleRights & 4) castling += 'q';
  // Ascending order, as Fairy-Stockfish writes it (a black triple step passes j8 then j7: "j7j8").
  const ep = [...pos.epSquares.subarray(0, pos.epCount)]
    .sort((a, b) => a - b)
    .map((sq) => squareName(t, sq))
    .join('');
  return [placement, pos.turn === WHITE ? 'w' : 'b', castling || '-', ep || '-', pos.halfmove, pos.fullmove].join(' ');
}
