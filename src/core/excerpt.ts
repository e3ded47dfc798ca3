/**
 * How error messages quote input (issue 14 item 8): at most a short excerpt, so a rejected
 * megabyte of text is not echoed back whole, and what is not a string is named by its type.
 */

/** Longest piece of input an error message quotes. */
export const EXCERPT_LENGTH = 40;

/** The input as a message may quote it: strings cut to EXCERPT_LENGTH characters plus "…". */
export function excerpt(input: unknown, max = EXCERPT_LENGTH): string {
  if (typeof input !== 'string') return `(${describeType(input)})`;
  if (input.length <= max) return printable(input);
  // The cut never splits a surrogate pair.
  let end = max;
  const code = input.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${printable(input.slice(0, end))}… (${input.length} characters)`;
}

/** Control characters shown as `?`, so a quoted NUL or escape cannot upset the terminal or a GUI. */
function printable(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
  return text.replace(/[\x00-\x1f\x7f]/g, '?');
}

/** A short name for a value's type: "number 42", "symbol", "object", "undefined". */
export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  if (type === 'number' || type === 'boolean' || type === 'bigint') return `${type} ${excerpt(String(value))}`;
  return type;
}
