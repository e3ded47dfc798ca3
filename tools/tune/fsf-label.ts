/**
 * Score positions with Fairy-Stockfish's search, for evaluation tuning. Two modes:
 *
 *  - `--remove-man`: material-imbalance positions. Self-play rarely leaves one side a whole
 *    piece down in a quiet position, so piece values are poorly determined by self-play
 *    positions alone. Takes random source positions, removes one random man (not a king) of a
 *    random side, and keeps the result when it is legal and the side to move is not in check.
 *  - otherwise: every --every'th position of the sources as it is — e.g. the positions of
 *    Caravan's own games (PGN), so the fit also sees where Caravan's evaluation leads it.
 *
 *   node dist/tools/tune/fsf-label.js --variant shatranj-kamil --data /tmp/tune/sk.jsonl \
 *     --remove-man --count 2000 --nodes 8000 --seed 3 --out /tmp/tune/sk-imb.jsonl
 *   node dist/tools/tune/fsf-label.js --variant shatranj-kamil --pgn games.pgn --every 2 \
 *     --out /tmp/tune/sk-games.jsonl
 */

import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { makeFen } from '../../src/core/fen.js';
import { Game } from '../../src/core/game.js';
import { Position } from '../../src/core/position.js';
import { makeRng } from '../../src/match/openings.js';
import { readPgnGames } from '../../src/notation/pgn.js';
import { findVariant } from '../../src/variants/index.js';
import { flag, searchPosition, startFairyStockfish } from './fsf.js';

const variantId = flag('variant', 'shatranj-kamil');
const count = Number(flag('count', '1000'));
const nodes = Number(flag('nodes', '8000'));
const seed = Number(flag('seed', '1'));
const out = flag('out', `/tmp/${variantId}-labelled.jsonl`);
const def = findVariant(variantId);
if (!def) {
  console.error(`unknown variant '${variantId}'`);
  process.exit(2);
}
const removeMan = process.argv.includes('--remove-man');
const every = Number(flag('every', '1'));
const sources = flag('data', '')
  .split(',')
  .filter(Boolean)
  .flatMap((f) => readFileSync(f, 'utf8').split('\n').filter(Boolean))
  .map((l) => (JSON.parse(l) as { fen: string }).fen);
for (const file of flag('pgn', '').split(',').filter(Boolean)) {
  const games = readPgnGames(readFileSync(file, 'utf8'));
  if (!games.ok) throw new Error(`${file}: ${games.error.message}`);
  for (const g of games.value) {
    if (g.variant.id !== variantId) continue;
    const replay = Game.create(g.variant, g.tags.FEN);
    if (!replay.ok) continue;
    for (const m of g.game.moves) {
      replay.value.play(m);
      sources.push(replay.value.fen());
    }
  }
}

/** The FEN with the man on `square` (file, rank from White's side, 0-based) removed. */
function withoutMan(fen: string, files: number, file: number, rank: number): string {
  const [placement, ...rest] = fen.split(' ');
  const rows = placement!.split('/');
  const row = rows[rows.length - 1 - rank]!;
  const cells: string[] = [];
  for (const m of row.matchAll(/(\d+)|([a-zA-Z])/g)) {
    if (m[1]) for (let i = 0; i < Number(m[1]); i++) cells.push('');
    else cells.push(m[2]!);
  }
  cells[file] = '';
  let text = '';
  let empty = 0;
  for (let f = 0; f < files; f++) {
    if (cells[f]) {
      if (empty) text += String(empty);
      empty = 0;
      text += cells[f];
    } else empty++;
  }
  if (empty) text += String(empty);
  rows[rows.length - 1 - rank] = text;
  return [rows.join('/'), ...rest].join(' ');
}

async function main(): Promise<void> {
  if (!def) return;
  const fsf = await startFairyStockfish(variantId);
  /** Fairy-Stockfish's score of a position from scratch (side to move's view; undefined for mates). */
  const searchScore = async (fen: string): Promise<number | undefined> => {
    fsf.send('ucinewgame');
    return (await searchPosition(fsf, `position fen ${fen}`, nodes)).score;
  };
  writeFileSync(out, '');
  const rng = makeRng(seed * 104729 + 7);
  let written = 0;
  let next = 0;
  /** Score a legal position not in check and append it to the output; false if skipped. */
  const label = async (fen: string): Promise<boolean> => {
    const parsed = Position.fromFen(def, fen);
    if (!parsed.ok || parsed.value.inCheck()) return false;
    const score = await searchScore(fen);
    if (score === undefined) return false;
    appendFileSync(out, `${JSON.stringify({ fen, score })}\n`);
    written++;
    return true;
  };
  while (removeMan ? written < count : next < sources.length) {
    if (!removeMan) {
      const fen = sources[next]!;
      next += every;
      await label(fen);
      continue;
    }
    const source = Position.fromFen(def, sources[Math.floor(rng() * sources.length)]!);
    if (!source.ok) continue;
    const pos = source.value;
    const side = rng() < 0.5 ? 0 : 1;
    const men: number[] = [];
    for (let i = 0; i < pos.pcount[side]!; i++) {
      const sq = pos.pieceSquare(side, i);
      if (sq !== pos.kingSq[side]) men.push(sq);
    }
    if (men.length < 2) continue;
    const sq = men[Math.floor(rng() * men.length)]!;
    const fen = withoutMan(makeFen(pos), pos.t.files, pos.t.fileOf[sq]!, pos.t.rankOf[sq]!);
    if (!(await label(fen))) continue;
    if (written % 200 === 0) console.log(`${written}/${count}`);
  }
  fsf.send('quit');
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
});
