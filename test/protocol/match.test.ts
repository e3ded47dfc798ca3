/**
 * `caravan match` as a real process: two short games Caravan vs Caravan at fixed depth, and two
 * against the Fairy-Stockfish wasm wrapper; the PGN they write must read back under Caravan's
 * rules (every move legal) with the results the tool printed.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { engineCommand, parseMatchArgs, parseTimeControl } from '../../src/cli/match-command.js';
import { Game } from '../../src/core/game.js';
import { unwrap } from '../../src/core/result.js';
import { makeRng, parseOpeningsFile, randomOpenings } from '../../src/match/openings.js';
import { readPgnGames } from '../../src/notation/pgn.js';
import { moveToUci } from '../../src/notation/uci.js';
import { findVariant } from '../../src/variants/index.js';
import { writeLostTrackEngine } from '../helpers/lost-track-engine.js';
import { REPO_ROOT } from '../helpers/paths.js';

const run = promisify(execFile);
const CLI = join(REPO_ROOT, 'dist', 'src', 'cli', 'main.js');
const dir = mkdtempSync(join(tmpdir(), 'caravan-match-'));

async function match(args: string[]): Promise<{ stdout: string; pgn: string }> {
  const pgnPath = join(
    dir,
    `${args
      .join('_')
      .replace(/[^a-z0-9]/gi, '')
      .slice(0, 60)}.pgn`,
  );
  const { stdout } = await run('node', [CLI, 'match', ...args, '--pgn', pgnPath], { timeout: 110_000 });
  return { stdout, pgn: readFileSync(pgnPath, 'utf8') };
}

function checkResults(stdout: string, pgn: string, variant: string, names: [string, string]): void {
  const finals = stdout.split('\n').filter((l) => l.startsWith(`Score of ${names[0]} vs ${names[1]}: `));
  assert.ok(finals.length >= 1, stdout);
  const m = /: (\d+) - (\d+) - (\d+) {2}\[[\d.]+\] 2$/.exec(finals[finals.length - 1] as string);
  assert.ok(m, stdout);
  assert.equal(Number(m[1]) + Number(m[2]) + Number(m[3]), 2);
  assert.match(stdout, /^Elo difference: \S+ \+\/- \S+/m);
  const games = readPgnGames(pgn);
  assert.ok(games.ok, games.ok ? '' : games.error.message);
  assert.equal(games.value.length, 2);
  let a = 0;
  for (const [i, g] of games.value.entries()) {
    assert.equal(g.variant.id, variant);
    assert.equal(g.tags.Round, String(i + 1));
    // Colours alternate: the first engine is White in game 1, Black in game 2.
    assert.equal(g.tags.White, names[i % 2]);
    assert.equal(g.tags.Black, names[(i + 1) % 2]);
    assert.ok(['1-0', '0-1', '1/2-1/2'].includes(g.result));
    const o = g.game.outcome();
    if (!g.tags.Termination) {
      assert.ok(o, 'a game without Termination ended by the rules');
      assert.equal(g.result, o.winner === 'white' ? '1-0' : o.winner === 'black' ? '0-1' : '1/2-1/2');
    }
    const whiteIsA = i % 2 === 0;
    a += g.result === '1/2-1/2' ? 0.5 : (g.result === '1-0') === whiteIsA ? 1 : 0;
  }
  assert.equal(a, Number(m[1]) + Number(m[3]) / 2);
}

describe('caravan match (process)', { timeout: 240_000 }, () => {
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('Caravan vs Caravan at fixed depth, 2 games', async () => {
    const { stdout, pgn } = await match([
      '--variant',
      'shatranj-kamil',
      '--games',
      '2',
      '--tc',
      'inf',
      '--seed',
      '7',
      '--engine',
      'caravan',
      '--depth',
      '1',
      '--name',
      'depth1',
      '--engine',
      'caravan',
      '--depth',
      '2',
      '--name',
      'depth2',
    ]);
    checkResults(stdout, pgn, 'shatranj-kamil', ['depth1', 'depth2']);
  });

  it("on a clock, writes each engine move's clock after it as [%clk] in the PGN (and --sprt reports)", async () => {
    const { stdout, pgn } = await match([
      '--variant',
      'shatranj-kamil',
      '--games',
      '2',
      '--tc',
      '5+0.1',
      '--seed',
      '8',
      '--sprt',
      '0,10',
      '--engine',
      'caravan',
      '--depth',
      '1',
      '--name',
      'a',
      '--engine',
      'caravan',
      '--depth',
      '1',
      '--name',
      'b',
    ]);
    checkResults(stdout, pgn, 'shatranj-kamil', ['a', 'b']);
    // --sprt: its state after each game and at the end (2 games decide nothing at [0, 10]).
    assert.equal((stdout.match(/^SPRT: llr \S+ \(-2\.94, 2\.94\) \[0, 10\]: continue$/gm) ?? []).length, 3, stdout);
    for (const text of pgn.split('[Event ').slice(1)) {
      const plies = Number(/\[PlyCount "(\d+)"\]/.exec(text)?.[1]);
      // (The writer may wrap a line inside a comment, as PGN allows.)
      const clocks = [...text.matchAll(/\{\[%clk\s+(\d+):(\d\d):(\d\d)\.(\d)\]\}/g)].map(
        (m) => Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 10,
      );
      // The 4 random opening plies have no clock; every engine move has one: the base, less the
      // time used, plus 0.1 s a move (depth-1 moves take almost none).
      assert.equal(clocks.length, plies - 4, text);
      for (const c of clocks) assert.ok(c > 0 && c <= 5 + 0.1 * plies, `clock ${c}`);
    }
  });

  it('an XBoard engine against a UCI engine (10-rank move translation both ways), 2 games', async () => {
    const { stdout, pgn } = await match([
      '--variant',
      'camel-decimal',
      '--games',
      '2',
      '--tc',
      'inf',
      '--seed',
      '5',
      '--engine',
      'caravan',
      '--protocol',
      'xboard',
      '--depth',
      '1',
      '--name',
      'xb',
      '--engine',
      'caravan',
      '--depth',
      '1',
      '--name',
      'uci',
    ]);
    checkResults(stdout, pgn, 'camel-decimal', ['xb', 'uci']);
    // Every game ended by the rules (no forfeits from a protocol misunderstanding).
    assert.ok(!/Termination/.test(pgn), pgn);
  });

  it('takes a two-leg XBoard move (Wildebeest one-square castle: `move f0k0,` + `move k0g0`)', async () => {
    // An XBoard engine that castles one square as XBoard needs it (two legs in one write, so
    // both lines arrive in one chunk), then resigns.
    const engine = join(dir, 'two-leg-castler.mjs');
    writeFileSync(
      engine,
      `import { createInterface } from 'node:readline';
let played = false;
createInterface({ input: process.stdin }).on('line', (line) => {
  const [cmd, arg] = line.trim().split(/\\s+/);
  if (cmd === 'protover') console.log('feature setboard=1 usermove=1 variants="wildebeest" sigint=0 sigterm=0 done=1');
  else if (cmd === 'ping') console.log('pong ' + arg);
  else if (cmd === 'go') {
    if (played) console.log('resign');
    else process.stdout.write('move f0k0,\\nmove k0g0\\n');
    played = true;
  } else if (cmd === 'quit') process.exit(0);
});
`,
    );
    const openings = join(dir, 'castle.fen');
    writeFileSync(openings, 'rnccwkqbbnr/ppppppppppp/11/11/11/11/11/11/PPPPPPPPPPP/RNBBQK4R w KQkq - 0 1\n');
    const { pgn } = await match([
      '--variant',
      'wildebeest',
      '--games',
      '1',
      '--tc',
      'inf',
      '--openings',
      openings,
      '--engine',
      `node ${JSON.stringify(engine)}`,
      '--protocol',
      'xboard',
      '--depth',
      '1',
      '--name',
      'castler',
      '--engine',
      'caravan',
      '--depth',
      '1',
      '--name',
      'Caravan',
    ]);
    const games = readPgnGames(pgn);
    assert.ok(games.ok, games.ok ? '' : games.error.message);
    const g = games.value[0]!;
    // The castle was taken as one move (king f1→g1, rook k1→f1); after Black's reply the engine resigned.
    const replay = unwrap(Game.create(g.variant, g.tags.FEN));
    const castle = g.game.moves[0]!;
    assert.equal(moveToUci(replay.position, castle), 'f1k1');
    assert.equal(g.game.moves.length, 2, pgn);
    assert.equal(g.result, '0-1');
    assert.match(g.tags.Termination ?? '', /resign/, pgn);
  });

  it('an illegal move loses the game; with --void-illegal it voids it (result *, not scored, kept on resume)', async () => {
    const engine = writeLostTrackEngine(dir);
    // Game 1: Caravan is White and moves first, so the engine's a2a3 is Black moving a white pawn.
    const args = (pgnName: string, extra: string[]): string[] => [
      ...'match --variant shatranj-kamil --games 1 --tc inf --seed 3'.split(' '),
      ...'--engine caravan --depth 1 --name Caravan'.split(' '),
      ...['--engine', engine, '--depth', '1', '--name', 'lost'],
      ...['--pgn', join(dir, pgnName), ...extra],
    ];
    const lost = await run('node', [CLI, ...args('illegal-loses.pgn', [])], { timeout: 110_000 });
    assert.match(lost.stdout, /Score of Caravan vs lost: 1 - 0 - 0/);
    const lostGame = unwrap(readPgnGames(readFileSync(join(dir, 'illegal-loses.pgn'), 'utf8')))[0]!;
    assert.equal(lostGame.result, '1-0');
    assert.match(lostGame.tags.Termination ?? '', /^rules infraction: Black played an illegal move: a2a3/);

    const voided = await run('node', [CLI, ...args('illegal-voids.pgn', ['--void-illegal'])], { timeout: 110_000 });
    assert.match(
      voided.stdout,
      /Finished game 1 \(Caravan vs lost\): \* \{Black played a move illegal under Caravan's rules: a2a3\}/,
    );
    assert.match(voided.stdout, /Score of Caravan vs lost: 0 - 0 - 0/);
    assert.match(voided.stdout, /^Void games \(not scored\): 1$/m);
    const pgnText = readFileSync(join(dir, 'illegal-voids.pgn'), 'utf8');
    const voidGame = unwrap(readPgnGames(pgnText))[0]!;
    assert.equal(voidGame.result, '*');
    assert.equal(voidGame.tags.Result, '*');
    assert.match(voidGame.tags.Termination ?? '', /^void: Black played a move illegal/);
    // A resume takes the void game as played (and still unscored): nothing is left to play.
    const resumed = await run('node', [CLI, ...args('illegal-voids.pgn', ['--void-illegal', '--resume'])], {
      timeout: 110_000,
    });
    assert.match(resumed.stdout, /Resuming: 1 of 1 games already played/);
    assert.match(resumed.stdout, /Score of Caravan vs lost: 0 - 0 - 0/);
    assert.equal(readFileSync(join(dir, 'illegal-voids.pgn'), 'utf8'), pgnText);
  });

  it('Caravan vs Fairy-Stockfish (wasm wrapper) at depth 1, 2 games', async () => {
    const { stdout, pgn } = await match([
      '--variant',
      'camel-decimal',
      '--games',
      '2',
      '--tc',
      'inf',
      '--seed',
      '11',
      '--engine',
      'caravan',
      '--depth',
      '1',
      '--name',
      'Caravan',
      '--engine',
      'fairy-stockfish',
      '--depth',
      '1',
      '--name',
      'FSF',
    ]);
    checkResults(stdout, pgn, 'camel-decimal', ['Caravan', 'FSF']);
  });

  it('runs the Fairy-Stockfish tool wrapper as a process, and says how to get it where it is absent', () => {
    assert.match(engineCommand('fairy-stockfish', 'uci', REPO_ROOT), /dist\/tools\/peers\/fairy-stockfish-uci\.js/);
    const empty = mkdtempSync(join(tmpdir(), 'caravan-no-tools-'));
    try {
      assert.throws(
        () => engineCommand('fairy-stockfish', 'uci', empty),
        (e: Error) => /fairy-stockfish-nnue\.wasm \(missing\)/.test(e.message) && /npm ci/.test(e.message),
      );
    } finally {
      rmSync(empty, { recursive: true });
    }
  });

  it('refuses a bad command line with a usage error', async () => {
    await assert.rejects(
      run('node', [CLI, 'match', '--variant', 'wildebeest', '--engine', 'caravan']),
      (e: { code?: number; stderr?: string }) => {
        assert.equal(e.code, 2);
        assert.match(e.stderr ?? '', /exactly two --engine flags/);
        return true;
      },
    );
    await assert.rejects(
      run('node', [CLI, 'match', '--sprt', '10,0', '--engine', 'caravan', '--engine', 'caravan']),
      (e: { code?: number; stderr?: string }) => {
        assert.equal(e.code, 2);
        assert.match(e.stderr ?? '', /--sprt needs elo0,elo1 with elo0 < elo1.*got '10,0'/);
        return true;
      },
    );
  });
});

describe('match helpers', () => {
  it('per-engine flags apply to the --engine they follow', () => {
    const a = parseMatchArgs([
      '--engine',
      'x',
      '--depth',
      '3',
      '--option',
      'Hash=8',
      '--games',
      '4',
      '--engine',
      'y',
      '--protocol',
      'xboard',
    ]);
    assert.equal(a.globals.get('games'), '4');
    assert.equal(a.engines.length, 2);
    assert.equal(a.engines[0]!.depth, 3);
    assert.deepEqual(a.engines[0]!.options, [['Hash', '8']]);
    assert.equal(a.engines[1]!.protocol, 'xboard');
    assert.equal(a.engines[1]!.depth, undefined);
    assert.throws(() => parseMatchArgs(['--depth', '3']), /must follow the --engine/);
    assert.throws(() => parseMatchArgs(['--engine', 'x', '--protocol', 'cecp']), /uci or xboard/);
  });

  it('time controls', () => {
    assert.deepEqual(parseTimeControl('10+0.1'), { baseMs: 10_000, incMs: 100 });
    assert.deepEqual(parseTimeControl('60'), { baseMs: 60_000, incMs: 0 });
    assert.equal(parseTimeControl('inf'), undefined);
    assert.throws(() => parseTimeControl('fast'));
  });

  it('random openings are reproducible, legal and unfinished', () => {
    const def = findVariant('wildebeest')!;
    const a = randomOpenings(def, 5, 6, 42);
    assert.deepEqual(a, randomOpenings(def, 5, 6, 42));
    assert.notDeepEqual(a, randomOpenings(def, 5, 6, 43));
    for (const o of a) assert.equal(o.moves.length, 6);
    assert.equal(new Set(a.map((o) => o.moves.join(' '))).size, 5);
    const r = makeRng(1);
    for (let i = 0; i < 100; i++) {
      const x = r();
      assert.ok(x >= 0 && x < 1);
    }
  });

  it('openings files: FENs checked against the variant', () => {
    const def = findVariant('shatranj-kamil')!;
    const ok = parseOpeningsFile(def, `# comment\n\n${def.startFen}\n`);
    assert.ok('openings' in ok && ok.openings.length === 1);
    const bad = parseOpeningsFile(def, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n');
    assert.ok('error' in bad && /line 1/.test(bad.error));
  });
});
