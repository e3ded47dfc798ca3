/**
 * A match's UCI log read back (src/match/log-stats.ts, bench/match-log.ts): each engine's own
 * clock when asked to move — White's for White, Black's for Black — and its last report before
 * `bestmove`, with two concurrent games' lines interleaved (the slot names the game).
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { byPlyBand, median, readMatchLog } from '../../src/match/log-stats.js';
import { readPgnGames } from '../../src/notation/pgn.js';
import { REPO_ROOT } from '../helpers/paths.js';

const CLI = join(REPO_ROOT, 'dist', 'src', 'cli', 'main.js');

const LOG = [
  '     10 1.1> uci',
  '     12 1.1< id name Caravan 0.1.0',
  '     13 1.2< id name Fairy-Stockfish 14',
  // Game slot 1: engine 1 has White after two opening plies.
  '    100 1.1> position startpos moves a2a3 a9a8',
  '    101 1.1> go wtime 9000 btime 8000 winc 100 binc 100',
  // Game slot 2, concurrent: its engine 1 has Black (one ply played from a FEN with White to move).
  '    102 2.1> position fen 10/10/10/10/10/10/10/10/10/K8k w - - 0 1 moves a1a2',
  '    103 2.1> go wtime 7000 btime 6000 winc 100 binc 100',
  '    110 1.1< info depth 9 score cp 10 nodes 30000 time 90 pv a3a4',
  '    111 1.1< info depth 10 score cp 12 nodes 50000 time 120 pv a3a4',
  '    112 1.1< bestmove a3a4',
  '    113 1.1< garbage that is not UCI',
  '    120 2.1< info depth 7 nodes 20000 time 60 pv j10j9',
  '    121 2.1< bestmove j10j9',
  // Engine 2 from a FEN with Black to move, no moves yet: Black's clock.
  '    130 1.2> position fen 10/10/10/10/10/10/10/10/10/K8k b - - 0 1',
  '    131 1.2> go wtime 5000 btime 4000',
  '    132 1.2< bestmove j1j2',
].join('\n');

describe('a match log read back', () => {
  const log = readMatchLog(LOG);

  it("names each engine by its 'id name'", () => {
    assert.equal(log.names.get(1), 'Caravan 0.1.0');
    assert.equal(log.names.get(2), 'Fairy-Stockfish 14');
  });

  it("takes the side to move's own clock and the last report before each bestmove", () => {
    assert.deepEqual(log.searches, [
      { engine: 1, ply: 2, clockMs: 9000, nodes: 50000, depth: 10, timeMs: 120 },
      { engine: 1, ply: 1, clockMs: 6000, nodes: 20000, depth: 7, timeMs: 60 },
      { engine: 2, ply: 0, clockMs: 4000, nodes: undefined, depth: undefined, timeMs: undefined },
    ]);
  });

  it('gives medians by band of plies, leaving out what a search did not report', () => {
    assert.equal(median([3, undefined, 1, 2]), 2);
    assert.equal(median([4, 1]), 2.5);
    assert.equal(median([undefined]), undefined);
    const [early, late] = byPlyBand(log.searches, 1, [0, 2, 10]);
    assert.deepEqual(early, { from: 0, searches: 1, clockMs: 6000, nodes: 20000, depth: 7, timeMs: 60 });
    assert.deepEqual(late, { from: 2, searches: 1, clockMs: 9000, nodes: 50000, depth: 10, timeMs: 120 });
    const both = byPlyBand(log.searches, 1, [0])[0];
    assert.deepEqual(both, { from: 0, searches: 2, clockMs: 7500, nodes: 35000, depth: 8.5, timeMs: 90 });
    assert.equal(byPlyBand(log.searches, 2, [0, 1])[1]?.clockMs, undefined, 'an empty band has no median');
  });

  it('reads a log written before the slot was named as one slot', () => {
    const old = readMatchLog(
      ['5 1> position startpos moves a2a3', '6 1> go wtime 1 btime 2', '7 1< bestmove a9a8'].join('\n'),
    );
    assert.deepEqual(old.searches, [
      { engine: 1, ply: 1, clockMs: 2, nodes: undefined, depth: undefined, timeMs: undefined },
    ]);
  });

  it("reads back a real match's log with two concurrent games: one search for every move an engine played", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'caravan-log-'));
    const [logPath, pgnPath] = [join(dir, 'm.log'), join(dir, 'm.pgn')];
    await promisify(execFile)(
      process.execPath,
      [
        CLI,
        'match',
        '--variant',
        'camel-decimal',
        '--games',
        '2',
        '--concurrency',
        '2',
        '--tc',
        'inf',
        '--seed',
        '3',
        '--log',
        logPath,
        '--pgn',
        pgnPath,
        '--engine',
        'caravan',
        '--depth',
        '1',
        '--engine',
        'caravan',
        '--depth',
        '2',
      ],
      { timeout: 120_000 },
    );
    const read = readMatchLog(readFileSync(logPath, 'utf8'));
    const games = readPgnGames(readFileSync(pgnPath, 'utf8'));
    assert.ok(games.ok);
    // Moves searched = plies played after the 4 random opening plies, in both games together.
    const played = games.value.reduce((n, g) => n + Number(g.tags.PlyCount) - 4, 0);
    assert.equal(read.searches.length, played, 'every search matched to its own game and engine');
    assert.ok(read.searches.every((s) => s.ply >= 4 && s.nodes !== undefined && s.depth !== undefined));
  });
});
