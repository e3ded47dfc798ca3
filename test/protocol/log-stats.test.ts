/**
 * A match's UCI log read back (src/match/log-stats.ts, bench/match-log.ts): each engine's own
 * clock when asked to move — White's for White, Black's for Black — and its last report before
 * `bestmove`, with two concurrent games' lines interleaved (the slot names the game); and from
 * each engine's scores, the ply from which it held the game won or lost to the end.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import {
  byPlyBand,
  decidedAt,
  MATE_CP,
  mean,
  median,
  type PlyBandStats,
  readMatchLog,
} from '../../src/match/log-stats.js';
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
      { engine: 1, game: 0, ply: 2, clockMs: 9000, nodes: 50000, depth: 10, timeMs: 120, score: 12 },
      { engine: 1, game: 1, ply: 1, clockMs: 6000, nodes: 20000, depth: 7, timeMs: 60, score: undefined },
      {
        engine: 2,
        game: 0,
        ply: 0,
        clockMs: 4000,
        nodes: undefined,
        depth: undefined,
        timeMs: undefined,
        score: undefined,
      },
    ]);
  });

  it('gives medians by band of plies, leaving out what a search did not report', () => {
    assert.equal(median([3, undefined, 1, 2]), 2);
    assert.equal(median([4, 1]), 2.5);
    assert.equal(median([undefined]), undefined);
    const [early, late] = byPlyBand(log.searches, 1, [0, 2, 10]);
    const medians = ({ from, searches, clockMs, nodes, depth, timeMs }: PlyBandStats) => ({
      from,
      searches,
      clockMs,
      nodes,
      depth,
      timeMs,
    });
    assert.deepEqual(medians(early!), { from: 0, searches: 1, clockMs: 6000, nodes: 20000, depth: 7, timeMs: 60 });
    assert.deepEqual(medians(late!), { from: 2, searches: 1, clockMs: 9000, nodes: 50000, depth: 10, timeMs: 120 });
    const both = byPlyBand(log.searches, 1, [0])[0]!;
    assert.deepEqual(medians(both), { from: 0, searches: 2, clockMs: 7500, nodes: 35000, depth: 8.5, timeMs: 90 });
    assert.equal(byPlyBand(log.searches, 2, [0, 1])[1]?.clockMs, undefined, 'an empty band has no median');
  });

  it('gives the mean nodes a move and the speed as all nodes over all search time, not a median', () => {
    assert.equal(mean([3, undefined, 1, 2]), 2);
    assert.equal(mean([undefined]), undefined);
    // Engine 1's two searches: 20 000 nodes in 60 ms and 50 000 in 120 ms.
    const both = byPlyBand(log.searches, 1, [0])[0]!;
    assert.equal(both.meanNodes, 35000);
    assert.equal(Math.round(both.nodesPerSecond!), Math.round((70000 * 1000) / 180));
    // Engine 2 reported no time: no speed, rather than a division by zero.
    assert.equal(byPlyBand(log.searches, 2, [0])[0]?.nodesPerSecond, undefined);
    // A few long searches pull the mean above the median: three of 10 000 nodes, one of 130 000.
    const skewed = readMatchLog(
      [10, 20, 30, 40]
        .map((t, k) =>
          [
            `${t} 1.1> position startpos`,
            `${t + 1} 1.1> go wtime 9000 btime 9000`,
            `${t + 2} 1.1< info depth 9 nodes ${k === 3 ? 130000 : 10000} time ${k === 3 ? 260 : 20} pv a2a3`,
            `${t + 3} 1.1< bestmove a2a3`,
          ].join('\n'),
        )
        .join('\n'),
    );
    const band = byPlyBand(skewed.searches, 1, [0])[0]!;
    assert.equal(band.nodes, 10000);
    assert.equal(band.meanNodes, 40000);
    assert.equal(band.nodesPerSecond, (160000 * 1000) / 320);
  });

  it('reads a log written before the slot was named as one slot', () => {
    const old = readMatchLog(
      ['5 1> position startpos moves a2a3', '6 1> go wtime 1 btime 2', '7 1< bestmove a9a8'].join('\n'),
    );
    assert.deepEqual(old.searches, [
      {
        engine: 1,
        game: 0,
        ply: 1,
        clockMs: 2,
        nodes: undefined,
        depth: undefined,
        timeMs: undefined,
        score: undefined,
      },
    ]);
  });

  describe('when each engine saw the game decided', () => {
    let t = 0;
    const lines: string[] = [];
    const say = (slot: number, engine: number, dir: '>' | '<', text: string) =>
      lines.push(`${++t} ${slot}.${engine}${dir} ${text}`);
    const newGame = (slot: number) => {
      say(slot, 1, '>', 'ucinewgame');
      say(slot, 2, '>', 'ucinewgame');
    };
    /** One search at `ply` (the moves are placeholders: only their number is read). */
    const search = (slot: number, engine: number, ply: number, score: string) => {
      say(slot, engine, '>', `position startpos${ply > 0 ? ` moves${' a1a2'.repeat(ply)}` : ''}`);
      say(slot, engine, '>', 'go wtime 1000 btime 1000');
      say(slot, engine, '<', `info depth 5 score ${score} nodes 100 time 5 pv a1a2`);
      say(slot, engine, '<', 'bestmove a1a2');
    };
    newGame(1); // game 0
    search(1, 1, 4, 'cp 20');
    newGame(2); // game 1, played at the same time in slot 2
    search(2, 1, 4, 'cp 200');
    search(1, 2, 5, 'cp 100');
    search(1, 1, 6, 'cp -160');
    search(1, 2, 7, 'cp 150');
    search(1, 1, 8, 'cp -50'); // back within half the threshold: the −160 above was not for good
    search(1, 2, 9, 'cp 80');
    search(1, 1, 10, 'cp -200');
    search(2, 2, 5, 'cp -20');
    search(1, 2, 11, 'mate 2');
    search(1, 1, 12, 'mate -3');
    newGame(1); // game 2: slot 1's next game
    search(1, 1, 4, 'cp 0');
    search(1, 2, 5, 'cp 30');
    const log = readMatchLog(lines.join('\n'));

    it('numbers the games in the order they started, one per ucinewgame pair', () => {
      assert.deepEqual(
        log.searches.map((s) => [s.game, s.engine, s.ply]),
        [
          [0, 1, 4],
          [1, 1, 4],
          [0, 2, 5],
          [0, 1, 6],
          [0, 2, 7],
          [0, 1, 8],
          [0, 2, 9],
          [0, 1, 10],
          [1, 2, 5],
          [0, 2, 11],
          [0, 1, 12],
          [2, 1, 4],
          [2, 2, 5],
        ],
      );
    });

    it('reads a mate as MATE_CP less its distance, for the side to move', () => {
      const mates = log.searches.filter((s) => s.ply >= 11 && s.game === 0).map((s) => s.score);
      assert.deepEqual(mates, [MATE_CP - 2, -MATE_CP + 3]);
    });

    it('dates a verdict from the first score beyond the threshold that never fell back within half of it', () => {
      assert.deepEqual(decidedAt(log.searches, 150), [
        // Winning by 150 first at ply 7 (the 100 before it was not yet 150; the 80 after it is still over 75).
        { game: 0, engine: 1, winning: false, ply: 10 },
        { game: 0, engine: 2, winning: true, ply: 7 },
        // A game an engine ended while still sure it was winning is decided for that engine alone.
        { game: 1, engine: 1, winning: true, ply: 4 },
      ]);
      assert.deepEqual(
        decidedAt(log.searches, 250).map((v) => [v.game, v.engine, v.ply]),
        [
          [0, 1, 12],
          [0, 2, 11],
        ],
        'only mates pass 250 cp here',
      );
    });
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
    assert.deepEqual(new Set(read.searches.map((s) => s.game)), new Set([0, 1]), 'two games told apart');
  });
});
