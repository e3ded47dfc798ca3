/** `caravan xboard`: the XBoard/CECP v2 protocol on stdin/stdout, searching in a worker thread. */

import { exitQuietlyOnClosedOutput, readLines } from '../protocol/line-io.js';
import { WorkerSearcher } from '../protocol/searcher.js';
import { XboardSession } from '../protocol/xboard.js';
import { UsageError } from './args.js';

export async function xboardCommand(argv: readonly string[], out: (line: string) => void): Promise<void> {
  if (argv.length > 0) throw new UsageError(`xboard takes no arguments (got '${argv.join(' ')}')`);
  exitQuietlyOnClosedOutput();
  const searcher = new WorkerSearcher();
  let quit = false;
  let resolveQuit: () => void = () => {};
  const quitSeen = new Promise<void>((resolve) => {
    resolveQuit = resolve;
  });
  const session = new XboardSession(searcher, out, () => {
    quit = true;
    resolveQuit();
  });
  const ended = readLines(process.stdin, (line) => {
    session.handle(line);
    return quit ? 'stop' : 'continue';
  });
  // quit may come from the queue after an aborted search, i.e. not while handling a line.
  await Promise.race([quitSeen, ended.then(() => undefined)]);
  if (!quit) {
    // End of input without quit: let the engine finish a move it is thinking about.
    await session.whenIdle();
  }
  await searcher.close();
  process.stdin.destroy();
}
