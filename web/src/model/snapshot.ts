/**
 * What the play page reads about a game: the moves played and the snapshot of the ply shown,
 * which the controller (controller.ts) builds once per change.
 */

import type { Move } from '../../../src/core/move.js';
import type { Color, Outcome } from '../../../src/core/outcome.js';
import type { ResultToken } from '../../../src/notation/outcome-text.js';
import type { Verdict } from './verdict.js';

export interface PlayedMove {
  readonly move: Move;
  readonly uci: string;
  readonly san: string;
  /** Squares the moving piece left and reached (the king's, for castling). */
  readonly from: string;
  readonly to: string;
  /** Position after the move, and its side to move. */
  readonly fen: string;
  readonly turn: Color;
  /** The king in check after the move, if any. */
  readonly check?: string;
}

/** The end of a game for people: PGN result and one sentence. */
export interface EndDescription {
  readonly result: ResultToken;
  readonly text: string;
}

/** What the page shows for the ply being viewed: built once per change, read by everything. */
export interface Snapshot {
  /** Different for every live position of every controller (engine jobs compare it). */
  readonly positionId: number;
  /** The ply shown (0 = start) and the plies played; live when they are equal. */
  readonly ply: number;
  readonly live: boolean;
  readonly fen: string;
  readonly turn: Color;
  readonly lastMove: PlayedMove | undefined;
  /** Square of the king in check in the position shown. */
  readonly check: string | undefined;
  /** Every move played, and the start's side to move and move number (for numbering). */
  readonly moves: readonly PlayedMove[];
  readonly startTurn: Color;
  readonly startFullmove: number;
  /** The side to move in the live position. */
  readonly liveTurn: Color;
  /** The game's end (the live position's), whatever ply is shown. */
  readonly outcome: Outcome | undefined;
  /** A resignation, agreed draw or flag fall that ended the game (model/verdict.ts). */
  readonly verdict: Verdict | undefined;
  /** The end in words, by the rules or by the verdict. */
  readonly end: EndDescription | undefined;
  /** Results pending in the live position, in words (shown while it is live and the game goes on). */
  readonly notes: readonly string[];
  /**
   * Legal destinations by origin for the board (empty unless the live position is shown and a
   * human is to move). Castling appears as the king's destination; Wildebeest's one-square castle
   * as the king dropped on its own rook (the king step to the same square is a plain move).
   */
  readonly dests: ReadonlyMap<string, readonly string[]>;
  /** Who may move pieces on the board now (live, game on), and whether premoves are allowed. */
  readonly movable: Color | undefined;
  readonly premove: boolean;
  /** May the person at the board move (in the live position)? Is the computer to move? */
  readonly humanToMove: boolean;
  readonly engineToMove: boolean;
  /** Would `takeback()` take anything back (against the computer: is there a move of the human's)? */
  readonly canTakeBack: boolean;
}

export type MoveAttempt =
  | { readonly kind: 'played'; readonly move: PlayedMove }
  | { readonly kind: 'promotion'; readonly choices: readonly string[] }
  | { readonly kind: 'illegal'; readonly reason: string };
