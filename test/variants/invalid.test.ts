/**
 * Invalid variant definitions are an `invalid-variant` CaravanError from one validator, never a
 * throw (issue 10 item 2, "error policy"; issue 14 item 8 for wrong types of the variant
 * argument): through Position.fromFen, Game.create and parseFen alike.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseFen } from '../../src/core/fen.js';
import { Game } from '../../src/core/game.js';
import { Position } from '../../src/core/position.js';
import { boardFits, leapFitsPadding } from '../../src/core/variant-check.js';
import { findVariant, VARIANTS } from '../../src/variants/index.js';
import type { PieceDefinition, VariantDefinition } from '../../src/variants/schema.js';

const chess = findVariant('chess')!;
const piece = (letter: string, betza: string, extra: Partial<PieceDefinition> = {}): PieceDefinition => ({
  name: `Piece ${letter}`,
  letter,
  betza,
  ...extra,
});
const withPieces = (pieces: PieceDefinition[], more: Partial<VariantDefinition> = {}): VariantDefinition => ({
  ...chess,
  id: 'broken',
  pieces,
  ...more,
});

/** Every entry point says `invalid-variant` and names the problem. */
function assertInvalid(def: unknown, pattern: RegExp): void {
  const results = [
    Position.fromFen(def as VariantDefinition),
    Position.fromFen(def as VariantDefinition, chess.startFen),
    Game.create(def as VariantDefinition),
    parseFen(def as VariantDefinition, chess.startFen),
  ];
  for (const r of results) {
    assert.ok(!r.ok, 'accepted');
    assert.equal(r.error.kind, 'invalid-variant', r.error.message);
    assert.match(r.error.message, pattern);
  }
}

describe('invalid variant definitions', () => {
  it('accepts every shipped variant', () => {
    for (const v of VARIANTS) assert.ok(Position.fromFen(v).ok, v.id);
  });

  it('refuses values that are no definition at all', () => {
    for (const bad of [{}, [], 42, null, true, 'x'.length, () => chess]) {
      assertInvalid(bad, /variant/);
    }
    assertInvalid({ ...chess, pieces: 'KQRBNP' }, /pieces must be a non-empty list/);
    assertInvalid({ ...chess, files: '8' }, /files and ranks must be positive integers/);
    assertInvalid({ ...chess, end: undefined }, /end must be an object/);
    assertInvalid({ ...chess, id: 'has space' }, /id must be/);
    const unreadable = new Proxy(
      { ...chess, id: 'trap' },
      {
        get(target, key) {
          if (key === 'pieces') throw new Error('no pieces here');
          return Reflect.get(target, key);
        },
      },
    );
    assertInvalid(unreadable, /no pieces here/);
  });

  it('refuses an unknown Betza atom', () => {
    assertInvalid(
      withPieces([piece('K', 'K', { royal: true }), piece('X', 'Y'), piece('P', 'fmWfceF', { pawn: true })]),
      /unknown Betza atom 'Y'/,
    );
  });

  it('refuses zero or two royal pieces', () => {
    const pawn = piece('P', 'fmWfceF', { pawn: true });
    assertInvalid(withPieces([piece('Q', 'Q'), pawn]), /exactly one royal piece is needed \(got 0\)/);
    assertInvalid(withPieces([piece('K', 'K', { royal: true }), piece('Q', 'Q', { royal: true }), pawn]), /\(got 2\)/);
  });

  it('refuses duplicate piece letters', () => {
    assertInvalid(
      withPieces([
        piece('K', 'K', { royal: true }),
        piece('N', 'N'),
        piece('N', 'C'),
        piece('P', 'fmWfceF', { pawn: true }),
      ]),
      /letter N is already taken/,
    );
  });

  it('refuses a board over the supported size', () => {
    assertInvalid({ ...chess, files: 12, ranks: 12 }, /board 12×12 is over the supported size/);
    assertInvalid({ ...chess, files: 17, ranks: 8 }, /board 17×8/);
    assert.ok(boardFits(12, 10) && boardFits(10, 12) && !boardFits(12, 12) && !boardFits(16, 16));
  });

  it('knows which leaps fit the board padding', () => {
    // No Betza atom the parser knows leaps further than three squares, the padding; a wider atom
    // would wrap around the mailbox, so the validator checks every leap against it.
    assert.ok(leapFitsPadding(3, 3) && leapFitsPadding(-3, 1));
    assert.ok(!leapFitsPadding(4, 1) && !leapFitsPadding(0, -4));
  });

  it('refuses a pawn step longer than the e.p. squares a position keeps', () => {
    assertInvalid({ ...chess, pawn: { steps: { 2: 6 }, enPassant: true } }, /pawn step from rank 2 must be 1–5/);
  });

  it('refuses a bad start FEN', () => {
    assertInvalid(
      { ...chess, startFen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w - - 0 1' },
      /start FEN: placement has 7 ranks/,
    );
    assertInvalid({ ...chess, startFen: 42 }, /startFen must be a string/);
  });

  it('refuses promotion, castling, marriage and dead-position letters that name no piece', () => {
    assertInvalid({ ...chess, promotion: { ranks: [8], choices: ['Z'] } }, /promotion choice Z/);
    assertInvalid({ ...chess, promotion: { ranks: [8], choices: ['K'] } }, /promotion choice K/);
    assertInvalid(
      { ...chess, castling: { rank: 1, kingFile: 4, rookFiles: { queenSide: 0, kingSide: 7 }, kingDistances: [3] } },
      /castling distance 3 reaches the rook/,
    );
    assertInvalid(
      { ...chess, end: { ...chess.end, marriage: { partners: ['W'], mode: 'immediate' } } },
      /marriage partner W/,
    );
    assertInvalid(
      { ...chess, end: { ...chess.end, deadPositions: { material: [['Z', '']] } } },
      /dead-position letter Z/,
    );
  });

  it('reports the first problem only once it is read, and the same way every time', () => {
    const bad = { ...chess, id: 'twice', files: 99 };
    const a = Position.fromFen(bad);
    const b = Game.create(bad);
    assert.ok(!a.ok && !b.ok);
    assert.equal(a.error.message, b.error.message);
  });
});
