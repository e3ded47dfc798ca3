/**
 * The UCI state machine driven line by line, with the real engine searching on this thread
 * (InlineSearcher), so every reply is deterministic and immediate.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Game } from '../../src/core/game.js';
import { unwrap } from '../../src/core/result.js';
import { createEngine } from '../../src/engine/index.js';
import { parseUciMove } from '../../src/notation/uci.js';
import { InlineSearcher } from '../../src/protocol/searcher.js';
import { parseGo, parseSetOption, UciSession, withOverhead } from '../../src/protocol/uci.js';
import { findVariant, VARIANT_IDS } from '../../src/variants/index.js';

function session(): { s: UciSession; lines: string[]; send: (line: string) => string[] } {
  const lines: string[] = [];
  const s = new UciSession(new InlineSearcher(createEngine(1)), (l) => lines.push(l));
  const send = (line: string): string[] => {
    const from = lines.length;
    s.handle(line);
    return lines.slice(from);
  };
  return { s, lines, send };
}

describe('UCI session', () => {
  it('identifies itself with every variant in the UCI_Variant combo', () => {
    const { send } = session();
    const out = send('uci');
    assert.match(out[0] as string, /^id name Caravan /);
    assert.match(out[1] as string, /^id author /);
    const variant = out.find((l) => l.startsWith('option name UCI_Variant '))!;
    assert.match(variant, /type combo default wildebeest/);
    for (const id of VARIANT_IDS) assert.ok(variant.includes(` var ${id}`), id);
    assert.ok(out.some((l) => /^option name Hash type spin default 16 min 1 max \d+$/.test(l)));
    assert.ok(out.some((l) => l === 'option name UCI_Marriage type combo default immediate var immediate var delayed'));
    assert.equal(out[out.length - 1], 'uciok');
    assert.deepEqual(send('isready'), ['readyok']);
  });

  it('announces a variant change like Fairy-Stockfish and resets the position', () => {
    const { s, send } = session();
    send('position startpos moves f2f4');
    const out = send('setoption name UCI_Variant value camel-decimal');
    const def = findVariant('camel-decimal')!;
    assert.deepEqual(out, [`info string variant camel-decimal files 10 ranks 10 startpos ${def.startFen}`]);
    assert.equal(s.snapshot().fen, def.startFen);
    assert.deepEqual(s.snapshot().moves, []);
  });

  it('rejects unknown variants, options and values without changing anything', () => {
    const { s, send } = session();
    send('position startpos moves f2f4');
    const before = s.snapshot();
    assert.match(
      send('setoption name UCI_Variant value xiangqi')[0] as string,
      /^info string error unknown variant 'xiangqi'/,
    );
    assert.match(
      send('setoption name Frobnicate value 3')[0] as string,
      /^info string error unknown option: Frobnicate/,
    );
    assert.match(send('setoption name Hash value lots')[0] as string, /^info string error Hash must be/);
    assert.match(send('setoption name Level value 9')[0] as string, /^info string error Level must be/);
    assert.match(send('setoption value 3')[0] as string, /^info string error malformed setoption/);
    assert.deepEqual(s.snapshot(), before);
  });

  it('keeps the old position on a bad FEN or an illegal move in the list', () => {
    const { s, send } = session();
    send('position startpos moves f2f4 f9f7');
    const before = s.snapshot();
    assert.match(
      send('position fen nonsense w - - 0 1')[0] as string,
      /^info string error bad FEN: .*position unchanged$/,
    );
    assert.match(
      send('position startpos moves f2f4 f2f4')[0] as string,
      /^info string error illegal move f2f4: .*position unchanged$/,
    );
    assert.match(send('position startpos moves f2f4 zz')[0] as string, /^info string error illegal move zz/);
    assert.match(send('position sideways')[0] as string, /^info string error malformed position/);
    assert.deepEqual(s.snapshot(), before);
  });

  it('answers garbage with an error and keeps working', () => {
    const { send } = session();
    assert.deepEqual(send('xyzzy 42'), ['info string error unknown command: xyzzy 42']);
    assert.deepEqual(send(''), []);
    assert.deepEqual(send('isready'), ['readyok']);
  });

  it('go depth returns a legal move with info lines', () => {
    const { send } = session();
    send('setoption name UCI_Variant value shatranj-kamil');
    send('position startpos moves e2e3');
    const out = send('go depth 2');
    const info = out.filter((l) => l.startsWith('info depth'));
    assert.ok(info.length >= 1);
    assert.match(
      info[info.length - 1] as string,
      /^info depth \d+ seldepth \d+ score (cp|mate) -?\d+ nodes \d+ nps \d+ time \d+ pv \S+/,
    );
    const best = /^bestmove (\S+)/.exec(out[out.length - 1] as string);
    assert.ok(best, out.join('\n'));
    const game = unwrap(Game.create(findVariant('shatranj-kamil')!));
    game.play((parseUciMove(game.position, 'e2e3') as { value: number }).value);
    assert.ok(parseUciMove(game.position, best[1] as string).ok, `${best[1]} is not legal`);
  });

  it('answers bestmove (none) in a finished game', () => {
    const { send } = session();
    send('setoption name UCI_Variant value chess');
    send('position startpos moves f2f3 e7e5 g2g4 d8h4');
    const out = send('go depth 3');
    assert.deepEqual(out, ['info string game over: Black wins by checkmate', 'bestmove (none)']);
  });

  it('plays Bachelor Kamil under the delayed marriage option', () => {
    const { s, send } = session();
    send('setoption name UCI_Variant value bachelor-kamil');
    send('setoption name UCI_Marriage value delayed');
    assert.equal(s.variant().end.marriage?.mode, 'delayed');
    assert.match(send('setoption name UCI_Marriage value sometimes')[0] as string, /^info string error/);
    assert.equal(s.variant().end.marriage?.mode, 'delayed');
  });
});

describe('UCI Move Overhead', () => {
  it('is an option and comes off the clocks and movetime', () => {
    const { s, send } = session();
    assert.ok(send('uci').includes('option name Move Overhead type spin default 0 min 0 max 5000'));
    assert.deepEqual(send('setoption name Move Overhead value 150'), []);
    assert.equal(s.snapshot().moveOverheadMs, 150);
    assert.match(send('setoption name Move Overhead value -1')[0] as string, /^info string error Move Overhead/);
    assert.equal(s.snapshot().moveOverheadMs, 150);
    assert.deepEqual(withOverhead({ wtime: 1000, btime: 100, winc: 50, movetime: 500 }, 150), {
      wtime: 850,
      btime: 1,
      winc: 50,
      movetime: 350,
    });
    assert.deepEqual(withOverhead({ depth: 3 }, 150), { depth: 3 });
  });
});

describe('UCI: every go is answered by exactly one bestmove (issue 14 item 3)', () => {
  for (const go of ['go depth 0', 'go movetime 0', 'go depth', 'go depth 2 foo', 'go nodes 1.5', 'go banana']) {
    it(go, () => {
      const { send } = session();
      send('position startpos');
      const out = send(go);
      assert.ok(
        out.some((l) => l.startsWith('info string error')),
        `${go}: the bad word is reported`,
      );
      const best = out.filter((l) => l.startsWith('bestmove'));
      assert.equal(best.length, 1, `${go}: ${out.join(' | ')}`);
      assert.match(best[0] as string, /^bestmove [a-k]\d+[a-k]\d+/);
    });
  }
});

describe('UCI parsing helpers', () => {
  it('setoption names may contain spaces', () => {
    assert.deepEqual(parseSetOption(['name', 'Skill', 'Level', 'value', '3']), { name: 'Skill Level', value: '3' });
    assert.deepEqual(parseSetOption(['name', 'Clear', 'Hash']), { name: 'Clear Hash', value: '' });
    assert.equal(parseSetOption(['value', '3']), undefined);
  });

  it('go limits', () => {
    assert.deepEqual(parseGo(['wtime', '1000', 'btime', '2000', 'winc', '10', 'binc', '10', 'movestogo', '5']), {
      limits: { wtime: 1000, btime: 2000, winc: 10, binc: 10, movestogo: 5 },
      waitForStop: false,
      ignored: [],
      warnings: [],
    });
    assert.deepEqual(parseGo(['infinite']), {
      limits: { infinite: true },
      waitForStop: true,
      ignored: [],
      warnings: [],
    });
    const negative = parseGo(['wtime', '-50', 'btime', '10']);
    assert.deepEqual(negative.limits, { wtime: 0, btime: 10 });
    const sm = parseGo(['searchmoves', 'e2e4', 'd2d4', 'depth', '3']);
    assert.deepEqual(sm.limits, { depth: 3 });
    assert.deepEqual(sm.ignored, ['searchmoves']);
    assert.deepEqual(parseGo([]).limits, {}, 'a bare go searches until stop');
  });

  it('a bad go word is reported and ignored, never refusing the search (issue 14 item 3)', () => {
    const cases: Array<[string, object]> = [
      ['depth 0', { depth: 1 }],
      ['movetime 0', { movetime: 1 }],
      ['nodes -5', { nodes: 1 }],
      ['depth', { depth: 1 }],
      ['depth 2 foo', { depth: 2 }],
      ['nodes 1.5', { depth: 1 }],
      ['banana', { depth: 1 }],
      ['depth x movetime 30', { movetime: 30 }],
      [`movetime ${'9'.repeat(1000)}`, { movetime: 1e12 }],
    ];
    for (const [text, limits] of cases) {
      const go = parseGo(text.split(' '));
      assert.deepEqual(go.limits, limits, text);
      assert.ok(go.warnings.length > 0, `${text}: a warning says what was wrong`);
      for (const w of go.warnings) assert.ok(w.length < 120, `${text}: the warning quotes an excerpt: ${w}`);
    }
  });
});

describe('UCI MultiPV', () => {
  it('offers MultiPV 1 by default and then reports that many lines per depth, numbered', () => {
    const { send } = session();
    assert.ok(send('uci').includes('option name MultiPV type spin default 1 min 1 max 16'));
    send('position startpos');
    const single = send('go depth 3');
    assert.ok(single.filter((l) => l.startsWith('info depth')).every((l) => !l.includes(' multipv ')));
    assert.deepEqual(send('setoption name MultiPV value 3'), []);
    const out = send('go depth 3');
    const depth3 = out.filter((l) => l.startsWith('info depth 3 '));
    assert.deepEqual(
      depth3.map((l) => / multipv (\d+) /.exec(l)?.[1]),
      ['1', '2', '3'],
    );
    const firstMoves = depth3.map((l) => / pv (\S+)/.exec(l)?.[1]);
    assert.equal(new Set(firstMoves).size, 3, 'three different first moves');
    assert.equal(out[out.length - 1]!.split(' ')[1], firstMoves[0], 'bestmove is line 1');
  });

  it('offers Contempt: a draw counts that many centipawns against the engine, negative seeks draws', () => {
    const { send } = session();
    assert.ok(send('uci').includes('option name Contempt type spin default 12 min -100 max 100'));
    send('setoption name UCI_Variant value camel-decimal');
    // A rook up, but every move draws by the 50-move rule: the score is the draw's worth.
    send('position fen k9/10/10/10/10/10/10/10/10/4K4R w - - 99 80');
    const lastScore = (out: string[]) =>
      / score (cp -?\d+)/.exec(out.filter((l) => l.startsWith('info depth')).at(-1)!)?.[1];
    assert.equal(lastScore(send('go depth 3')), 'cp -12');
    assert.deepEqual(send('setoption name Contempt value -30'), []);
    assert.equal(lastScore(send('go depth 3')), 'cp 30');
    assert.match(send('setoption name Contempt value 101')[0] as string, /^info string error Contempt must be/);
    assert.match(send('setoption name Contempt value -x')[0] as string, /^info string error Contempt must be/);
    assert.equal(lastScore(send('go depth 3')), 'cp 30', 'a rejected value changes nothing');
  });

  it('rejects a MultiPV outside 1–16', () => {
    const { send } = session();
    assert.match(send('setoption name MultiPV value 0')[0] as string, /^info string error MultiPV must be/);
    assert.match(send('setoption name MultiPV value x')[0] as string, /^info string error MultiPV must be/);
  });
});
