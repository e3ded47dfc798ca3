/** Shatranj Kamil, both historical setups — RULES.md §3, seed 003. */
import { DABBABA_CAMEL, ELEPHANT, GENERAL, KING, KNIGHT, ROOK, SHATRANJ_PAWN } from './pieces.js';
import type { VariantDefinition } from './schema.js';

const summary =
  'Medieval shatranj on a 10×10 board with Camels that leap two squares orthogonally (dabbaba). ' +
  'General: one step diagonally; Elephant: a two-square diagonal leap. Pawns step one square and ' +
  'promote to General. Checkmate and stalemate win; so does baring the enemy king of all its men — ' +
  'unless the bared side takes the last man back at once (a draw).';

const common = {
  // Both arrays are one game for the engine: the same pieces and rules, so the same weights.
  evalSet: 'shatranj-kamil-fit',
  files: 10,
  ranks: 10,
  pieces: [KING, GENERAL, ROOK, KNIGHT, ELEPHANT, DABBABA_CAMEL, SHATRANJ_PAWN],
  pawn: { steps: {}, enPassant: false },
  promotion: { ranks: [10], choices: ['F'] },
  // K v K is already a finished game (counter-bare), so no dead-position list is needed.
  end: { stalemate: 'win', bareKing: true, deadPositions: { material: [] } },
  draws: { repetitions: 3, moveRule: 50 },
} as const;

export const shatranjKamil: VariantDefinition = {
  ...common,
  id: 'shatranj-kamil',
  name: 'Shatranj Kamil',
  aliases: ['shatranj-kamil-1', 'Shatranj Kamil setup 1', 'Shatranj Kamil I'],
  xboardName: 'kamil10',
  summary: `${summary} Setup 1: camels beside king and general.`,
  startFen: 'rnedkfdenr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNEDKFDENR w - - 0 1',
};

export const shatranjKamil2: VariantDefinition = {
  ...common,
  id: 'shatranj-kamil-2',
  name: 'Shatranj Kamil (setup 2)',
  aliases: ['Shatranj Kamil II'],
  xboardName: 'kamil10b',
  summary: `${summary} Setup 2: camels in the corners.`,
  startFen: 'drnekfenrd/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/DRNEKFENRD w - - 0 1',
};
