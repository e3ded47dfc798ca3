/** The public API as the README shows it (README "Library"). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createEngine, Game, moveToSan, parseSan, parseUciMove, readPgn, writePgn } from '../../src/index.js';

describe('public API (README example)', () => {
  it('creates a game by id and plays SAN and UCI moves', () => {
    const created = Game.create('wildebeest');
    assert.ok(created.ok);
    const game = created.value;
    const f5 = parseSan(game.position, 'f5');
    assert.ok(f5.ok);
    assert.ok(game.play(f5.value).ok);
    const reply = parseUciMove(game.position, 'e9e6'); // a triple step (RULES.md §1)
    assert.ok(reply.ok);
    assert.ok(game.play(reply.value).ok);
    const sans = game.legalMoves().map((m) => moveToSan(game.position, m));
    assert.ok(sans.includes('fxe6'));
    assert.equal(game.moves.length, 2);
  });

  it('reports bad input as typed errors', () => {
    const bad = Game.create('no-such-variant');
    assert.ok(!bad.ok && bad.error.kind === 'unknown-variant');
    const fen = Game.create(
      'wildebeest',
      'rnccwkqbbnr/ppppppppppp/11/11/11/11/11/11/PPPPPPPPPPPP/RNBBQKWCCNR w KQkq - 0 1',
    );
    assert.ok(
      !fen.ok &&
        fen.error.kind === 'invalid-fen' &&
        /rank 2 has 12 squares, board has 11 files/.test(fen.error.message),
    );
    const game = Game.create('camel-decimal');
    assert.ok(game.ok);
    const before = game.value.fen();
    const illegal = parseSan(game.value.position, 'Qh5');
    assert.ok(!illegal.ok);
    assert.equal(game.value.fen(), before);
  });

  it('round-trips a game through PGN and lets the engine pick a legal move', () => {
    const g = Game.create('shatranj-kamil');
    assert.ok(g.ok);
    const game = g.value;
    for (const san of ['e3', 'e8', 'Dd3']) {
      const m = parseSan(game.position, san);
      assert.ok(m.ok, san);
      game.play(m.value);
    }
    const pgn = writePgn(game, { White: 'Ann', Black: 'Bob' });
    const back = readPgn(pgn);
    assert.ok(back.ok);
    assert.equal(back.value.game.fen(), game.fen());
    assert.equal(back.value.tags.White, 'Ann');
    const best = createEngine(1).search(game.position, { limits: { depth: 3 } });
    assert.ok(game.legalMoves().includes(best.bestMove));
  });
});
