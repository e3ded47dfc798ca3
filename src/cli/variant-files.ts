/**
 * Variant files on disk (issue 10: "a variant is one data file"): the one place the CLI reads
 * them, for `--variants <file>` of `uci`, `xboard` and `perft` and for UCI's `VariantPath`
 * option. The text becomes definitions in notation/variant-json.ts; here is only the I/O and
 * the file's name in every message. docs/variant-files.md describes the format.
 */

import { readFileSync, statSync } from 'node:fs';
import { CaravanError } from '../core/errors.js';
import { err, type Result } from '../core/result.js';
import { parseVariantsJson } from '../notation/variant-json.js';
import { VARIANTS } from '../variants/index.js';
import type { VariantDefinition } from '../variants/schema.js';
import { type ParsedArgs, UsageError } from './args.js';

/** Far more than a file of hand-written definitions; a bound so a wrong path cannot fill memory. */
const MAX_FILE_BYTES = 1 << 20;

const REASONS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EISDIR: 'it is a directory',
  EACCES: 'permission denied',
  ENOTDIR: 'a folder on its path is a file',
};

function unreadable(path: string, reason: string): { ok: false; error: CaravanError } {
  return err(new CaravanError('unreadable-file', `cannot read variants file '${path}': ${reason}`));
}

/**
 * The variant definitions in the file at `path` (see parseVariantsJson; `taken` are the
 * variants already offered). Errors name the file: `unreadable-file`, `invalid-variant-file`,
 * `invalid-variant`.
 */
export function readVariantFile(
  path: string,
  taken: readonly VariantDefinition[] = VARIANTS,
): Result<VariantDefinition[], CaravanError> {
  let text: string;
  try {
    const size = statSync(path).size;
    if (size > MAX_FILE_BYTES) return unreadable(path, `${size} bytes is over the ${MAX_FILE_BYTES}-byte limit`);
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    return unreadable(path, REASONS[String(code)] ?? (e instanceof Error ? e.message : String(e)));
  }
  const defs = parseVariantsJson(text, taken);
  if (defs.ok) return defs;
  return err(new CaravanError(defs.error.kind, `variants file '${path}': ${defs.error.message}`));
}

/**
 * The variants a command offers: the shipped ones (the default first), then those of each
 * `--variants <file>` in the order given. A bad file is a UsageError (one line on stderr, exit 2).
 */
export function variantsOfFlags(args: ParsedArgs): VariantDefinition[] {
  const variants = [...VARIANTS];
  for (const path of args.flags.get('variants') ?? []) {
    const defs = readVariantFile(path, variants);
    if (!defs.ok) throw new UsageError(defs.error.message);
    variants.push(...defs.value);
  }
  return variants;
}

/** `--variants` in a command's usage text. */
export const VARIANTS_FLAG_HELP =
  '  --variants <file>     also offer the variants defined in this JSON file (docs/variant-files.md);\n' +
  '                        may be given more than once';
