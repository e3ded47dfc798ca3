/**
 * The evaluation's weights as data: one default set (hand-set, sourced below and in
 * evaluate.ts) and named sets fitted by `tools/tune/` to Fairy-Stockfish's search scores (see
 * EVAL_SETS and bench/README.md, "Evaluation tuning"). A variant names its set in its data file
 * (`evalSet`); one without a set uses the defaults, so a new variant needs no entry here.
 *
 * Units: centipawns, except where a field says otherwise. [mg, eg] pairs are the middlegame and
 * endgame weights, tapered by the material left.
 */

export type Pair = readonly [number, number];

export interface EvalParams {
  /** Material by piece letter. Letters not listed: ~55 cp per average empty-board target. */
  readonly values: Readonly<Record<string, Pair>>;
  /** Weight of one reachable square above the piece's base count, by letter. */
  readonly mobility: Readonly<Record<string, Pair>>;
  /** Mobility weight by piece class when the letter is not listed: leaper, rider, 8-way rider. */
  readonly mobilityLeaper: Pair;
  readonly mobilityRider: Pair;
  readonly mobilityQueen: Pair;
  /** Centralisation (piece-square) scale by letter: cp for one average mobility above the mean. */
  readonly centre: Readonly<Record<string, Pair>>;
  readonly centreLeaper: Pair;
  readonly centreRider: Pair;
  /** Pawn advancement, per mille of what the best promotion gains, at the last step before it. */
  readonly pawnAdvance: Pair;
  /** Passed pawn: base bonus and per-mille-of-gain bonus near promotion. */
  readonly passedBase: Pair;
  readonly passedScale: Pair;
  /** Pawn on one of the central files, ranks 3 to the middle. */
  readonly pawnCentre: number;
  readonly isolated: Pair;
  readonly doubled: Pair;
  /** Own pawn right in front of a home king / two squares in front. */
  readonly shieldNear: number;
  readonly shieldFar: number;
  /** King on its first rank (middlegame), the penalty for rank 3 and per further rank. */
  readonly kingHome: number;
  readonly kingAdvance: number;
  /** Endgame king centralisation per step from the centre. */
  readonly kingCentre: number;
  /** King danger: units² × kingDanger / 200 with two or more attackers; units × kingDangerOne with one. */
  readonly kingDanger: number;
  readonly kingDangerOne: number;
  /**
   * A piece that rides along files (the Rook) on a file without own pawns, and the extra when the
   * file has no pawns at all.
   */
  readonly semiOpenFile: Pair;
  readonly openFile: Pair;
  /**
   * Threat: a non-pawn man attacks an enemy man worth more (not the king), per such attack.
   * Stockfish's classical evaluation weighs these 40–100 cp a threat (ThreatByMinor/ByRook).
   */
  readonly threat: Pair;
  /** Marriage/taming partner two / three king steps from its king. */
  readonly partnerNear: Pair;
  /** Where baring wins: bonus when the opponent has 1, 2, 3 men left. */
  readonly bare: readonly [number, number, number];
  readonly tempo: number;
}

/**
 * Hand-set defaults. Piece values:
 *  P  the unit; worth a little more as the board empties (common engine practice).
 *  N  3 pawns (L. Kaufman, "The Evaluation of Material Imbalances", 1999).
 *  B  a little above the knight (Kaufman); long diagonals of 10- and 11-file boards help it.
 *  R  ~5 pawns, stronger in the endgame (Kaufman).
 *  Q  ~9.5 pawns (Kaufman).
 *  C  Camel (3,1) leaper: colour-bound and clumsy at short range; H. G. Muller's computer
 *     self-play studies rate it somewhat below a knight, ≈ 2.5 pawns. Self-play check here
 *     (15 k nodes a move, 24 paired games each in Wildebeest and Camel Decimal): 255 scored
 *     31/48 against 300.
 *  W  Wildebeest/Gnu = Knight + Camel: ≈ the sum of its parts plus a small compound bonus,
 *     in line with Muller's measurements of leaper compounds (≈ 5.5–6 pawns).
 *  F  General (ferz): ≈ 1.5 pawns (Muller's shatranj piece values).
 *  E  Elephant (alfil): reaches 1/8 of the board, ≈ 1.25 pawns (Muller).
 *  D  Dabbaba (Shatranj Kamil camel): colour-bound to 1/4 of the squares; ≈ 1.5–2 pawns on 10×10.
 */
export const DEFAULT_EVAL_PARAMS: EvalParams = {
  values: {
    P: [90, 115],
    N: [305, 300],
    B: [330, 355],
    R: [480, 540],
    Q: [940, 1000],
    C: [255, 250],
    W: [600, 620],
    F: [150, 155],
    E: [120, 125],
    D: [165, 175],
    K: [0, 0],
  },
  mobility: {},
  mobilityLeaper: [4, 4],
  mobilityRider: [3, 4],
  mobilityQueen: [1, 2],
  centre: {},
  centreLeaper: [30, 25],
  centreRider: [20, 15],
  pawnAdvance: [80, 120],
  passedBase: [5, 10],
  passedScale: [60, 250],
  pawnCentre: 8,
  isolated: [10, 15],
  doubled: [6, 12],
  shieldNear: 12,
  shieldFar: 6,
  kingHome: 15,
  kingAdvance: 10,
  kingCentre: 10,
  kingDanger: 100,
  kingDangerOne: 2,
  semiOpenFile: [0, 0],
  openFile: [0, 0],
  // Off until measured in the variant (Camel Decimal's set below has it).
  threat: [0, 0],
  partnerNear: [70, 25],
  bare: [260, 110, 40],
  tempo: 14,
};

/** Shatranj Kamil, fitted by tools/tune/tune.js (provenance in bench/README.md). */
const SHATRANJ_KAMIL: Partial<EvalParams> = {
  // 33 k quiet positions, each scored by Fairy-Stockfish's search at 8 000 nodes: its own
  // self-play (120 games from random openings), 3 000 positions with one man removed, and every
  // third position of 66 Caravan v Fairy-Stockfish games (where Caravan's own judgement leads;
  // on those the earlier fit erred most: pawn advances, Rooks on open files, the General).
  // Pawns promote only to a General here, so the pieces are worth more pawns than in chess.
  values: { P: [120, 79], N: [491, 336], R: [744, 840], F: [216, 167], E: [168, 131], D: [195, 163] },
  mobility: { F: [0, 0], R: [4, 0], N: [0, 0], E: [0, 0], D: [1, 3] },
  centre: { F: [10, 49], R: [20, 15], N: [38, 77], E: [22, 33], D: [38, 25] },
  pawnAdvance: [100, 130],
  passedBase: [2, 7],
  passedScale: [200, 610],
  pawnCentre: 2,
  isolated: [10, 27],
  doubled: [12, 0],
  semiOpenFile: [25, 5],
  openFile: [5, 0],
  shieldNear: 0,
  shieldFar: 0,
  kingHome: 0,
  kingAdvance: 1,
  kingCentre: 28,
  kingDanger: 50,
  kingDangerOne: 0,
  tempo: 8,
};

/**
 * Camel Decimal: the piece values alone, fitted by tools/tune/tune.js to the same 18 k positions
 * as below (pawns kept at the defaults); validation loss 0.0206 → 0.0166. Fairy-Stockfish counts
 * every piece for more pawns than the chess-derived defaults do. Self-play against the defaults
 * at 5 s + 0.05 s: 26-16-18 (+58 ± 75 Elo, 60 games).
 */
const CAMEL_DECIMAL: Partial<EvalParams> = {
  values: { N: [395, 336], B: [492, 445], R: [648, 708], Q: [880, 1606], C: [297, 364] },
  // Self-play at 4 s + 0.04 s against no threat term: 25 cp +0 ± 71 (60 games); 50 cp
  // +28 ± 41 (160 games, LOS 91 %): bench/README.md, "Threats (Camel Decimal)".
  threat: [50, 50],
};

/**
 * The named overrides of the defaults, which variant data files pick by `evalSet`. A wider Camel
 * Decimal fit (material, mobility, centralisation, pawn structure) did not beat the defaults
 * (self-play 8-10-2, against Fairy-Stockfish 25 % vs 28 %), so only its piece values are used;
 * bench/README.md has the runs.
 */
export const EVAL_SETS: Readonly<Record<string, Partial<EvalParams>>> = {
  'camel-decimal-values': CAMEL_DECIMAL,
  'shatranj-kamil-fit': SHATRANJ_KAMIL,
};

/** The weights of a named set over the defaults; the defaults for no name (or a name not known). */
export function evalParamsFor(setName: string | undefined): EvalParams {
  const tuned = setName === undefined ? undefined : EVAL_SETS[setName];
  if (!tuned) return DEFAULT_EVAL_PARAMS;
  return {
    ...DEFAULT_EVAL_PARAMS,
    ...tuned,
    values: { ...DEFAULT_EVAL_PARAMS.values, ...tuned.values },
    mobility: { ...DEFAULT_EVAL_PARAMS.mobility, ...tuned.mobility },
    centre: { ...DEFAULT_EVAL_PARAMS.centre, ...tuned.centre },
  };
}
