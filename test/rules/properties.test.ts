/**
 * Property tests over random games in every variant (fast-check, fixed seeds, bounded runs).
 * A game starts from the start position, from the start position thinned out, or from a sparse
 * random placement (pawns near promotion, bare kings), then follows the generated move choices.
 * At every position reached:
 * - FEN round trip: fromFen(toFen(p)).toFen() === toFen(p), with the same hash (RULES.md §0);
 * - every legal move: make + unmake restores the FEN and the hash, and right after make the
 *   incremental hash equals computeHash(); lastMove/lastCaptured/history hashes match;
 * - a null move keeps the hash exact and unmakes cleanly;
 * - isAttacked equals the reference attack test on every square for both sides;
 * - the legal moves (and the FEN after each) equal those of the brute-force reference generator
 *   in test/helpers/reference-movegen.ts, written from RULES.md independently of movegen.ts;
 * - the piece-target walker of src/core/targets.ts (all targets, captures only, reachesByMove),
 *   kept to the legal moves, gives exactly the reference's normal moves (its attack form is
 *   Position.isAttacked, checked above).
 */

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { encodeMove, KIND_NORMAL, type Move, moveTo } from '../../src/core/move.js';
import { isRuleTerminal } from '../../src/core/outcome.js';
import { Position } from '../../src/core/position.js';
import { codeType, EMPTY, MODE_MOVE, squareName } from '../../src/core/tables.js';
import { mayCapture, mayLand, reachesByMove, rideStop } from '../../src/core/targets.js';
import { VARIANTS } from '../../src/variants/index.js';
import type { VariantDefinition } from '../../src/variants/schema.js';
import { legal, moveKey, moveKindName } from '../helpers/positions.js';
import { randomPlacement, thinOut } from '../helpers/random-game.js';
import { referenceAttacks, referenceMoves } from '../helpers/reference-movegen.js';
import { makeRng } from '../helpers/rng.js';

/** Runs per variant and property; each run is a game of up to MAX_PLIES plies. */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 50);
const MAX_PLIES = 90;

interface GameSpec {
  readonly start: 'start' | 'thinned' | 'sparse';
  readonly seed: number;
  readonly choices: readonly number[];
}

const gameSpec = fc.record({
  start: fc.constantFrom('start' as const, 'thinned' as const, 'sparse' as const),
  seed: fc.integer(),
  // size 'max': fast-check's default size would keep the games to about ten plies.
  choices: fc.array(fc.nat(), { minLength: 10, maxLength: MAX_PLIES, size: 'max' }),
});

function startFen(def: VariantDefinition, spec: GameSpec): string {
  const rng = makeRng(spec.seed);
  if (spec.start === 'thinned') return thinOut(def, def.startFen, rng, 0.3 + 0.6 * rng.next()) ?? def.startFen;
  if (spec.start === 'sparse') return randomPlacement(def, rng, 2 + rng.int(8)) ?? def.startFen;
  return def.startFen;
}

/** Visit every position of the game the spec describes (stops where the game ends by a rule). */
function walkGame(def: VariantDefinition, spec: GameSpec, visit: (pos: Position) => void): void {
  const r = Position.fromFen(def, startFen(def, spec));
  if (!r.ok) throw r.error;
  const pos = r.value;
  for (let ply = 0; ; ply++) {
    visit(pos);
    if (ply >= spec.choices.length || isRuleTerminal(pos)) return;
    const moves = legal(pos);
    if (moves.length === 0) return;
    pos.make(moves[(spec.choices[ply] as number) % moves.length] as Move);
  }
}

/** Does the normal move from→to (promoting to the first choice where it must) leave the mover's king safe? */
function legalNormal(pos: Position, from: number, to: number): boolean {
  const t = pos.t;
  const us = pos.turn;
  const promotes = t.isPawn[codeType(pos.board[from] as number)] && t.promotionSquare[us]?.[to] === 1;
  pos.make(encodeMove(from, to, promotes ? (t.promotionTypes[0] as number) : -1, KIND_NORMAL));
  const ok = !pos.isAttacked(pos.kingSq[us] as number, us ^ 1);
  pos.unmake();
  return ok;
}

/**
 * The walker's targets of every piece of the side to move, as `from to` keys, kept to legal
 * moves: all targets (leaps by mayLand, rides up to rideStop) or captures only.
 */
function walkerTargets(pos: Position, capturesOnly: boolean): string[] {
  const t = pos.t;
  const board = pos.board;
  const us = pos.turn;
  const out: string[] = [];
  const add = (from: number, to: number) => {
    if (legalNormal(pos, from, to)) out.push(squareName(t, from) + squareName(t, to));
  };
  for (let i = 0; i < (pos.pcount[us] as number); i++) {
    const from = pos.pieceSquare(us, i);
    const mv = t.moves[board[from] as number];
    if (!mv) continue;
    for (let k = 0; k < mv.leapOffsets.length; k++) {
      const to = from + (mv.leapOffsets[k] as number);
      const mode = mv.leapModes[k] as number;
      if (capturesOnly ? mayCapture(board[to] as number, mode, us) : mayLand(board[to] as number, mode, us)) {
        add(from, to);
      }
    }
    for (let k = 0; k < mv.rideOffsets.length; k++) {
      const off = mv.rideOffsets[k] as number;
      const mode = mv.rideModes[k] as number;
      const stop = rideStop(board, from, off, mv.rideRanges[k] as number);
      if (!capturesOnly && mode & MODE_MOVE) for (let to = from + off; to !== stop; to += off) add(from, to);
      const p = board[stop] as number;
      if (capturesOnly ? mayCapture(p, mode, us) : mayLand(p, mode, us)) add(from, stop);
    }
  }
  return [...new Set(out)].sort();
}

function hashOf(pos: Position): string {
  return `${pos.hashHi >>> 0}:${pos.hashLo >>> 0}`;
}

function check(def: VariantDefinition, seed: number, property: (pos: Position) => void): void {
  try {
    fc.assert(
      fc.property(gameSpec, (spec) => walkGame(def, spec, property)),
      { seed, numRuns: RUNS },
    );
  } catch (e) {
    // fast-check keeps the failed assertion as the cause; show it with the counterexample.
    const cause = e instanceof Error && e.cause instanceof Error ? `\n${e.cause.message}` : '';
    throw new Error(`${e instanceof Error ? e.message : String(e)}${cause}`);
  }
}

VARIANTS.forEach((def, index) => {
  describe(`properties of random ${def.id} games`, () => {
    test('FEN round trip keeps the FEN and the hash', () => {
      check(def, 1000 + index, (pos) => {
        const fen = pos.toFen();
        const again = Position.fromFen(def, fen);
        assert.ok(again.ok, fen);
        assert.equal(again.value.toFen(), fen);
        assert.equal(hashOf(again.value), hashOf(pos), fen);
      });
    });

    test('make + unmake restores FEN and hash; the incremental hash equals computeHash()', () => {
      check(def, 2000 + index, (pos) => {
        const fen = pos.toFen();
        const hash = hashOf(pos);
        for (const m of legal(pos)) {
          pos.make(m);
          const incremental = hashOf(pos);
          const after = pos.toFen();
          pos.computeHash();
          assert.equal(hashOf(pos), incremental, `hash after ${moveKey(pos, m)} in ${fen} (→ ${after})`);
          pos.unmake();
          assert.equal(pos.toFen(), fen, `unmake of ${moveKey(pos, m)}`);
          assert.equal(hashOf(pos), hash, `hash after unmake of ${moveKey(pos, m)} in ${fen}`);
        }
      });
    });

    test('isAttacked agrees with the reference attack test on every square, for both sides', () => {
      check(def, 4000 + index, (pos) => {
        const fen = pos.toFen();
        const expected = referenceAttacks(def.id, fen);
        for (const [color, side] of [
          [0, 'w'],
          [1, 'b'],
        ] as const) {
          const ours: string[] = [];
          for (const sq of pos.t.squares) if (pos.isAttacked(sq, color)) ours.push(squareName(pos.t, sq));
          assert.deepEqual(ours, expected[side], `${side} attacks in ${fen}`);
        }
      });
    });

    test('lastMove, lastCaptured and the history hashes describe the moves made', () => {
      check(def, 5000 + index, (pos) => {
        const fen = pos.toFen();
        const before = hashOf(pos);
        for (const m of legal(pos)) {
          const kind = moveKindName(m);
          const target = kind === 'ep' ? pos.epVictim : kind === 'castle' ? -1 : moveTo(m);
          const captured = target < 0 ? 0 : (pos.board[target] as number);
          const depth = pos.depth;
          pos.make(m);
          assert.equal(pos.lastMove(), m);
          assert.equal(pos.lastCaptured(), captured, `captured by ${moveKey(pos, m)} in ${fen}`);
          assert.equal(`${pos.historyHashHi(depth) >>> 0}:${pos.historyHashLo(depth) >>> 0}`, before);
          pos.unmake();
        }
      });
    });

    test('a null move (not in check) keeps the incremental hash exact and unmakes cleanly', () => {
      check(def, 6000 + index, (pos) => {
        if (pos.inCheck()) return;
        const fen = pos.toFen();
        const hash = hashOf(pos);
        pos.makeNull();
        const incremental = hashOf(pos);
        assert.equal(pos.turn, fen.split(' ')[1] === 'w' ? 1 : 0);
        assert.equal(pos.toFen().split(' ')[3], '-', 'a null move clears the e.p. squares');
        pos.computeHash();
        assert.equal(hashOf(pos), incremental, `null move in ${fen}`);
        pos.unmakeNull();
        assert.equal(pos.toFen(), fen);
        assert.equal(hashOf(pos), hash);
      });
    });

    test('legal moves and the positions they lead to equal the brute-force reference', () => {
      check(def, 3000 + index, (pos) => {
        const fen = pos.toFen();
        const ours = legal(pos)
          .map((m) => {
            const key = `${moveKey(pos, m)} ${moveKindName(m)}`;
            pos.make(m);
            const after = pos.toFen();
            pos.unmake();
            return `${key} → ${after}`;
          })
          .sort();
        const reference = referenceMoves(def.id, fen)
          .map((r) => `${r.key} ${r.kind} → ${r.fenAfter}`)
          .sort();
        assert.deepEqual(ours, reference, fen);
      });
    });

    test('the piece-target walker, kept to legal moves, gives the reference normal moves (and captures)', () => {
      check(def, 7000 + index, (pos) => {
        const fen = pos.toFen();
        const t = pos.t;
        const refNormal = referenceMoves(def.id, fen).filter((r) => r.kind === 'normal');
        const fromTo = (key: string) => /^[a-z]\d+[a-z]\d+/.exec(key)?.[0] ?? key;
        const expected = [...new Set(refNormal.map((r) => fromTo(r.key)))].sort();
        assert.deepEqual(walkerTargets(pos, false), expected, `all targets in ${fen}`);
        const occupied = (key: string) => {
          const to = /^[a-z]\d+([a-z]\d+)/.exec(key)?.[1] ?? '';
          return t.squares.some((sq) => squareName(t, sq) === to && pos.board[sq] !== EMPTY);
        };
        assert.deepEqual(walkerTargets(pos, true), expected.filter(occupied), `captures in ${fen}`);
        // reachesByMove (move validation) says the same for every piece and every square.
        const reached: string[] = [];
        for (let i = 0; i < (pos.pcount[pos.turn] as number); i++) {
          const from = pos.pieceSquare(pos.turn, i);
          for (const to of t.squares) {
            if (reachesByMove(t, pos.board, pos.board[from] as number, from, to) && legalNormal(pos, from, to)) {
              reached.push(squareName(t, from) + squareName(t, to));
            }
          }
        }
        assert.deepEqual(reached.sort(), expected, `reachesByMove in ${fen}`);
      });
    });
  });
});
