/**
 * PGN written and read: Seven Tag Roster + Variant/SetUp/FEN, numbered SAN movetext (RULES.md §0
 * "Move text") in lines of at most 80 characters, result tokens from the game's end (§§1–4),
 * comments, NAGs and nested variations skipped when reading, and errors naming the move.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { Game } from '../../src/core/game.js';
import { type PgnGame, pgnClock, readPgn, readPgnGames, writePgn } from '../../src/notation/pgn.js';
import { parseSan } from '../../src/notation/san.js';
import { parseUciMove } from '../../src/notation/uci.js';
import { findVariantByName, VARIANTS, withMarriageMode } from '../../src/variants/index.js';
import type { VariantDefinition } from '../../src/variants/schema.js';
import { game, playGame, variant } from '../helpers/positions.js';
import { thinOut } from '../helpers/random-game.js';
import { makeRng } from '../helpers/rng.js';
import { placementFen } from './place.js';

function read(text: string, options?: { variant?: string }): PgnGame {
  const r = readPgn(text, options);
  if (!r.ok) assert.fail(r.error.message);
  return r.value;
}

/** A game of random legal moves (up to `plies`, or until it ends). */
function randomGame(def: VariantDefinition, seed: number, plies: number): Game {
  const rng = makeRng(seed);
  const fen = seed % 2 === 1 ? thinOut(def, def.startFen, rng, 0.5) : undefined;
  const r = Game.create(def, fen);
  if (!r.ok) assert.fail(r.error.message);
  const g = r.value;
  for (let i = 0; i < plies; i++) {
    const moves = g.legalMoves();
    if (moves.length === 0) break;
    const played = g.play(rng.pick(moves));
    assert.ok(played.ok);
  }
  return g;
}

function movetext(pgn: string): string {
  return pgn.slice(pgn.indexOf('\n\n') + 2);
}

describe('writePgn', () => {
  it('writes clock readings as h:mm:ss for [%clk], with tenths when asked', () => {
    assert.equal(pgnClock(65_000), '0:01:05');
    assert.equal(pgnClock(3_725_999), '1:02:05');
    assert.equal(pgnClock(9_549, true), '0:00:09.5');
    assert.equal(pgnClock(60_000, true), '0:01:00.0');
    assert.equal(pgnClock(-20, true), '0:00:00.0', 'an overdrawn clock reads zero');
  });

  it('writes the Seven Tag Roster with defaults, the Variant tag and numbered SAN', () => {
    const g = playGame(game('wildebeest'), 'f2f5', 'e9e6', 'f5e6', 'e10d8');
    const pgn = writePgn(g, { White: 'Ann', Event: 'Club "Open"' });
    assert.equal(
      pgn,
      [
        '[Event "Club \\"Open\\""]',
        '[Site "?"]',
        '[Date "????.??.??"]',
        '[Round "?"]',
        '[White "Ann"]',
        '[Black "?"]',
        '[Result "*"]',
        '[Variant "wildebeest"]',
        '',
        '1. f5 e6 2. fxe6 Wd8 *',
        '',
      ].join('\n'),
    );
  });

  it('adds SetUp and FEN for another start, numbering from its move and side ("23... ")', () => {
    const fen = placementFen('camel-decimal', { a10: 'k', b8: 'K', h1: 'R', c5: 'p' }, 'b').replace(/0 1$/, '0 23');
    const g = playGame(game('camel-decimal', fen), 'c5c4', 'h1h10');
    const pgn = writePgn(g);
    assert.match(pgn, /\[SetUp "1"\]\n\[FEN "[^"]+ b - - 0 23"\]/);
    assert.match(pgn, /\n23\.\.\. c4 24\. Rh10# \{White wins by checkmate\} 1-0\n$/);
    assert.match(pgn, /\[Result "1-0"\]/);
  });

  it('takes the result from the game’s end, else from the Result tag given, else *', () => {
    const stalemate = playGame(game('wildebeest', placementFen('wildebeest', { a10: 'k', b1: 'Q', f1: 'K' })), 'b1b8');
    assert.match(writePgn(stalemate), /\{Black is stalemated — White wins\} 1-0\n$/);
    const chessStalemate = playGame(game('chess', placementFen('chess', { a8: 'k', b1: 'Q', f1: 'K' })), 'b1b6');
    assert.match(writePgn(chessStalemate), /\{Draw by stalemate\} 1\/2-1\/2\n$/);
    const going = game('shatranj-kamil');
    assert.match(writePgn(going, { Result: '0-1' }), /\n0-1\n$/, 'a resignation recorded by the caller');
    assert.match(writePgn(going, { Result: 'nonsense' }), /\n\*\n$/);
    assert.match(writePgn(stalemate, { Result: '0-1' }), /\[Result "1-0"\]/, 'a finished game keeps its own result');
  });

  it('keeps lines of movetext within 80 characters', () => {
    const g = randomGame(variant('wildebeest'), 4, 160);
    for (const line of movetext(writePgn(g)).split('\n')) assert.ok(line.length <= 80, `${line.length}: ${line}`);
  });

  it('records the delayed-marriage option (RULES.md §4) so that it reads back', () => {
    const def = withMarriageMode(variant('bachelor-kamil'), 'delayed');
    const g = Game.create(def);
    assert.ok(g.ok);
    const pgn = writePgn(g.value);
    assert.match(pgn, /\[Marriage "delayed"\]/);
    assert.equal(read(pgn).variant.end.marriage?.mode, 'delayed');
  });
});

describe('PGN round trip over random games (fast-check, fixed seed)', () => {
  for (const def of VARIANTS) {
    it(`${def.id}: the moves and final FEN come back`, () => {
      fc.assert(
        fc.property(fc.nat(), (seed) => {
          const g = randomGame(def, seed, 80);
          const pgn = writePgn(g, { Event: `seed ${seed}` });
          const back = read(pgn);
          assert.equal(back.variant.id, def.id);
          assert.deepEqual([...back.game.moves], [...g.moves]);
          assert.equal(back.game.fen(), g.fen());
          assert.equal(back.game.startFen, g.startFen);
          assert.equal(back.result, back.tags.Result);
          assert.equal(back.tags.Event, `seed ${seed}`);
        }),
        { seed: 7061, numRuns: 8 },
      );
    });
  }
});

describe('readPgn', () => {
  it('reads comments, NAGs, suffixes, nested variations, escape lines and glued move numbers', () => {
    const text = [
      '% an escape line, ignored',
      '[Event "Hand written"]',
      '[Variant "Wildebeest Chess"]',
      '[Annotator "Someone \\"quoted\\""]',
      '',
      '1. f5 {the triple step (RULES.md §1)} e6 $1 2. fxe6!? ; a line comment (',
      '(2. Nc3 (2. g5 {deeper} f7) d6 $14) 2... Wd8 3.Qf2 $2 3...Ce7 4. Nc3 e.p. ?!',
      '{closing remark} 1/2-1/2',
    ].join('\n');
    const p = read(text);
    assert.equal(p.variant.id, 'wildebeest');
    assert.equal(p.tags.Annotator, 'Someone "quoted"');
    assert.equal(p.result, '1/2-1/2');
    const expected = playGame(game('wildebeest'), 'f2f5', 'e9e6', 'f5e6', 'e10d8', 'e1f2', 'd10e7', 'b1c3');
    assert.equal(p.game.fen(), expected.fen());
    assert.equal(p.game.moves.length, 7);
  });

  it('reads a game that starts with Black to move from its FEN', () => {
    const fen = placementFen('shatranj-kamil', { a2: 'p', e5: 'K', e10: 'k', j1: 'R', h3: 'P' }, 'b');
    const p = read(`[Variant "shatranj-kamil"]\n[SetUp "1"]\n[FEN "${fen}"]\n\n1... a1=F 2. Rxa1 *`);
    assert.equal(p.game.moves.length, 2);
    assert.equal(p.game.outcome()?.reason, 'bare-king');
    assert.equal(p.result, '*');
  });

  it('knows variants by id, by name and by Fairy-Stockfish section, in any case', () => {
    const names: Array<[string, string]> = [
      ['wildebeest', 'wildebeest'],
      ['Wildebeest Chess', 'wildebeest'],
      ['WILDEBEEST-C2', 'wildebeest'],
      ['Camel Decimal Chess', 'camel-decimal'],
      ['camel-decimal', 'camel-decimal'],
      ['Shatranj Kamil', 'shatranj-kamil'],
      ['shatranj-kamil-2', 'shatranj-kamil-2'],
      ['Shatranj Kamil (setup 2)', 'shatranj-kamil-2'],
      ['bachelor-kamil-reflective', 'bachelor-kamil-reflective'],
      ['Standard', 'chess'],
    ];
    for (const [name, id] of names) {
      assert.equal(findVariantByName(name)?.id, id, name);
      assert.equal(read(`[Variant "${name}"]\n\n*`).variant.id, id, name);
    }
    assert.equal(read('1. e4 e5 *').variant.id, 'chess', 'PGN without a Variant tag is chess');
    assert.equal(read('1. e5 *', { variant: 'camel-decimal' }).game.moves.length, 1);
    const unknown = readPgn('[Variant "Capablanca"]\n\n*');
    assert.ok(!unknown.ok);
    assert.equal(unknown.error.kind, 'invalid-pgn');
    assert.match(unknown.error.message, /'Capablanca'/);
    const conflict = readPgn('[Variant "wildebeest"]\n\n*', { variant: 'chess' });
    assert.ok(!conflict.ok);
    assert.equal(findVariantByName('wildebeest-nocastle'), undefined, 'a section with other rules is not the variant');
  });

  it('names the move number, side and text of a move that fails', () => {
    const r = readPgn('[Variant "wildebeest"]\n\n1. f5 e6 2. fxe6 Wd8\n3. Qxk11 *');
    assert.ok(!r.ok);
    assert.equal(r.error.kind, 'invalid-pgn');
    assert.match(r.error.message, /move 3 \(white\): 'Qxk11'/);
    const illegal = readPgn('1. e4 e5 2. Ke3 *');
    assert.ok(!illegal.ok);
    assert.match(illegal.error.message, /line 1: move 2 \(white\): 'Ke3' is not legal/);
    const black = readPgn('1. e4 Nf3 *');
    assert.ok(!black.ok);
    assert.match(black.error.message, /move 1 \(black\): 'Nf3'/);
  });

  it('refuses moves after the end of the game, bad FEN tags and broken syntax', () => {
    const mate = readPgn('1. f3 e5 2. g4 Qh4# 3. a3 0-1');
    assert.ok(!mate.ok);
    assert.match(mate.error.message, /move 3 \(white\): 'a3' comes after the end of the game \(checkmate\)/);
    const cases: Array<[string, RegExp]> = [
      ['[FEN "rnbqkbnr/pppppppp/8 w - - 0 1"]\n\n*', /FEN tag: placement has 3 ranks/],
      ['1. e4 {never closed', /comment '\{' is never closed/],
      ['1. e4 (1. d4 d5', /variation opened on line 1 is never closed/],
      ['1. e4 ) e5', /'\)' closes no variation/],
      ['[Event "x"\n1. e4', /malformed tag pair/],
      ['1. e4 -- *', /null move/],
      ['', /no game/],
    ];
    for (const [text, message] of cases) {
      const r = readPgn(text);
      assert.ok(!r.ok, text);
      assert.equal(r.error.kind, 'invalid-pgn', text);
      assert.match(r.error.message, message, text);
    }
  });

  it('loads a game that goes on past a threefold repetition to the draw (issue 13, fix 6)', () => {
    // Knights out and back twice: the start position stands for the third time after 2... Ng8.
    const shuffle = '1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8';
    const r = readPgn(`${shuffle} 5. e4 e5 6. d4 *`);
    assert.ok(r.ok, r.ok ? '' : r.error.message);
    assert.equal(r.value.game.moves.length, 8, 'the moves after the repetition are left unread');
    assert.equal(r.value.game.outcome()?.reason, 'threefold-repetition');
  });

  it('readPgnGames reads every game of a file and names the game of an error', () => {
    const one = writePgn(playGame(game('camel-decimal'), 'e3e5', 'e8e6'), { Round: '1' });
    const two = writePgn(playGame(game('wildebeest'), 'f2f5'), { Round: '2' });
    const r = readPgnGames(`${one}\n${two}\n1. e4 e5`);
    assert.ok(r.ok);
    assert.deepEqual(
      r.value.map((p) => [p.variant.id, p.tags.Round, p.game.moves.length]),
      [
        ['camel-decimal', '1', 2],
        ['wildebeest', '2', 1],
        ['chess', undefined, 2],
      ],
    );
    const bad = readPgnGames(`${one}\n[Variant "chess"]\n\n1. e5 *`);
    assert.ok(!bad.ok);
    assert.match(bad.error.message, /^game 2: .*move 1 \(white\): 'e5'/);
    const empty = readPgnGames('  \n');
    assert.ok(empty.ok);
    assert.equal(empty.value.length, 0);
  });
});

describe('reading a database stays linear (issue 14 item 7)', () => {
  it('a database of random games reads back every game, each Game rebuilt from its moves', () => {
    const games = VARIANTS.flatMap((def, i) => [randomGame(def, 100 + 2 * i, 80), randomGame(def, 101 + 2 * i, 80)]);
    const r = readPgnGames(games.map((g) => writePgn(g)).join('\n'));
    if (!r.ok) assert.fail(r.error.message);
    assert.equal(r.value.length, games.length);
    r.value.forEach((read, i) => {
      const g = games[i] as Game;
      assert.equal(read.game.fen(), g.fen(), `game ${i + 1}`);
      assert.equal(read.game.startFen, g.startFen);
      assert.deepEqual(read.game.moves, g.moves);
      assert.equal(read.game, read.game, 'the rebuilt Game is kept');
    });
  });

  it('100 000 games of results only are kept without a Game each (a Game holds ≈ 10 KB)', () => {
    const before = process.memoryUsage().arrayBuffers;
    const r = readPgnGames('1-0 0-1 1/2-1/2 * '.repeat(25_000));
    if (!r.ok) assert.fail(r.error.message);
    const held = process.memoryUsage().arrayBuffers - before;
    assert.equal(r.value.length, 100_000);
    assert.deepEqual(
      r.value.slice(0, 4).map((g) => g.result),
      ['1-0', '0-1', '1/2-1/2', '*'],
    );
    // Before the fix every game held its Game: about 1 GB of typed arrays for these.
    assert.ok(held < 100e6, `${Math.round(held / 1e6)} MB of typed arrays held`);
    assert.equal(r.value[99_999]?.game.fen(), VARIANTS.find((v) => v.id === 'chess')?.startFen);
  });

  it('a move after the end of the game is still named as such', () => {
    const r = readPgn('[Variant "chess"]\n\n1. f3 e5 2. g4 Qh4# 3. a3 *');
    assert.equal(r.ok, false);
    if (!r.ok) assert.match(r.error.message, /'a3' comes after the end of the game \(checkmate\)/);
  });

  it('arguments that are not a text or options are errors, not TypeErrors (issue 14 item 8)', () => {
    for (const [text, options] of [
      [42, {}],
      [Symbol('x'), {}],
      ['1. e4 *', null],
      ['1. e4 *', 'chess'],
    ] as const) {
      const r = readPgnGames(text as unknown as string, options as unknown as object);
      assert.equal(r.ok, false);
      if (!r.ok) assert.equal(r.error.kind, 'invalid-pgn');
    }
  });

  it('a FEN tag of 300 000 characters is an error, not a stack overflow (issue 14 item 1)', () => {
    const r = readPgn(`[SetUp "1"]\n[FEN "k7/8/8/3Pp3/8/8/8/K7 w - ${'e6'.repeat(150_000)} 0 1"]\n\n*`);
    assert.equal(r.ok, false);
    if (!r.ok) assert.match(r.error.message, /^FEN tag: FEN is \d+ characters long/);
  });

  it('move readers take only strings: a number or a symbol is an error (issue 14 item 8)', () => {
    const pos = game('chess').position;
    for (const bad of [42, Symbol('x'), {}, null]) {
      const u = parseUciMove(pos, bad as unknown as string);
      assert.equal(u.ok, false);
      if (!u.ok) assert.equal(u.error.kind, 'invalid-move-text');
      const s = parseSan(pos, bad as unknown as string);
      assert.equal(s.ok, false);
      if (!s.ok) assert.equal(s.error.kind, 'invalid-san');
    }
  });

  it('a rejected megabyte of move text is quoted as a short excerpt (issue 14 item 8)', () => {
    const r = readPgn(`1. ${'x'.repeat(1_000_000)} *`);
    assert.equal(r.ok, false);
    if (!r.ok) assert.ok(r.error.message.length < 200, r.error.message.slice(0, 300));
  });
});
