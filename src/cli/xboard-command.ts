/** `caravan xboard`: the XBoard/CECP v2 protocol on stdin/stdout, searching in a worker thread. */

import { exitQuietlyOnClosedOutput, readLines } from '../protocol/line-io.js';
import { WorkerSearcher } from '../protocol/searcher.js';
import { XboardSession } from '../protocol/xboard.js';
import { isXboardSafeName, xboardVariantName } from '../protocol/xboard-variants.js';
import { VARIANTS } from '../variants/index.js';
import { engineArgs } from './args.js';
import { VARIANTS_FLAG_HELP, variantsOfFlags } from './variant-files.js';

/** `caravan xboard --help`: how to run the engine under XBoard 4.9 (docs/xboard.md has the details). */
export const XBOARD_HELP = `usage: caravan xboard [--variants <file>]
XBoard/CECP v2 engine on stdin/stdout, e.g.
  xboard -fcp "npx caravan xboard" -fd <repo> -variant <name>
${VARIANTS_FLAG_HELP}
                        (XBoard lists them by their xboardName, or id)
variant names (XBoard-safe): wildebeest, cameldecimal, kamil10, kamil10b, bachelorkamil,
  bachelorkamilr (the canonical ids are accepted too); the engine sends setup and piece
  commands, so XBoard draws the board and tests legality, castling included.
XBoard 4.9.1 verifies result claims by its own rules, which do not know these variants' ends:
  wildebeest        -checkMates false -testClaims false  (stalemate wins: with -checkMates on,
                    XBoard scores the stalemate a draw itself; with -testClaims on, it calls
                    Caravan's win claim false and gives the game to the stalemated side)
  bachelorkamil(r)  -testClaims false  (XBoard knows no marriage or taming: the marrying side's
                    win claim is scored as its loss)
  cameldecimal      -testClaims false  (K v K+Camel is dead, RULES.md §2; XBoard scores the
                    draw claim 0-1)
  kamil10, kamil10b none  (the shatranj parent knows stalemate wins and the bare king)
XBoard saves options to ~/.xboardrc on exit and reads them next time: a flag once given stays
on until changed (-testClaims true undoes it).
engine options: Level (0 = full strength, 1-8), Marriage (immediate|delayed)
details: docs/xboard.md`;

export async function xboardCommand(argv: readonly string[], out: (line: string) => void): Promise<void> {
  const variants = variantsOfFlags(engineArgs('xboard', argv));
  for (const def of variants) {
    // XBoard would play a variant whose name contains one of its own as that one (docs/xboard.md).
    if (VARIANTS.includes(def) || isXboardSafeName(xboardVariantName(def))) continue;
    process.stderr.write(
      `caravan xboard: warning: XBoard takes variant name '${xboardVariantName(def)}' (${def.id}) for one of ` +
        'its built-in variants; give the definition an "xboardName" without one\n',
    );
  }
  exitQuietlyOnClosedOutput();
  const searcher = new WorkerSearcher();
  let quit = false;
  let resolveQuit: () => void = () => {};
  const quitSeen = new Promise<void>((resolve) => {
    resolveQuit = resolve;
  });
  const session = new XboardSession(
    searcher,
    out,
    () => {
      quit = true;
      resolveQuit();
    },
    { variants },
  );
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
