/** A chessops-style Result: either a value or a typed error, never a throw on bad input. */
export type Result<T, E> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export function ok<T>(value: T): { readonly ok: true; readonly value: T } {
  return { ok: true, value };
}

export function err<E>(error: E): { readonly ok: false; readonly error: E } {
  return { ok: false, error };
}

/** Unwrap a result, throwing the error (for callers that have already validated input). */
export function unwrap<T, E>(r: Result<T, E>): T {
  if (r.ok) return r.value;
  const e = r.error as unknown;
  throw e instanceof Error ? e : new Error(typeof e === 'string' ? e : JSON.stringify(e));
}
