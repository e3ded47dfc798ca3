/**
 * Camel Ten, a variant Caravan does not ship (issue 10 item 2): a 10×8 camel game with its own
 * Zebra ((3,2) leaper), Camels, castling three squares toward either rook and stalemate as a
 * win. Defined here for every test that plays a variant from data alone — in process
 * (test/variants/custom-variant.test.ts) and from a variant file given to the CLI
 * (test/protocol/cli-variant-file.test.ts).
 */
import { BISHOP, CAMEL, KING, PAWN, QUEEN, ROOK } from '../../src/variants/pieces.js';
import type { VariantDefinition } from '../../src/variants/schema.js';

export const CAMEL_TEN: VariantDefinition = {
  id: 'camel-ten',
  name: 'Camel Ten',
  summary: 'A test game: 10×8, Camels and Zebras instead of Knights, castling three squares, stalemate wins.',
  aliases: ['Camel 10x8'],
  files: 10,
  ranks: 8,
  pieces: [KING, QUEEN, ROOK, BISHOP, CAMEL, { name: 'Zebra', letter: 'Z', betza: 'Z' }, PAWN],
  startFen: 'rczbqkbzcr/pppppppppp/10/10/10/10/PPPPPPPPPP/RCZBQKBZCR w KQkq - 0 1',
  pawn: { steps: { 2: 2 }, enPassant: true },
  promotion: { ranks: [8], choices: ['Q', 'R', 'B', 'C', 'Z'] },
  castling: { rank: 1, kingFile: 5, rookFiles: { queenSide: 0, kingSide: 9 }, kingDistances: [3] },
  end: { stalemate: 'win', deadPositions: { material: [['', '']] } },
  draws: { repetitions: 3, moveRule: 50 },
};
