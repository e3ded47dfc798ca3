/**
 * The rules of each variant in words, written for players (the end of a game in words:
 * src/notation/outcome-text.ts).
 */

import type { VariantDefinition } from '../../../src/variants/schema.js';
import { cellSquare, placementRows } from './placement.js';

function pieceName(def: VariantDefinition, letter: string, fallback: string): string {
  return def.pieces.find((p) => p.letter === letter)?.name ?? fallback;
}

/** Special rules of a variant in plain words (from RULES.md), for the rules page. */
export function specialRules(def: VariantDefinition): string[] {
  const out: string[] = [];
  const files = def.files;
  const lastFile = String.fromCharCode(96 + files);
  out.push(
    `Board ${def.files}×${def.ranks} (files a–${lastFile}, ranks 1–${def.ranks}). White moves first; a1 is a dark square.`,
  );
  const steps = Object.entries(def.pawn.steps)
    .filter(([, n]) => n > 1)
    .map(
      ([rank, n]) =>
        `${n === 2 ? 'two' : n === 3 ? 'three' : String(n)} squares from its ${ordinal(Number(rank))} rank` +
        (Number(rank) === pawnStartRank(def) ? ' (where the pawns start)' : ''),
    );
  if (steps.length > 0) {
    out.push(
      `Pawns move one square forward and capture one square diagonally forward. A pawn may also step up to ${steps.join(' and up to ')}, if every square it passes is empty${steps.length > 1 ? ' — this goes by the rank it stands on, not by whether it has moved' : ''}.`,
    );
  } else {
    out.push('Pawns move one square forward (never two) and capture one square diagonally forward.');
  }
  if (def.pawn.enPassant) {
    const multi = Object.values(def.pawn.steps).some((n) => n > 2);
    out.push(
      multi
        ? 'En passant: after a pawn steps two or three squares, an enemy pawn may take it on any square it passed, on the very next move only.'
        : 'En passant as in chess, on the very next move only.',
    );
  } else {
    out.push('There is no en passant.');
  }
  const choices = def.promotion.choices.map((l) => pieceName(def, l, l));
  out.push(
    choices.length === 1
      ? `A pawn reaching the last rank becomes a ${choices[0]}.`
      : `A pawn reaching the last rank must promote to ${listWords(choices)}.`,
  );
  const c = def.castling;
  if (c) {
    const rank = c.rank;
    const blackRank = def.ranks + 1 - rank;
    const sq = (f: number) => fileName(f) + rank;
    const sides = [
      { rook: c.rookFiles.kingSide, dir: 1 },
      { rook: c.rookFiles.queenSide, dir: -1 },
    ].map(({ rook, dir }) => {
      const kings = c.kingDistances.map((d) => sq(c.kingFile + dir * d)).join('/');
      const rooks = c.kingDistances.map((d) => sq(c.kingFile + dir * (d - 1))).join('/');
      return `K ${sq(c.kingFile)}→${kings} with R ${sq(rook)}→${rooks}`;
    });
    const where = `on rank ${rank} (Black: rank ${blackRank}, mirrored)`;
    if (c.kingDistances.length > 1) {
      out.push(
        `Castling ${where}: with king and rook unmoved, every square between them empty and the king not in check, the king moves ${c.kingDistances[0]} to ${c.kingDistances[c.kingDistances.length - 1]} squares toward the rook and the rook jumps to the square on the king's other side: ${sides.join('; ')}. No square the king stands on, crosses or reaches may be attacked.`,
      );
      out.push(
        'On the board, move the king to its destination. For the one-square castle drop the king on its own rook: a king step to the same square is an ordinary move.',
      );
    } else {
      out.push(
        `Castling ${where}, on the usual conditions (king and rook unmoved, nothing between them, the king not in check and not passing or landing on an attacked square): ${sides.join(', or ')}. Move the king two squares on the board.`,
      );
    }
  } else {
    out.push('There is no castling.');
  }
  out.push('Checkmate wins.');
  out.push(
    def.end.stalemate === 'win'
      ? 'Stalemate wins for the side that stalemates (the stalemated side loses).'
      : 'Stalemate is a draw.',
  );
  if (def.end.bareKing) {
    out.push(
      'Bare king: a side left with only its king loses — unless on its very next move it captures the opponent’s last man (then both kings are bare: a draw). If the baring move also mates or stalemates, the baring side wins.',
    );
  }
  if (def.end.marriage) {
    const q = pieceName(def, 'Q', 'Queen');
    const w = pieceName(def, 'W', 'Gnu');
    out.push(
      `Marriage and taming: a side whose King stands next to its own ${q} (marriage) or its own ${w} (taming), with its King not in check, wins.`,
    );
    out.push(
      def.end.marriage.mode === 'immediate'
        ? 'Immediate mode (default): the win comes at the end of the move that creates it, even if the partner could be captured next move.'
        : 'Delayed mode: the side wins if at the start of its next turn its King is still next to a friendly partner and not in check; the opponent may break it by capturing or giving check.',
    );
  }
  out.push('Draws: threefold repetition, the 50-move rule, and dead positions where no side can win.');
  return out;
}

/** White's pawn rank in the start position (1-based), or 0. */
function pawnStartRank(def: VariantDefinition): number {
  const rows = (def.startFen.split(' ')[0] ?? '').split('/');
  const i = rows.findIndex((r) => r.includes('P'));
  return i < 0 ? 0 : def.ranks - i;
}

function fileName(f: number): string {
  return String.fromCharCode(97 + f);
}

function ordinal(n: number): string {
  return n === 1 ? '1st' : n === 2 ? '2nd' : n === 3 ? '3rd' : `${n}th`;
}

function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/**
 * The position in words for a screen reader: each side's pieces by name and square, and the
 * side to move ("White: King f1, Queen e1 …. Black: …. White to move.").
 */
export function describePosition(def: VariantDefinition, fen: string): string {
  const [placement = '', turn = 'w'] = fen.trim().split(/\s+/);
  const names = new Map(def.pieces.map((p) => [p.letter.toUpperCase(), p.name]));
  const sides: Record<'white' | 'black', string[]> = { white: [], black: [] };
  const rows = placementRows(placement);
  // From rank 1 up, as a player reads the board from White's side.
  rows.reverse().forEach((cells, i) => {
    const row = rows.length - 1 - i;
    cells.forEach((c, col) => {
      if (c === '') return;
      const side = c === c.toUpperCase() ? 'white' : 'black';
      sides[side].push(`${names.get(c.toUpperCase()) ?? c} ${cellSquare(def.ranks, row, col)}`);
    });
  });
  const list = (xs: string[]) => (xs.length > 0 ? xs.join(', ') : 'nothing');
  return `White: ${list(sides.white)}. Black: ${list(sides.black)}. ${turn === 'b' ? 'Black' : 'White'} to move.`;
}
