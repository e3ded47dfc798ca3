/**
 * Where does a player lose its games? Scores every position of a match PGN with a judge engine
 * (a UCI command, e.g. a native Fairy-Stockfish; the wasm build by default) and lists the
 * player's moves after which the judge's score for the player fell the most. With
 * `--lost-only`, only the games the player lost; a game is scored until the player is clearly
 * lost (`--until`, centipawns).
 *
 *   node dist/tools/tune/losses.js --pgn match.pgn --player Caravan --nodes 100000 --lost-only \
 *     --judge /work/peer/fsf-caravan --top 40 > losses.txt
 *
 * Each line: game number, ply, the fall in centipawns, the score before and after (the
 * player's view), the move played, the judge's choice and the FEN before the move. The FENs
 * feed further probes (the same position searched by both engines at several node counts).
 */

import { readFileSync } from 'node:fs';
import { Game } from '../../src/core/game.js';
import type { EngineProcess } from '../../src/match/engine-process.js';
import { readPgnGames } from '../../src/notation/pgn.js';
import { moveToUci } from '../../src/notation/uci.js';
import { flag, searchPosition, startFairyStockfish, startUciEngine } from './fsf.js';

/** A mate counts as this many centipawns (less the distance), so falls into a mate rank first. */
const MATE_CP = 30_000;

interface Fall {
  readonly game: number;
  readonly ply: number;
  readonly fall: number;
  readonly before: number;
  readonly after: number;
  readonly played: string;
  readonly judgeBest: string;
  readonly fen: string;
}

const pgnFile = flag('pgn', '');
const player = flag('player', 'Caravan');
const nodes = Number(flag('nodes', '100000'));
const judgeCommand = flag('judge', '');
const top = Number(flag('top', '40'));
const until = Number(flag('until', '800'));
const skip = Number(flag('skip', '8'));
const lostOnly = process.argv.includes('--lost-only');
if (!pgnFile || !Number.isInteger(nodes) || nodes <= 0) {
  console.error('usage: losses.js --pgn <file> [--player NAME] [--nodes N] [--judge "<uci command>"] [--lost-only]');
  process.exit(2);
}
const read = readPgnGames(readFileSync(pgnFile, 'utf8'));
if (!read.ok) {
  console.error(`${pgnFile}: ${read.error.message}`);
  process.exit(1);
}

if (!read.value.some((g) => g.tags.White === player || g.tags.Black === player)) {
  console.error(`${pgnFile}: no game of '${player}' (the White and Black tags name the players)`);
  process.exit(1);
}

/**
 * The judge's score of the position after `moves` from `startFen` (the game's own start, so a
 * PGN with a SetUp/FEN tag is judged from it), side to move's view (mates as ±MATE_CP).
 */
async function judgeScore(
  judge: EngineProcess,
  startFen: string,
  moves: readonly string[],
): Promise<{ score: number; best: string }> {
  const position = `position fen ${startFen}${moves.length > 0 ? ` moves ${moves.join(' ')}` : ''}`;
  const r = await searchPosition(judge, position, nodes);
  if (r.score !== undefined) return { score: r.score, best: r.best };
  const m = r.mate ?? 0;
  return { score: m > 0 ? MATE_CP - m : -MATE_CP - m, best: r.best };
}

const falls: Fall[] = [];
let judge: EngineProcess | undefined;
let judgeVariant = '';
for (const [index, pgn] of read.value.entries()) {
  const color = pgn.tags.White === player ? 0 : pgn.tags.Black === player ? 1 : -1;
  if (color < 0) continue;
  const lost = (color === 0 && pgn.result === '0-1') || (color === 1 && pgn.result === '1-0');
  if (lostOnly && !lost) continue;
  if (pgn.variant.id !== judgeVariant) {
    await judge?.close();
    judge = judgeCommand
      ? await startUciEngine(judgeCommand, pgn.variant.id)
      : await startFairyStockfish(pgn.variant.id);
    judgeVariant = pgn.variant.id;
  }
  const replay = Game.create(pgn.variant, pgn.game.startFen);
  if (!replay.ok) throw new Error(replay.error.message);
  const ucis: string[] = [];
  const fens: string[] = [];
  // The side to move before each ply, and once more after the last.
  const turns: number[] = [];
  for (const m of pgn.game.moves) {
    fens.push(replay.value.fen());
    turns.push(replay.value.position.turn);
    ucis.push(moveToUci(replay.value.position, m));
    replay.value.play(m);
  }
  turns.push(replay.value.position.turn);
  judge?.send('ucinewgame');
  // scores[i]: the judge's score of the position before ply i, side to move's view.
  const scores: number[] = [];
  const best: string[] = [];
  for (let i = skip; i <= ucis.length; i++) {
    const r = await judgeScore(judge as EngineProcess, replay.value.startFen, ucis.slice(0, i));
    scores[i] = r.score;
    best[i] = r.best;
    if ((turns[i] === color ? r.score : -r.score) < -until) break;
  }
  for (let i = skip; i + 1 < scores.length; i++) {
    if (turns[i] !== color) continue;
    const before = scores[i] as number;
    const after = -(scores[i + 1] as number);
    falls.push({
      game: index + 1,
      ply: i,
      fall: before - after,
      before,
      after,
      played: ucis[i] as string,
      judgeBest: best[i] as string,
      fen: fens[i] as string,
    });
  }
  console.error(`game ${index + 1}: ${pgn.result}, ${scores.length - skip} positions scored`);
}
await judge?.close();
falls.sort((a, b) => b.fall - a.fall);
for (const f of falls.slice(0, top)) {
  console.log(
    `game ${f.game} ply ${f.ply}: fall ${f.fall} (${f.before} -> ${f.after}) played ${f.played}, judge ${f.judgeBest} | ${f.fen}`,
  );
}
