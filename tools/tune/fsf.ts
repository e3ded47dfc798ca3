/** What the tuning tools share: command-line flags and Fairy-Stockfish as a scoring process. */

import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EngineProcess } from '../../src/match/engine-process.js';

/** The value after `--name` on the command line, or the fallback. */
export function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

/** A UCI engine command started, set to the variant, and ready. */
export async function startUciEngine(command: string, variantId: string): Promise<EngineProcess> {
  const engine = new EngineProcess(command);
  engine.send('uci');
  await engine.waitFor((l) => l === 'uciok', 60_000);
  engine.send(`setoption name UCI_Variant value ${variantId}`);
  engine.send('isready');
  await engine.waitFor((l) => l === 'readyok', 60_000);
  return engine;
}

/** The Fairy-Stockfish wasm wrapper (dist/tools/peers) started, set to the variant, and ready. */
export function startFairyStockfish(variantId: string): Promise<EngineProcess> {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
  return startUciEngine(
    `node --no-experimental-fetch ${join(root, 'dist', 'tools', 'peers', 'fairy-stockfish-uci.js')}`,
    variantId,
  );
}

export interface SearchOutcome {
  /** The move chosen, in UCI text. */
  readonly best: string;
  /** Centipawns from the side to move's view; undefined for a mate score or none. */
  readonly score: number | undefined;
  /** Moves to mate (negative: being mated) when the last exact score was a mate score. */
  readonly mate?: number;
}

/** Search `position …` (a UCI position command) for `nodes` nodes; the last exact score. */
export async function searchPosition(fsf: EngineProcess, position: string, nodes: number): Promise<SearchOutcome> {
  fsf.send(position);
  let score: number | undefined;
  let mate: number | undefined;
  fsf.onLine = (line) => {
    const m = / score (cp|mate) (-?\d+)/.exec(line);
    if (m && !line.includes('lowerbound') && !line.includes('upperbound')) {
      score = m[1] === 'mate' ? undefined : Number(m[2]);
      mate = m[1] === 'mate' ? Number(m[2]) : undefined;
    }
  };
  fsf.send(`go nodes ${nodes}`);
  const best = (await fsf.waitFor((l) => l.startsWith('bestmove'), 120_000)).split(/\s+/)[1] ?? '';
  fsf.onLine = undefined;
  return mate === undefined ? { best, score } : { best, score, mate };
}
