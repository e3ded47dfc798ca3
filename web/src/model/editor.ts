/**
 * The board editor's setup (issue 13): a placement, the side to move, castling rights and an
 * en-passant square, turned into a FEN and checked by the rules library — the error shown is the
 * library's own (CaravanError message). No rules here.
 */

import { makeFen } from '../../../src/core/fen.js';
import { positionOutcome } from '../../../src/core/outcome.js';
import { Position } from '../../../src/core/position.js';
import { err, ok, type Result } from '../../../src/core/result.js';
import { outcomeText } from '../../../src/notation/outcome-text.js';
import type { VariantDefinition } from '../../../src/variants/schema.js';

/** Castling rights as FEN letters: K/Q White's king- and queen-side, k/q Black's. */
export const CASTLING_LETTERS = ['K', 'Q', 'k', 'q'] as const;
export type CastlingLetter = (typeof CASTLING_LETTERS)[number];

export interface EditorSetup {
  /** FEN placement (ranks from the top, '/' between). */
  readonly placement: string;
  readonly turn: 'w' | 'b';
  readonly castling: ReadonlySet<CastlingLetter>;
  /** En-passant field ('' or '-' for none; the FEN's square list otherwise). */
  readonly ep: string;
}

export interface CheckedSetup {
  /** The FEN as the library writes it (normalised: rights that cannot apply are dropped). */
  readonly fen: string;
  /** Things to know that do not make the setup wrong (rights dropped, a finished position). */
  readonly notes: readonly string[];
}

export function setupFen(s: EditorSetup): string {
  const castling = CASTLING_LETTERS.filter((c) => s.castling.has(c)).join('') || '-';
  const ep = s.ep.trim() === '' ? '-' : s.ep.trim();
  return `${s.placement} ${s.turn} ${castling} ${ep} 0 1`;
}

/** A setup from a FEN (for "start position" and a FEN pasted or passed in the URL). */
export function setupFromFen(fen: string): EditorSetup {
  const [placement = '', turn = 'w', castling = '-', ep = '-'] = fen.trim().split(/\s+/);
  const rights = new Set<CastlingLetter>();
  for (const c of castling) if ((CASTLING_LETTERS as readonly string[]).includes(c)) rights.add(c as CastlingLetter);
  return { placement, turn: turn === 'b' ? 'b' : 'w', castling: rights, ep: ep === '-' ? '' : ep };
}

/** The empty board's placement. */
export function emptyPlacement(def: VariantDefinition): string {
  return Array.from({ length: def.ranks }, () => String(def.files)).join('/');
}

/** Check a setup with the rules library: the FEN to play from, or the library's message. */
export function checkSetup(def: VariantDefinition, s: EditorSetup): Result<CheckedSetup, string> {
  const asked = setupFen(s);
  const r = Position.fromFen(def, asked);
  if (!r.ok) return err(r.error.message);
  const pos = r.value;
  const fen = makeFen(pos);
  const notes: string[] = [];
  const kept = fen.split(' ')[2] ?? '-';
  const dropped = CASTLING_LETTERS.filter((c) => s.castling.has(c) && !kept.includes(c));
  if (dropped.length > 0 && def.castling) {
    notes.push(
      `castling right${dropped.length > 1 ? 's' : ''} ${dropped.join('')} dropped: king and rook are not at home`,
    );
  }
  const over = positionOutcome(pos);
  if (over) notes.push(`this position is already over: ${outcomeText(def, over)}`);
  return ok({ fen, notes });
}
