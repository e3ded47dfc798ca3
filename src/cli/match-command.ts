/**
 * `caravan match`: play games between two engines (UCI or XBoard) with Caravan as the arbiter.
 * Per-engine flags apply to the `--engine` they follow.
 */

import { appendFileSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SprtSpec } from '../match/elo.js';
import { type MatchConfig, runMatch, type TimeControlSpec, tcTag } from '../match/match.js';
import type { EngineSpec, Protocol } from '../match/match-engines.js';
import {
  fileOpeningsSource,
  type Opening,
  parseOpeningsFile,
  parseRandomOpeningsSource,
  randomOpenings,
  randomOpeningsSource,
} from '../match/openings.js';
import { OPENINGS_TAG, readFinishedGames } from '../match/resume.js';
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
  --pgn <file>            write the games as PGN (rewritten after each game; on a clock,
                          each engine move is followed by its clock, {[%clk 0:00:09.5]})
  --resume                with --pgn: keep the games of this match already in the file and play
                          only the others (same openings and colours as an unstopped run; the
                          seed is taken from the file when --seed is not given); a file of
                          another match is refused. Ctrl-C stops a match so it can be resumed
  --sprt <elo0>,<elo1>[,<alpha>,<beta>]
                          stop once an SPRT decides whether the first engine is elo0 or elo1
                          Elo stronger (logistic Elo; alpha and beta default 0.05); --games
                          is the most it plays. Reported after every game
  --void-illegal          a move illegal under Caravan's rules voids the game (result *, not
                          scored) instead of losing it: for a peer whose rules differ, e.g.
                          Fairy-Stockfish's wildebeest-c4, which knows one castling distance
  --margin <ms>           clock tolerance before a flag counts (default 100)
  --move-timeout <s>      longest wait for a move without a clock (default 60)
  --event <text>          PGN Event tag
  --log <file>            append every line sent to / received from the engines, as
                          '<ms> <game slot>.<engine 1|2><'>' sent|'<' received> <line>'
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
  (stopped? the same command with --games 10 --resume plays the rest)
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
  'sprt',
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
  readonly resume: boolean;
  readonly voidIllegal: boolean;
}

function positiveInt(flag: string, text: string, allowZero = false): number {
  if (!/^\d+$/.test(text) || (!allowZero && Number(text) === 0)) {
    throw new UsageError(`--${flag} needs a ${allowZero ? 'non-negative' : 'positive'} integer, got '${text}'`);
  }
  return Number(text);
}

/** `--sprt elo0,elo1[,alpha,beta]`: two Elo bounds, elo0 < elo1, and error rates in (0, 0.5). */
export function parseSprt(text: string): SprtSpec {
  const parts = text.split(',');
  const nums = parts.map((p) => (/^\s*-?\d+(\.\d+)?\s*$/.test(p) ? Number(p) : Number.NaN));
  const [elo0, elo1, alpha = 0.05, beta = 0.05] = nums;
  if (
    (parts.length !== 2 && parts.length !== 4) ||
    nums.some(Number.isNaN) ||
    elo0 === undefined ||
    elo1 === undefined ||
    !(elo0 < elo1) ||
    !(alpha > 0 && alpha < 0.5 && beta > 0 && beta < 0.5)
  ) {
    throw new UsageError(
      `--sprt needs elo0,elo1 with elo0 < elo1, optionally ,alpha,beta each between 0 and 0.5 (e.g. 0,10 or 0,10,0.05,0.05), got '${text}'`,
    );
  }
  return { elo0, elo1, alpha, beta };
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
  let resume = false;
  let voidIllegal = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--help' || a === '-h') {
      help = true;
      continue;
    }
    if (a === '--resume') {
      resume = true;
      continue;
    }
    if (a === '--void-illegal') {
      voidIllegal = true;
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
  return { globals, engines: specs, help, resume, voidIllegal };
}

export function parseTimeControl(text: string): TimeControlSpec | undefined {
  if (text === 'inf') return undefined;
  const m = /^(\d+(?:\.\d+)?)(?:\+(\d+(?:\.\d+)?))?$/.exec(text);
  if (!m || Number(m[1]) <= 0) throw new UsageError(`--tc must be <seconds>[+<increment>] or inf, got '${text}'`);
  return { baseMs: Math.round(Number(m[1]) * 1000), incMs: Math.round(Number(m[2] ?? 0) * 1000) };
}

/** Write a file whole or not at all: a stop while writing leaves the previous version. */
function writeFileAtomically(path: string, text: string): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}

/** The seed a match PGN's random openings were drawn with, when the file names one. */
function seedOfPgn(text: string): number | undefined {
  const tag = new RegExp(`^\\[${OPENINGS_TAG} "([^"]*)"\\]`, 'm').exec(text);
  return tag ? parseRandomOpeningsSource(tag[1] as string)?.seed : undefined;
}

/** A command line a POSIX shell reads back as these words. */
function shellWords(words: readonly string[]): string {
  return words.map((w) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`)).join(' ');
}

const SIGNAL_EXIT_CODES = { SIGINT: 130, SIGTERM: 143 } as const;

/**
 * Run the match; returns the exit code (0, or 128 + the signal's number when Ctrl-C or SIGTERM
 * stopped it: the finished games are kept in the PGN and the way to resume is printed).
 */
export async function matchCommand(argv: readonly string[], out: (line: string) => void): Promise<number> {
  const args = parseMatchArgs(argv);
  if (args.help) {
    for (const l of MATCH_HELP.trimEnd().split('\n')) out(l);
    return 0;
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
  const sprtText = g.get('sprt');
  const sprtSpec = sprtText === undefined ? undefined : parseSprt(sprtText);
  const marginMs = positiveInt('margin', g.get('margin') ?? '100', true);
  const moveTimeoutMs = positiveInt('move-timeout', g.get('move-timeout') ?? '60') * 1000;
  const pgnPath = g.get('pgn');
  if (args.resume && pgnPath === undefined) throw new UsageError('--resume needs --pgn <file> (the match to continue)');
  let previous: string | undefined;
  if (args.resume && pgnPath !== undefined && existsSync(pgnPath)) {
    try {
      previous = readFileSync(pgnPath, 'utf8');
    } catch (e) {
      throw new UsageError(`--resume: cannot read ${pgnPath}: ${(e as Error).message}`);
    }
  }
  const file = g.get('openings');
  // Resuming without --seed continues with the seed the file's games were drawn with.
  const pgnSeed = previous !== undefined && file === undefined ? seedOfPgn(previous) : undefined;
  const seed = g.has('seed') ? positiveInt('seed', g.get('seed') as string, true) : (pgnSeed ?? Date.now() % 1_000_000);
  let openings: Opening[];
  let openingsSource: string;
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
    openingsSource = fileOpeningsSource(openings);
  } else {
    const plies = positiveInt('opening-plies', g.get('opening-plies') ?? '4', true);
    openings = randomOpenings(variant, Math.ceil(games / 2), plies, seed);
    openingsSource = randomOpeningsSource(plies, seed);
    out(`Openings: ${openings.length} random, ${plies} plies each, seed ${seed}`);
  }
  let resume: MatchConfig['resume'];
  if (previous !== undefined) {
    const finished = readFinishedGames(previous, {
      variant,
      timeControl: tcTag(tc),
      openingsSource,
      openings,
      games,
    });
    if (!finished.ok) throw new UsageError(`--resume ${pgnPath}: ${finished.error.message}`);
    resume = finished.value;
    out(`Resuming: ${resume.records.length} of ${games} games already played in ${pgnPath}`);
  }
  const logPath = g.get('log');
  if (logPath) writeFileSync(logPath, '');
  out(`Match: ${variant.id}, ${games} games, tc ${g.get('tc') ?? '10+0.1'}, concurrency ${concurrency}`);
  const abort = new AbortController();
  let stoppedBy: keyof typeof SIGNAL_EXIT_CODES | undefined;
  const onSignal = (signal: keyof typeof SIGNAL_EXIT_CODES): void => {
    // A second Ctrl-C does not wait for the engines to close.
    if (stoppedBy) process.exit(SIGNAL_EXIT_CODES[signal]);
    stoppedBy = signal;
    out(`${signal}: stopping the match (closing the engines; the unfinished games are dropped)`);
    abort.abort();
  };
  const handlers = (['SIGINT', 'SIGTERM'] as const).map((signal) => {
    const handler = (): void => onSignal(signal);
    process.on(signal, handler);
    return [signal, handler] as const;
  });
  let result: Awaited<ReturnType<typeof runMatch>>;
  try {
    result = await runMatch({
      variant,
      engines: [args.engines[0] as EngineSpec, args.engines[1] as EngineSpec],
      games,
      tc,
      openings,
      openingsSource,
      concurrency,
      marginMs,
      moveTimeoutMs,
      event: g.get('event'),
      report: out,
      log: logPath ? (line) => appendFileSync(logPath, `${line}\n`) : undefined,
      onPgn: pgnPath ? (pgn) => writeFileAtomically(pgnPath, pgn) : undefined,
      resume,
      signal: abort.signal,
      ...(sprtSpec ? { sprt: sprtSpec } : {}),
      voidIllegal: args.voidIllegal,
    });
  } catch (e) {
    throw new UsageError(`match aborted: ${(e as Error).message}`);
  } finally {
    for (const [signal, handler] of handlers) process.off(signal, handler);
  }
  if (!result.stopped) return 0;
  const played = result.games.length;
  if (pgnPath === undefined) {
    out(`Stopped after ${played} of ${games} games; without --pgn the games are not kept, so it cannot be resumed`);
  } else {
    const again = [...argv.filter((a) => a !== '--resume')];
    if (file === undefined && !g.has('seed')) again.push('--seed', String(seed));
    again.push('--resume');
    out(`Stopped after ${played} of ${games} games, kept in ${pgnPath}. Resume with:`);
    out(`  caravan match ${shellWords(again)}`);
  }
  return SIGNAL_EXIT_CODES[stoppedBy ?? 'SIGINT'];
}
