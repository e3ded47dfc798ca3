/**
 * `caravan match`: play games between two engines (UCI or XBoard) with Caravan as the arbiter.
 * Per-engine flags apply to the `--engine` they follow.
 */

import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runMatch, type TimeControlSpec } from '../match/match.js';
import type { EngineSpec, Protocol } from '../match/match-engines.js';
import { type Opening, parseOpeningsFile, randomOpenings } from '../match/openings.js';
import { DEFAULT_VARIANT_ID, findVariant, VARIANT_IDS } from '../variants/index.js';
import { UsageError } from './args.js';

export const MATCH_HELP = `usage: caravan match --variant <id> --engine <cmd> [engine flags] --engine <cmd> [engine flags] [options]

Plays games between two engines; Caravan's rules decide legality and results. Colours
alternate and each opening is played once with each engine as White.

options:
  --variant <id>          ${VARIANT_IDS.join(', ')} (default ${DEFAULT_VARIANT_ID})
  --games <n>             number of games (default 2)
  --tc <base+inc>         seconds, e.g. 10+0.1; "inf" for no clock (default 10+0.1)
  --openings <file>       FEN per line (# comments); default: random openings
  --opening-plies <n>     random plies per random opening (default 4; 0 = start position)
  --seed <n>              seed for random openings (default: from the clock, printed)
  --concurrency <n>       games played at once (default 1)
  --pgn <file>            write the games as PGN (rewritten after each game)
  --margin <ms>           clock tolerance before a flag counts (default 100)
  --move-timeout <s>      longest wait for a move without a clock (default 60)
  --event <text>          PGN Event tag
  --log <file>            append every line sent to / received from the engines
engine flags (after the --engine they apply to):
  --name <text>           display name (default: the engine's own)
  --protocol uci|xboard   (default uci)
  --depth <n> | --nodes <n> | --movetime <ms>   search limit sent with every move
  --option <name>=<value> engine option (UCI setoption / XBoard option), repeatable
  --engine-variant <name> the engine's name for the variant (default: Caravan's id for UCI,
                          the xboard-mode name for XBoard)
engine commands are run by /bin/sh; shortcuts:
  caravan          this Caravan (caravan uci, or caravan xboard with --protocol xboard)
  fairy-stockfish  the Fairy-Stockfish wasm wrapper (dist/tools/peers/fairy-stockfish-uci.js)
example:
  caravan match --variant camel-decimal --games 10 --tc 10+0.1 \\
    --engine caravan --engine fairy-stockfish --pgn games.pgn
`;

const GLOBAL_FLAGS = new Set([
  'variant',
  'games',
  'tc',
  'openings',
  'opening-plies',
  'seed',
  'concurrency',
  'pgn',
  'margin',
  'move-timeout',
  'event',
  'log',
]);
const ENGINE_FLAGS = new Set(['name', 'protocol', 'depth', 'nodes', 'movetime', 'option', 'engine-variant']);

interface MutableEngine {
  command: string;
  protocol: Protocol;
  name?: string;
  options: Array<[string, string]>;
  variantName?: string;
  depth?: number;
  nodes?: number;
  movetime?: number;
}

export interface MatchArgs {
  readonly globals: Map<string, string>;
  readonly engines: EngineSpec[];
  readonly help: boolean;
}

function positiveInt(flag: string, text: string, allowZero = false): number {
  if (!/^\d+$/.test(text) || (!allowZero && Number(text) === 0)) {
    throw new UsageError(`--${flag} needs a ${allowZero ? 'non-negative' : 'positive'} integer, got '${text}'`);
  }
  return Number(text);
}

/** The repository root above this compiled file (dist/src/cli → repo). */
function repoRoot(): string {
  return join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
}

/**
 * Expand the `caravan` / `fairy-stockfish` shortcuts. Fairy-Stockfish is a development tool, not
 * part of the package: the shortcut runs the repository's wrapper (tools/peers) as a process
 * and, when the wrapper or the npm package it drives is absent, says how to get them.
 */
export function engineCommand(command: string, protocol: Protocol, root = repoRoot()): string {
  if (command === 'caravan') return `node ${JSON.stringify(join(root, 'dist', 'src', 'cli', 'main.js'))} ${protocol}`;
  if (command === 'fairy-stockfish') {
    const wrapper = join(root, 'dist', 'tools', 'peers', 'fairy-stockfish-uci.js');
    const wasm = join(root, 'node_modules', FAIRY_STOCKFISH_PACKAGE, 'package.json');
    if (!existsSync(wrapper) || !existsSync(wasm)) {
      throw new UsageError(
        `--engine fairy-stockfish needs the development tools of a Caravan checkout: the wrapper ${wrapper}` +
          `${existsSync(wrapper) ? '' : ' (missing)'} and the npm package ${FAIRY_STOCKFISH_PACKAGE}` +
          `${existsSync(wasm) ? '' : ' (missing)'}. In the repository run \`npm ci\` (installs the dev ` +
          `dependencies) and \`npm run build\`; or give the engine's own command with --engine "<cmd>"`,
      );
    }
    return `node --no-experimental-fetch ${JSON.stringify(wrapper)}`;
  }
  return command;
}

/** The npm package (a dev dependency) holding the Fairy-Stockfish wasm build. */
const FAIRY_STOCKFISH_PACKAGE = 'fairy-stockfish-nnue.wasm';

export function parseMatchArgs(argv: readonly string[]): MatchArgs {
  const globals = new Map<string, string>();
  const engines: MutableEngine[] = [];
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--help' || a === '-h') {
      help = true;
      continue;
    }
    if (!a.startsWith('--')) throw new UsageError(`unexpected argument '${a}'`);
    const eq = a.indexOf('=');
    const name = eq > 0 && !a.startsWith('--option') ? a.slice(2, eq) : a.slice(2);
    let value: string;
    if (eq > 0 && !a.startsWith('--option')) value = a.slice(eq + 1);
    else {
      const v = argv[i + 1];
      if (v === undefined) throw new UsageError(`--${name} needs a value`);
      value = v;
      i++;
    }
    if (name === 'engine') {
      engines.push({ command: value, protocol: 'uci', options: [] });
    } else if (GLOBAL_FLAGS.has(name)) {
      globals.set(name, value);
    } else if (ENGINE_FLAGS.has(name)) {
      const e = engines[engines.length - 1];
      if (!e) throw new UsageError(`--${name} must follow the --engine it applies to`);
      switch (name) {
        case 'name':
          e.name = value;
          break;
        case 'protocol':
          if (value !== 'uci' && value !== 'xboard')
            throw new UsageError(`--protocol must be uci or xboard, got '${value}'`);
          e.protocol = value;
          break;
        case 'depth':
          e.depth = positiveInt(name, value);
          break;
        case 'nodes':
          e.nodes = positiveInt(name, value);
          break;
        case 'movetime':
          e.movetime = positiveInt(name, value);
          break;
        case 'option': {
          const k = value.indexOf('=');
          if (k <= 0) throw new UsageError(`--option needs name=value, got '${value}'`);
          e.options.push([value.slice(0, k), value.slice(k + 1)]);
          break;
        }
        case 'engine-variant':
          e.variantName = value;
          break;
      }
    } else throw new UsageError(`unknown option --${name}`);
  }
  const specs = engines.map((e) => ({ ...e, command: engineCommand(e.command, e.protocol) }));
  return { globals, engines: specs, help };
}

export function parseTimeControl(text: string): TimeControlSpec | undefined {
  if (text === 'inf') return undefined;
  const m = /^(\d+(?:\.\d+)?)(?:\+(\d+(?:\.\d+)?))?$/.exec(text);
  if (!m || Number(m[1]) <= 0) throw new UsageError(`--tc must be <seconds>[+<increment>] or inf, got '${text}'`);
  return { baseMs: Math.round(Number(m[1]) * 1000), incMs: Math.round(Number(m[2] ?? 0) * 1000) };
}

export async function matchCommand(argv: readonly string[], out: (line: string) => void): Promise<void> {
  const args = parseMatchArgs(argv);
  if (args.help) {
    for (const l of MATCH_HELP.trimEnd().split('\n')) out(l);
    return;
  }
  const g = args.globals;
  const variantId = g.get('variant') ?? DEFAULT_VARIANT_ID;
  const variant = findVariant(variantId);
  if (!variant) throw new UsageError(`unknown variant '${variantId}' (known: ${VARIANT_IDS.join(', ')})`);
  if (args.engines.length !== 2)
    throw new UsageError(`exactly two --engine flags are needed (got ${args.engines.length})`);
  const games = positiveInt('games', g.get('games') ?? '2');
  const tc = parseTimeControl(g.get('tc') ?? '10+0.1');
  if (!tc) {
    for (const e of args.engines) {
      if (e.depth === undefined && e.nodes === undefined && e.movetime === undefined) {
        throw new UsageError('--tc inf needs a --depth, --nodes or --movetime limit for every engine');
      }
    }
  }
  const concurrency = positiveInt('concurrency', g.get('concurrency') ?? '1');
  const marginMs = positiveInt('margin', g.get('margin') ?? '100', true);
  const moveTimeoutMs = positiveInt('move-timeout', g.get('move-timeout') ?? '60') * 1000;
  const seed = g.has('seed') ? positiveInt('seed', g.get('seed') as string, true) : Date.now() % 1_000_000;
  let openings: Opening[];
  const file = g.get('openings');
  if (file !== undefined) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      throw new UsageError(`cannot read --openings file: ${(e as Error).message}`);
    }
    const parsed = parseOpeningsFile(variant, text);
    if ('error' in parsed) throw new UsageError(`--openings ${file}: ${parsed.error}`);
    openings = parsed.openings;
  } else {
    const plies = positiveInt('opening-plies', g.get('opening-plies') ?? '4', true);
    openings = randomOpenings(variant, Math.ceil(games / 2), plies, seed);
    out(`Openings: ${openings.length} random, ${plies} plies each, seed ${seed}`);
  }
  const pgnPath = g.get('pgn');
  const logPath = g.get('log');
  if (logPath) writeFileSync(logPath, '');
  out(`Match: ${variant.id}, ${games} games, tc ${g.get('tc') ?? '10+0.1'}, concurrency ${concurrency}`);
  try {
    await runMatch({
      variant,
      engines: [args.engines[0] as EngineSpec, args.engines[1] as EngineSpec],
      games,
      tc,
      openings,
      concurrency,
      marginMs,
      moveTimeoutMs,
      event: g.get('event'),
      report: out,
      log: logPath ? (line) => appendFileSync(logPath, `${line}\n`) : undefined,
      onPgn: pgnPath ? (pgn) => writeFileSync(pgnPath, pgn) : undefined,
    });
  } catch (e) {
    throw new UsageError(`match aborted: ${(e as Error).message}`);
  }
}
