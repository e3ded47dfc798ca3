/** Piece definitions shared by several variants (RULES.md §0, "Pieces"). */
import type { PieceDefinition } from './schema.js';

export const KING: PieceDefinition = { name: 'King', letter: 'K', betza: 'K', royal: true };
export const QUEEN: PieceDefinition = { name: 'Queen', letter: 'Q', betza: 'Q' };
export const ROOK: PieceDefinition = { name: 'Rook', letter: 'R', betza: 'R' };
export const BISHOP: PieceDefinition = { name: 'Bishop', letter: 'B', betza: 'B' };
export const KNIGHT: PieceDefinition = { name: 'Knight', letter: 'N', betza: 'N' };
export const CAMEL: PieceDefinition = { name: 'Camel', letter: 'C', betza: 'C' };
export const WILDEBEEST: PieceDefinition = { name: 'Wildebeest', letter: 'W', betza: 'NC' };
export const GNU: PieceDefinition = { name: 'Gnu', letter: 'W', betza: 'NC' };
/** Orthodox pawn; the double step comes from the variant's pawn step table. */
export const PAWN: PieceDefinition = { name: 'Pawn', letter: 'P', betza: 'fmWfceF', pawn: true };
// Shatranj Kamil
export const GENERAL: PieceDefinition = { name: 'General', letter: 'F', betza: 'F' };
export const ELEPHANT: PieceDefinition = { name: 'Elephant', letter: 'E', betza: 'A' };
export const DABBABA_CAMEL: PieceDefinition = { name: 'Camel', letter: 'D', betza: 'D' };
export const SHATRANJ_PAWN: PieceDefinition = { name: 'Pawn', letter: 'P', betza: 'fmWfcF', pawn: true };
