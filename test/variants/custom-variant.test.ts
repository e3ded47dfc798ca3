/**
 * "A new variant is one data file" as a checked fact (issue 10 item 2): a 10×8 camel game that
 * Caravan does not ship — its own Zebra ((3,2) leaper), Camels, castling three squares toward
 * either rook, stalemate as a win — defined in the tests only (helpers/camel-ten.ts), played end to end:
 * perft against Fairy-Stockfish (with the matching ini section written below), the stalemate
 * rule, a UCI session (searching on this thread and in the search worker), an XBoard session,
 * and a SAN/PGN round trip.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Game } from '../../src/core/game.js';
import { perft } from '../../src/core/perft.js';
import { Position } from '../../src/core/position.js';
import { unwrap } from '../../src/core/result.js';
import { createEngine } from '../../src/engine/index.js';
import { readPgn, writePgn } from '../../src/notation/pgn.js';
import { moveToSan, parseSan } from '../../src/notation/san.js';
import { parseUciMove } from '../../src/notation/uci.js';
import { InlineSearcher, type Searcher, WorkerSearcher } from '../../src/protocol/searcher.js';
import { UciSession } from '../../src/protocol/uci.js';
import { XboardSession } from '../../src/protocol/xboard.js';
import { isXboardSafeName, xboardVariantName } from '../../src/protocol/xboard-variants.js';
import { findVariant } from '../../src/variants/index.js';
import { CAMEL_TEN } from '../helpers/camel-ten.js';
import { type FsfEngine, startFsfEngine, variantsIni } from '../helpers/fairy-stockfish.js';
import { randomPlay } from '../helpers/random-game.js';
import { makeRng } from '../helpers/rng.js';

/** The same game for Fairy-Stockfish (its Betza pieces, king on f, castling to c / i). */
const CAMEL_TEN_INI = `
[camel-ten:chess]
maxRank = 8
maxFile = j
knight = -
customPiece1 = c:C
customPiece2 = z:Z
startFen = rczbqkbzcr/pppppppppp/10/10/10/10/PPPPPPPPPP/RCZBQKBZCR w KQkq - 0 1
promotionPieceTypes = qrbcz
castlingKingFile = f
castlingKingsideFile = i
castlingQueensideFile = c
castlingRookKingsideFile = j
castlingRookQueensideFile = a
stalemateValue = loss
`;

/** Castling both ways (into and out of attack), e.p., promotions with and without capture. */
const SPECIAL = 'r4k3r/pP6p1/10/3pP5/10/10/1p6P1/R4K3R w KQkq d6 0 1';

function fens(): Array<[string, number]> {
  const mid = randomPlay(CAMEL_TEN, CAMEL_TEN.startFen, makeRng(10), 16).toFen();
  return [
    [CAMEL_TEN.startFen, 4],
    [SPECIAL, 3],
    [mid, 3],
  ];
}

describe('a variant Caravan does not ship, played end to end', { timeout: 180_000 }, () => {
  it('is a valid definition whose names and XBoard name come from its data', () => {
    assert.equal(findVariant(CAMEL_TEN.id), undefined, 'not shipped');
    assert.ok(Position.fromFen(CAMEL_TEN).ok);
    assert.ok(isXboardSafeName(xboardVariantName(CAMEL_TEN)));
  });

  it('castles three squares, and stalemating wins (its end rule)', () => {
    const g = unwrap(Game.create(CAMEL_TEN, SPECIAL));
    const castle = unwrap(parseSan(g.position, 'O-O'));
    unwrap(g.play(castle));
    assert.match(g.fen(), /^r4k3r\/pP6p1\/10\/3pP5\/10\/10\/1p6P1\/R6RK1 b kq /);
    assert.ok(!parseSan(unwrap(Game.create(CAMEL_TEN, SPECIAL)).position, 'O-O-O').ok, 'c1 is attacked by b2');
    // Black to move and stalemated: White has won.
    const stalemate = unwrap(Game.create(CAMEL_TEN, 'k9/2Q7/1K8/10/10/10/10/10 b - - 0 1'));
    assert.deepEqual(stalemate.outcome(), { winner: 'white', reason: 'stalemate' });
  });

  for (const searcherKind of ['inline', 'worker'] as const) {
    it(`plays a UCI session (search ${searcherKind === 'inline' ? 'on this thread' : 'in the worker'})`, async () => {
      const lines: string[] = [];
      const searcher: Searcher = searcherKind === 'inline' ? new InlineSearcher(createEngine(1)) : new WorkerSearcher();
      const s = new UciSession(searcher, (l) => lines.push(l), { variants: [CAMEL_TEN] });
      try {
        s.handle('uci');
        assert.ok(
          lines.some((l) => l.startsWith('option name UCI_Variant type combo default camel-ten var camel-ten')),
        );
        s.handle('setoption name UCI_Variant value Camel 10x8');
        assert.ok(lines.some((l) => l.startsWith('info string variant camel-ten files 10 ranks 8 startpos ')));
        s.handle('position startpos moves e2e4 e7e5 b1c4');
        s.handle('go depth 3');
        await s.whenIdle();
        assert.deepEqual(
          lines.filter((l) => l.startsWith('info string error')),
          [],
          'the search ran on the definition (no fallback move)',
        );
        assert.ok(
          lines.some((l) => /^info depth 3 /.test(l)),
          lines.join('\n'),
        );
        const best = lines.find((l) => l.startsWith('bestmove '))?.split(' ')[1];
        assert.ok(best, lines.join('\n'));
        const game = unwrap(Game.create(CAMEL_TEN));
        for (const t of ['e2e4', 'e7e5', 'b1c4']) unwrap(game.play(unwrap(parseUciMove(game.position, t))));
        assert.ok(parseUciMove(game.position, best).ok, `${best} is legal`);
      } finally {
        await searcher.close();
      }
    });
  }

  it('plays an XBoard session', () => {
    const lines: string[] = [];
    const s = new XboardSession(
      new InlineSearcher(createEngine(1)),
      (l) => lines.push(l),
      () => {},
      {
        variants: [CAMEL_TEN],
      },
    );
    const send = (line: string): string[] => {
      const from = lines.length;
      s.handle(line);
      return lines.slice(from);
    };
    send('xboard');
    assert.match(send('protover 2')[0] as string, /variants="camel-ten"/);
    send('new');
    const setup = send('variant camel-ten');
    assert.match(setup[0] as string, /^setup \(\S+\) 10x8\+0_fairy rczbqkbzcr\//);
    assert.ok(setup.includes('piece Z& Z'), setup.join('\n'));
    assert.ok(
      setup.some((l) => /^piece K& KisO3$/.test(l)),
      setup.join('\n'),
    );
    send('force');
    assert.deepEqual(send('usermove e2e4'), []);
    send('sd 2');
    const move = /^move (\S+)$/.exec(send('go').pop() as string);
    assert.ok(move, lines.join('\n'));
    const game = unwrap(Game.create(CAMEL_TEN));
    unwrap(game.play(unwrap(parseUciMove(game.position, 'e2e4'))));
    assert.ok(parseUciMove(game.position, move[1] as string).ok, `${move[1]} is legal`);
  });

  it('round-trips SAN and PGN', () => {
    const game = unwrap(Game.create(CAMEL_TEN));
    const rng = makeRng(7);
    const sans: string[] = [];
    for (let i = 0; i < 60 && !game.outcome(); i++) {
      const moves = game.legalMoves();
      const m = moves[rng.int(moves.length)]!;
      const san = moveToSan(game.position, m);
      assert.equal(unwrap(parseSan(game.position, san)), m, san);
      sans.push(san);
      unwrap(game.play(m));
    }
    const pgn = writePgn(game, { White: 'A', Black: 'B' });
    assert.match(pgn, /\[Variant "camel-ten"\]/);
    const read = unwrap(readPgn(pgn, { variant: CAMEL_TEN }));
    assert.equal(read.variant, CAMEL_TEN);
    assert.equal(read.game.fen(), game.fen());
    assert.deepEqual(read.game.moves.length, sans.length);
    const unknown = readPgn(pgn);
    assert.ok(!unknown.ok, 'without the definition the Variant tag names no variant Caravan knows');
  });

  describe('perft agrees with Fairy-Stockfish', () => {
    let fsf: FsfEngine;
    before(async () => {
      fsf = await startFsfEngine(variantsIni() + CAMEL_TEN_INI);
    });
    // Last in the file: quitting the wasm engine ends the process.
    after(() => fsf.quit());
    for (const [i, label] of ['start', 'castling, e.p. and promotions', 'after 16 random plies'].entries()) {
      it(label, async () => {
        const [fen, depth] = fens()[i]!;
        for (let d = 1; d <= depth; d++) {
          const ours = perft(unwrap(Position.fromFen(CAMEL_TEN, fen)), d);
          assert.equal(ours, await fsf.perft('camel-ten', fen, d), `depth ${d}: ${fen}`);
        }
      });
    }
  });
});
