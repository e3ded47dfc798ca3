/**
 * The XBoard state machine driven line by line, with the real engine searching on this thread
 * (InlineSearcher): the engine's move comes out during the `handle` call that triggers it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Game } from '../../src/core/game.js';
import { unwrap } from '../../src/core/result.js';
import { createEngine } from '../../src/engine/index.js';
import { parseUciMove } from '../../src/notation/uci.js';
import { InlineSearcher } from '../../src/protocol/searcher.js';
import { parseLevel, XboardSession, xboardScore } from '../../src/protocol/xboard.js';
import { fromXboardSquares, xboardVariantNames, xboardVariantSetup } from '../../src/protocol/xboard-variants.js';
import { findVariant } from '../../src/variants/index.js';

function session(): { s: XboardSession; send: (line: string) => string[]; quits: () => number } {
  const lines: string[] = [];
  let quits = 0;
  const s = new XboardSession(
    new InlineSearcher(createEngine(1)),
    (l) => lines.push(l),
    () => quits++,
  );
  const send = (line: string): string[] => {
    const from = lines.length;
    s.handle(line);
    return lines.slice(from);
  };
  return { s, send, quits: () => quits };
}

describe('XBoard session', () => {
  it('announces every variant in the first feature line', () => {
    const { send } = session();
    assert.deepEqual(send('xboard'), []);
    const out = send('protover 2');
    const m = /variants="([^"]+)"/.exec(out[0] as string);
    assert.ok(m);
    assert.deepEqual(m[1]!.split(','), xboardVariantNames());
    for (const f of ['ping=1', 'setboard=1', 'usermove=1', 'san=0', 'sigint=0', 'sigterm=0', 'colors=0', 'analyze=1']) {
      assert.ok(out[0]!.includes(f), f);
    }
    assert.match(out[0] as string, /myname="Caravan /);
    assert.equal(out[out.length - 1], 'feature done=1');
  });

  it('sends setup and piece commands after variant; accepts canonical ids too', () => {
    const { s, send } = session();
    send('new');
    const def = findVariant('shatranj-kamil')!;
    assert.deepEqual(send('variant kamil10'), xboardVariantSetup(def));
    assert.equal(s.snapshot().fen, def.startFen);
    send('new');
    assert.deepEqual(send('variant camel-decimal'), xboardVariantSetup(findVariant('camel-decimal')!));
    assert.deepEqual(send('variant xiangqi'), ['Error (unknown variant): variant xiangqi']);
    assert.equal(s.snapshot().variant, 'camel-decimal');
  });

  it('reads and writes ranks from 0 on 10-rank boards', () => {
    const { s, send } = session();
    send('new');
    send('variant kamil10');
    send('force');
    assert.deepEqual(send('usermove e1e2'), []); // Caravan's e2e3
    assert.equal(s.snapshot().fen, 'rnedkfdenr/pppppppppp/10/10/10/10/10/4P5/PPPP1PPPPP/RNEDKFDENR b - - 0 1');
    send('sd 2');
    const out = send('go');
    const move = /^move (\S+)$/.exec(out[out.length - 1] as string);
    assert.ok(move, out.join('\n'));
    const def = findVariant('shatranj-kamil')!;
    const game = unwrap(Game.create(def, 'rnedkfdenr/pppppppppp/10/10/10/10/10/4P5/PPPP1PPPPP/RNEDKFDENR b - - 0 1'));
    const caravanText = fromXboardSquares(def, move[1] as string);
    assert.ok(caravanText && parseUciMove(game.position, caravanText).ok, `${move[1]} is not a legal black move`);
  });

  it('rejects illegal and malformed moves and keeps the position', () => {
    const { s, send } = session();
    send('new');
    send('force');
    const before = s.snapshot().fen;
    assert.deepEqual(send('usermove e2e5'), ['Illegal move: e2e5']);
    assert.deepEqual(send('usermove hello'), ['Illegal move: hello']);
    assert.deepEqual(send('e7e5'), ['Illegal move: e7e5']);
    assert.equal(s.snapshot().fen, before);
    assert.deepEqual(send('e2e4'), []); // a bare move is accepted too
    assert.notEqual(s.snapshot().fen, before);
  });

  it('answers unknown commands and bad arguments with Error and carries on', () => {
    const { send } = session();
    assert.deepEqual(send('frobnicate now'), ['Error (unknown command): frobnicate now']);
    assert.match(send('level 40 x 0')[0] as string, /^Error \(bad level/);
    assert.match(send('sd -3')[0] as string, /^Error \(bad sd/);
    assert.match(send('setboard not a fen')[0] as string, /^Error \(bad FEN: .*\): setboard not a fen$/);
    assert.deepEqual(send('ping 7'), ['pong 7']);
  });

  it('reads the short FENs XBoard sends for variants without castling', () => {
    const { s, send } = session();
    send('new');
    send('variant kamil10');
    send('force');
    const def = findVariant('shatranj-kamil')!;
    assert.deepEqual(send('setboard rnedkfdenr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNEDKFDENR w 0 1'), []);
    assert.equal(s.snapshot().fen, def.startFen);
    assert.deepEqual(send('setboard rnedkfdenr/pppppppppp/10/10/10/10/10/4P5/PPPP1PPPPP/RNEDKFDENR b - 0 1'), []);
    assert.equal(s.snapshot().fen, 'rnedkfdenr/pppppppppp/10/10/10/10/10/4P5/PPPP1PPPPP/RNEDKFDENR b - - 0 1');
  });

  it('undo and remove take moves back; too many is an error', () => {
    const { s, send } = session();
    send('new');
    send('force');
    const start = s.snapshot().fen;
    send('usermove e2e4');
    send('usermove e7e5');
    const after1 = s.snapshot().fen;
    send('usermove g1f3');
    send('undo');
    assert.equal(s.snapshot().fen, after1);
    send('remove');
    assert.equal(s.snapshot().fen, start);
    assert.deepEqual(send('undo'), ['Error (command not legal now): undo']);
  });

  it('announces the end of the game with the reason', () => {
    const { send } = session();
    send('new');
    send('force');
    send('f2f3');
    send('e7e5');
    send('g2g4');
    assert.deepEqual(send('d8h4'), ['0-1 {Black wins by checkmate}']);
    assert.deepEqual(send('e2e4'), ['Illegal move (game over): e2e4']);
  });

  it('reports a bare king in Shatranj Kamil set up by setboard', () => {
    const { send } = session();
    send('new');
    send('variant kamil10');
    send('force');
    // White takes Black's last man: Black is bare and White keeps two men.
    send('setboard 4k5/10/10/10/10/10/4r5/10/4R5/F3K5 w - - 0 1');
    assert.deepEqual(send('usermove e1e3'), ['1-0 {Black is bared — White wins}']);
  });

  it('plays the engine side after a user move when not in force mode', () => {
    const { send } = session();
    send('new');
    send('variant bachelorkamil');
    send('sd 1');
    const out = send('usermove e2e4');
    assert.ok(
      out.some((l) => /^move \S+$/.test(l)),
      out.join('\n'),
    );
  });

  it('thinking output uses xboard units and mate scores', () => {
    assert.equal(xboardScore({ kind: 'cp', value: -35 }), -35);
    assert.equal(xboardScore({ kind: 'mate', value: 3 }), 100003);
    assert.equal(xboardScore({ kind: 'mate', value: -2 }), -100002);
    const { send } = session();
    send('new');
    send('post');
    send('sd 2');
    const out = send('go');
    assert.ok(
      out.some((l) => /^\d+ -?\d+ \d+ \d+ \S+/.test(l)),
      out.join('\n'),
    );
  });

  it('takes the Contempt option it announces, and rejects values outside -100…100', () => {
    const { send } = session();
    send('xboard');
    assert.ok(send('protover 2').includes('feature option="Contempt -spin 12 -100 100"'));
    assert.deepEqual(send('option Contempt=-30'), []);
    assert.match(send('option Contempt=500')[0] as string, /^Error \(Contempt must be an integer from -100 to 100\)/);
    send('variant camel-decimal');
    send('setboard k9/10/10/10/10/10/10/10/10/4K4R w - - 99 80');
    send('post');
    send('sd 3');
    // Every move draws by the 50-move rule; thinking lines give the draw's worth, +30 with Contempt −30.
    const thinking = send('go').filter((l) => /^\d+ -?\d+ /.test(l));
    assert.equal(thinking.at(-1)?.split(' ')[1], '30', thinking.join('\n'));
  });

  it('quit is reported to the owner', () => {
    const { send, quits } = session();
    send('quit');
    assert.equal(quits(), 1);
    assert.deepEqual(send('ping 1'), []);
  });
});

describe('XBoard level parsing', () => {
  it('reads minutes, min:sec and fractional increments', () => {
    assert.deepEqual(parseLevel(['40', '5', '0']), { mps: 40, baseMs: 300_000, incMs: 0 });
    assert.deepEqual(parseLevel(['0', '0:10', '0.1']), { mps: 0, baseMs: 10_000, incMs: 100 });
    assert.deepEqual(parseLevel(['0', '2', '12']), { mps: 0, baseMs: 120_000, incMs: 12_000 });
    assert.equal(parseLevel(['0', '2']), undefined);
    assert.equal(parseLevel(['x', '2', '0']), undefined);
  });

  it('refuses seconds past 59 and numbers of a million digits (issue 14 item 9)', () => {
    const million = '9'.repeat(1_000_000);
    assert.equal(parseLevel(['40', '5:99', '0']), undefined);
    assert.equal(parseLevel([million, '5', '0']), undefined);
    assert.equal(parseLevel(['40', million, '0']), undefined);
    assert.equal(parseLevel(['40', '5', million]), undefined);
    assert.equal(parseLevel(['40', `${million}:00`, '0']), undefined);
    const { send } = session();
    for (const bad of [
      'level 40 5:99 0',
      `level ${million} 5 0`,
      `time ${million}`,
      `st ${million}`,
      `sd ${million}`,
    ]) {
      const out = send(bad);
      assert.equal(out.length, 1, bad.slice(0, 20));
      assert.match(out[0] as string, /^Error \(bad (level|time|st|sd)/);
      assert.ok((out[0] as string).length < 200, 'the command is quoted as an excerpt');
    }
  });
});
