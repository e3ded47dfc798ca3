/**
 * Deeper labels for positions already generated (issue 12): every --every'th position of each game
 * of a data file (datagen.ts) is searched again by a UCI engine for --nodes nodes, and kept with
 * that score and the game's result. The fourth session found that networks trained on 5 000-node
 * scores all stop at the same validation loss, however large or however much data: what is left is
 * the noise of a shallow label, which only a deeper search removes.
 *
 *   node dist/tools/nnue/relabel.js --variant shatranj-kamil --engine /work/peer/fsf-caravan \
 *     --data tools/nnue/data/shatranj-kamil-vcaravan-s40.bin --every 3 --nodes 40000 \
 *     --out /work/nnue-data/shatranj-kamil-vcaravan-s40-fsf40k.bin
 *
 * A sample keeps only the men and the side to move, so the engine is given the position with no
 * castling rights, no en-passant square and a zero halfmove clock (none of which Shatranj Kamil
 * has). As in datagen, a position is dropped when the new search's best move is a capture or a
 * promotion or its score is a mate. One frame per game of the source, under the source's game
 * number; a run resumes after the last whole game already in --out.
 */

import { parseFen, placementFen } from '../../src/core/fen.js';
import { KIND_EN_PASSANT, moveKind, movePromotion, moveTo } from '../../src/core/move.js';
import { BLACK, EMPTY, variantTables } from '../../src/core/tables.js';
import type { EngineProcess } from '../../src/match/engine-process.js';
import { parseUciMove } from '../../src/notation/uci.js';
import { findVariant } from '../../src/variants/index.js';
import type { VariantDefinition } from '../../src/variants/schema.js';
import { flag, searchPosition, startUciEngine } from '../tune/fsf.js';
import { appendFrame, type GameFrame, readFrames, type Sample } from './data.js';

/** The FEN of a sample: its men, its side to move, and nothing else. */
export function sampleFen(def: VariantDefinition, s: Sample): string {
  const t = variantTables(def);
  const grid: number[] = new Array(t.files * t.ranks).fill(EMPTY);
  for (let i = 0; i < s.squares.length; i++) grid[s.squares[i] as number] = s.codes[i] as number;
  return `${placementFen(t, (r, f) => grid[r * t.files + f] as number)} ${s.turn === BLACK ? 'b' : 'w'} - - 0 1`;
}

/**
 * Every `every`'th position of one game searched again by `engine` (a UCI process past `uciok`,
 * set to the variant) for `nodes` nodes: the positions kept with the new scores, and how many were
 * dropped (best move a capture or promotion, or a mate score).
 */
export async function relabelGame(
  def: VariantDefinition,
  engine: EngineProcess,
  frame: GameFrame,
  every: number,
  nodes: number,
): Promise<{ samples: Sample[]; dropped: number }> {
  const samples: Sample[] = [];
  let dropped = 0;
  // Start at a different offset in each game, so every phase of the game is sampled.
  for (let k = frame.game % every; k < frame.samples.length; k += every) {
    const s = frame.samples[k] as Sample;
    const fen = sampleFen(def, s);
    const pos = parseFen(def, fen);
    if (!pos.ok) throw new Error(`game ${frame.game}, position ${k}: ${pos.error.message}`);
    engine.send('ucinewgame');
    const answer = await searchPosition(engine, `position fen ${fen}`, nodes);
    const best = parseUciMove(pos.value, answer.best);
    if (!best.ok) throw new Error(`game ${frame.game}: '${answer.best}' in ${fen}: ${best.error.message}`);
    const m = best.value;
    const capture = pos.value.board[moveTo(m)] !== EMPTY || moveKind(m) === KIND_EN_PASSANT || movePromotion(m) >= 0;
    if (answer.score === undefined || capture) dropped++;
    else samples.push({ ...s, score: answer.score });
  }
  return { samples, dropped };
}

async function main(): Promise<void> {
  const variantId = flag('variant', 'shatranj-kamil');
  const def = findVariant(variantId);
  if (!def) throw new Error(`unknown variant '${variantId}'`);
  const data = flag('data', '');
  const out = flag('out', '');
  const engineCommand = flag('engine', '');
  const every = Number(flag('every', '3'));
  const nodes = Number(flag('nodes', '40000'));
  if (!data || !out || !engineCommand) throw new Error('--data, --out and --engine are required');
  if (!(Number.isInteger(every) && every > 0)) throw new Error('--every must be a positive whole number');
  if (!(Number.isInteger(nodes) && nodes > 0)) throw new Error('--nodes must be a positive whole number');
  const done = new Set(readFrames(out).map((f) => f.game));
  const engine = await startUciEngine(engineCommand, flag('engine-variant', variantId));
  let written = 0;
  let dropped = 0;
  for (const frame of readFrames(data)) {
    if (done.has(frame.game)) continue;
    const game = await relabelGame(def, engine, frame, every, nodes);
    appendFrame(out, { game: frame.game, samples: game.samples });
    written += game.samples.length;
    dropped += game.dropped;
    console.log(`game ${frame.game}: ${game.samples.length} positions (${written} this run, ${dropped} dropped)`);
  }
  await engine.close();
}

if (process.argv[1]?.endsWith('relabel.js')) {
  main().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(1);
  });
}
