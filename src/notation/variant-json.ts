/**
 * Variant files (issue 10: "a variant is one data file"): JSON text holding one variant
 * definition (a `VariantDefinition` object, src/variants/schema.ts) or a list of them, turned
 * into checked definitions the protocols and commands can offer beside the shipped variants.
 * Pure: the file is read by the caller (src/cli/variant-files.ts), so this works on any text.
 *
 * Every problem is a typed error naming where it is: `invalid-variant-file` for text that is no
 * JSON (with the line and column) or no definition list; `invalid-variant` for one definition
 * (which one, then the validator's own message: core/variant-check.ts), a field the schema does
 * not have (a misspelt optional field would otherwise be ignored silently), or a name that
 * already designates another variant (a shipped one or an earlier one in the file): ids,
 * names, aliases and XBoard names must each pick out one variant in every protocol.
 */

import { CaravanError } from '../core/errors.js';
import { excerpt } from '../core/excerpt.js';
import { err, ok, type Result } from '../core/result.js';
import { checkedVariant } from '../core/variant-check.js';
import { isNameOf, resolveVariant, VARIANTS } from '../variants/index.js';
import type {
  CastlingRules,
  EndRules,
  PawnRules,
  PieceDefinition,
  PromotionRules,
  VariantDefinition,
} from '../variants/schema.js';

/** More definitions than anyone writes by hand; a bound so a generated file cannot flood the menus. */
export const MAX_VARIANTS_PER_FILE = 64;

/** The fields of an object in a definition: a leaf (`true`) or the shape of a nested object. */
type Shape = { readonly [field: string]: Shape | true };
/** Every field of T, checked by the compiler: a field added to the schema must be added here. */
const shape = <T>(fields: { readonly [K in keyof Required<T>]: Shape | true }): Shape => fields;

const PIECE = shape<PieceDefinition>({ name: true, letter: true, betza: true, royal: true, pawn: true });
const DEFINITION = shape<VariantDefinition>({
  id: true,
  name: true,
  summary: true,
  aliases: true,
  xboardName: true,
  menu: true,
  evalSet: true,
  files: true,
  ranks: true,
  pieces: PIECE,
  startFen: true,
  pawn: shape<PawnRules>({ steps: true, enPassant: true }),
  promotion: shape<PromotionRules>({ ranks: true, choices: true }),
  castling: shape<CastlingRules>({
    rank: true,
    kingFile: true,
    rookFiles: shape<CastlingRules['rookFiles']>({ queenSide: true, kingSide: true }),
    kingDistances: true,
  }),
  end: shape<EndRules>({
    stalemate: true,
    bareKing: true,
    marriage: shape<NonNullable<EndRules['marriage']>>({ partners: true, mode: true }),
    deadPositions: shape<EndRules['deadPositions']>({ material: true, sameColorBishops: true }),
  }),
  draws: shape<VariantDefinition['draws']>({ repetitions: true, moveRule: true }),
});

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The first field (as a path, `end.bareking`) that `value` has and `fields` does not. */
function unknownField(value: unknown, fields: Shape, path: string): string | undefined {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const bad = unknownField(item, fields, `${path}[${i}]`);
      if (bad !== undefined) return bad;
    }
    return undefined;
  }
  if (!isObject(value)) return undefined; // a wrong type is the validator's to report
  for (const [key, item] of Object.entries(value)) {
    const sub = fields[key];
    const at = path === '' ? key : `${path}.${key}`;
    if (sub === undefined) return at;
    if (sub !== true) {
      const bad = unknownField(item, sub, at);
      if (bad !== undefined) return bad;
    }
  }
  return undefined;
}

/** The shape's field names at a path (`end`, `pieces[2]`), for the "known fields" hint. */
function fieldsAt(path: string): string[] {
  let s: Shape = DEFINITION;
  for (const part of path.split('.').slice(0, -1)) {
    const sub = s[part.replace(/\[\d+\]$/, '')];
    if (sub === undefined || sub === true) break;
    s = sub;
  }
  return Object.keys(s);
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}

const JSON_SPACE = new Set([' ', '\t', '\n', '\r']);
const JSON_NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const JSON_ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
/** Far deeper than any definition nests (4 levels); stops a hostile file from exhausting the stack. */
const MAX_JSON_DEPTH = 100;

/** Where JSON text first goes wrong, and whether it is by nesting deeper than MAX_JSON_DEPTH. */
interface JsonProblem {
  readonly at: number;
  readonly tooDeep: boolean;
}

/**
 * Where JSON text first goes wrong (a character offset), or -1 when it is valid. JSON.parse
 * says what went wrong but, on Node 20, often not where; this walks the grammar to find it.
 */
export function jsonErrorOffset(text: string): number {
  return jsonProblem(text)?.at ?? -1;
}

function jsonProblem(text: string): JsonProblem | undefined {
  let i = 0;
  const fail = (tooDeep = false): never => {
    throw { at: Math.min(i, text.length), tooDeep } satisfies JsonProblem;
  };
  const space = (): void => {
    while (i < text.length && JSON_SPACE.has(text[i] as string)) i++;
  };
  const string = (): void => {
    if (text[i] !== '"') fail();
    i++;
    while (i < text.length) {
      const c = text[i] as string;
      if (c === '"') {
        i++;
        return;
      }
      if (c === '\\') {
        i++;
        if (text[i] === 'u') {
          for (let k = 1; k <= 4; k++) {
            if (!/[0-9a-fA-F]/.test(text[i + k] ?? '')) {
              i += k;
              fail();
            }
          }
          i += 4;
        } else if (!JSON_ESCAPES.has(text[i] ?? '')) fail();
      } else if (c < ' ') fail();
      i++;
    }
    fail();
  };
  const list = (close: string, item: () => void): void => {
    i++;
    space();
    if (text[i] === close) {
      i++;
      return;
    }
    for (;;) {
      item();
      space();
      if (text[i] === close) {
        i++;
        return;
      }
      if (text[i] !== ',') fail();
      i++;
    }
  };
  const value = (depth: number): void => {
    space();
    if (depth > MAX_JSON_DEPTH) fail(true);
    const c = text[i];
    if (c === '{') {
      list('}', () => {
        space();
        string();
        space();
        if (text[i] !== ':') fail();
        i++;
        value(depth + 1);
      });
    } else if (c === '[') list(']', () => value(depth + 1));
    else if (c === '"') string();
    else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) {
      JSON_NUMBER.lastIndex = i;
      if (!JSON_NUMBER.test(text)) fail();
      i = JSON_NUMBER.lastIndex;
    } else {
      const word = ['true', 'false', 'null'].find((w) => text.startsWith(w, i));
      if (word === undefined) fail();
      i += (word as string).length;
    }
  };
  try {
    value(0);
    space();
    if (i < text.length) fail();
    return undefined;
  } catch (problem) {
    if (typeof problem === 'object' && problem !== null && 'tooDeep' in problem) return problem as JsonProblem;
    throw problem;
  }
}

/** Is a parsed JSON value nested deeper than `max` levels? (A loop: a deep value must not exhaust the stack.) */
function nestedDeeper(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [v, depth] = top;
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= max) return true;
    for (const item of Object.values(v)) stack.push([item, depth + 1]);
  }
  return false;
}

/** Line and column (both from 1) of a character offset. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - (before.lastIndexOf('\n') + 1) + 1 };
}

function fileError(message: string): { ok: false; error: CaravanError } {
  return err(new CaravanError('invalid-variant-file', message));
}

/** The JSON value of the text, or where and why it is not JSON. */
function parseJson(text: string): Result<unknown, CaravanError> {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const deep = `nested deeper than ${MAX_JSON_DEPTH} levels`;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    const problem = jsonProblem(body);
    if (!problem) return fileError('not valid JSON'); // the walker and JSON.parse disagree: say what is known
    const { line, column } = lineAndColumn(body, problem.at);
    const at = problem.at;
    const what = problem.tooDeep
      ? deep
      : at >= body.length
        ? 'the text ends too soon'
        : `unexpected ${JSON.stringify(body[at])}`;
    return fileError(`not valid JSON: line ${line}, column ${column}: ${what}`);
  }
  // Everything after walks the value by recursion: bound its depth first.
  return nestedDeeper(value, MAX_JSON_DEPTH) ? fileError(`the JSON is ${deep}`) : ok(value);
}

/** The variant among `taken` that one of the definition's names already designates. */
function nameClash(def: VariantDefinition, taken: readonly VariantDefinition[]): string | undefined {
  const claimed = [def.id, def.name, ...(def.aliases ?? []), ...(def.xboardName ? [def.xboardName] : [])];
  for (const other of taken) {
    const name = claimed.find((n) => isNameOf(other, n) || n.toLowerCase() === other.xboardName);
    if (name === undefined) continue;
    const whose = VARIANTS.includes(other) ? 'the shipped variant' : 'the variant';
    return `'${excerpt(name)}' already names ${whose} '${other.id}' (${other.name}); give it another id and names`;
  }
  return undefined;
}

/**
 * The variant definitions of a variant file's text, checked and (when new) frozen, in file order: a JSON
 * object (one definition) or a non-empty list of them. `taken` are the variants already offered
 * (the shipped ones by default): no name of a new definition may designate one of them; a
 * definition identical to one of them is left out (offered already).
 */
export function parseVariantsJson(
  text: string,
  taken: readonly VariantDefinition[] = VARIANTS,
): Result<VariantDefinition[], CaravanError> {
  const json = parseJson(text);
  if (!json.ok) return json;
  const list = Array.isArray(json.value) ? json.value : [json.value];
  if (list.length === 0) return fileError('the list holds no variant definition');
  if (list.length > MAX_VARIANTS_PER_FILE) {
    return fileError(`at most ${MAX_VARIANTS_PER_FILE} variant definitions per file (got ${list.length})`);
  }
  const defs: VariantDefinition[] = [];
  for (const [i, item] of list.entries()) {
    const which = list.length === 1 ? '' : `definition ${i + 1}: `;
    const invalid = (message: string) => err(new CaravanError('invalid-variant', `${which}${message}`));
    if (!isObject(item)) return invalid('a variant definition is a JSON object { "id": …, "name": …, … }');
    const id = typeof item.id === 'string' ? `variant '${excerpt(item.id)}': ` : '';
    const field = unknownField(item, DEFINITION, '');
    if (field !== undefined) {
      return invalid(`${id}unknown field '${excerpt(field)}' (fields here: ${fieldsAt(field).join(', ')})`);
    }
    const checked = checkedVariant(deepFreeze(item));
    if (!checked.ok) return invalid(checked.error.message);
    // The very definition offered already (same content: resolveVariant gives the same object) is no clash.
    const same = (t: VariantDefinition): boolean => {
      const c = resolveVariant(t);
      return c.ok && c.value === checked.value;
    };
    if (taken.some(same) || defs.includes(checked.value)) continue;
    const clash = nameClash(checked.value, [...taken, ...defs]);
    if (clash !== undefined) return invalid(`${id}${clash}`);
    defs.push(checked.value);
  }
  return ok(defs);
}
