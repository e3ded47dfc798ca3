/** What a protocol session (UCI, XBoard) can be given besides its searcher and output. */
import type { VariantDefinition } from '../variants/schema.js';

export interface SessionOptions {
  /**
   * The variants the session offers (default: the shipped ones; the first is the default). A
   * variant Caravan does not ship travels to the search worker as data.
   */
  readonly variants?: readonly VariantDefinition[];
}
