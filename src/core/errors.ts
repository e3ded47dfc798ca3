/** Typed errors of the rules library: every bad input is reported as one of these, never a crash. */

export type ErrorKind =
  | 'unknown-variant'
  | 'invalid-variant'
  | 'invalid-variant-file'
  | 'unreadable-file'
  | 'invalid-fen'
  | 'invalid-move-text'
  | 'illegal-move'
  | 'invalid-san'
  | 'ambiguous-san'
  | 'invalid-pgn'
  | 'game-over'
  | 'invalid-weights';

export class CaravanError extends Error {
  readonly kind: ErrorKind;
  constructor(kind: ErrorKind, message: string) {
    super(message);
    this.name = 'CaravanError';
    this.kind = kind;
  }
}
