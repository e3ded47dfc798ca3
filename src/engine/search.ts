/**
 * The search: iterative deepening with aspiration windows over a principal-variation search
 * (alpha-beta with null windows), quiescence search, transposition table, null-move pruning,
 * ProbCut, late-move reductions (never of checks), singular extensions (with multi-cut), shallow-depth
 * pruning (reverse futility, razoring, late-move, futility, SEE and history pruning) and
 * internal iterative reduction. Pruning decisions use the static evaluation corrected by a
 * correction history per pawn structure; the table keeps the raw evaluation. Time between
 * iterations follows the best move's stability and the score's trend (iterationShare).
 *
 * Game ends are scored exactly, as the rules define them (RULES.md); the rules themselves are
 * questions to core/end-rules.ts, which the search asks and does not restate:
 *  - every node first asks `ruleEnd` (marriage/taming, bare king, the Shatranj bare-king loss);
 *  - no legal move: checkmate loses; stalemate is worth `stalemateValue` (a loss for the
 *    stalemated side in Wildebeest and Shatranj Kamil, otherwise a draw);
 *  - repetition (from the position's own history hashes, bounded by the halfmove clock and by
 *    null moves) and the n-move rule are draws;
 *  - in immediate-marriage mode a side with a move that marries/tames (`hasRuleWinningMove`)
 *    wins there; in delayed mode a standing marriage of the opponent (`marriageThreat`) must
 *    be answered.
 * Wins and losses are MATE − ply (see score.ts) so that the shortest win is preferred.
 *
 * Pruning is made safe for the variants: no null move, ProbCut or shallow pruning where
 * zugzwang, stalemate wins or bare-king endings matter (see nullSafe / quietPruneSafe), and
 * moves of the king and its marriage partners are never pruned in marriage variants. The
 * singular-extension test is an ordinary search of the same node with the table move left out
 * (excludedMove): every game-end rule is asked there as anywhere; it neither cuts on nor stores
 * to the table under the node's key, makes no null move, and a node whose only move is the
 * excluded one returns alpha (not a mate or stalemate score). MultiPV's root exclusion is
 * separate (the root has no singular test).
 *
 * Over 450 lines on purpose: the recursive search, quiescence and their pruning share hot
 * state; as in Stockfish's search.cpp they stay one module (ordering, TT, SEE, checks are apart).
 */

import {
  hasRuleWinningMove,
  isBare,
  marriageThreat,
  RULE_NONE,
  ruleEnd,
  ruleEndValue,
  stalemateValue,
} from '../core/end-rules.js';
import { type Move, moveFrom, movePromotion, moveTo } from '../core/move.js';
import { generateLegal, MAX_MOVES } from '../core/movegen.js';
import { positionOutcome } from '../core/outcome.js';
import type { Position } from '../core/position.js';
import { EMPTY, pieceCode } from '../core/tables.js';
import type { VariantDefinition } from '../variants/schema.js';
import type { SearchInfo, SearchOptions, SearchResult } from './api.js';
import { generateTactical } from './captures.js';
import { CheckDetector } from './checks.js';
import { type EvalTables, Evaluator, pieceCount } from './evaluate.js';
import { evalNoise, levelSettings } from './levels.js';
import { NnueEvaluator } from './nnue/accumulator.js';
import { networkFor } from './nnue/registry.js';
import { MoveOrdering } from './ordering.js';
import {
  CONTEMPT,
  DRAW,
  INF,
  isMateScore,
  lossIn,
  MATE,
  MATE_BOUND,
  MAX_PLY,
  NO_SCORE,
  scoreFromTT,
  scoreToTT,
  toApiScore,
  winIn,
} from './score.js';
import { Exchange } from './see.js';
import { POLL_NODES, timeBudget } from './time.js';
import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, TranspositionTable } from './tt.js';
import { isPseudoLegal } from './validate.js';

/** Deepest iteration of iterative deepening. */
export const MAX_DEPTH = MAX_PLY - 28;
/** Thinking time when the caller gives no limit at all (ms). */
const DEFAULT_MOVETIME = 1000;
/** Levels below this keep the hand-written evaluation (their noise and limits were set for it). */
const NNUE_MIN_LEVEL = 5;
/** prevKey marker: the move into this ply was a null move. */
const NULL_KEY = -2;

// Move stages of the main search.
const STAGE_TT = 0;
const STAGE_GEN_TACTICAL = 1;
const STAGE_TACTICAL = 2;
const STAGE_GEN_ALL = 3;
const STAGE_ALL = 4;

const EVAL_CACHE_BITS = 16;
const EVAL_CACHE_MASK = (1 << EVAL_CACHE_BITS) - 1;
/** Lazy evaluation: how far outside the window the cheap estimate must be to be trusted. */
const LAZY_MARGIN = 350;

/**
 * Late-move reductions by [depth][move number]. 1 + ln d·ln m / 2 (was 0.75 + ln d·ln m / 2.25):
 * together with razoring and quiet-move SEE pruning, 28 % fewer bench nodes at depth 13 and
 * a plus score in self-play against the old formula (bench/README.md, engine section).
 */
const LMR = new Int8Array(64 * 64);
for (let d = 1; d < 64; d++) {
  for (let m = 1; m < 64; m++) LMR[d * 64 + m] = Math.floor(1 + (Math.log(d) * Math.log(m)) / 2);
}

/** Singular extension: least depth, margin below the table score per depth (cp). */
const SINGULAR_MIN_DEPTH = 6;
const SINGULAR_MARGIN = 2;
/** A move this far (cp) below the singular bound is extended twice (non-PV nodes only)… */
const DOUBLE_EXT_MARGIN = 20;
/** …at most this many times on one path. */
const MAX_DOUBLE_EXT = 6;
/** Marker: no extension decided yet for this move. */
const NO_EXTENSION = -99;

/**
 * Static-evaluation correction histories: per side to move and key slot, a moving average of how
 * far searches ended from the raw static evaluation (in 1/CORR_GRAIN cp), added to the
 * evaluation used for pruning decisions. Three keys, as Stockfish's pawn and non-pawn
 * histories: the pawn structure, and each colour's other men (king included). Positions with the
 * same pawns, or the same pieces on the same squares, tend to be misjudged the same way; the
 * piece keys catch what the pawn key cannot, such as an attack on a king the evaluation thinks
 * safe. The correction is half the pawn entry plus a quarter of each piece entry. (The piece
 * keys against native Fairy-Stockfish in Camel Decimal: +0.142 ± 0.062 a game at 70 000 nodes a
 * move, +0.083 ± 0.068 at 10 s + 0.1 s; bench/README.md, twenty-sixth session.)
 */
const CORR_BITS = 14;
const CORR_MASK = (1 << CORR_BITS) - 1;
const CORR_GRAIN = 256;
/** The correction stays within ±CORR_LIMIT cp. */
const CORR_LIMIT = 64;
/** An update weighs min(depth + 1, CORR_MAX_WEIGHT) / CORR_WEIGHT_SCALE. */
const CORR_MAX_WEIGHT = 16;
const CORR_WEIGHT_SCALE = 256;

/** ProbCut: least depth; margin above beta (cp), less when the evaluation is improving. */
const PROBCUT_MIN_DEPTH = 5;
const PROBCUT_MARGIN = 180;
const PROBCUT_IMPROVING = 50;

/** A correction entry moved toward `target` with weight w / CORR_WEIGHT_SCALE. */
function movingAverage(entry: number, target: number, w: number): number {
  return Math.trunc((entry * (CORR_WEIGHT_SCALE - w) + target * w) / CORR_WEIGHT_SCALE);
}

/** Quiet moves searched at shallow depth before the rest are skipped: [improving][depth]. */
function lmpLimit(depth: number, improving: boolean): number {
  return improving ? 3 + depth * depth : (3 + depth * depth) >> 1;
}

/**
 * Share of the soft time limit after which no new iteration starts: half of it normally; more
 * while the best move keeps changing (`changes`, a decaying count) or the score falls from the
 * last iteration's; less once the best move has stood for several iterations. At most all of
 * it (the hard limit still stops an iteration that runs long).
 */
function iterationShare(changes: number, stableIterations: number, prevScore: number, score: number): number {
  const instability = 1 + Math.min(1, 0.5 * changes);
  const falling =
    prevScore === NO_SCORE || isMateScore(prevScore) || isMateScore(score)
      ? 1
      : Math.max(0.85, Math.min(1.4, 1 + (prevScore - score) / 150));
  const stable = stableIterations >= 4 ? 0.7 : stableIterations >= 2 ? 0.85 : 1;
  return Math.min(1, 0.5 * instability * falling * stable);
}

/** One MultiPV line: internal score and moves from the root. */
interface RootLine {
  readonly score: number;
  readonly pv: Move[];
}

export class Search {
  readonly tt: TranspositionTable;
  private def: VariantDefinition | undefined;
  private pos!: Position;
  private e!: EvalTables;
  private evaluator!: Evaluator;
  private exchange!: Exchange;
  private ordering!: MoveOrdering;
  private checks!: CheckDetector;
  /** The variant's learned evaluation when a network is registered (nnue/registry.ts). */
  private nnue: NnueEvaluator | undefined;
  /** Evaluate with the network in this search (full strength and the upper levels). */
  private useNnue = false;
  private evalSource: unknown;

  private readonly moves = new Int32Array(MAX_PLY * 2 * MAX_MOVES);
  private readonly scores = new Int32Array(MAX_PLY * 2 * MAX_MOVES);
  /** Tactical moves whose exchange test is still to be done (see MoveOrdering.pickChecked). */
  private readonly pending = new Uint8Array(MAX_PLY * 2 * MAX_MOVES);
  private readonly quiets = new Int32Array(MAX_PLY * 64);
  private readonly searched = new Int32Array(MAX_PLY * 64);
  private readonly pv = new Int32Array(MAX_PLY * MAX_PLY);
  private readonly pvLen = new Int32Array(MAX_PLY + 1);
  private readonly evalStack = new Int32Array(MAX_PLY + 1);
  private readonly checkStack = new Uint8Array(MAX_PLY + 1);
  private readonly fromNull = new Int32Array(MAX_PLY + 1);
  private readonly prevKey = new Int32Array(MAX_PLY + 1);
  private readonly psqMg = new Int32Array(MAX_PLY + 1);
  private readonly psqEg = new Int32Array(MAX_PLY + 1);
  private readonly psqPhase = new Int32Array(MAX_PLY + 1);
  private readonly pawnLo = new Int32Array(MAX_PLY + 1);
  private readonly pawnHi = new Int32Array(MAX_PLY + 1);
  private readonly pieceKeyW = new Int32Array(MAX_PLY + 1);
  private readonly pieceKeyB = new Int32Array(MAX_PLY + 1);
  /** The move left out of the search at this ply (singular-extension test), 0 for none. */
  private readonly excludedMove = new Int32Array(MAX_PLY + 1);
  /** Double singular extensions on the path to this ply (capped so the tree cannot explode). */
  private readonly doubleExt = new Int32Array(MAX_PLY + 1);
  /** Correction history [side to move << CORR_BITS | pawn key slot] (see CORR_GRAIN). */
  private readonly corr = new Int32Array(2 << CORR_BITS);
  /** Correction history by a colour's piece key: [(colour << 1 | side to move) << CORR_BITS | slot]. */
  private readonly corrPiece = new Int32Array(4 << CORR_BITS);
  /** Captures searched at each ply before the current move (capture-history malus). */
  private readonly captures = new Int32Array(MAX_PLY * 64);

  /**
   * Evaluation cache, four words per entry (hash low, hash high, value, used) so that a lookup
   * touches one cache line instead of one per field.
   */
  private readonly ec = new Int32Array(4 << EVAL_CACHE_BITS);

  // Per-search state.
  nodes = 0;
  private seldepth = 0;
  private stopped = false;
  private nextPoll = 0;
  private nodeLimit = 0;
  private hardMs = Number.POSITIVE_INFINITY;
  private startTime = 0;
  private stopFlag: Int32Array | undefined;
  private rootDepth = 0;
  private rootBest: Move = 0;
  private rootBestScore = 0;
  /** Times the root's best move changed in this iteration (after its first move). */
  private rootChanges = 0;
  /** The move behind ProbCut's last cut-off. */
  private probCutMove: Move = 0;
  /** Root moves left out of this search: the moves of the MultiPV lines already found. */
  private readonly excluded = new Int32Array(MAX_MOVES);
  private excludedN = 0;
  private noiseAmp = 0;
  private noiseSeed = 0;
  /** Centipawns a draw counts against the side the engine plays (SearchOptions.contempt). */
  private contempt = CONTEMPT;
  /** Full evaluation (without noise) behind the last evaluate() call, NO_SCORE if it was lazy. */
  private rawEval = NO_SCORE;
  /** The lazy estimate behind the last evaluateNetwork() that returned NO_SCORE. */
  private lazyEval = 0;

  // Variant properties.
  private hasRuleEnds = false;
  private marriageImmediate = false;
  private marriageDelayed = false;
  private bareKing = false;
  /** Stalemate loses for the stalemated side (core stalemateValue). */
  private stalemateLoses = false;
  private moveRuleLimit = 0;
  /** Codes never pruned (king and marriage partners in marriage variants), per colour. */
  private specialMask: [number, number] = [0, 0];
  /** Non-king piece codes per colour, most valuable first. */
  private victimOrder: [Int32Array, Int32Array] = [new Int32Array(0), new Int32Array(0)];

  constructor(hashMb = 16) {
    this.tt = new TranspositionTable(hashMb);
  }

  /** Forget everything learned. */
  clear(): void {
    this.tt.clear();
    this.ordering?.clear();
    this.evaluator?.clear();
    this.ec.fill(0);
    this.corr.fill(0);
    this.corrPiece.fill(0);
  }

  private prepare(pos: Position): void {
    this.pos = pos;
    const def = pos.variant;
    const net = networkFor(def.id);
    if (net !== this.nnue?.weights) this.nnue = net ? new NnueEvaluator(net, pos.t) : undefined;
    if (def === this.def) return;
    this.def = def;
    this.evaluator = new Evaluator(def);
    this.e = this.evaluator.e;
    this.exchange = new Exchange(this.e.value, pos.t);
    this.ordering = new MoveOrdering(this.e.value, this.exchange, pos.t);
    this.checks = new CheckDetector(pos.t);
    this.tt.clear();
    this.ec.fill(0);
    this.corr.fill(0);
    this.corrPiece.fill(0);
    const end = def.end;
    this.hasRuleEnds = !!end.marriage || !!end.bareKing;
    this.marriageImmediate = end.marriage?.mode === 'immediate';
    this.marriageDelayed = end.marriage?.mode === 'delayed';
    this.bareKing = !!end.bareKing;
    this.stalemateLoses = stalemateValue(pos.t) < 0;
    this.moveRuleLimit = def.draws.moveRule > 0 ? 2 * def.draws.moveRule : 0;
    const t = pos.t;
    for (let color = 0; color < 2; color++) {
      const codes: number[] = [];
      for (let type = 0; type < t.pieceCount; type++) if (type !== t.kingType) codes.push(pieceCode(type, color));
      codes.sort((a, b) => this.e.value[b]! - this.e.value[a]!);
      this.victimOrder[color] = Int32Array.from(codes);
    }
    this.specialMask = [0, 0];
    if (end.marriage) {
      for (let color = 0; color < 2; color++) {
        this.specialMask[color] = (t.marriageMask[color] as number) | (1 << pieceCode(t.kingType, color));
      }
    }
  }

  // ---------------------------------------------------------------- driver

  run(pos: Position, options: SearchOptions): SearchResult {
    this.prepare(pos);
    const limits = options.limits;
    this.startTime = performance.now();
    this.nodes = 0;
    this.stopped = false;
    this.stopFlag = options.stopFlag;

    let maxDepth = limits.depth !== undefined && limits.depth > 0 ? Math.min(MAX_DEPTH, limits.depth) : MAX_DEPTH;
    let nodeLimit = limits.nodes !== undefined && limits.nodes > 0 ? limits.nodes : 0;
    const hasLimit =
      limits.infinite ||
      limits.depth !== undefined ||
      limits.nodes !== undefined ||
      limits.movetime !== undefined ||
      (pos.turn === 0 ? limits.wtime : limits.btime) !== undefined;
    let budget = timeBudget(limits, pos.turn);
    this.noiseAmp = 0;
    if (limits.level !== undefined) {
      const level = levelSettings(limits.level);
      if (level.depth > 0) maxDepth = Math.min(maxDepth, level.depth);
      if (level.nodes > 0) nodeLimit = nodeLimit > 0 ? Math.min(nodeLimit, level.nodes) : level.nodes;
      this.noiseAmp = level.noise;
      // A level's own think time is a target, not a demand: a settled move may come sooner.
      if (!hasLimit && level.depth === 0)
        budget = { ...timeBudget({ movetime: level.defaultMovetime }, pos.turn), exact: false };
    } else if (!hasLimit) budget = timeBudget({ movetime: DEFAULT_MOVETIME }, pos.turn);
    this.contempt = options.contempt ?? CONTEMPT;
    this.noiseSeed = options.seed !== undefined ? options.seed | 0 : (Math.random() * 0x7fffffff) | 0;
    this.nodeLimit = nodeLimit;
    this.hardMs = budget.hard;
    this.nextPoll = 0; // the first node looks at the stop flag and the limits

    // A finished game has no move.
    const over = positionOutcome(pos);
    if (over) {
      const stm = pos.turn === 0 ? 'white' : 'black';
      const score =
        over.winner === null
          ? ({ kind: 'cp', value: 0 } as const)
          : over.winner === stm
            ? ({ kind: 'cp', value: MATE } as const)
            : ({ kind: 'mate', value: 0 } as const);
      return { bestMove: 0, ponder: 0, score, depth: 0, nodes: 0, pv: [] };
    }

    this.tt.newSearch();
    this.ordering.age();
    this.evaluator.computePsq(pos);
    this.useNnue = this.nnue !== undefined && (limits.level === undefined || limits.level >= NNUE_MIN_LEVEL);
    if (this.useNnue) this.nnue?.refresh(pos);
    const evalSource = this.useNnue ? this.nnue : this.evaluator;
    if (evalSource !== this.evalSource) {
      // The hash table and the evaluation cache hold evaluations of the other evaluator.
      this.evalSource = evalSource;
      this.tt.clear();
      this.ec.fill(0);
    }
    this.checkStack[0] = pos.inCheck() ? 1 : 0;
    this.fromNull[0] = pos.depth;
    this.excludedMove.fill(0);
    this.doubleExt[0] = 0;
    const last = pos.lastMove();
    this.prevKey[0] = last !== 0 ? pos.board[moveTo(last)]! * 256 + moveTo(last) : -1;

    // Fallback move: the first legal move (replaced by the first completed iteration).
    const rootEnd = generateLegal(pos, this.moves, 0);
    const multiPv = Math.max(1, Math.min(options.multiPv ?? 1, rootEnd));
    this.excludedN = 0;
    let bestMove: Move = this.moves[0]!;
    let bestScore = 0;
    let bestPv: Move[] = [bestMove];
    let completedDepth = 0;
    let prevBest: Move = 0;
    // Time use by best-move stability: changes of the best move (halved every iteration),
    // iterations since it last changed, and the previous iteration's score.
    let changes = 0;
    let stableIterations = 0;
    let prevScore = NO_SCORE;

    for (let depth = 1; depth <= maxDepth; depth++) {
      this.rootDepth = depth;
      this.seldepth = 0;
      this.rootBest = 0;
      this.rootChanges = 0;
      let score: number;
      if (depth >= 5 && !isMateScore(bestScore)) {
        let delta = 25;
        let alpha = Math.max(-INF, bestScore - delta);
        let beta = Math.min(INF, bestScore + delta);
        for (;;) {
          score = this.search(alpha, beta, depth, 0, false);
          if (this.stopped) break;
          if (score <= alpha) {
            beta = (alpha + beta) >> 1;
            alpha = Math.max(-INF, score - delta);
          } else if (score >= beta) {
            beta = Math.min(INF, score + delta);
          } else break;
          delta += delta >> 1;
          if (delta > 1000) {
            alpha = -INF;
            beta = INF;
          }
        }
      } else score = this.search(-INF, INF, depth, 0, false);

      if (this.stopped) {
        // A move that beat the previous best in the unfinished iteration is still an improvement.
        if (this.rootBest !== 0 && depth > 1) {
          bestMove = this.rootBest;
          bestScore = this.rootBestScore;
          bestPv = this.pv[0] === bestMove ? this.pvFromRoot() : [bestMove];
        }
        break;
      }
      completedDepth = depth;
      bestMove = this.pv[0] !== 0 && this.pvLen[0]! > 0 ? this.pv[0]! : this.rootBest || bestMove;
      bestScore = score;
      bestPv = this.pvLen[0]! > 0 ? this.pvFromRoot() : [bestMove];
      if (multiPv > 1) {
        const lines = this.otherLines(depth, multiPv, { score: bestScore, pv: bestPv });
        if (!lines) break; // stopped inside this depth: its lines are incomplete, the last depth's stand
        bestPv = lines[0]!.pv;
        bestMove = bestPv[0]!;
        bestScore = lines[0]!.score;
        if (options.onInfo) {
          for (let k = 0; k < lines.length; k++) {
            options.onInfo({ ...this.info(depth, lines[k]!.score, lines[k]!.pv), multipv: k + 1 });
          }
        }
      } else if (options.onInfo) options.onInfo(this.info(depth, bestScore, bestPv));

      // Stop rules between iterations.
      if (rootEnd === 1 && depth >= 4 && !limits.infinite) break;
      if (isMateScore(score) && !limits.infinite && depth >= MATE - Math.abs(score) + 2) break;
      const elapsed = performance.now() - this.startTime;
      changes = changes / 2 + this.rootChanges + (prevBest !== 0 && prevBest !== bestMove ? 1 : 0);
      stableIterations = prevBest === bestMove ? stableIterations + 1 : 0;
      if (!budget.exact && elapsed >= budget.soft * iterationShare(changes, stableIterations, prevScore, bestScore))
        break;
      prevBest = bestMove;
      prevScore = bestScore;
    }

    return {
      bestMove,
      ponder: bestPv.length > 1 ? bestPv[1]! : 0,
      score: toApiScore(bestScore),
      depth: completedDepth,
      nodes: this.nodes,
      pv: bestPv,
    };
  }

  /**
   * MultiPV at one depth: `first` is the best line; line k is searched (full window) with the
   * moves of lines 1…k−1 excluded at the root, as Stockfish does. Best first; undefined when the
   * search was stopped before every line was done.
   */
  private otherLines(depth: number, count: number, first: RootLine): RootLine[] | undefined {
    const lines = [first];
    for (let k = 1; k < count && !this.stopped; k++) {
      this.excluded[this.excludedN++] = lines[k - 1]!.pv[0]!;
      const score = this.search(-INF, INF, depth, 0, false);
      if (!this.stopped && this.pvLen[0]! > 0) lines.push({ score, pv: this.pvFromRoot() });
    }
    this.excludedN = 0;
    if (this.stopped) return undefined;
    // A later line can come out higher than an earlier one (the search is not exact): best first.
    return lines.sort((a, b) => b.score - a.score);
  }

  private isExcluded(m: Move): boolean {
    for (let k = 0; k < this.excludedN; k++) if (this.excluded[k] === m) return true;
    return false;
  }

  private pvFromRoot(): Move[] {
    const out: Move[] = [];
    for (let i = 0; i < this.pvLen[0]!; i++) out.push(this.pv[i]!);
    return out;
  }

  private info(depth: number, score: number, pv: Move[]): SearchInfo {
    const timeMs = Math.round(performance.now() - this.startTime);
    return {
      depth,
      seldepth: Math.max(depth, this.seldepth),
      score: toApiScore(score),
      nodes: this.nodes,
      nps: Math.round((this.nodes * 1000) / Math.max(1, timeMs)),
      timeMs,
      pv,
    };
  }

  private poll(): void {
    let next = this.nodes + POLL_NODES;
    if (this.nodeLimit > 0) {
      if (this.nodes >= this.nodeLimit) this.stopped = true;
      if (next > this.nodeLimit) next = this.nodeLimit;
    }
    this.nextPoll = next;
    if (this.stopFlag && Atomics.load(this.stopFlag, 0) !== 0) this.stopped = true;
    if (this.hardMs !== Number.POSITIVE_INFINITY && performance.now() - this.startTime >= this.hardMs) {
      this.stopped = true;
    }
  }

  // ---------------------------------------------------------------- helpers

  /** Count a node of search or qsearch at `ply` (empty PV, selective depth, limits): false once stopped. */
  private enterNode(ply: number): boolean {
    this.pvLen[ply] = ply;
    if (this.stopped) return false;
    if (++this.nodes >= this.nextPoll) {
      this.poll();
      if (this.stopped) return false;
    }
    if (ply > this.seldepth) this.seldepth = ply;
    return true;
  }

  /**
   * Static evaluation, plus the level's noise. Full evaluations go through a small cache; when
   * the cheap incremental estimate is more than LAZY_MARGIN outside [alpha, beta], it is used
   * instead (lazy evaluation).
   */
  private evaluate(alpha: number, beta: number): number {
    const pos = this.pos;
    const lo = pos.hashLo;
    const hi = pos.hashHi;
    const ec = this.ec;
    const i = (lo & EVAL_CACHE_MASK) << 2;
    const noise = this.noise();
    if (ec[i + 3] === 1 && ec[i] === lo && ec[i + 1] === hi) {
      this.rawEval = ec[i + 2]!;
      return this.rawEval + noise;
    }
    let v: number;
    // Endings with a known technique keep the hand-written evaluation (Evaluator.knowsEnding).
    if (this.useNnue && !this.evaluator.knowsEnding(pos)) {
      v = this.evaluateNetwork(alpha, beta, noise);
      if (v === NO_SCORE) {
        this.rawEval = NO_SCORE;
        return this.lazyEval;
      }
    } else {
      // The hand-written evaluation, kept apart from the network's path so that it stays as
      // small (and as fast) as before the network existed.
      const fast = this.evaluator.fast(pos) + noise;
      if (fast - LAZY_MARGIN >= beta || fast + LAZY_MARGIN <= alpha) {
        this.rawEval = NO_SCORE;
        return fast;
      }
      v = this.evaluator.evaluateIncremental(pos);
    }
    if (v > 20000) v = 20000;
    else if (v < -20000) v = -20000;
    ec[i] = lo;
    ec[i + 1] = hi;
    ec[i + 2] = v;
    ec[i + 3] = 1;
    this.rawEval = v;
    return v + noise;
  }

  /**
   * The network's evaluation (a residual network corrects the hand-written one), or NO_SCORE
   * when the cheap estimate is far enough outside the window (then it is in `lazyEval`, noise
   * included).
   */
  private evaluateNetwork(alpha: number, beta: number, noise: number): number {
    const pos = this.pos;
    const nnue = this.nnue as NnueEvaluator;
    if (!nnue.weights.residual) return nnue.evaluate(pos);
    const correction = nnue.evaluate(pos);
    const fast = this.evaluator.fast(pos) + correction + noise;
    if (fast - LAZY_MARGIN >= beta || fast + LAZY_MARGIN <= alpha) {
      this.lazyEval = fast;
      return NO_SCORE;
    }
    return this.evaluator.evaluateIncremental(pos) + correction;
  }

  /**
   * The node's static evaluation as pruning and stand-pat use it: the table's evaluation when
   * the entry has one, else evaluate(); plus the level's noise and the correction history.
   * `rawEval` is left holding what the table stores (uncorrected; NO_SCORE after a lazy estimate).
   */
  private staticEvaluation(ttEval: number, alpha: number, beta: number): number {
    let v: number;
    if (ttEval !== NO_SCORE) {
      this.rawEval = ttEval;
      v = ttEval + this.noise();
    } else v = this.evaluate(alpha, beta);
    return this.corrected(v);
  }

  /** Correction-history slot of the current position's pawn structure (with the side to move). */
  private corrIndex(): number {
    return (this.pos.turn << CORR_BITS) | (this.evaluator.pawnLo & CORR_MASK);
  }

  /** Slot of White's piece key in corrPiece; Black's is this plus 2 << CORR_BITS. */
  private corrPieceIndexW(): number {
    return (this.pos.turn << CORR_BITS) | (this.evaluator.pieceKeyW & CORR_MASK);
  }

  private corrPieceIndexB(): number {
    return (2 << CORR_BITS) | (this.pos.turn << CORR_BITS) | (this.evaluator.pieceKeyB & CORR_MASK);
  }

  /** A static evaluation corrected by the histories of its pawns and pieces, kept clear of mate scores. */
  private corrected(v: number): number {
    const k =
      (2 * this.corr[this.corrIndex()]! +
        this.corrPiece[this.corrPieceIndexW()]! +
        this.corrPiece[this.corrPieceIndexB()]!) >>
      2;
    const c = v + ((k / CORR_GRAIN) | 0);
    return c >= MATE_BOUND ? MATE_BOUND - 1 : c <= -MATE_BOUND ? 1 - MATE_BOUND : c;
  }

  /** Move the corrections of the current position toward `diff` (search result − raw evaluation). */
  private updateCorrection(diff: number, depth: number): void {
    const w = Math.min(depth + 1, CORR_MAX_WEIGHT);
    const target = Math.max(-CORR_LIMIT, Math.min(CORR_LIMIT, diff)) * CORR_GRAIN;
    const i = this.corrIndex();
    this.corr[i] = movingAverage(this.corr[i]!, target, w);
    const iw = this.corrPieceIndexW();
    this.corrPiece[iw] = movingAverage(this.corrPiece[iw]!, target, w);
    const ib = this.corrPieceIndexB();
    this.corrPiece[ib] = movingAverage(this.corrPiece[ib]!, target, w);
  }

  /** The level's evaluation noise for the current position (0 at full strength). */
  private noise(): number {
    return this.noiseAmp > 0 ? evalNoise(this.pos.hashLo, this.pos.hashHi, this.noiseSeed, this.noiseAmp) : 0;
  }

  /** Make a move, keeping the evaluator's incremental sums (saved per ply). */
  private makeMove(m: Move, ply: number): void {
    const ev = this.evaluator;
    this.psqMg[ply] = ev.psqMg;
    this.psqEg[ply] = ev.psqEg;
    this.psqPhase[ply] = ev.psqPhase;
    this.pawnLo[ply] = ev.pawnLo;
    this.pawnHi[ply] = ev.pawnHi;
    this.pieceKeyW[ply] = ev.pieceKeyW;
    this.pieceKeyB[ply] = ev.pieceKeyB;
    ev.applyDelta(this.pos, m);
    if (this.useNnue) this.nnue?.push(this.pos, m);
    this.pos.make(m);
  }

  private unmakeMove(ply: number): void {
    this.pos.unmake();
    const ev = this.evaluator;
    ev.psqMg = this.psqMg[ply]!;
    ev.psqEg = this.psqEg[ply]!;
    ev.psqPhase = this.psqPhase[ply]!;
    ev.pawnLo = this.pawnLo[ply]!;
    ev.pawnHi = this.pawnHi[ply]!;
    ev.pieceKeyW = this.pieceKeyW[ply]!;
    ev.pieceKeyB = this.pieceKeyB[ply]!;
  }

  /** Score of a game end by a variant rule at this node (core/end-rules.ts), or NO_SCORE. */
  private ruleScore(ply: number): number {
    const end = ruleEnd(this.pos);
    if (end === RULE_NONE) return NO_SCORE;
    const v = ruleEndValue(end);
    return v > 0 ? winIn(ply) : v < 0 ? lossIn(ply) : this.drawScore(ply);
  }

  /** Value of the most valuable non-king piece of a colour (0 if none). */
  private maxVictim(color: number): number {
    const codes = this.victimOrder[color]!;
    const count = this.pos.codeCount;
    for (let i = 0; i < codes.length; i++) if (count[codes[i]!]! > 0) return this.e.value[codes[i]!]!;
    return 0;
  }

  /** A draw, seen from the side to move: `contempt` centipawns against the side the engine plays. */
  private drawScore(ply: number): number {
    return (ply & 1) === 0 ? -this.contempt : this.contempt;
  }

  private stalemateScore(ply: number): number {
    return this.stalemateLoses ? lossIn(ply) : this.drawScore(ply);
  }

  /** Has the current position occurred before (in the search, or twice in the game)? */
  private isRepetition(ply: number): boolean {
    const pos = this.pos;
    const end = Math.min(pos.halfmove, this.fromNull[ply]!);
    if (end < 4) return false;
    const lo = pos.hashLo;
    const hi = pos.hashHi;
    const d = pos.depth;
    let count = 0;
    for (let k = 4; k <= end; k += 2) {
      const i = d - k;
      if (pos.historyHashLo(i) === lo && pos.historyHashHi(i) === hi) {
        if (k <= ply) return true;
        if (++count >= 2) return true;
      }
    }
    return false;
  }

  /** Null move and reverse futility are safe: enough men and pieces on both sides (no zugzwang, bare king or stalemate trick). */
  private nullSafe(): boolean {
    const pos = this.pos;
    const us = pos.turn;
    if (pos.pcount[us]! <= 2 || pos.pcount[us ^ 1]! <= 2) return false;
    const pieces = pieceCount(this.e, pos, us);
    return this.stalemateLoses || this.bareKing ? pieces >= 2 : pieces >= 1;
  }

  /**
   * Quiet moves may be pruned at shallow depth: not where stalemating the opponent wins and it
   * has only pawns, nor when a delayed marriage of the opponent must be broken now.
   */
  private quietPruneSafe(): boolean {
    const pos = this.pos;
    if (pos.pcount[pos.turn ^ 1]! <= 2) return false;
    if (this.marriageDelayed && marriageThreat(pos)) return false;
    return !this.stalemateLoses || pieceCount(this.e, pos, pos.turn ^ 1) > 0;
  }

  // ---------------------------------------------------------------- search

  /**
   * ProbCut's move loop: captures and promotions with SEE ≥ `seeMin`, each first checked by
   * quiescence and then by a search four plies shallower, against the null window at
   * `probBeta`. Returns the first score ≥ probBeta (its move in probCutMove), or −INF.
   */
  private probCut(probBeta: number, seeMin: number, depth: number, ply: number, cutNode: boolean): number {
    const pos = this.pos;
    const base = ply * 2 * MAX_MOVES;
    const moves = this.moves;
    const scores = this.scores;
    const board = pos.board;
    const kingType = pos.t.kingType;
    const end = generateTactical(pos, moves, base, this.e.bestPromotion);
    this.ordering.scoreTactical(pos, moves, scores, base, end, null);
    for (let i = base; i < end; i++) {
      const m = MoveOrdering.pick(moves, scores, i, end);
      if (!this.exchange.seeGe(pos, m, seeMin)) continue;
      const mover = board[moveFrom(m)]!;
      const to = moveTo(m);
      this.makeMove(m, ply);
      if (this.checks.leftInCheck(pos, m, mover, kingType)) {
        this.unmakeMove(ply);
        continue;
      }
      this.checkStack[ply + 1] = this.checks.checkAfter(pos, m, board[to]!) ? 1 : 0;
      this.fromNull[ply + 1] = this.fromNull[ply]! + 1;
      this.prevKey[ply + 1] = mover * 256 + to;
      this.doubleExt[ply + 1] = this.doubleExt[ply]!;
      let v = 0 - this.qsearch(0 - probBeta, 1 - probBeta, ply + 1, 0);
      if (v >= probBeta && !this.stopped) {
        v = 0 - this.search(0 - probBeta, 1 - probBeta, depth - 4, ply + 1, !cutNode);
      }
      this.unmakeMove(ply);
      if (this.stopped) return 0;
      if (v >= probBeta) {
        this.probCutMove = m;
        return v;
      }
    }
    return -INF;
  }

  private search(alpha: number, beta: number, depth: number, ply: number, cutNode: boolean): number {
    if (depth <= 0) return this.qsearch(alpha, beta, ply, 0);
    const pos = this.pos;
    const pvNode = beta - alpha > 1;
    const root = ply === 0;
    if (!this.enterNode(ply)) return 0;
    const inCheck = this.checkStack[ply] === 1;
    const base = ply * 2 * MAX_MOVES;
    const moves = this.moves;

    if (!root) {
      if (this.hasRuleEnds) {
        const r = this.ruleScore(ply);
        if (r !== NO_SCORE) return r;
      }
      if (this.isRepetition(ply)) return this.drawScore(ply);
      if (this.moveRuleLimit > 0 && pos.halfmove >= this.moveRuleLimit) {
        if (!inCheck || generateLegal(pos, moves, base, true) > base) return this.drawScore(ply);
        return lossIn(ply);
      }
      // Mate distance pruning.
      if (lossIn(ply) > alpha) alpha = lossIn(ply);
      if (winIn(ply + 1) < beta) beta = winIn(ply + 1);
      if (alpha >= beta) return alpha;
      if (ply >= MAX_PLY - 4) return inCheck ? DRAW : this.evaluate(alpha, beta);
      if (this.marriageImmediate && !inCheck && hasRuleWinningMove(pos)) return winIn(ply + 1);
    }

    // Transposition table.
    const tt = this.tt;
    const lo = pos.hashLo;
    const hi = pos.hashHi;
    // A search without the table move (singular-extension test) uses only the table's
    // evaluation: the entry's move, bound and score all belong to the search with that move.
    const excluded = this.excludedMove[ply]!;
    let ttMove: Move = 0;
    let ttScore = NO_SCORE;
    let ttBound = 0;
    let ttDepth = 0;
    let ttEval = NO_SCORE;
    const ttHit = tt.probe(lo, hi);
    if (ttHit) ttEval = tt.hitEval;
    if (ttHit && excluded === 0) {
      ttMove = tt.hitMove;
      ttScore = scoreFromTT(tt.hitScore, ply);
      ttBound = tt.hitBound;
      ttDepth = tt.hitDepth;
      if (
        !pvNode &&
        tt.hitDepth >= depth &&
        (ttBound === BOUND_EXACT ||
          (ttBound === BOUND_LOWER && ttScore >= beta) ||
          (ttBound === BOUND_UPPER && ttScore <= alpha))
      ) {
        return ttScore;
      }
    }

    // Static evaluation (none in check), refined by the table's bound.
    let staticEval = NO_SCORE;
    let evalEst = NO_SCORE;
    let rawEval = NO_SCORE;
    if (!inCheck) {
      staticEval = this.staticEvaluation(ttEval, alpha, beta);
      rawEval = this.rawEval;
      evalEst = staticEval;
      if (ttScore !== NO_SCORE && !isMateScore(ttScore)) {
        if ((ttBound === BOUND_LOWER && ttScore > evalEst) || (ttBound === BOUND_UPPER && ttScore < evalEst)) {
          evalEst = ttScore;
        } else if (ttBound === BOUND_EXACT) evalEst = ttScore;
      }
    }
    this.evalStack[ply] = staticEval;
    const improving =
      !inCheck && ply >= 2 && this.evalStack[ply - 2] !== NO_SCORE && staticEval > this.evalStack[ply - 2]!;

    if (!pvNode && !inCheck && !root && this.nullSafe()) {
      // Reverse futility: far above beta near the leaves.
      if (depth <= 6 && evalEst - (85 * depth - (improving ? 40 : 0)) >= beta && evalEst < MATE_BOUND) {
        return evalEst;
      }
      // Razoring: far below alpha near the leaves, only a capture sequence could save the node;
      // if quiescence confirms the fail-low, trust it.
      if (depth <= 3 && evalEst + 200 + 150 * depth <= alpha && alpha > -MATE_BOUND) {
        const v = this.qsearch(alpha, alpha + 1, ply, 0);
        if (this.stopped) return 0;
        if (v <= alpha) return v;
      }
      // Null move.
      if (
        depth >= 3 &&
        excluded === 0 &&
        evalEst >= beta &&
        staticEval >= beta - 20 * depth &&
        this.prevKey[ply] !== NULL_KEY
      ) {
        const r = 3 + (depth >> 2) + Math.min(3, ((evalEst - beta) / 200) | 0);
        if (this.useNnue) this.nnue?.pushNull(pos);
        pos.makeNull();
        this.checkStack[ply + 1] = 0;
        this.fromNull[ply + 1] = 0;
        this.prevKey[ply + 1] = NULL_KEY;
        this.doubleExt[ply + 1] = this.doubleExt[ply]!;
        const v = 0 - this.search(0 - beta, 1 - beta, depth - 1 - r, ply + 1, !cutNode);
        pos.unmakeNull();
        if (this.stopped) return 0;
        if (v >= beta) return v >= MATE_BOUND ? beta : v;
      }
      // ProbCut: a capture that wins enough by SEE and whose shallow search beats beta by a
      // margin would very likely beat beta at full depth too. Not when the table already says
      // a search of nearly this depth stays below that bound.
      const probBeta = beta + PROBCUT_MARGIN - (improving ? PROBCUT_IMPROVING : 0);
      if (
        depth >= PROBCUT_MIN_DEPTH &&
        excluded === 0 &&
        beta > -MATE_BOUND &&
        probBeta < MATE_BOUND &&
        !(ttScore !== NO_SCORE && ttDepth >= depth - 3 && ttScore < probBeta)
      ) {
        const v = this.probCut(probBeta, probBeta - staticEval, depth, ply, cutNode);
        if (this.stopped) return 0;
        if (v >= probBeta) {
          tt.store(lo, hi, this.probCutMove, scoreToTT(v, ply), rawEval, depth - 3, BOUND_LOWER);
          return v;
        }
      }
    }

    // Internal iterative reduction: no move from the table, expected to be expensive.
    if (depth >= 4 && ttMove === 0 && excluded === 0 && (pvNode || cutNode)) depth--;

    const ordering = this.ordering;
    const scores = this.scores;
    const board = pos.board;
    const us = pos.turn;
    const them = us ^ 1;
    const kingType = pos.t.kingType;
    const pk = this.prevKey[ply]!;
    // Continuation-history contexts: the previous move and the one before it.
    const c1 = ordering.contRow(pk);
    const c2 = ply >= 1 ? ordering.contRow(this.prevKey[ply - 1]!) : -1;
    const pruneOk = !root && !inCheck && this.quietPruneSafe();
    // The table's move is a capture (known once it passed the pseudo-legality test).
    let ttCapture = false;
    const special = this.specialMask[us]!;
    const k1 = ordering.killers[ply * 2]!;
    const k2 = ordering.killers[ply * 2 + 1]!;
    const qBase = ply * 64;
    let quietN = 0;
    let searchedN = 0;
    let best = -INF;
    let bestMove: Move = 0;
    let bestTactical = false;
    let captureN = 0;
    let moveCount = 0;
    let legalFound = false;
    let skipQuiets = false;
    // Staged moves: the table move, then winning captures/promotions (both pseudo-legal, checked
    // after make), then the full legal list minus what was already searched. A cut-off in the
    // early stages saves generating and scoring every move.
    let stage = root ? STAGE_GEN_ALL : STAGE_TT;
    let cur = base;
    let end = base;

    for (;;) {
      let m: Move;
      let known = false;
      let sc = 0;
      if (stage === STAGE_TT) {
        stage = STAGE_GEN_TACTICAL;
        if (ttMove === 0 || !isPseudoLegal(pos, ttMove)) continue;
        m = ttMove;
        ttCapture = MoveOrdering.captured(pos, m) !== EMPTY;
        sc = 1;
      } else if (stage === STAGE_GEN_TACTICAL) {
        end = generateTactical(pos, moves, base, this.e.bestPromotion);
        ordering.scoreTactical(pos, moves, scores, base, end, this.pending);
        cur = base;
        stage = STAGE_TACTICAL;
        continue;
      } else if (stage === STAGE_TACTICAL) {
        if (cur >= end) {
          stage = STAGE_GEN_ALL;
          continue;
        }
        m = ordering.pickChecked(pos, moves, scores, this.pending, cur, end);
        if (scores[cur]! < 0) {
          // Losing captures wait for the full list.
          stage = STAGE_GEN_ALL;
          continue;
        }
        cur++;
        if (m === ttMove || m === excluded) continue;
        sc = 1;
      } else if (stage === STAGE_GEN_ALL) {
        const fBase = end;
        end = generateLegal(pos, moves, fBase, inCheck);
        if (end === fBase) {
          if (!legalFound) return inCheck ? lossIn(ply) : this.stalemateScore(ply);
          break;
        }
        // Drop the moves already searched in the earlier stages.
        if (searchedN > 0) {
          let w = fBase;
          for (let j = fBase; j < end; j++) {
            const mj = moves[j]!;
            let seen = false;
            for (let k = 0; k < searchedN; k++) {
              if (this.searched[qBase + k] === mj) {
                seen = true;
                break;
              }
            }
            if (!seen) moves[w++] = mj;
          }
          end = w;
        }
        ordering.scoreMoves(pos, moves, scores, fBase, end, ttMove, ply, pk >= 0 ? ordering.counter[pk]! : 0, c1, c2);
        cur = fBase;
        stage = STAGE_ALL;
        continue;
      } else {
        if (cur >= end) break;
        m = skipQuiets ? moves[cur]! : MoveOrdering.pick(moves, scores, cur, end);
        sc = scores[cur]!;
        cur++;
        known = true;
        if (m === excluded) continue;
        if (root && this.excludedN > 0 && this.isExcluded(m)) continue;
      }

      const to = moveTo(m);
      const mover = board[moveFrom(m)]!;
      const captured = MoveOrdering.captured(pos, m);
      const tactical = captured !== EMPTY || movePromotion(m) >= 0;
      const prunable = pruneOk && best > -MATE_BOUND && !((special >>> mover) & 1);
      if (prunable) {
        if (!tactical) {
          // Late and futile quiet moves are dropped near the leaves, unless they give check.
          if (
            skipQuiets ||
            (depth <= 5 && moveCount + 1 > lmpLimit(depth, improving)) ||
            (depth <= 4 && evalEst + 90 + 100 * depth <= alpha)
          ) {
            skipQuiets = true;
            if (!this.checks.givesCheck(pos, m)) continue;
          }
          // A quiet move that puts its piece en prise (SEE) is not worth a search near the leaves.
          if (depth <= 5 && moveCount > 0 && !this.exchange.seeGe(pos, m, -70 * depth)) continue;
          // So is one whose history, alone and after the last two moves, says it rarely works.
          if (
            depth <= 3 &&
            moveCount > 0 &&
            m !== k1 &&
            m !== k2 &&
            ordering.quietHistory(mover * 256 + to, c1, c2) < -4000 * depth &&
            !this.checks.givesCheck(pos, m)
          ) {
            continue;
          }
        } else if (depth <= 4 && MoveOrdering.losingExchange(sc) < -110 * depth) continue;
      }

      // Singular extension: when the table says its move is good and every other move, searched
      // at half depth against a bound a little below the table's score, fails low, the table
      // move is the only good one and gets searched deeper; when the other moves reach beta
      // too, the node has several refutations and is cut (multi-cut); a table score above beta
      // that another move nearly matches makes the table move less special (searched shallower).
      let ext = NO_EXTENSION;
      if (
        m === ttMove &&
        !root &&
        excluded === 0 &&
        depth >= SINGULAR_MIN_DEPTH &&
        ttDepth >= depth - 3 &&
        (ttBound & BOUND_LOWER) !== 0 &&
        !isMateScore(ttScore) &&
        ply < 2 * this.rootDepth
      ) {
        const singularBeta = ttScore - SINGULAR_MARGIN * depth;
        this.excludedMove[ply] = m;
        const v = this.search(singularBeta - 1, singularBeta, (depth - 1) >> 1, ply, cutNode);
        this.excludedMove[ply] = 0;
        if (this.stopped) return 0;
        if (v < singularBeta) {
          ext = 1;
          if (!pvNode && v < singularBeta - DOUBLE_EXT_MARGIN && this.doubleExt[ply]! < MAX_DOUBLE_EXT) ext = 2;
        } else if (singularBeta >= beta) return singularBeta;
        else if (ttScore >= beta) ext = -1;
      }

      this.makeMove(m, ply);
      if (!known) {
        if (searchedN < 64) this.searched[qBase + searchedN++] = m;
        const illegal = inCheck
          ? pos.isAttacked(pos.kingSq[us]!, them)
          : this.checks.leftInCheck(pos, m, mover, kingType);
        if (illegal) {
          this.unmakeMove(ply);
          continue;
        }
      }
      legalFound = true;
      moveCount++;
      const givesCheck = this.checks.checkAfter(pos, m, board[to]!);
      this.checkStack[ply + 1] = givesCheck ? 1 : 0;
      this.fromNull[ply + 1] = this.fromNull[ply]! + 1;
      this.prevKey[ply + 1] = mover * 256 + to;
      // No check extension: a check is only spared late-move reduction. Extending every check
      // cost more than it found (+50 ± 41 Elo without it, 180 self-play games; bench/README.md),
      // where camels, gnus and wildebeests give many checks.
      if (ext === NO_EXTENSION) ext = 0;
      this.doubleExt[ply + 1] = this.doubleExt[ply]! + (ext === 2 ? 1 : 0);
      const newDepth = depth - 1 + ext;
      let v: number;
      if (moveCount === 1) v = 0 - this.search(0 - beta, 0 - alpha, newDepth, ply + 1, pvNode ? false : !cutNode);
      else {
        let r = 0;
        if (depth >= 3 && !tactical && !givesCheck && !inCheck && moveCount > (pvNode ? 3 : 2)) {
          r = LMR[Math.min(depth, 63) * 64 + Math.min(moveCount, 63)]!;
          if (pvNode) r--;
          if (cutNode) r++;
          if (!improving) r++;
          if (m === k1 || m === k2) r--;
          // The table's move takes something: quiet alternatives are less likely to be best.
          if (ttCapture) r++;
          r -= (ordering.quietHistory(mover * 256 + to, c1, c2) / 12000) | 0;
          if (r < 0) r = 0;
          if (r > newDepth - 1) r = Math.max(0, newDepth - 1);
        }
        v = 0 - this.search(-1 - alpha, 0 - alpha, newDepth - r, ply + 1, true);
        if (v > alpha && r > 0) v = 0 - this.search(-1 - alpha, 0 - alpha, newDepth, ply + 1, !cutNode);
        if (pvNode && v > alpha && v < beta) v = 0 - this.search(0 - beta, 0 - alpha, newDepth, ply + 1, false);
      }
      this.unmakeMove(ply);
      if (this.stopped) return 0;

      if (v > best) {
        best = v;
        if (v > alpha) {
          bestMove = m;
          bestTactical = tactical;
          if (pvNode) {
            const row = ply * MAX_PLY;
            const child = (ply + 1) * MAX_PLY;
            this.pv[row + ply] = m;
            const len = this.pvLen[ply + 1]!;
            for (let j = ply + 1; j < len; j++) this.pv[row + j] = this.pv[child + j]!;
            this.pvLen[ply] = Math.max(ply + 1, len);
          }
          if (root) {
            if (moveCount > 1) this.rootChanges++;
            this.rootBest = m;
            this.rootBestScore = v;
          }
          if (v >= beta) {
            if (!tactical) ordering.updateQuiet(pos, m, ply, depth, pk, this.quiets, qBase, qBase + quietN, c1, c2);
            ordering.updateCaptures(pos, captured !== EMPTY ? m : 0, depth, this.captures, qBase, qBase + captureN);
            break;
          }
          alpha = v;
        }
      }
      if (!tactical && quietN < 64) this.quiets[qBase + quietN++] = m;
      else if (captured !== EMPTY && captureN < 64) this.captures[qBase + captureN++] = m;
    }

    // Every move but the excluded one was pruned or illegal: the test found nothing above alpha.
    if (excluded !== 0 && best === -INF) return alpha;
    const bound = best >= beta ? BOUND_LOWER : bestMove !== 0 ? BOUND_EXACT : BOUND_UPPER;
    // Learn how far the evaluation was off, when the result is a real score of this node that
    // a quiet move (or none) decided and the bound says which side the truth is on.
    if (
      !inCheck &&
      excluded === 0 &&
      (!root || this.excludedN === 0) &&
      rawEval !== NO_SCORE &&
      !bestTactical &&
      !isMateScore(best) &&
      !(bound === BOUND_LOWER && best <= staticEval) &&
      !(bound === BOUND_UPPER && best >= staticEval)
    ) {
      this.updateCorrection(best - rawEval, depth);
    }
    // A root searched without some of its moves, or a node without its table move, has no
    // score of its own to keep.
    if (excluded === 0 && (!root || this.excludedN === 0))
      tt.store(lo, hi, bestMove, scoreToTT(best, ply), rawEval, depth, bound);
    return best;
  }

  private qsearch(alpha: number, beta: number, ply: number, qply: number): number {
    const pos = this.pos;
    if (!this.enterNode(ply)) return 0;
    const inCheck = this.checkStack[ply] === 1;
    if (this.hasRuleEnds) {
      const r = this.ruleScore(ply);
      if (r !== NO_SCORE) return r;
    }
    if (this.moveRuleLimit > 0 && pos.halfmove >= this.moveRuleLimit && !inCheck) return this.drawScore(ply);
    if (ply >= MAX_PLY - 2) return inCheck ? DRAW : this.evaluate(alpha, beta);

    const tt = this.tt;
    const lo = pos.hashLo;
    const hi = pos.hashHi;
    let ttEval = NO_SCORE;
    if (tt.probe(lo, hi)) {
      const s = scoreFromTT(tt.hitScore, ply);
      const b = tt.hitBound;
      if (b === BOUND_EXACT || (b === BOUND_LOWER && s >= beta) || (b === BOUND_UPPER && s <= alpha)) return s;
      ttEval = tt.hitEval;
    }

    const base = ply * 2 * MAX_MOVES;
    const moves = this.moves;
    const us = pos.turn;
    const e = this.e;
    const origAlpha = alpha;
    let standPat = NO_SCORE;
    let rawEval = NO_SCORE;
    let best: number;
    let end: number;
    // In check, or (in the first quiescence plies) facing a delayed marriage that wins at the
    // opponent's next turn: every legal move is searched and there is no standing pat.
    const mustAnswer = inCheck || (this.marriageDelayed && qply < 2 && marriageThreat(pos));
    if (mustAnswer) {
      end = generateLegal(pos, moves, base, inCheck);
      if (end === base) return inCheck ? lossIn(ply) : this.stalemateScore(ply);
      best = -INF;
    } else {
      if (this.marriageImmediate && hasRuleWinningMove(pos)) return winIn(ply + 1);
      if (this.bareKing && isBare(pos, us)) {
        // Bared: only taking the opponent's last man at once saves the game.
        best = lossIn(ply + 1);
      } else {
        standPat = this.staticEvaluation(ttEval, alpha, beta);
        rawEval = this.rawEval;
        if (standPat >= beta) return standPat;
        // Even taking the opponent's most valuable piece (and promoting) cannot reach alpha.
        if (
          standPat + this.maxVictim(us ^ 1) + e.promoGain + 150 <= alpha &&
          !(this.bareKing && pos.pcount[us ^ 1]! <= 3)
        ) {
          return standPat;
        }
        if (standPat > alpha) alpha = standPat;
        best = standPat;
      }
      end = generateTactical(pos, moves, base, e.bestPromotion);
    }
    this.ordering.scoreTactical(pos, moves, this.scores, base, end, null);

    const value = e.value;
    const board = pos.board;
    const kingType = pos.t.kingType;
    const lowMen = this.bareKing && pos.pcount[us ^ 1]! <= 3;
    let bestMove: Move = 0;
    for (let i = base; i < end; i++) {
      const m = MoveOrdering.pick(moves, this.scores, i, end);
      if (standPat !== NO_SCORE && !lowMen) {
        const captured = MoveOrdering.captured(pos, m);
        const capValue = captured === EMPTY ? 0 : value[captured]!;
        const promo = movePromotion(m);
        // Delta pruning: even winning this piece cannot reach alpha.
        if (standPat + capValue + (promo >= 0 ? e.promoGain : 0) + 150 <= alpha) continue;
        if (capValue < value[board[moveFrom(m)]!]! && !this.exchange.seeGe(pos, m, 0)) continue;
      }
      const mover = board[moveFrom(m)]!;
      this.makeMove(m, ply);
      if (!mustAnswer && this.checks.leftInCheck(pos, m, mover, kingType)) {
        this.unmakeMove(ply);
        continue;
      }
      this.checkStack[ply + 1] = this.checks.checkAfter(pos, m, board[moveTo(m)]!) ? 1 : 0;
      this.fromNull[ply + 1] = this.fromNull[ply]! + 1;
      // (0 - x, not -x: a negated 0 would be −0, which is not a small integer for the JIT.)
      const v = 0 - this.qsearch(0 - beta, 0 - alpha, ply + 1, qply + 1);
      this.unmakeMove(ply);
      if (this.stopped) return 0;
      if (v > best) {
        best = v;
        if (v > alpha) {
          bestMove = m;
          if (v >= beta) break;
          alpha = v;
        }
      }
    }

    const bound = best >= beta ? BOUND_LOWER : best > origAlpha ? BOUND_EXACT : BOUND_UPPER;
    tt.store(lo, hi, bestMove, scoreToTT(best, ply), rawEval, 0, bound);
    return best;
  }
}
