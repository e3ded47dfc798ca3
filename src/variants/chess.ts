/** Orthodox chess: a sanity variant whose perft numbers are public. */
import { kingAndOneOf } from './dead-positions.js';
import { BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK } from './pieces.js';
import type { VariantDefinition } from './schema.js';

export const chess: VariantDefinition = {
  id: 'chess',
  name: 'Chess',
  summary: 'Orthodox chess (FIDE rules), included as a sanity check of the generic rules core.',
  aliases: ['standard', 'orthodox', 'orthodox chess'],
  xboardName: 'normal',
  menu: false,
  files: 8,
  ranks: 8,
  pieces: [KING, QUEEN, ROOK, BISHOP, KNIGHT, PAWN],
  startFen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  pawn: { steps: { 2: 2 }, enPassant: true },
  promotion: { ranks: [8], choices: ['Q', 'R', 'B', 'N'] },
  castling: { rank: 1, kingFile: 4, rookFiles: { queenSide: 0, kingSide: 7 }, kingDistances: [2] },
  end: {
    stalemate: 'draw',
    deadPositions: {
      material: kingAndOneOf('B', 'N'),
      sameColorBishops: true,
    },
  },
  draws: { repetitions: 3, moveRule: 50 },
};
