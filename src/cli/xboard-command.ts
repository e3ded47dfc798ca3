/** `caravan xboard`: the XBoard/CECP v2 protocol on stdin/stdout, searching in a worker thread. */

import { exitQuietlyOnClosedOutput, readLines } from '../protocol/line-io.js';
import { WorkerSearcher } from '../protocol/searcher.js';
import { XboardSession } from '../protocol/xboard.js';
import { UsageError } from './args.js';

/** `caravan xboard --help`: how to run the engine under XBoard 4.9 (docs/xboard.md has the details). */
export const XBOARD_HELP = `usage: caravan xboard
XBoard/CECP v2 engine on stdin/stdout, e.g.
  xboard -fcp "npx caravan xboard" -fd <repo> -variant <name>
variant names (XBoard-safe): wildebeest, cameldecimal, kamil10, kamil10b, bachelorkamil,
  bachelorkamilr (the canonical ids are accepted too); the engine sends setup and piece
  commands, so XBoard draws the board and tests legality, castling included.
XBoard 4.9.1 flags needed per variant (its own rules disagree with these variants):
  wildebeest        -testClaims false -materialDraws false  (stalemate wins; XBoard calls the
                    claim false and forfeits the winner, or adjudicates a draw)
  bachelorkamil(r)  -materialDraws false  (King+Gnu v King can still win by taming)
  cameldecimal, kamil10, kamil10b: none
engine options: Level (0 = full strength, 1-8), Marriage (immediate|delayed)
details: docs/xboard.md`;

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
    // End of input without quit: let the engine finish a move it is thinking about (an
    // analysis, which would never finish, is stopped).
    session.endOfInput();
    await session.whenIdle();
  }
  await searcher.close();
  process.stdin.destroy();
}
