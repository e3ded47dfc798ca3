/**
 * Fuzzing the text readers with random and mutated input (fixed fast-check seeds, bounded runs):
 * FEN (RULES.md §0 "FEN"), UCI move text and SAN (§0 "Move text") and PGN. Each must answer with
 * a value or a typed CaravanError — never throw — and leave the position it was given exactly as
 * it was (FEN and Zobrist hash). What a reader accepts must also be consistent: an accepted FEN
 * writes back to a FEN that reads to itself; an accepted move is legal and its SAN reads back.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { CaravanError, type ErrorKind } from '../../src/core/errors.js';
import type { Move } from '../../src/core/move.js';
import { Position } from '../../src/core/position.js';
import { readPgn, writePgn } from '../../src/notation/pgn.js';
import { moveToSan, parseSan } from '../../src/notation/san.js';
import { moveToUci, parseUciMove } from '../../src/notation/uci.js';
import { VARIANTS } from '../../src/variants/index.js';
import type { VariantDefinition } from '../../src/variants/schema.js';
import { game, legal } from '../helpers/positions.js';
import { randomPlay, thinOut } from '../helpers/random-game.js';
import { makeRng } from '../helpers/rng.js';

const FEN_CHARS = [...'0123456789/ -wbKQRBNPCWFEDkqrbnpcwfed,abcdefghijkxyz'];
const SAN_CHARS = [...'abcdefghijklmnopqrstuvwxyzKQRBNCWFEDPO0123456789x=+#!?:-. '];
const PGN_CHARS = [...'[]{}()";$%<>.*/\n 0123456789abcdefghijkKQRBNCWFEDxO=+#!?-'];

/** Positions to fuzz against: a few from random play in each variant (fixed seeds). */
const SAMPLES: Array<{ def: VariantDefinition; fen: string }> = [];
for (const def of VARIANTS) {
  for (let seed = 1; seed <= 6; seed++) {
    const from = seed % 2 === 0 ? (thinOut(def, def.startFen, makeRng(seed), 0.5) ?? def.startFen) : def.startFen;
    const end = randomPlay(def, from, makeRng(seed * 7919), 10 + 9 * seed);
    SAMPLES.push({ def, fen: end.toFen() });
  }
}

/** Edits applied to a valid text: replace, delete, insert a character, or repeat a slice. */
type Edit = readonly [op: number, at: number, length: number, char: string];

function mutate(text: string, edits: readonly Edit[]): string {
  let s = text;
  for (const [op, at, length, char] of edits) {
    const i = s.length === 0 ? 0 : at % (s.length + 1);
    switch (op % 4) {
      case 0:
        s = s.slice(0, i) + char + s.slice(i + 1);
        break;
      case 1:
        s = s.slice(0, i) + s.slice(i + 1 + (length % 3));
        break;
      case 2:
        s = s.slice(0, i) + char + s.slice(i);
        break;
      default:
        s = s.slice(0, i) + s.slice(i, i + (length % 12)) + s.slice(i);
    }
  }
  return s;
}

const edits = (chars: readonly string[], max: number) =>
  fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.constantFrom(...chars)), { minLength: 1, maxLength: max });

const text = (chars: readonly string[], max: number) => fc.string({ unit: fc.constantFrom(...chars), maxLength: max });

function assertTyped(e: unknown, kinds: readonly ErrorKind[], input: string): void {
  assert.ok(e instanceof CaravanError, `not a CaravanError for ${JSON.stringify(input)}`);
  assert.ok(kinds.includes(e.kind), `kind ${e.kind} for ${JSON.stringify(input)}`);
  assert.ok(e.message.length > 0);
}

/** Run `f` on a sample position and check the position is unchanged afterwards. */
function withPosition(sample: number, f: (pos: Position) => void): void {
  const { def, fen } = SAMPLES[sample % SAMPLES.length] as { def: VariantDefinition; fen: string };
  const r = Position.fromFen(def, fen);
  assert.ok(r.ok);
  const pos = r.value;
  const hash = pos.hash;
  f(pos);
  assert.equal(pos.toFen(), fen, 'position changed by a reader');
  assert.equal(pos.hash, hash, 'hash changed by a reader');
  pos.computeHash();
  assert.equal(pos.hash, hash, 'incremental hash no longer matches the board');
}

function checkFen(def: VariantDefinition, input: string): void {
  const r = Position.fromFen(def, input);
  if (!r.ok) {
    assertTyped(r.error, ['invalid-fen'], input);
    return;
  }
  const written = r.value.toFen();
  const again = Position.fromFen(def, written);
  assert.ok(again.ok, `FEN written from accepted ${JSON.stringify(input)} is refused: ${written}`);
  assert.equal(again.value.toFen(), written, `FEN not stable for ${JSON.stringify(input)}`);
}

function checkUci(pos: Position, input: string): void {
  const r = parseUciMove(pos, input);
  if (!r.ok) {
    assertTyped(r.error, ['invalid-move-text', 'illegal-move'], input);
    return;
  }
  assert.ok(legal(pos).includes(r.value), `'${input}' accepted as a move that is not legal`);
  assert.equal(parseUciMove(pos, moveToUci(pos, r.value)).ok, true);
}

function checkSan(pos: Position, input: string): void {
  const r = parseSan(pos, input);
  if (!r.ok) {
    assertTyped(r.error, ['invalid-san', 'illegal-move', 'ambiguous-san'], input);
    return;
  }
  assert.ok(legal(pos).includes(r.value), `'${input}' accepted as a move that is not legal`);
  const back = parseSan(pos, moveToSan(pos, r.value));
  assert.ok(back.ok && back.value === r.value, `'${input}' read as a move whose SAN reads otherwise`);
}

describe('fuzz: FEN reader (Position.fromFen)', () => {
  it('random strings: a position or an invalid-fen error', () => {
    fc.assert(
      fc.property(fc.nat(), text(FEN_CHARS, 90), (v, input) =>
        checkFen(VARIANTS[v % VARIANTS.length] as VariantDefinition, input),
      ),
      { seed: 101, numRuns: 1000 },
    );
  });

  it('mutated valid FENs: a position that writes back stably, or an invalid-fen error', () => {
    fc.assert(
      fc.property(fc.nat(), edits(FEN_CHARS, 4), (i, e) => {
        const { def, fen } = SAMPLES[i % SAMPLES.length] as { def: VariantDefinition; fen: string };
        checkFen(def, mutate(fen, e));
      }),
      { seed: 102, numRuns: 2000 },
    );
  });

  it('non-string and odd input is refused, not thrown', () => {
    const def = VARIANTS[0] as VariantDefinition;
    for (const input of ['', ' ', '\u0000', '8/8/8/8/8/8/8/8 w', `${'1'.repeat(400)} w - - 0 1`, '𝕂'.repeat(20)])
      checkFen(def, input);
  });
});

describe('fuzz: UCI move reader', () => {
  it('random strings and mutated legal moves: a legal move or a typed error; position unchanged', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), text(SAN_CHARS, 8), edits(SAN_CHARS, 2), (s, k, random, e) => {
        withPosition(s, (pos) => {
          checkUci(pos, random);
          const moves = legal(pos);
          if (moves.length > 0) checkUci(pos, mutate(moveToUci(pos, moves[k % moves.length] as Move), e));
        });
      }),
      { seed: 201, numRuns: 1500 },
    );
  });
});

describe('fuzz: SAN reader', () => {
  it('random strings and mutated SAN: a legal move or a typed error; position unchanged', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), text(SAN_CHARS, 12), edits(SAN_CHARS, 3), (s, k, random, e) => {
        withPosition(s, (pos) => {
          checkSan(pos, random);
          const moves = legal(pos);
          if (moves.length > 0) checkSan(pos, mutate(moveToSan(pos, moves[k % moves.length] as Move), e));
        });
      }),
      { seed: 301, numRuns: 2500 },
    );
  });

  it('a rejected move in a Game changes nothing', () => {
    fc.assert(
      fc.property(fc.nat(), fc.integer(), (s, m) => {
        const { def, fen } = SAMPLES[s % SAMPLES.length] as { def: VariantDefinition; fen: string };
        const g = game(def, fen);
        const before = g.fen();
        const hash = g.position.hash;
        const r = g.play(m);
        if (r.ok) return; // a random integer that happens to be a legal move
        assertTyped(r.error, ['illegal-move', 'game-over'], String(m));
        assert.equal(g.fen(), before);
        assert.equal(g.position.hash, hash);
        assert.equal(g.moves.length, 0);
      }),
      { seed: 302, numRuns: 500 },
    );
  });
});

describe('fuzz: PGN reader', () => {
  const pgns = VARIANTS.map((def, i) => {
    const g = game(def);
    const rng = makeRng(400 + i);
    for (let ply = 0; ply < 30; ply++) {
      const moves = g.legalMoves();
      if (moves.length === 0) break;
      g.play(rng.pick(moves));
    }
    return writePgn(g, { Event: 'fuzz {base}', Annotator: 'a;b' });
  });

  it('random strings: a game or a typed error', () => {
    fc.assert(
      fc.property(text(PGN_CHARS, 120), (input) => {
        const r = readPgn(input);
        if (!r.ok) assertTyped(r.error, ['invalid-pgn', 'unknown-variant'], input);
      }),
      { seed: 401, numRuns: 1000 },
    );
  });

  it('mutated valid PGN: a game or a typed error', () => {
    fc.assert(
      fc.property(fc.nat(), edits(PGN_CHARS, 5), (i, e) => {
        const input = mutate(pgns[i % pgns.length] as string, e);
        const r = readPgn(input);
        if (!r.ok) {
          assertTyped(r.error, ['invalid-pgn', 'unknown-variant'], input);
          return;
        }
        // Whatever was accepted writes out and reads back to the same game.
        const again = readPgn(writePgn(r.value.game, r.value.tags));
        assert.ok(again.ok, `rewritten PGN refused: ${again.ok ? '' : again.error.message}`);
        assert.equal(again.value.game.fen(), r.value.game.fen());
      }),
      { seed: 402, numRuns: 800 },
    );
  });
});
