/**
 * The Jocly UCI wrapper (tools/peers/jocly-uci.ts): its move/FEN translators, and the process
 * driven for a few moves over UCI. Skipped when the `jocly` dev dependency is not installed.
 */
import assert from 'node:assert/strict';
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, describe, it } from 'node:test';
import { Game } from '../../src/core/game.js';
import { parseUciMove } from '../../src/notation/uci.js';
import { joclyInitialFromFen, joclyMoveToUci } from '../../tools/peers/jocly-uci.js';
import { REPO_ROOT } from '../helpers/paths.js';

const haveJocly = existsSync(join(REPO_ROOT, 'node_modules', 'jocly', 'package.json'));

describe('Jocly wrapper translators', () => {
  it('writes Jocly moves as Caravan UCI text (castles, promotions, pawn type changes)', () => {
    // Jocly's 1-square castle names the rook square in `cg`: Caravan's king-onto-rook text.
    assert.equal(joclyMoveToUci({ f: 5, t: 6, cg: 10 }), 'f1k1');
    assert.equal(joclyMoveToUci({ f: 5, t: 4, cg: 0 }), 'f1a1');
    // Longer castles are plain king moves in both programs.
    assert.equal(joclyMoveToUci({ f: 5, t: 8, a: 'K' }), 'f1i1');
    // `pr` on a pawn step is Jocly's pawn type change, not a promotion.
    assert.equal(joclyMoveToUci({ f: 11, t: 44, pr: 0 }), 'a2a5');
    assert.equal(joclyMoveToUci({ f: 88, t: 99, pr: 10 }), 'a9a10w');
    assert.equal(joclyMoveToUci({ f: 12, t: 1, pr: 7 }), 'b2b1q');
  });

  it('builds Jocly positions from Caravan FENs (two-digit runs, pawn ranges, e.p.)', () => {
    const start = joclyInitialFromFen('rnccwkqbbnr/ppppppppppp/11/11/11/11/11/11/PPPPPPPPPPP/RNBBQKWCCNR w KQkq - 0 1');
    assert.equal(start.pieces.length, 44);
    assert.equal(start.turn, 1);
    assert.ok(start.pieces.some((p) => p.s === 1 && p.t === 11 && p.p === 11)); // a2: 3-step pawn
    assert.ok(start.pieces.some((p) => p.s === 1 && p.t === 8 && p.p === 5 && !p.m)); // king may castle
    // After a9–a6 Caravan lists a7 and a8; Jocly takes the square next to the pawn (a7).
    const ep = joclyInitialFromFen('rnccwkqbbnr/1pppppppppp/11/1P9/p10/11/11/11/P1PPPPPPPPP/RNBBQKWCCNR w - a7a8 0 2');
    assert.equal(ep.enPassant, 'a7');
    assert.ok(ep.pieces.some((p) => p.s === 1 && p.t === 8 && p.m)); // no rights: king counts as moved
  });
});

/** A running wrapper process with a line reader. */
class Peer {
  readonly proc: ChildProcessWithoutNullStreams;
  private readonly lines: string[] = [];
  private waiter: (() => void) | undefined;

  constructor() {
    this.proc = spawn(process.execPath, [join(REPO_ROOT, 'dist', 'tools', 'peers', 'jocly-uci.js')], {
      cwd: REPO_ROOT,
    });
    createInterface({ input: this.proc.stdout }).on('line', (l) => {
      this.lines.push(l);
      this.waiter?.();
    });
  }

  send(line: string): void {
    this.proc.stdin.write(`${line}\n`);
  }

  /** Lines up to and including the first that matches; fails after `ms`. */
  async until(test: RegExp, ms = 8000): Promise<string[]> {
    const deadline = Date.now() + ms;
    for (;;) {
      const i = this.lines.findIndex((l) => test.test(l));
      if (i >= 0) return this.lines.splice(0, i + 1);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no line matching ${test} (got: ${this.lines.join(' | ')})`);
      await new Promise<void>((done) => {
        const timer = setTimeout(done, left);
        this.waiter = () => {
          clearTimeout(timer);
          done();
        };
      });
    }
  }
}

describe('Jocly wrapper process', { skip: haveJocly ? false : 'jocly is not installed' }, () => {
  let peer: Peer;
  before(async () => {
    peer = new Peer();
    peer.send('uci');
    const hello = await peer.until(/^uciok$/, 15000);
    assert.ok(hello.some((l) => /^option name UCI_Variant .* var wildebeest/.test(l)));
    assert.ok(hello.some((l) => /^option name Level .*default strong/.test(l)));
  });
  after(() => {
    peer.send('quit');
  });

  it('plays a few legal moves that Caravan accepts', async () => {
    peer.send('setoption name UCI_Variant value wildebeest');
    peer.send('ucinewgame');
    peer.send('isready');
    await peer.until(/^readyok$/);
    const game = Game.create('wildebeest');
    assert.ok(game.ok);
    const moves: string[] = [];
    // Jocly plays both sides for 4 plies; every answer must be legal for Caravan. Its strong
    // level is random enough to mate in 3 plies now and then (a Wildebeest or Queen mate
    // against the f-pawn), after which there is nothing to ask.
    for (let ply = 0; ply < 4 && !game.value.outcome(); ply++) {
      peer.send(`position startpos${moves.length ? ` moves ${moves.join(' ')}` : ''}`);
      peer.send('go wtime 8000 btime 8000 winc 100 binc 100');
      const out = await peer.until(/^bestmove /);
      assert.ok(!out.some((l) => l.startsWith('info string error')), out.join('\n'));
      const text = (out.at(-1) as string).split(' ')[1] as string;
      const mv = parseUciMove(game.value.position, text);
      assert.ok(mv.ok, `${text} is not legal`);
      game.value.play(mv.value);
      moves.push(text);
    }
  });

  it('follows a 3-square castle and an e.p. capture on a non-last passed square', async () => {
    // a9–a6 passes a8 and a7; b7xa8 takes e.p. on the far square, which Jocly cannot replay:
    // the wrapper reloads Jocly from Caravan's FEN and says so.
    const fen = 'rnccwkqbbnr/ppppppppppp/11/1P9/11/11/11/11/P1PPPPPPPPP/R4K4R b KQkq - 0 1';
    peer.send(`position fen ${fen} moves a9a6 b7a8 b9b8 f1i1`);
    peer.send('go movetime 300');
    const out = await peer.until(/^bestmove /);
    assert.ok(
      out.some((l) => /jocly cannot replay b7a8/.test(l)),
      out.join('\n'),
    );
    assert.ok(!out.some((l) => l.startsWith('info string error')), out.join('\n'));
    const game = Game.create('wildebeest', fen);
    assert.ok(game.ok);
    for (const t of ['a9a6', 'b7a8', 'b9b8', 'f1i1']) {
      const mv = parseUciMove(game.value.position, t);
      assert.ok(mv.ok, t);
      game.value.play(mv.value);
    }
    const text = (out.at(-1) as string).split(' ')[1] as string;
    assert.ok(parseUciMove(game.value.position, text).ok, `${text} is not legal`);
  });

  it("replays Black's 4-square castle f10-j10 (missing from Jocly's castle table)", async () => {
    const fen = 'r4k4r/ppppppppppp/11/11/11/11/11/11/PPPPPPPPPPP/R4K4R b KQkq - 0 1';
    peer.send(`position fen ${fen} moves f10j10`);
    peer.send('go movetime 300');
    const out = await peer.until(/^bestmove /);
    assert.ok(!out.some((l) => /^info string (error|jocly (failed|cannot))/.test(l)), out.join('\n'));
    const game = Game.create('wildebeest', fen);
    assert.ok(game.ok);
    const castle = parseUciMove(game.value.position, 'f10j10');
    assert.ok(castle.ok);
    game.value.play(castle.value);
    const text = (out.at(-1) as string).split(' ')[1] as string;
    assert.ok(parseUciMove(game.value.position, text).ok, `${text} is not legal`);
  });

  it('reports what it cannot follow', async () => {
    peer.send('setoption name UCI_Variant value camel-decimal');
    peer.send('isready');
    const out = await peer.until(/^readyok$/);
    assert.ok(
      out.some((l) => /^info string error variant 'camel-decimal'/.test(l)),
      out.join('\n'),
    );
    peer.send('setoption name UCI_Variant value wildebeest');
    peer.send('position startpos moves e2e6');
    peer.send('go movetime 100');
    const bad = await peer.until(/^bestmove /);
    assert.ok(
      bad.some((l) => /^info string error move 1 'e2e6'/.test(l)),
      bad.join('\n'),
    );
    assert.equal(bad.at(-1), 'bestmove (none)');
  });
});
