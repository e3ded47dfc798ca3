/** Camel Decimal Chess — RULES.md §2, seed 001. */
import { kingAndOneOf } from './dead-positions.js';
import { BISHOP, CAMEL, KING, KNIGHT, PAWN, QUEEN, ROOK } from './pieces.js';
import type { VariantDefinition } from './schema.js';

export const camelDecimal: VariantDefinition = {
  id: 'camel-decimal',
  name: 'Camel Decimal Chess',
  summary:
    'The orthodox army centred on a 10×10 board, as in Shako, with a Camel ((3,1) leaper) in each ' +
    'corner of the first rank. All classical rules apply: double step from the pawn rank, en passant, ' +
    'castling on the second rank, promotion on the last rank to Queen, Rook, Bishop, Knight or Camel.',
  xboardName: 'cameldecimal',
  evalSet: 'camel-decimal-values',
  files: 10,
  ranks: 10,
  pieces: [KING, QUEEN, ROOK, BISHOP, KNIGHT, CAMEL, PAWN],
  startFen: 'c8c/1rnbqkbnr1/1pppppppp1/10/10/10/10/1PPPPPPPP1/1RNBQKBNR1/C8C w KQkq - 0 1',
  pawn: { steps: { 3: 2 }, enPassant: true },
  promotion: { ranks: [10], choices: ['Q', 'R', 'B', 'N', 'C'] },
  castling: { rank: 2, kingFile: 5, rookFiles: { queenSide: 1, kingSide: 8 }, kingDistances: [2] },
  end: {
    stalemate: 'draw',
    deadPositions: {
      material: kingAndOneOf('B', 'N', 'C'),
      sameColorBishops: true,
    },
  },
  draws: { repetitions: 3, moveRule: 50 },
};
