/**
 * Caravan's public library API.
 *
 *   import { Game, parseUciMove, moveToUci } from 'caravan';
 *   const game = unwrap(Game.create('wildebeest'));
 *   const move = parseUciMove(game.position, 'f2f5');
 *   if (move.ok) game.play(move.value);
 */

export { type MoveComponent, parseBetza } from './core/betza.js';
export {
  hasRuleWinningMove,
  isBare,
  marriageThreat,
  ruleEnd,
  ruleEndValue,
  stalemateValue,
} from './core/end-rules.js';
export { CaravanError, type ErrorKind } from './core/errors.js';
export { makeFen, parseFen } from './core/fen.js';
export { Game } from './core/game.js';
export {
  KIND_CASTLE,
  KIND_EN_PASSANT,
  KIND_NORMAL,
  KIND_PAWN_MULTI,
  type Move,
  moveFrom,
  moveKind,
  movePromotion,
  moveTo,
} from './core/move.js';
export { generateLegal, MAX_MOVES } from './core/movegen.js';
export {
  type Color,
  type EndReason,
  immediateEnd,
  isDeadPosition,
  isRuleTerminal,
  type Outcome,
  positionOutcome,
} from './core/outcome.js';
export { perft, perftDivide } from './core/perft.js';
export { Position, type Setup } from './core/position.js';
export * from './core/result.js';
export { parseSquare, squareName, variantTables } from './core/tables.js';
export { checkedVariant } from './core/variant-check.js';
export * from './engine/index.js';
export { type PgnGame, type ReadPgnOptions, readPgn, readPgnGames, writePgn } from './notation/pgn.js';
export { moveToSan, parseSan, sanLine } from './notation/san.js';
export { legalMoveList, moveToUci, parseUciMove } from './notation/uci.js';
export { parseVariantsJson } from './notation/variant-json.js';
export {
  DEFAULT_VARIANT,
  DEFAULT_VARIANT_ID,
  findVariant,
  findVariantByName,
  MENU_VARIANT_IDS,
  MENU_VARIANTS,
  resolveVariant,
  VARIANT_IDS,
  VARIANTS,
  type VariantOptions,
  withMarriageMode,
} from './variants/index.js';
export type * from './variants/schema.js';
