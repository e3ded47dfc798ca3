/** Tiny flag parser for the CLI: `--name value`, `--flag`, repeated flags collected. */

export interface ParsedArgs {
  readonly flags: Map<string, string[]>;
  readonly positional: string[];
}

export function parseArgs(argv: readonly string[], booleanFlags: readonly string[]): ParsedArgs {
  const flags = new Map<string, string[]>();
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const name = eq > 0 ? a.slice(2, eq) : a.slice(2);
      let value: string;
      if (eq > 0) value = a.slice(eq + 1);
      else if (booleanFlags.includes(name)) value = 'true';
      else {
        const next = argv[i + 1];
        if (next === undefined) throw new UsageError(`--${name} needs a value`);
        value = next;
        i++;
      }
      const list = flags.get(name) ?? [];
      list.push(value);
      flags.set(name, list);
    } else positional.push(a);
  }
  return { flags, positional };
}

export class UsageError extends Error {}

export function flag(args: ParsedArgs, name: string): string | undefined {
  const v = args.flags.get(name);
  return v ? v[v.length - 1] : undefined;
}
