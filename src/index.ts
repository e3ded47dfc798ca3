/**
 * Caravan's public library API.
 *
 *   import { Game, findVariant, parseUciMove, moveToUci } from 'caravan';
 *   const game = unwrap(Game.create(findVariant('wildebeest')!));
 *   const move = parseUciMove(game.position, 'f2f5');
 *   if (move.ok) game.play(move.value);
 */

export * from './core/result.js';
export { CaravanError, type ErrorKind } from './core/errors.js';
export { Position, type Setup } from './core/position.js';
export { Game } from './core/game.js';
export { parseFen, makeFen } from './core/fen.js';
export { perft, perftDivide } from './core/perft.js';
export { generateLegal, MAX_MOVES } from './core/movegen.js';
export {
  type Outcome,
  type EndReason,
  type Color,
  positionOutcome,
  immediateEnd,
  isRuleTerminal,
  isDeadPosition,
} from './core/outcome.js';
export {
  type Move,
  moveFrom,
  moveTo,
  movePromotion,
  moveKind,
  KIND_NORMAL,
  KIND_CASTLE,
  KIND_EN_PASSANT,
  KIND_PAWN_MULTI,
} from './core/move.js';
export { squareName, parseSquare, variantTables } from './core/tables.js';
export { parseBetza, type MoveComponent } from './core/betza.js';
export { moveToUci, parseUciMove, legalMoveList } from './notation/uci.js';
export { VARIANTS, VARIANT_IDS, findVariant, withMarriageMode } from './variants/index.js';
export type * from './variants/schema.js';
export { moveToSan, parseSan, sanLine } from './notation/san.js';
export { writePgn, readPgn, readPgnGames, type PgnGame, type ReadPgnOptions } from './notation/pgn.js';
export { findVariantByName } from './notation/variant-names.js';
export * from './engine/index.js';
