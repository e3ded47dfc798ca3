/**
 * Differential test against Fairy-Stockfish (ffish-es6 0.7.10, the engine's rules as a library,
 * with shared/peers/fairy-stockfish-variants.ini). On random positions of every variant —
 * random play from the start, from the start thinned out, and from sparse random placements
 * with pawns near promotion — it compares:
 *   1. the legal move sets (FSF move text translated: two-digit ranks, castling written as the
 *      king's from/to squares or as "king takes own rook");
 *   2. the FEN after the move played next, Caravan's make() against Fairy-Stockfish's push();
 *   3. Bachelor Kamil only: the marriage/taming end against FSF's `connect` approximation, where
 *      that approximation is exact;
 *   4. the winner of every finished game met (checkmate, stalemate, decided bare king, the
 *      mover's marriage where `connect` is exact) against FSF's result().
 * Scale with DIFF_POSITIONS=n (positions per variant; default 3000).
 *
 * Documented differences (RULES.md wins; each is handled below, not ignored):
 * - Wildebeest castling: FSF has one king distance per section; the real move set is the union
 *   of wildebeest-nocastle and -c1..-c4 (shared ini header). A castle is played in its section.
 * - Shatranj Kamil, two bare kings: a finished game, drawn by counter-bare (RULES.md §3); FSF
 *   plays on. There Caravan must have no moves (isRuleTerminal) and its raw king moves are
 *   compared with FSF's.
 * - Bachelor Kamil marriage: FSF approximates it by `connect 2` over K, Q, W. Move sets are
 *   compared with the -nomarriage sections; the end is compared with `connect` only where each
 *   side has at most one Q/W (otherwise two adjacent Q/W "connect" without the king). FSF
 *   tests only the side that just moved; RULES.md §4 also ends a game in which the side to move
 *   already stands married and not in check (a hand-made FEN: here, the sparse placements).
 * - E.p. field order after Black's triple step: FSF writes j7j8, Caravan j8j7 (both read
 *   either; RULES.md §0 does not fix the order). FENs are compared with the squares sorted.
 */

import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { KIND_CASTLE, KIND_EN_PASSANT, type Move, moveKind, movePromotion } from '../../src/core/move.js';
import { isRuleTerminal, positionOutcome } from '../../src/core/outcome.js';
import type { Position } from '../../src/core/position.js';
import { findVariant, VARIANT_IDS } from '../../src/variants/index.js';
import type { VariantDefinition } from '../../src/variants/schema.js';
import {
  fsfChildren,
  fsfLegalKeys,
  fsfMoves,
  fsfResult,
  fsfSections,
  loadFfish,
  releaseFsfBoards,
} from '../helpers/fairy-stockfish.js';
import { legal, moveKey } from '../helpers/positions.js';
import { randomPlacement, randomPlay, thinOut } from '../helpers/random-game.js';
import { makeRng } from '../helpers/rng.js';

const POSITIONS = Number(process.env.DIFF_POSITIONS ?? 3000);
/** Every n-th position also has all its children compared. */
const CHILDREN_EVERY = 4;
const ffish = await loadFfish();
after(releaseFsfBoards);

/** Disagreements kept for the failure message. */
const SHOWN = 8;

interface Tally {
  positions: number;
  /** Moves compared, at the positions and at their children, and how many were special. */
  moves: number;
  castles: number;
  enPassant: number;
  promotions: number;
  ruleEnds: number;
  connectChecked: number;
  moverMarried: number;
  /** Child positions compared (FEN after the move and the child's move set). */
  children: number;
  /** Finished games whose result was compared (checkmate, stalemate, bare king, marriage). */
  endsCompared: number;
}

/** FEN with the e.p. squares sorted (their order is not prescribed). */
function normalFen(fen: string): string {
  const f = fen.split(' ');
  if (f[3] && f[3] !== '-') f[3] = (f[3].match(/[a-z]\d+/g) ?? []).sort().join('');
  return f.join(' ');
}

function menCount(pos: Position, color: number): number {
  return pos.menCount(color);
}

/** How many of a side's pieces are a Queen or a Gnu (the `connect` partners). */
function partnerCount(pos: Position, color: number): number {
  const t = pos.t;
  let n = 0;
  for (let i = 0; i < (pos.pcount[color] as number); i++) {
    const letter = t.letters[((pos.board[pos.pieceSquare(color, i)] as number) >> 1) - 1];
    if (letter === 'Q' || letter === 'W') n++;
  }
  return n;
}

/** Count the compared moves by kind (to show what the comparison covered). */
function countMoves(tally: Tally, moves: readonly Move[]): void {
  tally.moves += moves.length;
  for (const m of moves) {
    if (moveKind(m) === KIND_CASTLE) tally.castles++;
    if (moveKind(m) === KIND_EN_PASSANT) tally.enPassant++;
    if (movePromotion(m) >= 0) tally.promotions++;
  }
}

const RESULT: Record<string, string> = { white: '1-0', black: '0-1', draw: '1/2-1/2' };

/**
 * 4. Game ends: where Caravan says the game is over by checkmate, stalemate, a decided bare king
 *    or the mover's marriage (where `connect` is exact), Fairy-Stockfish's result must name the
 *    same winner. Returns a problem text, or undefined. Skips ends FSF does not model (counter-
 *    bare, the side to move standing married) and positions past the 50-move limit.
 */
function compareEnd(id: string, pos: Position, rawMoves: number, tally: Tally): string | undefined {
  const fen = pos.toFen();
  if (pos.halfmove >= 100) return undefined;
  const outcome = positionOutcome(pos);
  if (!outcome) return undefined;
  let section = fsfSections(id)[0]?.section as string;
  if (outcome.reason === 'marriage' || outcome.reason === 'taming') {
    const exact = partnerCount(pos, 0) <= 1 && partnerCount(pos, 1) <= 1;
    const moverWins = outcome.winner === (pos.turn === 1 ? 'white' : 'black');
    if (!exact || !moverWins || rawMoves === 0) return undefined;
    section = fsfSections(id, true)[0]?.section as string;
  } else if (!['checkmate', 'stalemate', 'bare-king'].includes(outcome.reason)) {
    return undefined;
  }
  const expected = RESULT[outcome.winner ?? 'draw'];
  const theirs = fsfResult(ffish, section, fen);
  tally.endsCompared++;
  return theirs === expected
    ? undefined
    : `${id} ${fen}: Caravan ${outcome.reason} ${expected}, Fairy-Stockfish ${theirs}`;
}

/** The positions of one variant's random games, each visited once. */
function* randomPositions(def: VariantDefinition, seed: number, count: number): Generator<Position> {
  const rng = makeRng(seed);
  let produced = 0;
  for (let game = 0; produced < count; game++) {
    // Four kinds of game: from the start; from the start thinned out (castling with open back
    // ranks, open files); from a sparse placement (endings, promotions, bare kings); from a
    // pawn-rich sparse placement (multi-steps next to enemy pawns: e.p.).
    const kind = game % 4;
    let fen: string | undefined = def.startFen;
    if (kind === 1) fen = thinOut(def, def.startFen, rng, 0.3 + 0.65 * rng.next());
    if (kind === 2) fen = randomPlacement(def, rng, 1 + rng.int(8));
    if (kind === 3) fen = randomPlacement(def, rng, 6 + rng.int(10), 0.7);
    if (!fen) continue;
    const positions: Position[] = [];
    // Every other game prefers special moves (castling, multi-steps, e.p., promotions, captures).
    const bias = game % 8 < 4 ? 0 : 0.5;
    randomPlay(def, fen, rng, kind === 0 ? 80 : 16, (pos) => positions.push(pos.clone()), bias);
    for (const pos of positions) {
      if (produced++ >= count) return;
      yield pos;
    }
  }
}

function compareVariant(id: string, seed: number): { tally: Tally; problems: string[] } {
  const def = findVariant(id);
  if (!def) throw new Error(id);
  const tally: Tally = {
    positions: 0,
    moves: 0,
    castles: 0,
    enPassant: 0,
    promotions: 0,
    ruleEnds: 0,
    connectChecked: 0,
    moverMarried: 0,
    children: 0,
    endsCompared: 0,
  };
  const problems: string[] = [];
  const report = (text: string) => {
    if (problems.length < SHOWN) problems.push(text);
    else if (problems.length === SHOWN) problems.push('…');
  };
  const shatranj = id.startsWith('shatranj-kamil');
  const bachelor = id.startsWith('bachelor-kamil');

  for (const pos of randomPositions(def, seed, POSITIONS)) {
    tally.positions++;
    const fen = pos.toFen();
    const raw = legal(pos);
    const terminal = isRuleTerminal(pos);
    if (terminal) tally.ruleEnds++;
    const twoBareKings = shatranj && menCount(pos, 0) === 0 && menCount(pos, 1) === 0;
    if (twoBareKings && !terminal) report(`${id} ${fen}: two bare kings should be a finished game (RULES.md §3)`);

    // 1. Move sets. FSF applies Shatranj's decided bare king itself, but neither counter-bare
    //    nor (in the -nomarriage sections) marriage: there the raw moves are compared.
    const fsfEnds = terminal && !twoBareKings && !bachelor;
    const ours = (fsfEnds ? [] : raw.map((m) => moveKey(pos, m))).sort();
    const theirs = fsfLegalKeys(ffish, id, fen);
    const ourSet = new Set(ours);
    const theirSet = new Set(theirs);
    const onlyOurs = ours.filter((k) => !theirSet.has(k));
    const onlyTheirs = theirs.filter((k) => !ourSet.has(k));
    if (onlyOurs.length || onlyTheirs.length || ours.length !== new Set(ours).size) {
      report(
        `${id} ${fen}\n    Caravan only: ${onlyOurs.join(' ') || '-'}\n    Fairy-Stockfish only: ${onlyTheirs.join(' ') || '-'}`,
      );
    }
    countMoves(tally, fsfEnds ? [] : raw);
    const endProblem = compareEnd(id, pos, raw.length, tally);
    if (endProblem) report(endProblem);

    // 3. Bachelor: the mover's marriage against FSF's connect, where connect is exact.
    if (bachelor && partnerCount(pos, 0) <= 1 && partnerCount(pos, 1) <= 1 && raw.length > 0) {
      const connectEnded = fsfMoves(ffish, fsfSections(id, true)[0]?.section as string, fen).length === 0;
      const moverMarried = pos.isMarried(pos.turn ^ 1);
      tally.connectChecked++;
      if (moverMarried) tally.moverMarried++;
      if (connectEnded !== moverMarried) {
        report(`${id} ${fen}: mover married ${moverMarried}, Fairy-Stockfish connect ended ${connectEnded}`);
      }
    }

    // 2. Every fourth position, every move: the FEN after it, Caravan's make() against FSF's
    //    push(), and the move set of that child position (so each multi-step is followed by
    //    the e.p. replies it allows).
    if (tally.positions % CHILDREN_EVERY === 0 && raw.length > 0 && !fsfEnds) {
      const children = fsfChildren(ffish, id, fen);
      for (const m of raw) {
        const key = moveKey(pos, m);
        const fsfChild = children.get(key);
        if (fsfChild === undefined) continue; // already reported as a move-set difference
        pos.make(m);
        const mine = normalFen(pos.toFen());
        if (mine !== normalFen(fsfChild)) {
          report(
            `${id} ${fen} after ${key}\n    Caravan:         ${mine}\n    Fairy-Stockfish: ${normalFen(fsfChild)}`,
          );
        } else {
          tally.children++;
          const childTerminal =
            isRuleTerminal(pos) && !bachelor && !(shatranj && menCount(pos, 0) + menCount(pos, 1) === 0);
          const childMoves = childTerminal ? [] : legal(pos);
          countMoves(tally, childMoves);
          const childEnd = compareEnd(id, pos, legal(pos).length, tally);
          if (childEnd) report(childEnd);
          const ourChild = childMoves.map((c) => moveKey(pos, c)).sort();
          const theirChild = fsfLegalKeys(ffish, id, fsfChild);
          if (ourChild.join(' ') !== theirChild.join(' ')) {
            report(
              `${id} ${fsfChild} (after ${key} from ${fen})\n    Caravan:         ${ourChild.join(' ')}\n    Fairy-Stockfish: ${theirChild.join(' ')}`,
            );
          }
        }
        pos.unmake();
      }
    }
  }
  return { tally, problems };
}

describe(`Caravan against Fairy-Stockfish on ${POSITIONS} random positions per variant`, () => {
  VARIANT_IDS.forEach((id, i) => {
    test(id, (t) => {
      const { tally, problems } = compareVariant(id, 0x1234 + 977 * i);
      t.diagnostic(JSON.stringify(tally));
      assert.equal(tally.positions, POSITIONS);
      assert.deepEqual(problems, [], `${problems.length} disagreement(s):\n${problems.join('\n')}`);
    });
  });
});
