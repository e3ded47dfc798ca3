/**
 * The piece-target walker (src/core/targets.ts) on riders of limited range, which no shipped
 * variant has (the shipped variants are checked against the reference generator in
 * properties.test.ts): a test-only chess variant with a Rook that rides up to 3 squares and a
 * Queen that rides up to 2, against a walk over file/rank coordinates written here.
 */

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Position } from '../../src/core/position.js';
import { codeColor, codeType, EMPTY, OFF, squareName } from '../../src/core/tables.js';
import { isSquareAttacked, mayCapture, mayLand, reachesByMove, rideStop } from '../../src/core/targets.js';
import { chess } from '../../src/variants/chess.js';
import { BISHOP, KING, KNIGHT, PAWN } from '../../src/variants/pieces.js';
import type { VariantDefinition } from '../../src/variants/schema.js';
import { position } from '../helpers/positions.js';
import { randomPlacement } from '../helpers/random-game.js';
import { makeRng } from '../helpers/rng.js';

const SHORT: VariantDefinition = {
  ...chess,
  id: 'short-riders-test',
  name: 'Short riders (test only)',
  pieces: [
    KING,
    { name: 'Short Queen', letter: 'Q', betza: 'W2F2' },
    { name: 'Short Rook', letter: 'R', betza: 'W3' },
    BISHOP,
    KNIGHT,
    PAWN,
  ],
};

type Ray = readonly [dx: number, dy: number, range: number];
const ORTH = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
] as const;
const DIAG = [
  [1, 1],
  [1, -1],
  [-1, 1],
  [-1, -1],
] as const;
const KNIGHT_LEAPS = [1, -1].flatMap((a) => [2, -2].flatMap((b) => [[a, b, 1] as Ray, [b, a, 1] as Ray]));
/** The geometry of SHORT by letter, written out (range 1 = a leap, 0 = unlimited). */
const RAYS: Readonly<Record<string, readonly Ray[]>> = {
  K: [...ORTH, ...DIAG].map(([x, y]) => [x, y, 1] as Ray),
  Q: [...ORTH, ...DIAG].map(([x, y]) => [x, y, 2] as Ray),
  R: ORTH.map(([x, y]) => [x, y, 3] as Ray),
  B: DIAG.map(([x, y]) => [x, y, 0] as Ray),
  N: KNIGHT_LEAPS,
};

/** Squares (names) a non-pawn piece on (f, r) moves to or captures on, walked by coordinates. */
function coordinateTargets(pos: Position, sq: number): string[] {
  const t = pos.t;
  const code = pos.board[sq] as number;
  const letter = t.letters[codeType(code)] as string;
  const out: string[] = [];
  for (const [dx, dy, range] of RAYS[letter] ?? []) {
    for (let k = 1; range === 0 || k <= range; k++) {
      const f = (t.fileOf[sq] as number) + k * dx;
      const r = (t.rankOf[sq] as number) + k * dy;
      if (f < 0 || f >= t.files || r < 0 || r >= t.ranks) break;
      const s = t.squares[r * t.files + f] as number;
      const p = pos.board[s] as number;
      if (p !== EMPTY && codeColor(p) === codeColor(code)) break;
      out.push(squareName(t, s));
      if (p !== EMPTY) break;
    }
  }
  return out.sort();
}

/** The walker's targets of the piece on sq (all targets), as names. */
function walkerTargets(pos: Position, sq: number): string[] {
  const t = pos.t;
  const board = pos.board;
  const code = board[sq] as number;
  const us = codeColor(code);
  const mv = t.moves[code];
  const out: string[] = [];
  if (!mv) return out;
  for (let k = 0; k < mv.leapOffsets.length; k++) {
    const to = sq + (mv.leapOffsets[k] as number);
    if (mayLand(board[to] as number, mv.leapModes[k] as number, us)) out.push(squareName(t, to));
  }
  for (let k = 0; k < mv.rideOffsets.length; k++) {
    const off = mv.rideOffsets[k] as number;
    const stop = rideStop(board, sq, off, mv.rideRanges[k] as number);
    for (let to = sq + off; to !== stop; to += off) out.push(squareName(t, to));
    if (mayLand(board[stop] as number, mv.rideModes[k] as number, us)) out.push(squareName(t, stop));
  }
  return out.sort();
}

function* randomPositions(count: number): Generator<Position> {
  const rng = makeRng(77);
  for (let i = 0; i < count; i++) {
    const fen = randomPlacement(SHORT, rng, 4 + rng.int(14), 0.2);
    if (fen) yield position(SHORT, fen);
  }
}

describe('rideStop, mayLand, mayCapture', () => {
  const pos = position(SHORT, '4k3/8/8/8/8/8/8/R3K2n w - - 0 1');
  const t = pos.t;
  const at = (name: string) => t.squares.find((s) => squareName(t, s) === name) as number;
  const east = 1;
  const north = t.stride;

  test('a ride stops on the first piece, on the padding, or after its range', () => {
    assert.equal(squareName(t, rideStop(pos.board, at('a1'), east, 0)), 'e1', 'first piece (own King)');
    assert.equal(squareName(t, rideStop(pos.board, at('a1'), east, 3)), 'd1', 'range 3: d1, empty');
    assert.equal(squareName(t, rideStop(pos.board, at('e1'), east, 0)), 'h1', 'enemy Knight');
    assert.equal(squareName(t, rideStop(pos.board, at('e1'), north, 0)), 'e8', 'the enemy King, all the way up');
    assert.equal(pos.board[rideStop(pos.board, at('a1'), -east, 0)], OFF, 'off the board at once');
  });

  test('landing: quiet onto empty, capture onto an enemy, never onto own pieces or OFF', () => {
    const white = 0;
    assert.ok(mayLand(EMPTY, 1, white) && !mayLand(EMPTY, 2, white));
    assert.ok(mayLand(pos.board[at('h1')] as number, 2, white) && !mayLand(pos.board[at('h1')] as number, 1, white));
    assert.ok(!mayLand(pos.board[at('e1')] as number, 3, white) && !mayLand(OFF, 3, white));
    assert.ok(mayCapture(pos.board[at('h1')] as number, 3, white) && !mayCapture(EMPTY, 3, white));
  });
});

describe('the walker on limited-range riders (test variant with W3 and W2F2)', () => {
  test('all targets equal the coordinate walk for every piece', () => {
    let pieces = 0;
    for (const pos of randomPositions(150)) {
      for (const sq of pos.t.squares) {
        const code = pos.board[sq] as number;
        if (code === EMPTY || pos.t.isPawn[codeType(code)]) continue;
        assert.deepEqual(
          walkerTargets(pos, sq),
          coordinateTargets(pos, sq),
          `${squareName(pos.t, sq)} in ${pos.toFen()}`,
        );
        for (const to of pos.t.squares) {
          const expected = coordinateTargets(pos, sq).includes(squareName(pos.t, to));
          assert.equal(
            reachesByMove(pos.t, pos.board, code, sq, to),
            expected,
            `reachesByMove to ${squareName(pos.t, to)}`,
          );
        }
        pieces++;
      }
    }
    assert.ok(pieces > 500, `${pieces} pieces`);
  });

  test('attacks equal the coordinate walk (a square counts whatever stands on it)', () => {
    for (const pos of randomPositions(100)) {
      const t = pos.t;
      for (const sq of t.squares) {
        for (const color of [0, 1]) {
          // Put a piece of the other colour on the square, so every attacker could capture there.
          const saved = pos.board[sq] as number;
          const probe = t.squares.find((s) => codeColor(pos.board[s] as number) !== color && pos.board[s] !== EMPTY);
          pos.board[sq] = probe === undefined ? saved : (pos.board[probe] as number);
          let expected = false;
          for (const from of t.squares) {
            const code = pos.board[from] as number;
            if (code === EMPTY || from === sq || codeColor(code) !== color) continue;
            if (t.isPawn[codeType(code)]) {
              const dy = color === 0 ? 1 : -1;
              const df = (t.fileOf[sq] as number) - (t.fileOf[from] as number);
              expected ||= Math.abs(df) === 1 && (t.rankOf[sq] as number) - (t.rankOf[from] as number) === dy;
            } else expected ||= coordinateTargets(pos, from).includes(squareName(t, sq));
          }
          pos.board[sq] = saved;
          assert.equal(isSquareAttacked(t, pos.board, sq, color), expected, `${squareName(t, sq)} by ${color}`);
        }
      }
    }
  });
});
