/**
 * `caravan uci` as a real process over stdin/stdout (the search runs in its worker thread).
 * Waits have generous guards; nothing asserts on timing.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Game } from '../../src/core/game.js';
import { unwrap } from '../../src/core/result.js';
import { parseUciMove } from '../../src/notation/uci.js';
import { findVariant } from '../../src/variants/index.js';
import { CliDriver } from '../helpers/cli-driver.js';

/** Collects every line; `sync` is the UCI round trip. */
class Driver extends CliDriver {
  /** Send `isready` and return the lines that arrived until `readyok`. */
  async sync(): Promise<string[]> {
    const from = this.lines.length;
    this.send('isready');
    await this.expect(/^readyok$/);
    return this.lines.slice(from, -1);
  }
}

describe('caravan uci (process)', { timeout: 120_000 }, () => {
  let d: Driver;
  before(() => {
    d = new Driver('uci');
  });
  after(() => d.proc.kill());

  it('handshake', async () => {
    d.send('uci');
    await d.expect(/^uciok$/);
    assert.ok(d.lines.some((l) => /^id name Caravan/.test(l)));
    assert.ok(
      d.lines.some((l) => /^option name UCI_Variant type combo default wildebeest .*var camel-decimal/.test(l)),
    );
    await d.sync();
  });

  it('announces a variant change', async () => {
    d.send('setoption name UCI_Variant value camel-decimal');
    const line = await d.expect(/^info string variant /);
    assert.equal(
      line,
      `info string variant camel-decimal files 10 ranks 10 startpos ${findVariant('camel-decimal')!.startFen}`,
    );
  });

  it('position + go depth gives a legal bestmove', async () => {
    d.send('position startpos moves e3e5 e8e6');
    d.send('go depth 3');
    const line = await d.expect(/^bestmove /);
    const game = unwrap(Game.create(findVariant('camel-decimal')!));
    for (const t of ['e3e5', 'e8e6']) unwrap(game.play(unwrap(parseUciMove(game.position, t))));
    const move = line.split(' ')[1] as string;
    assert.ok(parseUciMove(game.position, move).ok, `${move} is not legal`);
  });

  it('answers isready during go infinite and bestmove only after stop', async () => {
    d.send('position startpos');
    d.send('go infinite');
    await d.expect(/^info depth \d+/);
    const from = d.lines.length;
    d.send('isready');
    await d.expect(/^readyok$/);
    // Still searching: no bestmove may have been printed.
    assert.ok(!d.lines.slice(from).some((l) => l.startsWith('bestmove')));
    const stopAt = d.lines.length;
    d.send('stop');
    const best = await d.expect(/^bestmove /);
    assert.ok(d.lines.indexOf(best, stopAt) >= stopAt);
    assert.match(best, /^bestmove [a-j]\d+[a-j]\d+[a-z]?( ponder \S+)?$/);
  });

  it('commands sent right behind stop wait for the bestmove and run in order', async () => {
    d.send('position startpos');
    d.send('go infinite');
    await d.expect(/^info depth \d+/);
    const from = d.lines.length;
    d.send('stop');
    d.send('position startpos moves e3e5');
    d.send('go depth 1');
    const second = await d.nth(/^bestmove /, 2, from);
    const bests = d.lines.slice(from).filter((l) => l.startsWith('bestmove'));
    assert.equal(bests.length, 2);
    assert.ok(!d.lines.slice(from).some((l) => l.startsWith('info string error')));
    const game = unwrap(Game.create(findVariant('camel-decimal')!));
    unwrap(game.play(unwrap(parseUciMove(game.position, 'e3e5'))));
    assert.ok(parseUciMove(game.position, second.split(' ')[1] as string).ok, `${second} is not a legal black move`);
  });

  it('garbage and illegal moves get errors and leave the position unchanged', async () => {
    d.send('position startpos moves e3e5');
    d.send('d');
    await d.expect(/^Fen: /);
    const fen = d.lines.filter((l) => l.startsWith('Fen: ')).pop();
    d.send('hello world');
    await d.expect(/^info string error unknown command: hello world$/);
    d.send('position startpos moves e3e5 a1a5');
    await d.expect(/^info string error illegal move a1a5/);
    d.send('position fen 11/11 w - - 0 1');
    await d.expect(/^info string error bad FEN/);
    d.send('go depth zero');
    await d.expect(/^info string error go depth needs an integer/);
    const from = d.lines.length;
    d.send('d');
    await d.expect(/^Fen: /);
    assert.equal(
      d.lines.slice(from).find((l) => l.startsWith('Fen: ')),
      fen,
    );
  });

  it('a FEN with 150 000 e.p. squares is refused, not a crash (issue 14 item 1)', async () => {
    d.send(`position fen k7/8/8/3Pp3/8/8/8/K7 w - ${'e6'.repeat(150_000)} 0 1`);
    const error = await d.expect(/^info string error bad FEN/);
    assert.ok(error.length < 300, 'the FEN is quoted as an excerpt');
    d.send('isready');
    await d.expect(/^readyok$/);
  });

  it('plays a whole game against itself at low depth (until the end or 60 plies)', async () => {
    d.send('setoption name UCI_Variant value bachelor-kamil');
    d.send('ucinewgame');
    await d.sync();
    const game = unwrap(Game.create(findVariant('bachelor-kamil')!));
    const moves: string[] = [];
    while (!game.outcome() && moves.length < 60) {
      d.send(`position startpos${moves.length ? ` moves ${moves.join(' ')}` : ''}`);
      d.send('go depth 2');
      const move = (await d.expect(/^bestmove /)).split(' ')[1] as string;
      const m = parseUciMove(game.position, move);
      assert.ok(m.ok, `illegal ${move} after ${moves.join(' ')}`);
      unwrap(game.play(m.value));
      moves.push(move);
    }
    assert.ok(game.outcome() !== undefined || moves.length === 60);
    if (game.outcome()) {
      d.send(`position startpos moves ${moves.join(' ')}`);
      d.send('go depth 2');
      assert.equal(await d.expect(/^bestmove /), 'bestmove (none)');
    }
  });

  it('quit ends the process (input still open)', async () => {
    await d.proc.close('quit', 10_000);
    assert.match(d.proc.exitDescription ?? '', /code 0/);
  });
});

describe('caravan uci (process) end of input', { timeout: 60_000 }, () => {
  it('a piped go depth still prints its bestmove, then the process exits', async () => {
    const d = new Driver('uci');
    d.send('setoption name UCI_Variant value shatranj-kamil');
    d.send('position startpos');
    d.send('go depth 2');
    const best = d.expect(/^bestmove /);
    d.proc.endInput();
    assert.match(await best, /^bestmove \S+/);
    await d.proc.close('quit', 10_000);
    assert.match(d.proc.exitDescription ?? '', /code 0/);
  });
});
