/**
 * Tiny flag parser for the CLI: `--name value`, `--name=value`, boolean `--flag` (or
 * `--flag=true|false`), repeated flags collected. Every command names the flags it takes, so an
 * unknown flag, a stray argument or a boolean given another value is a UsageError, never ignored.
 */

export interface ParsedArgs {
  readonly flags: Map<string, string[]>;
  readonly positional: string[];
}

export interface FlagSpec {
  /** Flags that take a value. */
  readonly values: readonly string[];
  /** Flags that are on or off: `--time`, `--time=true`, `--time=false`. */
  readonly booleans?: readonly string[];
  /** Positional arguments allowed (default none). */
  readonly positional?: number;
}

export class UsageError extends Error {}

export function parseArgs(argv: readonly string[], spec: FlagSpec): ParsedArgs {
  const booleans = spec.booleans ?? [];
  const flags = new Map<string, string[]>();
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const name = eq > 0 ? a.slice(2, eq) : a.slice(2);
      let value: string;
      if (booleans.includes(name)) {
        value = eq > 0 ? a.slice(eq + 1) : 'true';
        if (value !== 'true' && value !== 'false') {
          throw new UsageError(`--${name} is on or off: write --${name}, --${name}=true or --${name}=false`);
        }
      } else if (spec.values.includes(name)) {
        if (eq > 0) value = a.slice(eq + 1);
        else {
          const next = argv[i + 1];
          if (next === undefined) throw new UsageError(`--${name} needs a value`);
          value = next;
          i++;
        }
      } else throw new UsageError(`unknown option --${name}`);
      const list = flags.get(name) ?? [];
      list.push(value);
      flags.set(name, list);
    } else if (a.startsWith('-') && a.length > 1 && !/^-\d/.test(a)) {
      throw new UsageError(`unknown option ${a}`);
    } else positional.push(a);
  }
  if (positional.length > (spec.positional ?? 0)) {
    throw new UsageError(`unexpected argument '${positional[spec.positional ?? 0]}'`);
  }
  return { flags, positional };
}

/** The last value given for a flag. */
export function flag(args: ParsedArgs, name: string): string | undefined {
  const v = args.flags.get(name);
  return v ? v[v.length - 1] : undefined;
}

/** A boolean flag: on when given as `--name` or `--name=true`, off when absent or `=false`. */
export function booleanFlag(args: ParsedArgs, name: string): boolean {
  return flag(args, name) === 'true';
}

/** Is this a request for help (`--help` or `-h` anywhere among the arguments)? */
export function wantsHelp(argv: readonly string[]): boolean {
  return argv.includes('--help') || argv.includes('-h');
}

/**
 * The arguments of an engine command (`uci`, `xboard`): only `--variants <file>`, repeatable.
 * Anything else is a UsageError saying so.
 */
export function engineArgs(command: string, argv: readonly string[]): ParsedArgs {
  try {
    return parseArgs(argv, { values: ['variants'] });
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    throw new UsageError(`${command} takes no arguments but --variants <file> (${e.message})`);
  }
}
