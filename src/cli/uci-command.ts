/** `caravan uci`: the UCI protocol on stdin/stdout, searching in a worker thread. */

import { DEFAULT_HASH_MB, MAX_HASH_MB } from '../engine/api.js';
import { MAX_LEVEL } from '../engine/levels.js';
import { exitQuietlyOnClosedOutput, readLines } from '../protocol/line-io.js';
import { WorkerSearcher } from '../protocol/searcher.js';
import { MAX_MOVE_OVERHEAD_MS, UCI_VARIANTS, UciSession } from '../protocol/uci.js';
import { DEFAULT_VARIANT_ID } from '../variants/index.js';
import { engineArgs } from './args.js';
import { readVariantFile, VARIANTS_FLAG_HELP, variantsOfFlags } from './variant-files.js';

export const UCI_HELP = `usage: caravan uci [--variants <file>]
UCI engine on stdin/stdout; the search runs in a worker thread.
${VARIANTS_FLAG_HELP}
options (setoption name <name> value <value>):
  UCI_Variant           ${UCI_VARIANTS.join(', ')} (default ${DEFAULT_VARIANT_ID}),
                        and the variants of --variants and VariantPath files
  VariantPath           a JSON variant file whose variants join UCI_Variant (send uci again to
                        see them), as Fairy-Stockfish's option; <empty> unloads them
  UCI_Marriage          immediate | delayed (Bachelor Kamil, RULES.md §4)
  Hash                  MiB 1–${MAX_HASH_MB} (default ${DEFAULT_HASH_MB})
  Level                 0 = full strength, 1–${MAX_LEVEL} casual levels
  Move Overhead         ms 0–${MAX_MOVE_OVERHEAD_MS} taken off the clock for GUI latency
readyok comes once the search worker is warm, so the first search keeps its time limit.`;

export async function uciCommand(argv: readonly string[], out: (line: string) => void): Promise<void> {
  const variants = variantsOfFlags(engineArgs('uci', argv));
  exitQuietlyOnClosedOutput();
  const searcher = new WorkerSearcher();
  const session = new UciSession(searcher, out, { variants, readVariantFile });
  const how = await readLines(process.stdin, (line) => (session.handle(line) === 'quit' ? 'stop' : 'continue'));
  // End of input without quit: let a running search finish (an infinite one is stopped) so a piped
  // "go depth N" still gets its bestmove.
  if (how === 'eof') session.endOfInput();
  await session.whenIdle();
  await searcher.close();
  process.stdin.destroy();
}
