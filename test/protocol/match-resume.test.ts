/**
 * `caravan match --resume`: the project brief's "long jobs must resume where they stopped". A
 * match stopped after some games and resumed must be the match played at once (same opening and
 * colours per game; Caravan at a fixed depth is deterministic, so the same moves and results);
 * a PGN of another match or a broken one is refused with the reason; Ctrl-C keeps the finished
 * games, stops the engines and says how to resume.
 */
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { Game } from '../../src/core/game.js';
import { unwrap } from '../../src/core/result.js';
import { tcTag } from '../../src/match/match.js';
import { randomOpenings, randomOpeningsSource } from '../../src/match/openings.js';
import { readFinishedGames } from '../../src/match/resume.js';
import { readPgnGames } from '../../src/notation/pgn.js';
import { moveToUci } from '../../src/notation/uci.js';
import { findVariant } from '../../src/variants/index.js';
import { REPO_ROOT } from '../helpers/paths.js';

const run = promisify(execFile);
const CLI = join(REPO_ROOT, 'dist', 'src', 'cli', 'main.js');
const dir = mkdtempSync(join(tmpdir(), 'caravan-match-resume-'));

/** Caravan depth 1 against Caravan depth 2: cheap, and deterministic at fixed depth. */
function matchArgs(games: number, pgn: string, extra: { seed?: number; secondName?: string } = {}): string[] {
  return [
    'match',
    '--variant',
    'shatranj-kamil',
    '--games',
    String(games),
    '--tc',
    'inf',
    '--seed',
    String(extra.seed ?? 7),
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
    extra.secondName ?? 'depth2',
    '--pgn',
    pgn,
  ];
}

async function caravan(args: string[]): Promise<string> {
  const { stdout } = await run('node', [CLI, ...args], { timeout: 110_000 });
  return stdout;
}

/** The command fails with exit code 2 and a message matching `message` on stderr. */
async function refused(args: string[], message: RegExp): Promise<void> {
  await assert.rejects(run('node', [CLI, ...args], { timeout: 110_000 }), (e: { code?: number; stderr?: string }) => {
    assert.equal(e.code, 2, e.stderr);
    assert.match(e.stderr ?? '', message);
    return true;
  });
}

/** Each game's round, players, result and moves (UCI), in file order. */
function gamesOf(pgn: string): Array<{ round: string; white: string; black: string; result: string; moves: string }> {
  return unwrap(readPgnGames(pgn)).map((g) => {
    const moves: string[] = [];
    const game = unwrap(Game.create(g.variant, g.game.startFen));
    for (const m of g.game.moves) {
      moves.push(moveToUci(game.position, m));
      game.play(m);
    }
    return {
      round: g.tags.Round ?? '',
      white: g.tags.White ?? '',
      black: g.tags.Black ?? '',
      result: g.result,
      moves: moves.join(' '),
    };
  });
}

function finalScore(stdout: string): string {
  const lines = stdout.split('\n').filter((l) => l.startsWith('Score of '));
  return lines[lines.length - 1] ?? '';
}

function unwrapVariant() {
  const def = findVariant('shatranj-kamil');
  assert.ok(def);
  return def;
}
const def = unwrapVariant();
const identity = {
  variant: def,
  timeControl: tcTag(undefined),
  openingsSource: randomOpeningsSource(4, 7),
  openings: randomOpenings(def, 2, 4, 7),
  games: 4,
};

describe('caravan match --resume (brief: long jobs must resume where they stopped)', { timeout: 300_000 }, () => {
  after(() => rmSync(dir, { recursive: true, force: true }));
  const whole = join(dir, 'whole.pgn');
  const resumed = join(dir, 'resumed.pgn');
  let wholeOut = '';

  it('2 games, then --games 4 --resume: the same games and score as 4 games played at once', async () => {
    wholeOut = await caravan(matchArgs(4, whole));
    // --resume with no file yet starts the match.
    const first = await caravan([...matchArgs(2, resumed), '--resume']);
    assert.doesNotMatch(first, /Resuming/);
    assert.equal(gamesOf(readFileSync(resumed, 'utf8')).length, 2);
    const out = await caravan([...matchArgs(4, resumed), '--resume']);
    assert.match(out, /^Resuming: 2 of 4 games already played/m);
    // Only games 3 and 4 were played.
    assert.deepEqual(
      out
        .split('\n')
        .filter((l) => l.startsWith('Finished game'))
        .map((l) => l.split(' ')[2]),
      ['3', '4'],
    );
    assert.deepEqual(gamesOf(readFileSync(resumed, 'utf8')), gamesOf(readFileSync(whole, 'utf8')));
    assert.equal(finalScore(out), finalScore(wholeOut));
    assert.match(finalScore(out), / 4$/);
  });

  it('a resumed game keeps its comments (the clocks a match on a clock writes)', () => {
    const commented = readFileSync(whole, 'utf8').replace(/(\n\n1\. \S+)/g, '$1 {[%clk 0:00:09.5]}');
    const r = readFinishedGames(commented, identity);
    assert.ok(r.ok, r.ok ? '' : r.error.message);
    assert.equal(r.value.records.length, 4);
    for (const rec of r.value.records) assert.match(rec.pgn, /\{\[%clk 0:00:09\.5\]\}/);
  });

  it('a complete match resumed plays nothing and reports its score', async () => {
    const before = readFileSync(whole, 'utf8');
    const out = await caravan([...matchArgs(4, whole), '--resume']);
    assert.doesNotMatch(out, /Finished game/);
    assert.equal(finalScore(out), finalScore(wholeOut));
    assert.match(out, /^Elo difference: /m);
    assert.equal(readFileSync(whole, 'utf8'), before);
  });

  it("refuses another match's PGN: other seed, other engine names", async () => {
    const before = readFileSync(whole, 'utf8');
    await refused([...matchArgs(4, whole, { seed: 8 }), '--resume'], /openings 'random, 4 plies, seed 7'.*seed 8/);
    await refused([...matchArgs(4, whole, { secondName: 'other' }), '--resume'], /depth1 vs depth2.*depth1 vs other/);
    await refused([...matchArgs(2, whole), '--resume'], /game 3 of the match, but --games is 2/);
    assert.equal(readFileSync(whole, 'utf8'), before, 'a refused resume leaves the file alone');
  });

  it('a broken PGN is a clear error naming the problem', async () => {
    const text = readFileSync(whole, 'utf8');
    const torn = join(dir, 'torn.pgn');
    // Cut inside the last game's moves, as a write interrupted by a crash would leave it.
    writeFileSync(torn, text.slice(0, text.lastIndexOf('[Event') + 400));
    await refused([...matchArgs(4, torn), '--resume'], /game 4 of the PGN \(round 4\) is incomplete/);
    const garbage = join(dir, 'garbage.pgn');
    writeFileSync(garbage, 'this is not a PGN\n');
    await refused([...matchArgs(4, garbage), '--resume'], /--resume .*garbage\.pgn: the PGN cannot be read: game 1/);
    // Written by hand: a round twice, and a game with the colours the other way round.
    const games = text.split(/\n(?=\[Event )/);
    const twice = readFinishedGames([games[0], games[0]].join('\n'), identity);
    assert.ok(!twice.ok);
    assert.match(twice.error.message, /game 2 of the PGN: round 1 is in the file twice/);
    const swapped = (games[1] as string).replace(
      '[White "depth2"]\n[Black "depth1"]',
      '[White "depth1"]\n[Black "depth2"]',
    );
    const colours = readFinishedGames([games[0], swapped].join('\n'), identity);
    assert.ok(!colours.ok);
    assert.match(colours.error.message, /round 2\) is depth1 vs depth2; the colour schedule needs depth2 vs depth1/);
    await refused(
      matchArgs(4, whole)
        .filter((a, i, all) => a !== '--pgn' && all[i - 1] !== '--pgn')
        .concat('--resume'),
      /--resume needs --pgn/,
    );
  });

  it('Ctrl-C stops the engines, keeps the finished games and prints how to resume', async () => {
    // An XBoard engine that resigns its first game and never answers in the next: the match is
    // stopped while it waits, with one game finished.
    const engine = join(dir, 'stalls.mjs');
    const pidFile = join(dir, 'stalls.pid');
    writeFileSync(
      engine,
      `import { createInterface } from 'node:readline';
import { writeFileSync } from 'node:fs';
writeFileSync(${JSON.stringify(pidFile)}, String(process.pid));
let games = 0;
createInterface({ input: process.stdin }).on('line', (line) => {
  const [cmd, arg] = line.trim().split(/\\s+/);
  if (cmd === 'protover') console.log('feature setboard=1 usermove=1 ping=1 variants="kamil10" sigint=0 sigterm=0 done=1');
  else if (cmd === 'ping') console.log('pong ' + arg);
  else if (cmd === 'new') games++;
  else if (cmd === 'go' && games === 1) console.log('resign');
  else if (cmd === 'quit') process.exit(0);
});
`,
    );
    const pgn = join(dir, 'stopped.pgn');
    const child = spawn(
      'node',
      [
        CLI,
        'match',
        '--variant',
        'shatranj-kamil',
        '--games',
        '4',
        '--tc',
        'inf',
        '--seed',
        '3',
        '--engine',
        `node ${JSON.stringify(engine)}`,
        '--protocol',
        'xboard',
        '--depth',
        '1',
        '--name',
        'stalls',
        '--engine',
        'caravan',
        '--depth',
        '1',
        '--name',
        'Caravan',
        '--pgn',
        pgn,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        // Game 1 is written; game 2 waits for the engine that never answers.
        if (/^Score of .* 1$/m.test(stdout)) resolve();
      });
      child.on('exit', (code) => reject(new Error(`the match ended (code ${code}) before a game finished: ${stdout}`)));
    });
    child.kill('SIGINT');
    const code = await exited;
    assert.equal(code, 130, stdout);
    assert.match(stdout, /^SIGINT: stopping the match/m);
    assert.match(stdout, /^Stopped after 1 of 4 games, kept in .*stopped\.pgn\. Resume with:$/m);
    assert.match(stdout, /^ {2}caravan match .*--seed 3 .*--resume$/m);
    assert.match(finalScore(stdout), /: 0 - 1 - 0 .* 1$/);
    const kept = gamesOf(readFileSync(pgn, 'utf8'));
    assert.deepEqual(
      kept.map((g) => [g.round, g.result]),
      [['1', '0-1']],
    );
    // The engine that was thinking was closed, not left running.
    const pid = Number(readFileSync(pidFile, 'utf8'));
    assert.throws(() => process.kill(pid, 0), /ESRCH/);
  });
});

describe('match resume: the checks on the finished games', () => {
  it('random openings do not depend on how many are drawn (a longer resumed match keeps its first ones)', () => {
    for (const plies of [1, 4]) {
      const many = randomOpenings(def, 60, plies, 7);
      assert.deepEqual(randomOpenings(def, 1, plies, 7), many.slice(0, 1));
      assert.deepEqual(randomOpenings(def, 2, plies, 7), many.slice(0, 2));
      assert.deepEqual(randomOpenings(def, 30, plies, 7), many.slice(0, 30));
    }
  });

  it('an empty file is a match with no game played yet', () => {
    const r = readFinishedGames('', identity);
    assert.ok(r.ok);
    assert.equal(r.value.records.length, 0);
    assert.equal(r.value.names, undefined);
  });

  it('a game that is not one of the match: no Round, wrong variant', () => {
    const r = readFinishedGames('[Variant "shatranj-kamil"]\n\n*\n', identity);
    assert.ok(!r.ok);
    assert.match(r.error.message, /no game number/);
    const w = readFinishedGames('[Round "1"]\n[Variant "wildebeest"]\n\n*\n', identity);
    assert.ok(!w.ok);
    assert.match(w.error.message, /is wildebeest, this match is shatranj-kamil/);
  });
});
