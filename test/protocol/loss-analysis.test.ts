/**
 * tools/tune/losses.ts, the loss analysis of bench/README.md ("Where the games are lost"): a
 * judge engine scores every position of a PGN, and the player's moves after which the judge's
 * score fell most are listed first. Here Caravan itself judges a game of orthodox chess in
 * which Black allows a mate in one (3…Nf6?? 4.Qxf7#): that move must top the list.
 */

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { CLI } from '../helpers/cli-driver.js';
import { REPO_ROOT } from '../helpers/paths.js';

const TOOL = join(REPO_ROOT, 'dist', 'tools', 'tune', 'losses.js');
const SCHOLARS_MATE = `[White "Attacker"]
[Black "Defender"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0
`;

function runTool(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [TOOL, ...args], { encoding: 'utf8', timeout: 120_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

test('the move that allows a mate in one is the largest fall of the losing player', () => {
  const dir = mkdtempSync(join(tmpdir(), 'caravan-losses-'));
  try {
    const pgn = join(dir, 'game.pgn');
    writeFileSync(pgn, SCHOLARS_MATE);
    const judge = `${process.execPath} ${CLI} uci`;
    const r = runTool([
      '--pgn',
      pgn,
      '--player',
      'Defender',
      '--nodes',
      '3000',
      '--skip',
      '2',
      '--lost-only',
      '--judge',
      judge,
    ]);
    assert.equal(r.status, 0, r.stderr);
    const first = r.stdout.split('\n')[0] ?? '';
    assert.match(first, /^game 1 ply 5: fall \d+ .* played g8f6, judge /, r.stdout);
    // The fall is a mate's worth: from about even to being mated.
    const fall = Number(/fall (\d+)/.exec(first)?.[1]);
    assert.ok(fall > 20_000, first);
    // The winner's moves are not listed for the loser.
    assert.doesNotMatch(r.stdout, / played (e2e4|d1h5|f1c4|h5f7),/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a game set up from a FEN is judged from that position, Black to move first', () => {
  const dir = mkdtempSync(join(tmpdir(), 'caravan-losses-'));
  try {
    const pgn = join(dir, 'setup.pgn');
    writeFileSync(
      pgn,
      `[White "Attacker"]
[Black "Defender"]
[Result "1-0"]
[SetUp "1"]
[FEN "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3"]

3... Nf6 4. Qxf7# 1-0
`,
    );
    const judge = `${process.execPath} ${CLI} uci`;
    const r = runTool(['--pgn', pgn, '--player', 'Defender', '--nodes', '3000', '--skip', '0', '--judge', judge]);
    assert.equal(r.status, 0, r.stderr);
    assert.match(
      r.stdout.split('\n')[0] ?? '',
      /^game 1 ply 0: fall \d+ .* played g8f6, judge .* \| r1bqkbnr\//,
      r.stdout,
    );
    assert.doesNotMatch(r.stdout, / played h5f7,/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a player who is not in the PGN, or a PGN that does not parse, is said so', () => {
  const dir = mkdtempSync(join(tmpdir(), 'caravan-losses-'));
  try {
    const broken = join(dir, 'broken.pgn');
    writeFileSync(broken, '1. e4 e5 2. Qh9 *\n');
    const bad = runTool(['--pgn', broken, '--judge', `${process.execPath} ${CLI} uci`]);
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /broken\.pgn: .*Qh9/);
    const pgn = join(dir, 'game.pgn');
    writeFileSync(pgn, SCHOLARS_MATE);
    const none = runTool(['--pgn', pgn, '--player', 'Nobody', '--judge', `${process.execPath} ${CLI} uci`]);
    assert.equal(none.status, 1);
    assert.match(none.stderr, /no game of 'Nobody'/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
