#!/usr/bin/env node
/** The `caravan` command: perft, uci, xboard, bench, match. */

import { UsageError, wantsHelp } from './args.js';
import { BENCH_HELP, benchCommand } from './bench-command.js';
import { MATCH_HELP, matchCommand } from './match-command.js';
import { PERFT_HELP, perftCommand } from './perft-command.js';
import { UCI_HELP, uciCommand } from './uci-command.js';
import { XBOARD_HELP, xboardCommand } from './xboard-command.js';

const USAGE = `usage: caravan <command> [options]
commands:
  perft --variant <id> --depth <n> [--fen "<fen>"] [--marriage <mode>] [--divide] [--time]
  uci                     UCI engine on stdin/stdout (options: UCI_Variant, VariantPath, UCI_Marriage, Hash, Level)
  xboard                  XBoard/CECP v2 engine on stdin/stdout (XBoard flags: caravan xboard --help)
  perft, uci and xboard take --variants <file>: variants defined in a JSON file (docs/variant-files.md)
  match --variant <id> --engine <cmd> --engine <cmd> [...]   engine match (see caravan match --help)
  bench [--depth <n>] [--hash <MiB>]
caravan <command> --help describes a command.
`;

/** A command may return (or resolve to) its exit code; anything else means 0. */
type Command = (argv: readonly string[], out: (line: string) => void) => unknown;

const commands: Record<string, { readonly run: Command; readonly help: string }> = {
  perft: { run: perftCommand, help: PERFT_HELP },
  uci: { run: uciCommand, help: UCI_HELP },
  xboard: { run: xboardCommand, help: XBOARD_HELP },
  match: { run: matchCommand, help: MATCH_HELP },
  bench: { run: benchCommand, help: BENCH_HELP },
};

async function main(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(USAGE);
    return name === undefined ? 2 : 0;
  }
  const command = commands[name];
  if (!command) {
    process.stderr.write(`caravan: unknown command '${name}'\n${USAGE}`);
    return 2;
  }
  if (wantsHelp(rest)) {
    process.stdout.write(`${command.help.trimEnd()}\n`);
    return 0;
  }
  try {
    const code = await command.run(rest, (line) => process.stdout.write(`${line}\n`));
    return typeof code === 'number' ? code : 0;
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`caravan ${name}: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`caravan: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 1;
  },
);
