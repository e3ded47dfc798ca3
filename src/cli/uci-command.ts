/** `caravan uci`: the UCI protocol on stdin/stdout, searching in a worker thread. */

import { exitQuietlyOnClosedOutput, readLines } from '../protocol/line-io.js';
import { WorkerSearcher } from '../protocol/searcher.js';
import { UciSession } from '../protocol/uci.js';
import { UsageError } from './args.js';

export async function uciCommand(argv: readonly string[], out: (line: string) => void): Promise<void> {
  if (argv.length > 0) throw new UsageError(`uci takes no arguments (got '${argv.join(' ')}')`);
  exitQuietlyOnClosedOutput();
  const searcher = new WorkerSearcher();
  const session = new UciSession(searcher, out);
  const how = await readLines(process.stdin, (line) => (session.handle(line) === 'quit' ? 'stop' : 'continue'));
  // End of input without quit: let a running search finish (an infinite one is stopped) so a piped
  // "go depth N" still gets its bestmove.
  if (how === 'eof') session.endOfInput();
  await session.whenIdle();
  await searcher.close();
  process.stdin.destroy();
}
