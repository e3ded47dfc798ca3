/** Bachelor Kamil (Charles Gilman), both arrays — RULES.md §4, seed 000. */
import { kingAndOneOf } from './dead-positions.js';
import { BISHOP, CAMEL, GNU, KING, KNIGHT, PAWN, QUEEN, ROOK } from './pieces.js';
import type { VariantDefinition } from './schema.js';

const summary =
  'A 9×8 chess with no Queen and two Camels ((3,1) leapers). Pawns promote to Rook, Knight, Bishop, ' +
  'Camel, Queen or Gnu (Knight + Camel). Besides checkmate, a side wins by marriage — its King next ' +
  'to its own Queen — or taming — its King next to its own Gnu — while not in check.';

const common = {
  files: 9,
  ranks: 8,
  pieces: [KING, QUEEN, ROOK, BISHOP, KNIGHT, CAMEL, GNU, PAWN],
  pawn: { steps: { 2: 2 }, enPassant: true },
  promotion: { ranks: [8], choices: ['R', 'N', 'B', 'C', 'Q', 'W'] },
  // King to the outer piece's home square (c1 / g1), rook to the inner one's (d1 / f1).
  castling: { rank: 1, kingFile: 4, rookFiles: { queenSide: 0, kingSide: 8 }, kingDistances: [2] },
  end: {
    stalemate: 'draw',
    marriage: { partners: ['Q', 'W'], mode: 'immediate' },
    // Dead only without pawns, Q or W: K v K or K + one minor v K (RULES.md §4).
    deadPositions: { material: kingAndOneOf('N', 'B', 'C') },
  },
  draws: { repetitions: 3, moveRule: 50 },
} as const;

export const bachelorKamil: VariantDefinition = {
  ...common,
  id: 'bachelor-kamil',
  name: 'Bachelor Kamil',
  // Fairy-Stockfish's bachelor-kamil-nomarriage changes the rules and is deliberately absent.
  aliases: ['Bachelor Kamil rotational', 'Bachelor Kamil rotational array'],
  xboardName: 'bachelorkamil',
  summary: `${summary} Rotational array (the default).`,
  startFen: 'rncckbbnr/ppppppppp/9/9/9/9/PPPPPPPPP/RNBBKCCNR w KQkq - 0 1',
};

export const bachelorKamilReflective: VariantDefinition = {
  ...common,
  id: 'bachelor-kamil-reflective',
  name: 'Bachelor Kamil (reflective array)',
  aliases: ['Bachelor Kamil reflective array'],
  xboardName: 'bachelorkamilr',
  summary: `${summary} Reflective array.`,
  startFen: 'rnbbkccnr/ppppppppp/9/9/9/9/PPPPPPPPP/RNBBKCCNR w KQkq - 0 1',
};
