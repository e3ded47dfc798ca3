/** Bachelor Kamil (both arrays), one test per rule of RULES.md §4, marriage in both modes. */

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { KIND_CASTLE, moveKind } from '../../src/core/move.js';
import { isDeadPosition, isRuleTerminal, positionOutcome } from '../../src/core/outcome.js';
import { moveToUci } from '../../src/notation/uci.js';
import { withMarriageMode } from '../../src/variants/index.js';
import {
  castlingField,
  game,
  keysFrom,
  legalKeys,
  pieceAt,
  playGame,
  position,
  uci,
  variant,
} from '../helpers/positions.js';

const ROTATIONAL = 'bachelor-kamil';
const REFLECTIVE = 'bachelor-kamil-reflective';
const DELAYED = withMarriageMode(variant(ROTATIONAL), 'delayed');

/** Kings and rooks only: both castles open for both sides. */
const OPEN = (side: 'w' | 'b') => `r3k3r/9/9/9/9/9/9/R3K3R ${side} KQkq - 0 1`;

describe('Bachelor Kamil arrays (RULES.md §4)', () => {
  test('rotational (default) array', () => {
    assert.equal(position(ROTATIONAL).toFen(), 'rncckbbnr/ppppppppp/9/9/9/9/PPPPPPPPP/RNBBKCCNR w KQkq - 0 1');
  });

  test('reflective array', () => {
    assert.equal(position(REFLECTIVE).toFen(), 'rnbbkccnr/ppppppppp/9/9/9/9/PPPPPPPPP/RNBBKCCNR w KQkq - 0 1');
  });

  test('no Queen and no Gnu at the start; camels leap (3,1)', () => {
    const keys = legalKeys(position(ROTATIONAL));
    assert.equal(keys.length, 26);
    for (const k of ['f1e4', 'f1g4', 'g1f4', 'g1h4']) assert.ok(keys.includes(k), k);
  });
});

describe('Bachelor Kamil castling (RULES.md §4)', () => {
  for (const id of [ROTATIONAL, REFLECTIVE]) {
    for (const [side, text, king, rookFrom, rookTo] of [
      ['w', 'e1c1', 'c1', 'a1', 'd1'],
      ['w', 'e1g1', 'g1', 'i1', 'f1'],
      ['b', 'e8c8', 'c8', 'a8', 'd8'],
      ['b', 'e8g8', 'g8', 'i8', 'f8'],
    ] as const) {
      test(`${id}: ${text} puts the king on the outer piece's square, the rook ${rookFrom}→${rookTo}`, () => {
        const pos = position(id, OPEN(side));
        const m = uci(pos, text);
        assert.equal(moveKind(m), KIND_CASTLE);
        assert.equal(moveToUci(pos, m), text);
        pos.make(m);
        assert.equal(pieceAt(pos, king), side === 'w' ? 'K' : 'k');
        assert.equal(pieceAt(pos, rookTo), side === 'w' ? 'R' : 'r');
        assert.equal(pieceAt(pos, rookFrom), '');
        assert.equal(castlingField(pos), side === 'w' ? 'kq' : 'KQ');
      });
    }
  }

  const castles = (fen: string) =>
    keysFrom(position(ROTATIONAL, fen), 'e1')
      .filter((k) => k.startsWith('castle:'))
      .map((k) => k.slice('castle:e1'.length));

  test('FIDE conditions: a piece between (Nb1) blocks that side', () => {
    assert.deepEqual(castles('r3k3r/9/9/9/9/9/9/RN2K3R w KQkq - 0 1'), ['g1']);
  });

  test('FIDE conditions: not out of check, not through or onto an attacked square', () => {
    assert.deepEqual(castles('r3k3r/9/9/9/4r4/9/9/R3K3R w KQkq - 0 1'), [], 'in check');
    assert.deepEqual(castles('r3k3r/9/9/9/3r5/9/9/R3K3R w KQkq - 0 1'), ['g1'], 'd1 attacked');
    assert.deepEqual(castles('r3k3r/9/9/9/6r2/9/9/R3K3R w KQkq - 0 1'), ['c1'], 'g1 attacked');
    assert.deepEqual(castles('r3k3r/9/9/9/1r7/9/9/R3K3R w KQkq - 0 1'), ['c1', 'g1'], 'b1: only the rook passes');
  });
});

describe('Bachelor Kamil promotion (RULES.md §4)', () => {
  test('on the last rank to Rook, Knight, Bishop, Camel, Queen or Gnu', () => {
    const pos = position(ROTATIONAL, '4k4/1P7/9/9/9/9/9/4K4 w - - 0 1');
    assert.deepEqual(keysFrom(pos, 'b7'), ['b7b8b', 'b7b8c', 'b7b8n', 'b7b8q', 'b7b8r', 'b7b8w']);
  });
});

describe('Bachelor Kamil marriage and taming, immediate mode (RULES.md §4, default)', () => {
  const PROMOTE = '4k4/KP7/9/9/9/9/7p1/9 w - - 0 1';

  test('promoting to a Queen next to the own King wins at once (marriage)', () => {
    const g = playGame(game(ROTATIONAL, PROMOTE), 'b7b8q');
    assert.deepEqual(g.outcome(), { winner: 'white', reason: 'marriage' });
    assert.deepEqual(g.legalMoves(), []);
  });

  test('promoting to a Gnu next to the own King wins at once (taming)', () => {
    const g = playGame(game(ROTATIONAL, PROMOTE), 'b7b8w');
    assert.deepEqual(g.outcome(), { winner: 'white', reason: 'taming' });
  });

  test('any other piece next to the King does not', () => {
    for (const piece of ['r', 'n', 'b', 'c']) {
      const g = playGame(game(ROTATIONAL, PROMOTE), `b7b8${piece}`);
      assert.equal(g.outcome(), undefined, piece);
    }
  });

  const TAMING = '6k2/9/9/9/9/1q3W3/9/2K6 w - - 0 1';

  test('a Gnu leaping next to its King tames and wins at once', () => {
    const g = playGame(game(ROTATIONAL, TAMING), 'f3d2');
    assert.deepEqual(g.outcome(), { winner: 'white', reason: 'taming' });
  });

  test('even where the partner could be captured next move (Medinese: Qb3 attacks c2)', () => {
    const g = playGame(game(ROTATIONAL, TAMING), 'f3c2');
    assert.deepEqual(g.outcome(), { winner: 'white', reason: 'taming' });
  });

  test('a Queen moving next to its King marries (Black: Qb3-f7 beside Kg8)', () => {
    const g = playGame(game(ROTATIONAL, TAMING), 'c1d2', 'b3f7');
    assert.deepEqual(g.outcome(), { winner: 'black', reason: 'marriage' });
  });

  test("the mover's marriage is tested before the opponent's lack of moves (marries and stalemates: a win)", () => {
    const g = playGame(game(ROTATIONAL, '8k/9/5K3/9/9/9/9/6Q2 w - - 0 1'), 'g1g7');
    assert.deepEqual(g.outcome(), { winner: 'white', reason: 'marriage' });
  });

  test('next to the partner but in check is no win: the check must be answered', () => {
    const g = game(ROTATIONAL, '2r3k2/9/9/9/9/9/3W5/2K6 w - - 0 1');
    assert.equal(g.outcome(), undefined);
    assert.deepEqual(legalKeys(g.position), ['c1b1', 'c1b2', 'c1d1', 'd2c4', 'd2c5']);
    // Answering the check while staying beside the Gnu wins at once; moving away plays on.
    assert.deepEqual(playGame(game(ROTATIONAL, '2r3k2/9/9/9/9/9/3W5/2K6 w - - 0 1'), 'c1d1').outcome(), {
      winner: 'white',
      reason: 'taming',
    });
    assert.equal(playGame(g, 'c1b1').outcome(), undefined);
  });
});

describe('Bachelor Kamil marriage, delayed mode (RULES.md §4, option marriage=delayed)', () => {
  const TAMING = '6k2/9/9/9/9/1q3W3/9/2K6 w - - 0 1';

  test('the taming move does not end the game', () => {
    const g = playGame(game(DELAYED, TAMING), 'f3d2');
    assert.equal(g.outcome(), undefined);
    assert.ok(g.legalMoves().length > 0);
  });

  test('still beside the partner and not in check at the start of the next turn: a win', () => {
    const g = playGame(game(DELAYED, TAMING), 'f3d2', 'g8h8');
    assert.deepEqual(g.outcome(), { winner: 'white', reason: 'taming' });
    assert.deepEqual(g.legalMoves(), []);
  });

  test('the opponent may break it by capturing the partner', () => {
    const g = playGame(game(DELAYED, TAMING), 'f3c2', 'b3c2');
    assert.equal(g.outcome(), undefined);
    assert.equal(pieceAt(g.position, 'c2'), 'q');
  });

  test('the opponent may break it by giving check: married but in check is no win', () => {
    const g = playGame(game(DELAYED, 'r5k2/9/9/9/9/5W3/9/2K6 w - - 0 1'), 'f3d2', 'a8c8');
    assert.ok(g.position.inCheck());
    assert.equal(g.outcome(), undefined);
    // Kd1 answers the check and stays beside the Gnu; the win comes a turn later.
    playGame(g, 'c1d1');
    assert.equal(g.outcome(), undefined);
    playGame(g, 'c8c7');
    assert.deepEqual(g.outcome(), { winner: 'white', reason: 'taming' });
  });

  test('the same check in immediate mode comes too late: the taming already won', () => {
    const g = playGame(game(ROTATIONAL, 'r5k2/9/9/9/9/5W3/9/2K6 w - - 0 1'), 'f3d2');
    assert.deepEqual(g.outcome(), { winner: 'white', reason: 'taming' });
  });
});

describe('Bachelor Kamil marriage in a FEN (RULES.md §4)', () => {
  const TAMED_WHITE = (side: 'w' | 'b') => `4k4/9/9/9/9/9/9/3WK4 ${side} - - 0 1`;

  test('the side to move already married and not in check has won (both modes)', () => {
    for (const def of [variant(ROTATIONAL), DELAYED]) {
      const pos = position(def, TAMED_WHITE('w'));
      assert.deepEqual(positionOutcome(pos), { winner: 'white', reason: 'taming' }, def.end.marriage?.mode);
      assert.ok(isRuleTerminal(pos));
    }
  });

  test('immediate mode: the side that just moved standing married has won', () => {
    assert.deepEqual(positionOutcome(position(ROTATIONAL, TAMED_WHITE('b'))), { winner: 'white', reason: 'taming' });
  });

  test('delayed mode: the opponent first gets its move', () => {
    const pos = position(DELAYED, TAMED_WHITE('b'));
    assert.equal(positionOutcome(pos), undefined);
    assert.deepEqual(keysFrom(pos, 'e8'), ['e8d7', 'e8d8', 'e8e7', 'e8f7', 'e8f8']);
  });

  test('a Queen beside the King in a FEN is a marriage', () => {
    assert.deepEqual(positionOutcome(position(ROTATIONAL, '4k4/9/9/9/9/9/9/3QK4 w - - 0 1')), {
      winner: 'white',
      reason: 'marriage',
    });
  });
});

describe('Bachelor Kamil game end (RULES.md §4)', () => {
  test('stalemate is a draw', () => {
    assert.deepEqual(positionOutcome(position(ROTATIONAL, '8k/6Q2/9/9/9/9/9/3K5 b - - 0 1')), {
      winner: null,
      reason: 'stalemate',
    });
  });

  test('checkmate wins', () => {
    assert.deepEqual(positionOutcome(position(ROTATIONAL, '8k/9/7K1/9/9/9/9/R8 w - - 0 1')), undefined);
    const g = playGame(game(ROTATIONAL, '8k/9/7K1/9/9/9/9/R8 w - - 0 1'), 'a1a8');
    assert.deepEqual(g.outcome(), { winner: 'white', reason: 'checkmate' });
  });

  const DEAD = {
    'K v K': '4k4/9/9/9/9/9/9/4K4 w - - 0 1',
    'K+N v K': '4k4/9/9/9/9/9/9/3NK4 w - - 0 1',
    'K+B v K': '4k4/9/9/9/9/9/9/3BK4 w - - 0 1',
    'K+C v K': '4k4/9/9/9/9/9/9/3CK4 w - - 0 1',
    'K v K+C': '3ck4/9/9/9/9/9/9/4K4 w - - 0 1',
  };
  const ALIVE = {
    'K+Q v K (Queen far from the King)': '4k4/9/9/9/9/Q8/9/4K4 w - - 0 1',
    'K+W v K (Gnu far from the King)': '4k4/9/9/9/W8/9/9/4K4 w - - 0 1',
    'K+R v K': '4k4/9/9/9/9/9/9/3RK4 w - - 0 1',
    'K+P v K': '4k4/9/9/9/9/9/3P5/4K4 w - - 0 1',
    'K+N v K+N': '3nk4/9/9/9/9/9/9/3NK4 w - - 0 1',
    'K+B+N v K': '4k4/9/9/9/9/9/9/2BNK4 w - - 0 1',
  };
  for (const [name, fen] of Object.entries(DEAD)) {
    test(`dead position: ${name}`, () => assert.ok(isDeadPosition(position(ROTATIONAL, fen)), fen));
  }
  for (const [name, fen] of Object.entries(ALIVE)) {
    test(`not a dead position: ${name}`, () => assert.ok(!isDeadPosition(position(ROTATIONAL, fen)), fen));
  }
});
