/**
 * `caravan xboard` as a real process over stdin/stdout. Waits have generous guards; nothing
 * asserts on timing.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { Game } from '../../src/core/game.js';
import { unwrap } from '../../src/core/result.js';
import { parseUciMove } from '../../src/notation/uci.js';
import {
  fromXboardSquares,
  parseCastlingLegs,
  xboardVariantNames,
  xboardVariantSetup,
} from '../../src/protocol/xboard-variants.js';
import { findVariant } from '../../src/variants/index.js';
import { CLI, CliDriver } from '../helpers/cli-driver.js';

function unwrapOr<T>(r: { ok: true; value: T } | { ok: false }): T | undefined {
  return r.ok ? r.value : undefined;
}

/** Collects every line; `sync` is the XBoard ping/pong round trip. */
class Driver extends CliDriver {
  private pings = 0;
  constructor() {
    super('xboard');
  }
  /** ping/pong: the lines that arrived before the pong. */
  async sync(): Promise<string[]> {
    const n = ++this.pings;
    const from = this.lines.length;
    this.send(`ping ${n}`);
    await this.expect(new RegExp(`^pong ${n}$`));
    return this.lines.slice(from, -1);
  }
  async fen(): Promise<string> {
    this.send('d');
    const line = await this.expect(/^# Fen: /);
    return line.slice('# Fen: '.length);
  }
}

describe('caravan xboard --help', () => {
  it('names the XBoard flags each variant needs and exits 0', () => {
    const text = execFileSync(process.execPath, [CLI, 'xboard', '--help'], { encoding: 'utf8' });
    assert.match(text, /^usage: caravan xboard/);
    // The flags XBoard 4.9.1 needs by the runs of issue 14 item 11 (docs/xboard.md).
    assert.match(text, /wildebeest +-checkMates false -testClaims false/);
    assert.match(text, /bachelorkamil\(r\) +-testClaims false/);
    assert.match(text, /cameldecimal +-testClaims false/);
    assert.match(text, /kamil10, kamil10b none/);
    assert.match(text, /~\/\.xboardrc/);
  });
});

describe('caravan xboard (process)', { timeout: 120_000 }, () => {
  let d: Driver;
  before(() => {
    d = new Driver();
  });
  after(async () => {
    await d.proc.close('quit', 3000);
  });

  it('handshake announces every variant at protover 2', async () => {
    d.send('xboard');
    d.send('protover 2');
    await d.expect(/^feature done=1$/);
    const f = d.lines.find((l) => l.includes('variants="'))!;
    assert.ok(f.includes(`variants="${xboardVariantNames().join(',')}"`), f);
  });

  it('variant sends setup and piece lines; ping is answered', async () => {
    d.send('new');
    d.send('variant kamil10');
    const lines = await d.sync();
    assert.deepEqual(lines, xboardVariantSetup(findVariant('shatranj-kamil')!));
  });

  it('translates 10-rank move text, rejects illegal moves, undoes', async () => {
    d.send('force');
    d.send('usermove e1e2');
    assert.deepEqual(await d.sync(), []);
    assert.equal(await d.fen(), 'rnedkfdenr/pppppppppp/10/10/10/10/10/4P5/PPPP1PPPPP/RNEDKFDENR b - - 0 1');
    d.send('usermove e8e5');
    assert.deepEqual(await d.sync(), ['Illegal move: e8e5']);
    d.send('usermove e9e10');
    assert.deepEqual(await d.sync(), ['Illegal move: e9e10']);
    d.send('bogus command');
    assert.deepEqual(await d.sync(), ['Error (unknown command): bogus command']);
    d.send('undo');
    assert.equal(await d.fen(), findVariant('shatranj-kamil')!.startFen);
  });

  it('? makes the engine move now, and a ping sent while it thinks is answered after the move', async () => {
    d.send('new');
    d.send('variant cameldecimal');
    d.send('level 0 30 0');
    d.send('post');
    await d.sync();
    const from = d.lines.length;
    d.send('go');
    await d.expect(/^\d+ -?\d+ \d+ \d+/); // thinking output: the search is running
    d.send('?');
    d.send('ping 99');
    await d.expect(/^pong 99$/);
    const after = d.lines.slice(from);
    const moveAt = after.findIndex((l) => l.startsWith('move '));
    assert.ok(moveAt >= 0 && moveAt < after.indexOf('pong 99'), after.join('\n'));
    d.send('force');
    d.send('nopost');
    await d.sync();
  });

  it('analyze: thinks without moving, follows entered moves and undo, until exit', async () => {
    const def = findVariant('camel-decimal')!;
    const game = unwrap(Game.create(def));
    const thinking = /^(\d+) -?\d+ \d+ \d+ (\S+)/;
    /** The first PV move of a thinking line is legal in the game's current position. */
    const pvFits = (line: string): boolean => {
      const text = fromXboardSquares(def, thinking.exec(line)?.[2] ?? '');
      return text !== undefined && parseUciMove(game.position, text).ok;
    };
    d.send('new');
    d.send('variant cameldecimal');
    d.send('force');
    d.send('nopost'); // analyze mode prints thinking output anyway
    await d.sync();
    let from = d.lines.length;
    d.send('analyze');
    const first = await d.nth(thinking, 1, from);
    assert.ok(pvFits(first), first);
    // A move entered: the analysis starts again (from depth 1) on the new position, Black to move.
    from = d.lines.length;
    d.send('usermove e2e3'); // Caravan's e3e4
    game.play(unwrap(parseUciMove(game.position, 'e3e4')));
    const afterMove = await d.nth(/^1 -?\d+ \d+ \d+ /, 1, from);
    assert.ok(pvFits(afterMove), `${afterMove} should start with a black move`);
    from = d.lines.length;
    d.send('undo');
    game.undo();
    const afterUndo = await d.nth(/^1 -?\d+ \d+ \d+ /, 1, from);
    assert.ok(pvFits(afterUndo), `${afterUndo} should start with a white move`);
    // A ping during the analysis is answered; the analysis goes on.
    d.send('ping 70');
    await d.expect(/^pong 70$/);
    from = d.lines.length;
    await d.nth(thinking, 1, from);
    // exit: no more analysis, no move, even after a move is entered.
    d.send('exit');
    await d.sync();
    d.send('usermove e2e3');
    await d.sync();
    from = d.lines.length;
    await d.sync();
    assert.deepEqual(
      d.lines.slice(from).filter((l) => thinking.test(l) || l.startsWith('move ')),
      [],
    );
    assert.equal(await d.fen(), 'c8c/1rnbqkbnr1/1pppppppp1/10/10/10/4P5/1PPP1PPPP1/1RNBQKBNR1/C8C b KQkq - 0 1');
    d.send('new');
    await d.sync();
  });

  it('analyze: commands that arrive in the same read as analyze are answered (issue 14 item 4)', async () => {
    d.send('new');
    d.send('force');
    await d.sync();
    d.send('analyze\nping 55'); // one write, one read
    await d.expect(/^pong 55$/);
    // exit and a new analyze together with a ping: the restarted analysis does not hold the ping.
    d.send('exit\nanalyze\nping 56');
    await d.expect(/^pong 56$/);
    d.send('exit');
    d.send('new');
    await d.sync();
  });

  it('setboard with 150 000 e.p. squares is refused, not a crash (issue 14 item 1)', async () => {
    d.send('new');
    d.send('force');
    d.send(`setboard k7/8/8/3Pp3/8/8/8/K7 w - ${'e6'.repeat(150_000)} 0 1`);
    const error = await d.expect(/^Error \(bad FEN/);
    assert.ok(error.length < 400, 'the command is quoted as an excerpt');
    await d.sync();
  });

  it('settings sent behind a queued command keep their order (new, then sd 1)', async () => {
    d.send('new');
    d.send('force');
    d.send('post');
    d.send('analyze');
    await d.sync();
    // While the analysis runs, new is queued; sd 1 after it must not act first (new resets sd).
    d.send('exit\nnew\nsd 1\nst 30\nping 57');
    await d.expect(/^pong 57$/);
    const from = d.lines.length;
    d.send('go');
    await d.expect(/^move /);
    const depths = d.lines
      .slice(from)
      .flatMap((l) => (/^(\d+) -?\d+ \d+ \d+/.exec(l) ? [Number(l.split(' ')[0])] : []));
    assert.deepEqual([...new Set(depths)], [1], `thinking depths ${depths.join(',')}`);
    d.send('nopost');
    d.send('new');
    await d.sync();
  });

  it('plays a whole game against itself (until the end or 60 plies)', async () => {
    const def = findVariant('wildebeest')!;
    d.send('new');
    d.send('variant wildebeest');
    d.send('sd 2');
    await d.sync();
    const game = unwrap(Game.create(def));
    let plies = 0;
    let result: string | undefined;
    while (plies < 60 && !result) {
      const from = d.lines.length;
      d.send('go');
      let legs = 1;
      let move = (await d.nth(/^move /, legs, from)).slice('move '.length);
      // A one-square castle comes as two legs, one `move` line each (`move f0k0,` / `move k0g0`).
      while (move.endsWith(',')) move += (await d.nth(/^move /, ++legs, from)).slice('move '.length);
      const text = fromXboardSquares(def, move)!;
      const m = text.includes(',')
        ? parseCastlingLegs(game.position, text)
        : unwrapOr(parseUciMove(game.position, text));
      assert.ok(m !== undefined, `illegal engine move ${move}`);
      unwrap(game.play(m));
      plies++;
      const later = await d.sync();
      result = [...d.lines.slice(from), ...later].find((l) => /^(1-0|0-1|1\/2-1\/2) \{/.test(l));
    }
    const o = game.outcome();
    if (result) assert.ok(o, `engine announced ${result} but the game is not over`);
    else assert.equal(o, undefined);
  });

  // Castling as checked with XBoard 4.9.1 (docs/xboard.md). Mate in one by castling only:
  const WB_MATE_BY_1_SQUARE_CASTLE = '5k5/11/11/11/11/11/11/11/6R4/4RK4R w K - 0 1';
  const CD_MATE_BY_CASTLE = '5k4/10/10/10/10/10/10/10/1R3K2R1/4RQ4 w K - 0 1';

  it('sends a one-square Wildebeest castle as two legs, then claims the mate', async () => {
    d.send('new');
    d.send('variant wildebeest');
    d.send(`setboard ${WB_MATE_BY_1_SQUARE_CASTLE}`);
    d.send('sd 3');
    await d.sync();
    const from = d.lines.length;
    d.send('go');
    await d.expect(/^1-0 \{/);
    assert.deepEqual(d.lines.slice(from), ['move f0k0,', 'move k0g0', '1-0 {White wins by checkmate}']);
  });

  it("accepts XBoard's two-leg one-square castle (king step, then rook) and the engine form", async () => {
    for (const text of ['f0g0,k0f0', 'f0k0,k0g0']) {
      d.send('force');
      d.send(`setboard ${WB_MATE_BY_1_SQUARE_CASTLE}`);
      d.send(`usermove ${text}`);
      assert.deepEqual(await d.sync(), ['1-0 {White wins by checkmate}'], text);
      assert.equal(await d.fen(), '5k5/11/11/11/11/11/11/11/6R4/4RRK4 b - - 1 1');
    }
    d.send(`setboard ${WB_MATE_BY_1_SQUARE_CASTLE}`);
    d.send('usermove f0g0,k0f1');
    d.send('usermove f0g0,f0f1');
    assert.deepEqual(await d.sync(), ['Illegal move: f0g0,k0f1', 'Illegal move: f0g0,f0f1']);
    d.send('usermove f0j0');
    assert.deepEqual(await d.sync(), []);
    assert.equal(await d.fen(), '5k5/11/11/11/11/11/11/11/6R4/4R3RK1 b - - 1 1');
  });

  it('castles on rank 2 in Camel Decimal as a plain king move, both ways', async () => {
    d.send('new');
    d.send('variant cameldecimal');
    d.send(`setboard ${CD_MATE_BY_CASTLE}`);
    d.send('sd 3');
    await d.sync();
    const from = d.lines.length;
    d.send('go');
    await d.expect(/^1-0 \{/);
    assert.deepEqual(d.lines.slice(from), ['move f1h1', '1-0 {White wins by checkmate}']);
    d.send('force');
    d.send(`setboard ${CD_MATE_BY_CASTLE.replace(' K ', ' KQ ')}`);
    d.send('usermove f1d1');
    assert.deepEqual(await d.sync(), []);
    assert.equal(await d.fen(), '5k4/10/10/10/10/10/10/10/3KR3R1/4RQ4 b - - 1 1');
  });

  it('quit ends the process', async () => {
    d.send('quit');
    await d.proc.close('quit', 10_000);
    assert.match(d.proc.exitDescription ?? '', /code 0/);
  });
});

describe('caravan xboard (process): input ends during an analysis', { timeout: 60_000 }, () => {
  it('stops the analysis and exits', async () => {
    const d = new Driver();
    d.send('xboard');
    d.send('protover 2');
    d.send('new');
    d.send('analyze');
    await d.expect(/^\d+ -?\d+ \d+ \d+ /);
    d.proc.endInput();
    await assert.rejects(d.expect(/^never printed$/), /exit/);
    assert.equal(d.lines.filter((l) => l.startsWith('move ')).length, 0);
  });
});
