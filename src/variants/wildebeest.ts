/** Wildebeest Chess (R. Wayne Schmittberger) — RULES.md §1, seed 004. */
import { BISHOP, CAMEL, KING, KNIGHT, PAWN, QUEEN, ROOK, WILDEBEEST } from './pieces.js';
import type { VariantDefinition } from './schema.js';

export const wildebeest: VariantDefinition = {
  id: 'wildebeest',
  name: 'Wildebeest Chess',
  summary:
    'An 11×10 chess with two Camels ((3,1) leapers) and a Wildebeest (Knight + Camel) per side. ' +
    'Pawns may step up to three squares from their second rank and two from their third, and can be ' +
    'taken en passant on every square they passed. The king castles 1 to 4 squares toward either rook. ' +
    'Pawns promote to Queen or Wildebeest. Checkmate wins — and so does stalemating the opponent.',
  // Fairy-Stockfish's wildebeest-c1..c4 hold one castling distance each: every game they record
  // is a Wildebeest game. (wildebeest-nocastle changes the rules and is deliberately absent.)
  aliases: ['wildebeest-c1', 'wildebeest-c2', 'wildebeest-c3', 'wildebeest-c4'],
  files: 11,
  ranks: 10,
  pieces: [KING, QUEEN, ROOK, BISHOP, KNIGHT, CAMEL, WILDEBEEST, PAWN],
  startFen: 'rnccwkqbbnr/ppppppppppp/11/11/11/11/11/11/PPPPPPPPPPP/RNBBQKWCCNR w KQkq - 0 1',
  pawn: { steps: { 2: 3, 3: 2 }, enPassant: true },
  promotion: { ranks: [10], choices: ['Q', 'W'] },
  castling: { rank: 1, kingFile: 5, rookFiles: { queenSide: 0, kingSide: 10 }, kingDistances: [1, 2, 3, 4] },
  // Any piece can still stalemate, so only K v K is dead (RULES.md §1).
  end: { stalemate: 'win', deadPositions: { material: [['', '']] } },
  draws: { repetitions: 3, moveRule: 50 },
};
