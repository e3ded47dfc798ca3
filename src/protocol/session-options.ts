/** What a protocol session (UCI, XBoard) can be given besides its searcher and output. */
import type { CaravanError } from '../core/errors.js';
import type { Result } from '../core/result.js';
import type { VariantDefinition } from '../variants/schema.js';

/** Reads the variant file at a path; `taken` are the variants offered already (their names are taken). */
export type VariantFileReader = (
  path: string,
  taken: readonly VariantDefinition[],
) => Result<readonly VariantDefinition[], CaravanError>;

export interface SessionOptions {
  /**
   * The variants the session offers (default: the shipped ones; the first is the default). A
   * variant Caravan does not ship travels to the search worker as data.
   */
  readonly variants?: readonly VariantDefinition[];
  /**
   * How UCI's `VariantPath` option reads a variant file (the session does no I/O itself; the CLI
   * gives cli/variant-files.ts). Absent: no VariantPath option.
   */
  readonly readVariantFile?: VariantFileReader;
}
