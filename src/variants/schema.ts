/**
 * The shape of a variant definition: everything the generic rules core needs to play a game.
 * One data file per variant; adding a variant adds a file here, not branches in the core.
 */

export interface PieceDefinition {
  /** Name as players know it ("Camel", "Wildebeest"). */
  readonly name: string;
  /** Upper-case FEN/SAN letter (White); Black uses the lower-case letter. */
  readonly letter: string;
  /** The piece's movement in Betza notation (castling and pawn extra steps are separate data). */
  readonly betza: string;
  /** Exactly one royal piece (the King) per variant. */
  readonly royal?: boolean;
  /** Pawn-like: may use `pawn.steps`, e.p. and promotion. */
  readonly pawn?: boolean;
}

export interface PawnRules {
  /**
   * Longest forward step by relative rank (1 = own first rank): `{ 2: 3, 3: 2 }` means up to
   * three squares from the 2nd rank and up to two from the 3rd. Ranks not listed: one step.
   * Every passed square must be empty.
   */
  readonly steps: Readonly<Record<number, number>>;
  /** After a multi-square step, an enemy pawn may take en passant on every passed square. */
  readonly enPassant: boolean;
}

export interface PromotionRules {
  /** Relative ranks on which a pawn promotes (mandatory), e.g. [10] on a 10-rank board. */
  readonly ranks: readonly number[];
  /** Letters of the pieces a pawn may become. */
  readonly choices: readonly string[];
}

export interface CastlingRules {
  /** Relative rank of king and rooks (1 = own back rank). */
  readonly rank: number;
  /** King's start file (0 = a). */
  readonly kingFile: number;
  /** Rook start files: toward file a (`Q`) and toward the highest file (`K`). */
  readonly rookFiles: { readonly queenSide: number; readonly kingSide: number };
  /**
   * King distances allowed (in squares toward the rook). The rook always lands on the square
   * on the king's other side: the last square the king crossed, or its start for distance 1.
   */
  readonly kingDistances: readonly number[];
}

export type MarriageMode = 'immediate' | 'delayed';

export interface EndRules {
  /** What stalemate means for the side that stalemates. */
  readonly stalemate: 'draw' | 'win';
  /** Shatranj bare-king rule with the counter-bare draw (RULES.md §3). */
  readonly bareKing?: boolean;
  /** Bachelor Kamil marriage/taming: King next to one of these own pieces wins (RULES.md §4). */
  readonly marriage?: { readonly partners: readonly string[]; readonly mode: MarriageMode };
  /**
   * Dead positions (automatic draws): each entry lists, for one side, the non-king pieces it may
   * have; a position is dead when both sides' material matches some entry pair. `sameColorBishops`
   * adds "bishops only, all on one colour".
   */
  readonly deadPositions: {
    readonly material: ReadonlyArray<readonly [string, string]>;
    readonly sameColorBishops?: boolean;
  };
}

export interface VariantDefinition {
  /** Caravan id, e.g. "wildebeest". */
  readonly id: string;
  /** Name as players know it. */
  readonly name: string;
  /** One-paragraph summary for menus and help. */
  readonly summary: string;
  /**
   * Other names it goes by in PGN `Variant` tags and Fairy-Stockfish section names (matched
   * ignoring case, spaces and punctuation, like the id and the name).
   */
  readonly aliases?: readonly string[];
  /**
   * Its name in XBoard's variant list: one that contains none of XBoard's built-in names (XBoard
   * would take `shatranj-kamil` for its own 8×8 shatranj), or exactly the built-in variant it is
   * (`normal`), which XBoard sets up itself. Absent: the id.
   */
  readonly xboardName?: string;
  /** Offered in the app's variant menu (default true); orthodox chess, a check of the core, is not. */
  readonly menu?: boolean;
  /** The engine's tuned evaluation set for it (src/engine/eval-params.ts); absent: the default weights. */
  readonly evalSet?: string;
  readonly files: number;
  readonly ranks: number;
  readonly pieces: readonly PieceDefinition[];
  readonly startFen: string;
  readonly pawn: PawnRules;
  readonly promotion: PromotionRules;
  readonly castling?: CastlingRules;
  readonly end: EndRules;
  /** Automatic draws: threefold repetition and n-move rule (in full moves; 0 = none). */
  readonly draws: { readonly repetitions: number; readonly moveRule: number };
}
