/**
 * Positions for `caravan bench`: every variant's start position and middlegames reached by
 * engine self-play from it (level 6, depth 5, fixed seeds; generated once and stored here so the
 * node count is a stable signature).
 */

export interface BenchPosition {
  readonly variant: string;
  readonly fen: string;
  readonly label: string;
}

export const BENCH_POSITIONS: readonly BenchPosition[] = [
  {
    variant: 'wildebeest',
    label: 'start',
    fen: 'rnccwkqbbnr/ppppppppppp/11/11/11/11/11/11/PPPPPPPPPPP/RNBBQKWCCNR w KQkq - 0 1',
  },
  {
    variant: 'camel-decimal',
    label: 'start',
    fen: 'c8c/1rnbqkbnr1/1pppppppp1/10/10/10/10/1PPPPPPPP1/1RNBQKBNR1/C8C w KQkq - 0 1',
  },
  {
    variant: 'shatranj-kamil',
    label: 'start',
    fen: 'rnedkfdenr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNEDKFDENR w - - 0 1',
  },
  {
    variant: 'shatranj-kamil-2',
    label: 'start',
    fen: 'drnekfenrd/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/DRNEKFENRD w - - 0 1',
  },
  { variant: 'bachelor-kamil', label: 'start', fen: 'rncckbbnr/ppppppppp/9/9/9/9/PPPPPPPPP/RNBBKCCNR w KQkq - 0 1' },
  {
    variant: 'bachelor-kamil-reflective',
    label: 'start',
    fen: 'rnbbkccnr/ppppppppp/9/9/9/9/PPPPPPPPP/RNBBKCCNR w KQkq - 0 1',
  },
  { variant: 'chess', label: 'start', fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' },
  {
    variant: 'wildebeest',
    label: 'ply 20',
    fen: 'rnc3qbb1r/ppppppkpppp/6p1n2/11/2W3w4/11/6CC3/8N2/PPPPPPPPPPP/RNBBK5R w - - 9 11',
  },
  {
    variant: 'wildebeest',
    label: 'ply 30',
    fen: 'r2k3bb1r/ppppppppppp/2w5n2/6c4/11/2Q8/6B4/2N8/PPPP1PPPPPP/R1B2K3NR w KQ - 0 16',
  },
  {
    variant: 'camel-decimal',
    label: 'ply 20',
    fen: '10/1rn1qk1nr1/1pp2cppp1/1c1p6/3b2b3/1P2C5/3P1PN1C1/2P1P1PPP1/1R1BQKB1R1/10 w KQkq - 1 11',
  },
  {
    variant: 'camel-decimal',
    label: 'ply 40',
    fen: 'r5k1r1/9R/1pp3p1p1/3nb2pc1/3pc1qNn1/3B4P1/1CPB1P4/1P2P1P1P1/2N1QK4/1R8 w - - 9 21',
  },
  {
    variant: 'shatranj-kamil',
    label: 'ply 20',
    fen: 'r1e1kf3r/pppppppp1p/2nd1ed1p1/10/10/4n2E2/10/P1NDE1DNPP/1PPPPPPP2/R3KF3R w - - 3 11',
  },
  {
    variant: 'shatranj-kamil',
    label: 'ply 40',
    fen: '5f3r/1ppk1pppp1/2ndped3/1r4nN1p/p9/2EN6/1P2e5/3D2P1D1/P1PPPPFPPP/R3K4R w - - 2 21',
  },
  {
    variant: 'shatranj-kamil-2',
    label: 'ply 20',
    fen: '1r2kf2r1/pp1pppp2p/d1pnee1ppd/10/5n4/2N2N4/10/1P2EE3D/P1PPPPPPPP/DR2KF2R1 w - - 1 11',
  },
  {
    variant: 'shatranj-kamil-2',
    label: 'ply 40',
    fen: '2r1kf2rd/1ppppp2pp/p1d1eepp2/10/10/D2E1n1N2/10/2P1E2D1P/PP1PPPPPP1/2R1KF2R1 w - - 0 21',
  },
  {
    variant: 'bachelor-kamil',
    label: 'ply 20',
    fen: 'r2c1rk2/1ppp2ppp/2n1b1n2/p2c1p3/Pb1P1P2P/2N1P1N2/1PB3PP1/R1B1KCC1R w KQ - 1 11',
  },
  {
    variant: 'bachelor-kamil',
    label: 'ply 40',
    fen: '1r1ck1n2/ppppr4/6p2/1C1c1p2p/Pb1B1P1p1/9/1P1CP1PPP/R3K2NR w KQ - 1 21',
  },
  {
    variant: 'bachelor-kamil-reflective',
    label: 'ply 20',
    fen: 'rnb1kc2r/pp2p1Cpp/2pp5/5ppc1/4N4/3P5/PPPNPPP1P/R2BK3R w KQkq - 0 11',
  },
  {
    variant: 'bachelor-kamil-reflective',
    label: 'ply 40',
    fen: '1n1k3nr/ppp4pp/9/5Cp2/5b2P/3P5/P1PC4R/1N1BK2N1 w - - 2 21',
  },
  { variant: 'chess', label: 'ply 24', fen: 'r1b2rk1/1pp1qpp1/n3p3/p1b3Np/N3P1nP/P5B1/1PP2PP1/R2QKB1R w KQ - 2 13' },
];
