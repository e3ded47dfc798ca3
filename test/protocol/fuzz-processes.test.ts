/**
 * Hostile input against the real `caravan uci` and `caravan xboard` processes (issue 14 "Must
 * show"): batches of random bytes, invalid UTF-8, NUL and lone CR, a 1 MB line, FENs with huge
 * or phantom e.p. fields, numbers of hundreds of digits, wrong command orders and random
 * commands with random arguments. After every batch the process must be alive, answer
 * `isready` / `ping`, and find a legal move from a known position. Seeded, bounded in count.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { Game } from '../../src/core/game.js';
import { unwrap } from '../../src/core/result.js';
import { moveToUci, parseUciMove } from '../../src/notation/uci.js';
import { fromXboardSquares } from '../../src/protocol/xboard-variants.js';
import { findVariant, VARIANT_IDS } from '../../src/variants/index.js';
import { RawEngine } from '../helpers/raw-engine.js';
import { makeRng, type Rng } from '../helpers/rng.js';

const BATCHES = 16;

function randomBytes(rng: Rng, n: number): Uint8Array {
  const b = new Uint8Array(n);
  for (let i = 0; i < n; i++) b[i] = rng.int(256);
  return b;
}

function hugeNumber(rng: Rng): string {
  return rng.pick(['-', '']) + '9'.repeat(13 + rng.int(400));
}

/** A number a command may get: small, zero, negative, fractional, huge, or not a number. */
function number(rng: Rng): string {
  return rng.pick([
    String(rng.int(5)),
    String(rng.int(60)),
    '0',
    `-${rng.int(100)}`,
    '1.5',
    hugeNumber(rng),
    'x',
    '',
    'NaN',
    'Infinity',
    '1e9',
  ]);
}

function fen(rng: Rng): string {
  return rng.pick([
    `k7/8/8/3Pp3/8/8/8/K7 w - ${'e6'.repeat(rng.chance(0.5) ? 1 + rng.int(60) : 120_000 + rng.int(100_000))} 0 1`,
    'k7/8/3P4/8/8/8/4p3/K7 w - e7 0 1',
    '5k5/4Pp5/11/11/11/11/3p7/11/11/5K5 b - e3e4 0 1',
    '4k3/8/8/8/8/8/8/R3K2R w KQkqE - 0 1',
    '4k3/8/8/8/8/8/8/P3K3 w - - 0 1',
    `${'1'.repeat(rng.int(3000))}/8 w`,
    '////////// w - - 0 1',
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999999999999999999 1',
    Array.from({ length: 6 }, () => String.fromCharCode(33 + rng.int(90)).repeat(rng.int(9))).join(' '),
  ]);
}

function move(rng: Rng): string {
  const f = () => String.fromCharCode(97 + rng.int(12));
  const r = () => String(rng.int(12));
  return rng.pick([`${f()}${r()}${f()}${r()}`, `${f()}${r()}${f()}${r()}${f()}`, 'e2e4', 'f2f4', '0000', '@@@@']);
}

const HUGE_EP_FEN = `k7/8/8/3Pp3/8/8/8/K7 w - ${'e6'.repeat(150_000)} 0 1`;

/** The first batch: the reproductions of issue 14, then random batches follow. */
const KNOWN_UCI_ATTACKS: readonly string[] = [
  'setoption name UCI_Variant value chess',
  `position fen ${HUGE_EP_FEN}`,
  'position fen k7/8/3P4/8/8/8/4p3/K7 w - e7 0 1',
  'go depth 0',
  'go movetime 0',
  'go depth',
  'go nodes 1.5',
  'go banana',
  `go movetime ${'9'.repeat(100_000)}`,
  'stop',
  'x'.repeat(1_000_000),
];

const KNOWN_XBOARD_ATTACKS: readonly string[] = [
  'new',
  `setboard ${HUGE_EP_FEN}`,
  'force',
  'analyze\nping 77',
  'exit',
  'level 40 5:99 0',
  `level ${'9'.repeat(1_000_000)} 5 0`,
  `usermove ${'e'.repeat(1_000_000)}`,
];

/** Random and hostile UCI lines; every search they start ends by itself or by the stop after them. */
function uciAttack(rng: Rng): string[] {
  const lines: string[] = [];
  for (let i = 0; i < 8 + rng.int(12); i++) {
    const kind = rng.int(14);
    if (kind === 0) lines.push(`position fen ${fen(rng)}`);
    else if (kind === 1)
      lines.push(`position startpos moves ${Array.from({ length: rng.int(6) }, () => move(rng)).join(' ')}`);
    else if (kind === 2)
      lines.push(`go ${rng.pick(['depth', 'nodes', 'movetime', 'wtime', 'mate', 'banana'])} ${number(rng)}`);
    else if (kind === 3) lines.push(rng.pick(['go depth 2', 'go nodes 500', 'go movetime 10', 'go wtime 50 btime 50']));
    else if (kind === 4)
      lines.push(
        `setoption name ${rng.pick(['UCI_Variant', 'Hash', 'Level', 'Move Overhead', 'UCI_Marriage', 'Contempt', 'Frob'])} value ${rng.pick([...VARIANT_IDS, number(rng), 'delayed'])}`,
      );
    else if (kind === 5)
      lines.push(rng.pick(['stop', 'ponderhit', 'ucinewgame', 'isready', 'uci', 'd', 'debug on', 'register later']));
    else if (kind === 6) lines.push('x'.repeat(1_000_000));
    else if (kind === 7) lines.push(`position ${rng.pick(['', 'fen', 'startpos fen', 'moves', 'startpos moves'])}`);
    else if (kind === 8) lines.push(rng.pick(['go infinite', 'go ponder', 'go']), 'stop');
    else if (kind === 9) lines.push(`setoption ${rng.pick(['', 'name', 'value 3', 'name value'])}`);
    else if (kind === 10)
      lines.push(
        `go ${Array.from({ length: rng.int(5) }, () => rng.pick(['depth', '1', 'x', 'nodes', 'movetime', 'infinite'])).join(' ')}`,
        'stop',
      );
    else lines.push(Buffer.from(randomBytes(rng, 1 + rng.int(200))).toString('latin1'));
  }
  // quit would end the process: the fuzz tests everything else.
  return lines.filter((l) => l.trim().split(/\s+/)[0] !== 'quit');
}

/** Random and hostile XBoard lines, with small clocks so any move comes quickly. */
function xboardAttack(rng: Rng): string[] {
  const lines: string[] = [];
  for (let i = 0; i < 8 + rng.int(12); i++) {
    const kind = rng.int(13);
    if (kind === 0) lines.push(`setboard ${fen(rng)}`);
    else if (kind === 1)
      lines.push(
        `variant ${rng.pick(['wildebeest', 'cameldecimal', 'kamil10', 'bachelorkamil', 'xiangqi', 'normal', ''])}`,
      );
    else if (kind === 2)
      lines.push(
        `level ${number(rng)} ${rng.pick([number(rng), '5:99', '0:01', `${hugeNumber(rng)}:00`])} ${number(rng)}`,
      );
    else if (kind === 3) lines.push(`${rng.pick(['st', 'sd', 'time', 'otim', 'memory'])} ${number(rng)}`);
    else if (kind === 4) lines.push(rng.pick(['st 0.05', 'sd 2', 'time 30', 'otim 30']), 'go');
    else if (kind === 5) lines.push(rng.pick(['usermove', '']) + move(rng));
    else if (kind === 6)
      lines.push(
        rng.pick([
          'force',
          'new',
          'undo',
          'remove',
          'analyze',
          'exit',
          '?',
          'post',
          'nopost',
          'hard',
          'easy',
          'result 1-0',
          'd',
          'protover 2',
          'playother',
          'white',
          'black',
          'draw',
          'hint',
          'bk',
          '.',
          'ping',
          'computer',
        ]),
      );
    else if (kind === 7) lines.push('usermove '.repeat(1) + 'e'.repeat(1_000_000));
    else if (kind === 8)
      lines.push(
        `option ${rng.pick(['Level', 'Marriage', 'Contempt', 'Frob'])}=${rng.pick([number(rng), 'delayed', ''])}`,
      );
    else if (kind === 9) lines.push(`ping ${number(rng)}`);
    else lines.push(Buffer.from(randomBytes(rng, 1 + rng.int(200))).toString('latin1'));
  }
  return lines.filter((l) => l.trim().split(/\s+/)[0] !== 'quit');
}

/** Write a batch: as lines, in one write, or as raw bytes split at random points (CR, NUL, bad UTF-8 included). */
function writeBatch(e: RawEngine, rng: Rng, lines: readonly string[]): void {
  const text = `${lines.join(rng.pick(['\n', '\r\n', '\n\n']))}\n`;
  if (rng.chance(0.3)) {
    const bytes = Buffer.concat([randomBytes(rng, rng.int(64)), Buffer.from('\n'), Buffer.from(text, 'latin1')]);
    for (let at = 0; at < bytes.length; ) {
      const n = 1 + rng.int(4096);
      e.write(bytes.subarray(at, at + n));
      at += n;
    }
  } else e.write(text);
}

describe('fuzz: hostile input to the real engine processes', { timeout: 120_000 }, () => {
  const engines: RawEngine[] = [];
  after(async () => {
    for (const e of engines) await e.close('quit');
  });

  /** A fresh engine after its handshake (the first answer waits for the warm search worker). */
  async function started(protocol: 'uci' | 'xboard'): Promise<RawEngine> {
    const e = new RawEngine(protocol);
    engines.push(e);
    const handshake = protocol === 'uci' ? ['uci', 'isready'] : ['xboard', 'protover 2', 'ping 0'];
    for (const line of handshake) e.send(line);
    await e.waitFor(protocol === 'uci' ? /^readyok$/ : /^pong 0$/, 0, 'the handshake', 60_000);
    return e;
  }

  it(`caravan uci survives ${BATCHES} attack batches and still plays legal moves`, async () => {
    const rng = makeRng(1414);
    const e = await started('uci');
    for (let batch = 0; batch < BATCHES; batch++) {
      const lines = batch === 0 ? [...KNOWN_UCI_ATTACKS] : uciAttack(rng);
      writeBatch(e, rng, lines);
      // Check: alive, answers isready, and a search from a known position gives a legal move.
      e.send('stop');
      const from = e.lines.length;
      e.send('isready');
      await e.waitFor(/^readyok$/, from, `readyok after batch ${batch}`);
      assert.ok(e.alive, `batch ${batch}: the process is alive`);
      // Let the batch's own searches finish (each ends by itself), then search a known position.
      // The batch's own output may still be coming (a queued `d` too): the check position is
      // one the batch cannot have set, a start position after a random first move.
      const variant = rng.pick(VARIANT_IDS);
      const def = findVariant(variant);
      assert.ok(def);
      const game = unwrap(Game.create(def));
      const first = rng.pick(game.legalMoves());
      const firstText = moveToUci(game.position, first);
      unwrap(game.play(first));
      e.send('stop');
      e.send(`setoption name UCI_Variant value ${variant}`);
      e.send(`position startpos moves ${firstText}`);
      e.send('go depth 2');
      e.send('d');
      // A batch may have queued a search with a huge clock before ours: stop until the board shows.
      const stopper = setInterval(() => e.send('stop'), 200);
      const fenLine = new RegExp(`^Fen: ${game.fen().replace(/[/\\^$*+?.()|[\]{}]/g, '\\$&')}$`);
      const fenAt = await e
        .waitFor(fenLine, from, `the board after batch ${batch}`)
        .finally(() => clearInterval(stopper));
      // Our bestmove is the last one before our diagram (d waits for the search).
      let bestAt = fenAt - 1;
      while (bestAt >= from && !(e.lines[bestAt] as string).startsWith('bestmove ')) bestAt--;
      assert.ok(bestAt >= from, `batch ${batch}: a bestmove`);
      const text = (e.lines[bestAt] as string).split(' ')[1] as string;
      assert.ok(parseUciMove(game.position, text).ok, `batch ${batch}: ${variant} after ${firstText}: ${text}`);
    }
    assert.ok(e.alive, e.stderr);
  });

  it(`caravan xboard survives ${BATCHES} attack batches and still plays legal moves`, async () => {
    const rng = makeRng(2828);
    const e = await started('xboard');
    for (let batch = 0; batch < BATCHES; batch++) {
      const attack = batch === 0 ? [...KNOWN_XBOARD_ATTACKS] : xboardAttack(rng);
      writeBatch(e, rng, attack);
      // Check: alive, answers ping, and finds a legal move from a known position.
      let from = e.lines.length;
      const tag = 1000 + batch;
      e.send('exit');
      e.send('force');
      e.send('new');
      e.send('force');
      e.send('sd 2');
      e.send('st 10');
      e.send(`ping ${tag}`);
      await e.waitFor(new RegExp(`^pong ${tag}$`), from, `pong ${tag} after batch ${batch}`);
      assert.ok(e.alive, `batch ${batch}: the process is alive`);
      from = e.lines.length;
      e.send('variant wildebeest');
      e.send('go');
      const at = await e.waitFor(/^move /, from, `a move after batch ${batch}`);
      const def = findVariant('wildebeest');
      assert.ok(def);
      const text = fromXboardSquares(def, (e.lines[at] as string).slice(5));
      assert.ok(text !== undefined && parseUciMove(unwrap(Game.create(def)).position, text).ok, e.lines[at]);
      e.send('force');
    }
    assert.ok(e.alive, e.stderr);
  });
});
