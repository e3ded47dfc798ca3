/**
 * The DOM-free game controller of the web app: move flow, promotion, castling, takeback, end
 * states, navigation, keyboard (SAN) entry, FEN/PGN import and export, saved games.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Game } from '../../src/core/game.js';
import { GameController } from '../../web/src/model/controller.js';
import { sameJob, wantedJob } from '../../web/src/model/engine-jobs.js';
import { DEFAULT_PREFS, parseGame, parsePrefs, serializeGame } from '../../web/src/model/persist.js';
import { defaultSettings, type GameSettings } from '../../web/src/model/settings.js';

const settings = (variantId: string, extra: Partial<GameSettings> = {}): GameSettings => ({
  ...defaultSettings(variantId),
  ...extra,
});

function start(variantId: string, fen?: string, extra: Partial<GameSettings> = {}): GameController {
  const r = GameController.create(settings(variantId, extra), fen);
  if (!r.ok) assert.fail(r.error);
  return r.value;
}

function play(c: GameController, from: string, to: string, promotion?: string) {
  const r = c.move(from, to, promotion);
  if (r.kind !== 'played') assert.fail(`${from}-${to}: ${r.kind === 'illegal' ? r.reason : 'needs promotion'}`);
  return r.move;
}

/** The last move's squares in the position shown, as the board highlights them. */
function lastMove(c: GameController): [string, string] | undefined {
  const m = c.snapshot.lastMove;
  return m ? [m.from, m.to] : undefined;
}

/** Rank `n` of the FEN placement, expanded to one character per square ('.' = empty). */
function rank(fen: string, n: number): string {
  const rows = (fen.split(' ')[0] as string).split('/');
  const row = rows[rows.length - n] as string;
  return row.replace(/\d+/g, (d) => '.'.repeat(Number(d)));
}

describe('move flow', () => {
  it('offers legal destinations and plays a move from the board', () => {
    const c = start('wildebeest');
    assert.deepEqual(c.snapshot.dests.get('f2'), ['f3', 'f4', 'f5']);
    assert.equal(c.snapshot.turn, 'white');
    const m = play(c, 'f2', 'f5');
    assert.equal(m.san, 'f5');
    assert.equal(m.uci, 'f2f5');
    assert.deepEqual(lastMove(c), ['f2', 'f5']);
    assert.equal(c.snapshot.turn, 'black');
    assert.equal(c.history.length, 1);
    assert.equal(c.snapshot.fen.split(' ')[3], '-', 'no black pawn can take en passant');
    assert.ok(c.snapshot.dests.has('e9'));
    assert.ok(!c.snapshot.dests.has('f2'));
  });

  it('refuses an illegal move and leaves the game as it was', () => {
    const c = start('camel-decimal');
    const before = c.snapshot.fen;
    const r = c.move('f3', 'f6');
    assert.equal(r.kind, 'illegal');
    assert.equal(c.snapshot.fen, before);
    assert.equal(c.history.length, 0);
    assert.equal(c.move('a1', 'b4').kind, 'played', 'the camel leaps (3,1) over anything');
  });

  it('handles ten-rank squares and SAN with two-digit ranks', () => {
    const c = start('shatranj-kamil', 'r3k4r/10/10/10/10/10/10/10/10/R3K4R w - - 0 1');
    const m = play(c, 'a1', 'a10');
    assert.equal(m.san, 'Rxa10+');
    assert.equal(m.to, 'a10');
  });

  it('marks check with the checked king square', () => {
    const c = start('wildebeest', 'k10/11/1K9/11/11/11/11/11/11/10R w - - 0 1');
    const m = play(c, 'k1', 'k10');
    assert.equal(m.check, 'a10');
    assert.equal(c.snapshot.check, 'a10');
    assert.equal(m.san, 'Rk10#');
  });

  it('plays typed SAN and coordinate text, with a useful error otherwise', () => {
    const c = start('bachelor-kamil');
    assert.ok(c.playSan('e4').ok);
    assert.ok(c.playSan('e7e5').ok);
    const bad = c.playSan('Qh5');
    assert.ok(!bad.ok);
    assert.match(bad.error, /Qh5/);
    const nonsense = c.playSan('hello');
    assert.ok(!nonsense.ok);
    assert.equal(c.history.length, 2);
  });
});

describe('promotion', () => {
  it('asks for Queen or Wildebeest in Wildebeest Chess, then plays the choice', () => {
    const c = start('wildebeest', '5k5/P10/11/11/11/11/11/11/11/5K5 w - - 0 1');
    assert.deepEqual(c.snapshot.dests.get('a9'), ['a10']);
    const r = c.move('a9', 'a10');
    assert.equal(r.kind, 'promotion');
    assert.deepEqual(r.kind === 'promotion' && r.choices, ['Q', 'W']);
    assert.equal(c.history.length, 0, 'nothing played while the choice is open');
    assert.equal(c.move('a9', 'a10', 'R').kind, 'illegal');
    const m = play(c, 'a9', 'a10', 'W');
    assert.equal(m.san, 'a10=W');
    assert.equal(m.uci, 'a9a10w');
    assert.equal(rank(c.snapshot.fen, 10), 'W....k.....');
  });

  it('offers exactly Bachelor Kamil’s six choices in the variant order', () => {
    const c = start('bachelor-kamil', '4k4/P8/9/9/9/9/9/4K4 w - - 0 1');
    const r = c.move('a7', 'a8');
    assert.equal(r.kind, 'promotion');
    assert.deepEqual(r.kind === 'promotion' && r.choices, ['R', 'N', 'B', 'C', 'Q', 'W']);
  });

  it('offers the five Camel Decimal choices, Black promoting on rank 1', () => {
    const c = start('camel-decimal', '5k4/10/10/10/10/10/10/10/p9/5K4 b - - 0 1');
    const r = c.move('a2', 'a1');
    assert.deepEqual(r.kind === 'promotion' && r.choices, ['Q', 'R', 'B', 'N', 'C']);
    assert.equal(play(c, 'a2', 'a1', 'c').san, 'a1=C');
  });

  it('promotes at once where there is one choice (Shatranj Kamil: General)', () => {
    const c = start('shatranj-kamil', '4k5/P9/10/10/10/10/10/10/9p/4K5 w - - 0 1');
    const m = play(c, 'a9', 'a10');
    assert.equal(m.san, 'a10=F');
  });
});

describe('castling', () => {
  const WB = 'r4k4r/11/11/11/11/11/11/11/11/R4K4R w KQkq - 0 1';
  /** Black's king off the f-file, so that no castle gives check. */
  const WB_WHITE = '1k9/11/11/11/11/11/11/11/11/R4K4R w KQ - 0 1';

  it('Wildebeest: the king reaches every castling square, and the rook square for the one-square castle', () => {
    const c = start('wildebeest', WB);
    const d = new Set(c.snapshot.dests.get('f1'));
    for (const sq of ['g1', 'h1', 'i1', 'j1', 'k1', 'e1', 'd1', 'c1', 'b1', 'a1']) assert.ok(d.has(sq), sq);
  });

  const cases: Array<[string, string, string, string]> = [
    // [to, rank 1 after, SAN, UCI]
    ['k1', 'R....RK....', 'O-O:g1', 'f1k1'],
    ['h1', 'R.....RK...', 'O-O:h1', 'f1h1'],
    ['i1', 'R......RK..', 'O-O:i1', 'f1i1'],
    ['j1', 'R.......RK.', 'O-O:j1', 'f1j1'],
    ['a1', '....KR....R', 'O-O-O:e1', 'f1a1'],
    ['d1', '...KR.....R', 'O-O-O:d1', 'f1d1'],
    ['c1', '..KR......R', 'O-O-O:c1', 'f1c1'],
    ['b1', '.KR.......R', 'O-O-O:b1', 'f1b1'],
  ];
  for (const [to, after, san, uci] of cases) {
    it(`Wildebeest: king f1 to ${to} castles (${san})`, () => {
      const c = start('wildebeest', WB_WHITE);
      const m = play(c, 'f1', to);
      assert.equal(rank(c.snapshot.fen, 1), after);
      assert.equal(m.san, san);
      assert.equal(m.uci, uci);
      assert.equal(c.snapshot.fen.split(' ')[2], '-', 'White has no castling left');
    });
  }

  it('Wildebeest: the king step to g1 is an ordinary move, not a castle', () => {
    const c = start('wildebeest', WB);
    const m = play(c, 'f1', 'g1');
    assert.equal(m.san, 'Kg1');
    assert.equal(rank(c.snapshot.fen, 1), 'R.....K...R');
    assert.deepEqual(lastMove(c), ['f1', 'g1']);
  });

  it('Wildebeest: Black castles every distance too', () => {
    for (const [to, king] of [
      ['k10', 'g10'],
      ['j10', 'j10'],
      ['a10', 'e10'],
      ['b10', 'b10'],
    ] as const) {
      const c = start('wildebeest', WB.replace(' w ', ' b '));
      play(c, 'f10', to);
      const r10 = rank(c.snapshot.fen, 10);
      assert.equal(r10.indexOf('k'), king.charCodeAt(0) - 97, `${to}: ${r10}`);
    }
  });

  it('Wildebeest: castling is refused through an attacked square', () => {
    const c = start('wildebeest', 'r4k4r/11/11/11/11/11/11/11/11/R4K4R w KQkq - 0 1'.replace('r4k4r/11', 'r4k4r/7q3'));
    // the black queen on h9 attacks h1 down the h-file: no castle to h1 or beyond
    const d = new Set(c.snapshot.dests.get('f1'));
    assert.ok(d.has('g1') && d.has('k1'));
    assert.ok(!d.has('h1') && !d.has('i1') && !d.has('j1'));
  });

  it('Camel Decimal castles on rank 2, Bachelor Kamil to c1/g1', () => {
    const cd = start('camel-decimal', 'c8c/1r3k2r1/10/10/10/10/10/10/1R3K2R1/C8C w KQkq - 0 1');
    play(cd, 'f2', 'h2');
    assert.equal(rank(cd.snapshot.fen, 2), '.R....RK..');
    const bk = start('bachelor-kamil', 'r3k3r/9/9/9/9/9/9/R3K3R w KQkq - 0 1');
    const m = play(bk, 'e1', 'c1');
    assert.equal(m.san, 'O-O-O');
    assert.equal(rank(bk.snapshot.fen, 1), '..KR....R');
  });
});

describe('takeback and navigation', () => {
  it('takes back one ply in hotseat', () => {
    const c = start('wildebeest');
    const startFen = c.snapshot.fen;
    play(c, 'f2', 'f4');
    play(c, 'f9', 'f7');
    assert.equal(c.takeback(), 1);
    assert.equal(c.history.length, 1);
    assert.equal(c.takeback(), 1);
    assert.equal(c.snapshot.fen, startFen);
    assert.equal(c.takeback(), 0);
  });

  it('takes back to the human’s turn against the computer', () => {
    const c = start('camel-decimal', undefined, { mode: 'engine', humanColor: 'white' });
    assert.ok(c.snapshot.humanToMove);
    play(c, 'e3', 'e5');
    assert.ok(c.snapshot.engineToMove);
    assert.ok(c.playUci('e8e6').ok);
    assert.ok(c.snapshot.humanToMove);
    assert.equal(c.takeback(), 2);
    assert.equal(c.history.length, 0);
    // while the computer thinks, the human's own move is taken back
    play(c, 'e3', 'e4');
    assert.equal(c.takeback(), 1);
    assert.ok(c.snapshot.humanToMove);
  });

  it('lets the human move only on their turn against the computer', () => {
    const c = start('wildebeest', undefined, { mode: 'engine', humanColor: 'black' });
    assert.ok(c.snapshot.engineToMove);
    assert.equal(c.snapshot.dests.size, 0);
    assert.ok(c.playUci('f2f4').ok);
    assert.ok(c.snapshot.dests.size > 0);
  });

  it('shows earlier positions without changing the game, and moves only at the end', () => {
    const c = start('wildebeest');
    const f0 = c.snapshot.fen;
    play(c, 'f2', 'f4');
    const f1 = c.snapshot.fen;
    play(c, 'e9', 'e7');
    c.first();
    assert.equal(c.snapshot.fen, f0);
    assert.equal(lastMove(c), undefined);
    assert.equal(c.snapshot.dests.size, 0);
    assert.equal(c.move('g2', 'g3').kind, 'illegal');
    c.next();
    assert.equal(c.snapshot.fen, f1);
    assert.deepEqual(lastMove(c), ['f2', 'f4']);
    c.goto(99);
    assert.ok(c.isLive);
    c.prev();
    assert.equal(c.ply, 1);
    c.last();
    assert.equal(c.ply, 2);
    assert.ok(c.snapshot.live);
  });
});

describe('end of the game', () => {
  it('checkmate (Wildebeest)', () => {
    const c = start('wildebeest', 'k10/11/1K9/11/11/11/11/11/11/10R w - - 0 1');
    play(c, 'k1', 'k10');
    assert.deepEqual(c.snapshot.outcome, { winner: 'white', reason: 'checkmate' });
    assert.deepEqual(c.snapshot.end, { result: '1-0', text: 'White wins by checkmate' });
    assert.equal(c.snapshot.dests.size, 0);
    assert.equal(c.move('b8', 'b9').kind, 'illegal');
    assert.ok(!c.playUci('b8b9').ok);
  });

  it('stalemate wins in Wildebeest Chess and draws in Camel Decimal', () => {
    const w = start('wildebeest', 'k10/11/11/11/11/11/11/11/1Q9/5K5 w - - 0 1');
    play(w, 'b2', 'b8');
    assert.deepEqual(w.snapshot.end, { result: '1-0', text: 'Black is stalemated — White wins' });
    const d = start('camel-decimal', 'k9/10/10/10/10/10/10/10/1Q8/5K4 w - - 0 1');
    play(d, 'b2', 'b8');
    assert.deepEqual(d.snapshot.end, { result: '1/2-1/2', text: 'Draw by stalemate' });
  });

  it('bare king (Shatranj Kamil): at once when the baring side keeps two men', () => {
    const c = start('shatranj-kamil', '4k5/10/10/10/10/10/10/R6f2/10/4K3N1 w - - 0 1');
    play(c, 'a3', 'h3');
    assert.deepEqual(c.snapshot.end, { result: '1-0', text: 'Black is bared — White wins' });
  });

  it('bare king after the bared side’s move, and the counter-bare draw', () => {
    const lone = start('shatranj-kamil', '4k5/10/10/10/10/10/10/R6f2/10/4K5 w - - 0 1');
    play(lone, 'a3', 'h3');
    assert.equal(lone.snapshot.outcome, undefined, 'Black may still take the last man back');
    play(lone, 'e10', 'e9');
    assert.deepEqual(lone.snapshot.end, { result: '1-0', text: 'Black is bared — White wins' });
    const counter = start('shatranj-kamil', '10/10/10/10/10/10/7k2/R6f2/10/4K5 w - - 0 1');
    play(counter, 'a3', 'h3');
    play(counter, 'h4', 'h3');
    assert.equal(counter.snapshot.outcome?.reason, 'counter-bare');
    assert.equal(counter.snapshot.end?.result, '1/2-1/2');
  });

  it('marriage and taming win at once in Bachelor Kamil', () => {
    const m = start('bachelor-kamil', '4k4/9/9/9/9/9/Q8/4K4 w - - 0 1');
    play(m, 'a2', 'd2');
    assert.deepEqual(m.snapshot.end, { result: '1-0', text: 'White wins by marriage: King next to Queen' });
    const t = start('bachelor-kamil', '4k4/9/9/9/9/9/9/W3K4 w - - 0 1');
    play(t, 'a1', 'd2');
    assert.deepEqual(t.snapshot.end, { result: '1-0', text: 'White wins by taming: King next to Gnu' });
  });

  it('delayed marriage waits for the start of the next turn', () => {
    const c = start('bachelor-kamil', '4k4/9/9/9/9/9/Q8/4K4 w - - 0 1', { marriageMode: 'delayed' });
    play(c, 'a2', 'd2');
    assert.equal(c.snapshot.outcome, undefined);
    play(c, 'e8', 'e7');
    assert.deepEqual(c.snapshot.end, { result: '1-0', text: 'White wins by marriage: King next to Queen' });
  });

  it('draw by repetition', () => {
    const c = start('wildebeest');
    for (let i = 0; i < 2; i++) {
      play(c, 'b1', 'c3');
      play(c, 'b10', 'c8');
      play(c, 'c3', 'b1');
      play(c, 'c8', 'b10');
    }
    assert.deepEqual(c.snapshot.end, { result: '1/2-1/2', text: 'Draw by threefold repetition' });
  });
});

describe('FEN and PGN', () => {
  it('starts a game from a FEN; a bad FEN is an error and changes nothing', () => {
    const c = start('wildebeest');
    play(c, 'f2', 'f4');
    const before = c.snapshot.fen;
    const bad = GameController.fromFen(c.settings, 'rnccwkqbbnr/ppppppppppp/11/11 w');
    assert.ok(!bad.ok);
    assert.match(bad.error, /^FEN: .*ranks/);
    assert.ok(!GameController.fromFen(c.settings, '').ok);
    const wrongPiece = GameController.fromFen(
      c.settings,
      'rnccwkqbbnr/ppppppppppp/11/11/11/11/11/11/PPPPPPPPPPP/RNBBQKWCCNX w - - 0 1',
    );
    assert.ok(!wrongPiece.ok);
    assert.match(wrongPiece.error, /'X'/);
    assert.equal(c.snapshot.fen, before);
    const good = GameController.fromFen(c.settings, 'k10/11/1K9/11/11/11/11/11/11/10R w - - 0 1');
    assert.ok(good.ok);
    assert.equal(good.value.history.length, 0);
    assert.equal(good.value.settings.variantId, 'wildebeest');
  });

  it('exports PGN with SAN and reads it back', () => {
    const c = start('wildebeest');
    play(c, 'f2', 'f5');
    play(c, 'e9', 'e6');
    play(c, 'f5', 'e6');
    const pgn = c.pgn();
    assert.match(pgn, /\[Variant "wildebeest"\]/);
    assert.match(pgn, /1\. f5 e6 2\. fxe6/);
    const back = GameController.fromPgn(settings('camel-decimal'), pgn);
    assert.ok(back.ok, back.ok ? '' : back.error);
    assert.equal(back.value.settings.variantId, 'wildebeest');
    assert.equal(back.value.snapshot.fen, c.snapshot.fen);
    assert.deepEqual(
      back.value.history.map((m) => m.san),
      ['f5', 'e6', 'fxe6'],
    );
  });

  it('reads a PGN with a FEN start and the delayed marriage option', () => {
    const c = start('bachelor-kamil', '4k4/9/9/9/9/9/Q8/4K4 w - - 0 1', { marriageMode: 'delayed' });
    play(c, 'a2', 'd2');
    const back = GameController.fromPgn(settings('wildebeest'), c.pgn());
    assert.ok(back.ok, back.ok ? '' : back.error);
    assert.equal(back.value.settings.variantId, 'bachelor-kamil');
    assert.equal(back.value.settings.marriageMode, 'delayed');
    assert.equal(back.value.startFen, '4k4/9/9/9/9/9/Q8/4K4 w - - 0 1');
    assert.equal(back.value.snapshot.outcome, undefined);
  });

  it('reports PGN errors (illegal move, unknown variant) and names the move', () => {
    const illegal = GameController.fromPgn(settings('wildebeest'), '[Variant "wildebeest"]\n\n1. f5 e6 2. Qz9 *');
    assert.ok(!illegal.ok);
    assert.match(illegal.error, /^PGN: /);
    assert.match(illegal.error, /Qz9/);
    const unknown = GameController.fromPgn(settings('wildebeest'), '[Variant "crazyhouse"]\n\n1. e4 *');
    assert.ok(!unknown.ok);
    assert.ok(!GameController.fromPgn(settings('wildebeest'), '   ').ok);
  });

  it('keeps the game in a record that survives serialization', () => {
    const c = start('shatranj-kamil-2', undefined, { mode: 'engine', humanColor: 'black', level: 6 });
    assert.ok(c.playUci('e2e3').ok);
    play(c, 'e9', 'e8');
    const saved = parseGame(serializeGame(c.record()));
    assert.ok(saved);
    const back = GameController.fromRecord(saved);
    assert.ok(back.ok);
    assert.equal(back.value.snapshot.fen, c.snapshot.fen);
    assert.deepEqual(back.value.settings, c.settings);
    assert.equal(parseGame('{"v":1,"settings":{},"moves":[]}'), undefined);
    assert.equal(parseGame('not json'), undefined);
    assert.equal(parseGame(null), undefined);
    const broken = { ...c.record(), moves: ['e2e3', 'zz'] };
    assert.ok(!GameController.fromRecord(broken).ok);
    assert.deepEqual(parsePrefs('{"coordinates":false}'), { ...DEFAULT_PREFS, coordinates: false });
    assert.deepEqual(parsePrefs('[1]'), DEFAULT_PREFS);
  });

  it('changes mode, colour and level without losing the moves', () => {
    const c = start('wildebeest');
    play(c, 'f2', 'f4');
    const e = c.withSettings({ mode: 'engine', humanColor: 'white', level: 2 });
    assert.ok(e.ok);
    assert.equal(e.value.snapshot.fen, c.snapshot.fen);
    assert.ok(e.value.snapshot.engineToMove);
  });
});

describe('one trip per click (issue 10, item 4)', () => {
  /**
   * Count the rules library's legal-move lists (Game.legalMoves, the generator behind every
   * destination, outcome and lookup the controller answers) while `act` runs. The real method is
   * wrapped and still called.
   */
  function countLegalMoveLists(act: () => void): number {
    const proto = Game.prototype as { legalMoves: Game['legalMoves'] };
    const real = proto.legalMoves;
    let calls = 0;
    proto.legalMoves = function (this: Game) {
      calls++;
      return real.call(this);
    };
    try {
      act();
    } finally {
      proto.legalMoves = real;
    }
    return calls;
  }

  /** Everything the play page reads after a click (see web/src/ui/play.ts update()). */
  function readLikeThePage(c: GameController): void {
    for (let i = 0; i < 3; i++) {
      const s = c.snapshot;
      void [s.dests, s.turn, s.liveTurn, s.check, s.end, s.outcome, s.movable, s.premove, s.humanToMove];
      void [s.engineToMove, s.lastMove?.san, s.moves.length, s.fen];
      void wantedJob(c, { analysis: true, seed: 1 });
    }
    c.record();
  }

  it('a board move asks the rules for the legal moves once, however often the page reads', () => {
    const c = start('wildebeest');
    readLikeThePage(c);
    assert.equal(
      countLegalMoveLists(() => {
        play(c, 'f2', 'f4');
        readLikeThePage(c);
      }),
      1,
    );
    assert.equal(c.snapshot.lastMove?.san, 'f4');
    assert.equal(c.snapshot.turn, 'black');
  });

  it('the computer’s move (UCI) and a takeback each cost one list; navigation costs none', () => {
    const c = start('camel-decimal', undefined, { mode: 'engine', humanColor: 'white' });
    play(c, 'e3', 'e5');
    assert.equal(
      countLegalMoveLists(() => {
        assert.ok(c.playUci('e8e6').ok);
        readLikeThePage(c);
      }),
      1,
    );
    assert.equal(
      countLegalMoveLists(() => {
        c.first();
        readLikeThePage(c);
        c.next();
        readLikeThePage(c);
        c.last();
        readLikeThePage(c);
      }),
      0,
    );
    assert.equal(
      countLegalMoveLists(() => {
        assert.equal(c.takeback(), 2);
        readLikeThePage(c);
      }),
      1,
    );
  });

  it('the side to move comes from the position, also for a FEN with Black to move', () => {
    const c = start('wildebeest', 'k10/11/1K9/11/11/11/11/11/11/10R b - - 0 7');
    assert.equal(c.snapshot.turn, 'black');
    assert.equal(c.snapshot.startTurn, 'black');
    assert.equal(c.snapshot.startFullmove, 7);
    play(c, 'a10', 'b10');
    assert.equal(c.snapshot.turn, 'white');
    assert.equal(c.snapshot.moves[0]?.turn, 'white');
  });
});

describe('engine jobs', () => {
  const wishes = { analysis: false, seed: 100 };

  it('asks for the computer’s move with the level and the game’s moves, and keeps it while still wanted', () => {
    const c = start('wildebeest', undefined, { mode: 'engine', humanColor: 'black', level: 3 });
    const job = wantedJob(c, wishes);
    assert.equal(job?.kind, 'move');
    assert.deepEqual(job?.request.limits, { level: 3 });
    assert.equal(job?.request.seed, 100);
    assert.equal(job?.request.pvNotation, 'san');
    assert.equal(job?.turn, 'white');
    c.first(); // looking back while the computer thinks changes nothing
    assert.ok(sameJob(job, wantedJob(c, wishes)));
    assert.ok(c.playUci('f2f4').ok);
    assert.equal(wantedJob(c, wishes), undefined, 'the human is to move and analysis is off');
  });

  it('analyses the ply shown, and a new position is a new job', () => {
    const c = start('wildebeest');
    play(c, 'f2', 'f4');
    const live = wantedJob(c, { ...wishes, analysis: true });
    assert.equal(live?.kind, 'analyse');
    assert.deepEqual(live?.request.moves, ['f2f4']);
    c.prev();
    const earlier = wantedJob(c, { ...wishes, analysis: true });
    assert.deepEqual(earlier?.request.moves, []);
    assert.equal(earlier?.turn, 'white');
    assert.ok(!sameJob(live, earlier));
    c.next();
    assert.ok(sameJob(live, wantedJob(c, { ...wishes, analysis: true })));
    assert.equal(c.takeback(), 1);
    play(c, 'f2', 'f4');
    assert.ok(!sameJob(live, wantedJob(c, { ...wishes, analysis: true })), 'same moves, but a new position');
  });

  it('does not analyse a finished game at its end', () => {
    const c = start('wildebeest', 'k10/11/1K9/11/11/11/11/11/11/10R w - - 0 1');
    play(c, 'k1', 'k10');
    assert.equal(wantedJob(c, { ...wishes, analysis: true }), undefined);
    c.prev();
    assert.equal(wantedJob(c, { ...wishes, analysis: true })?.kind, 'analyse');
  });
});

describe('fixes found by the newcomer test (issue 13)', () => {
  it('1: playing Black, the computer’s first move alone is not taken back (the button is off)', () => {
    const c = start('wildebeest', undefined, { mode: 'engine', humanColor: 'black' });
    assert.ok(c.playUci('f2f4').ok);
    assert.equal(c.snapshot.canTakeBack, false);
    assert.equal(c.takeback(), 0, 'undoing it would only make the computer play again');
    assert.equal(c.history.length, 1);
    play(c, 'f9', 'f7');
    assert.ok(c.playUci('g2g4').ok);
    assert.equal(c.snapshot.canTakeBack, true);
    assert.equal(c.takeback(), 2);
    assert.deepEqual(
      c.history.map((m) => m.uci),
      ['f2f4'],
    );
    assert.ok(!start('wildebeest').snapshot.canTakeBack, 'nothing played: nothing to take back');
  });

  it('2: a FEN error names the FEN once', () => {
    const few = GameController.fromFen(settings('wildebeest'), 'k10/11/1K9');
    assert.ok(!few.ok);
    assert.match(few.error, /^FEN needs 2 to 6 fields/);
    const ranks = GameController.fromFen(settings('wildebeest'), 'k10/11/1K9 w - - 0 1');
    assert.ok(!ranks.ok);
    assert.match(ranks.error, /^FEN: placement has 3 ranks/);
  });

  /** Type a move; the SAN of the move played. */
  function typed(c: GameController, text: string): string {
    const r = c.playSan(text);
    if (!r.ok) assert.fail(`${text}: ${r.error}`);
    return r.value.san;
  }

  it('5: typed moves are read without regard to case when only one move fits', () => {
    const c = start('wildebeest');
    assert.equal(typed(c, 'nc3'), 'Nc3');
    assert.equal(typed(c, 'NC8'), 'Nc8');
    const bk = start('bachelor-kamil', 'r3k3r/9/9/9/9/9/9/R3K3R w KQkq - 0 1');
    assert.equal(typed(bk, 'o-o'), 'O-O');
    assert.equal(typed(bk, '0-0-0'), 'O-O-O');
    // Black pawn b4 and bishop e5 both take on c3: lower-case SAN is the pawn, as SAN says;
    // all capitals could be either, so nothing is played and both are named.
    const pawnOrBishop = '4k4/9/9/4b4/1p7/2N6/9/4K4 b - - 0 1';
    const either = start('bachelor-kamil', pawnOrBishop);
    const r = either.playSan('BXC3');
    assert.ok(!r.ok);
    assert.match(r.error, /could be bxc3 or Bxc3\+/);
    assert.equal(either.history.length, 0);
    assert.equal(typed(either, 'bxc3'), 'bxc3');
    assert.ok(!start('wildebeest').playSan('qz9').ok);
  });
});
