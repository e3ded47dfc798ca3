/**
 * Betza notation → a list of move components.
 *
 * Supports the subset Caravan's variants and XBoard need (see ../shared/notes/betza.md):
 * atoms W F D A N C H Z G (and L = C, J = Z) and shorthands K Q R B; riders by doubling (`WW`)
 * or a range (`W0` unlimited, `W2` up to two); compounds by concatenation (`NC`); direction
 * modifiers f b l r v s (doubled `ff`/`fs` and two-letter `fr`/`rf` select within 8-fold oblique
 * atoms, following XBetza) and h ("half": `fhN` = the forward half-plane); mode modifiers m c; `i` initial; `n` lame; `e` en passant;
 * `O<n>` castling. Everything else is rejected with a message naming the character.
 */

import { err, ok, type Result } from './result.js';

export interface MoveComponent {
  /** File offset (positive = toward the h-side, from White's view). */
  readonly dx: number;
  /** Rank offset (positive = forward for the moving side). */
  readonly dy: number;
  /** 1 = leap once; 0 = unlimited rider; n > 1 = rider of at most n steps. */
  readonly range: number;
  readonly canMove: boolean;
  readonly canCapture: boolean;
  /** Blocked by a piece on the squares it passes (`n`), rather than jumping. */
  readonly lame: boolean;
  /** Only as the piece's first move (`i`). */
  readonly initial: boolean;
  /** May capture en passant (`e`). */
  readonly enPassant: boolean;
}

export interface ParsedBetza {
  readonly components: readonly MoveComponent[];
  /** King distances of `O<n>` castling components, if any. */
  readonly castlingDistances: readonly number[];
}

const ATOMS: Record<string, readonly [number, number]> = {
  W: [1, 0],
  F: [1, 1],
  D: [2, 0],
  A: [2, 2],
  N: [2, 1],
  C: [3, 1],
  H: [3, 0],
  Z: [3, 2],
  G: [3, 3],
  // Betza's original letters for the (3,1) and (3,2) leapers.
  L: [3, 1],
  J: [3, 2],
};

/** Shorthands expand to atoms with a range (0 = unlimited). */
const SHORTHANDS: Record<string, ReadonlyArray<readonly [string, number]>> = {
  K: [
    ['W', 1],
    ['F', 1],
  ],
  Q: [
    ['W', 0],
    ['F', 0],
  ],
  R: [['W', 0]],
  B: [['F', 0]],
};

/** All symmetric images of a leap (x, y): 4 for orthogonal/diagonal atoms, 8 for oblique ones. */
function symmetricLeaps(x: number, y: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const seen = new Set<string>();
  for (const [a, b] of [
    [x, y],
    [y, x],
  ]) {
    for (const sx of [1, -1]) {
      for (const sy of [1, -1]) {
        const dx = a * sx;
        const dy = b * sy;
        const key = `${dx},${dy}`;
        if (!seen.has(key)) {
          seen.add(key);
          out.push([dx, dy]);
        }
      }
    }
  }
  return out;
}

/** Does leap (dx, dy) belong to the direction set named by `dirs` (e.g. "f", "fs", "fr")? */
function matchesDirections(dirs: string, dx: number, dy: number): boolean {
  if (dirs === '') return true;
  if (dirs.includes('h')) {
    // "half": fhN = the forward half-plane (all four forward knight leaps); letters join.
    const halves = dirs.replace(/h/g, '');
    return halves === '' || [...halves].some((c) => single(c, dx, dy));
  }
  const oblique = Math.abs(dx) !== Math.abs(dy) && dx !== 0 && dy !== 0;
  // Split into groups: a letter followed by a different, non-opposite letter forms a pair
  // on oblique atoms (XBetza: "fr" = one move; "ff" = forward narrow; "fs" = forward wide).
  const groups: string[] = [];
  let i = 0;
  while (i < dirs.length) {
    const a = dirs[i] as string;
    const b = dirs[i + 1];
    if (oblique && b !== undefined && pairable(a, b)) {
      groups.push(a + b);
      i += 2;
    } else {
      groups.push(a);
      i += 1;
    }
  }
  if (!oblique) {
    // For 4-fold atoms: orthogonal ones take the union of the letters; diagonal ones the
    // intersection of a vertical and a horizontal letter (frF = the right-forward diagonal).
    if (dx === 0 || dy === 0) return groups.some((g) => [...g].some((c) => single(c, dx, dy)));
    const vert = [...dirs].filter((c) => c === 'f' || c === 'b' || c === 'v');
    const hor = [...dirs].filter((c) => c === 'l' || c === 'r' || c === 's');
    const okV = vert.length === 0 || vert.some((c) => single(c, dx, dy));
    const okH = hor.length === 0 || hor.some((c) => single(c, dx, dy));
    return okV && okH;
  }
  return groups.some((g) => (g.length === 1 ? single(g, dx, dy) : pair(g, dx, dy)));
}

function pairable(a: string, b: string): boolean {
  const opposite: Record<string, string> = { f: 'b', b: 'f', l: 'r', r: 'l', v: 'v', s: 's' };
  return 'fblrvs'.includes(a) && 'fblrvs'.includes(b) && opposite[a] !== b;
}

function single(c: string, dx: number, dy: number): boolean {
  switch (c) {
    case 'f':
      return dy > 0;
    case 'b':
      return dy < 0;
    case 'l':
      return dx < 0;
    case 'r':
      return dx > 0;
    case 'v':
      return dy !== 0 && Math.abs(dy) >= Math.abs(dx);
    case 's':
      return dx !== 0 && Math.abs(dx) >= Math.abs(dy);
    default:
      return false;
  }
}

/**
 * A two-letter direction on an oblique atom. The first letter selects a half-plane; the second
 * narrows it: "ff"/"fv" = the forward pair that goes mostly forward, "fs"/"fl"/"fr" = mostly sideways
 * (fl / fr: just the left / right one); "rf" = of the right pair, the forward one, and so on.
 */
function pair(g: string, dx: number, dy: number): boolean {
  const a = g[0] as string;
  const b = g[1] as string;
  if (!single(a, dx, dy)) return false;
  const aVertical = a === 'f' || a === 'b' || a === 'v';
  const major = aVertical ? Math.abs(dy) > Math.abs(dx) : Math.abs(dx) > Math.abs(dy);
  if (a === b || b === (aVertical ? 'v' : 's')) return major; // ff, fv, rr, rs …
  if (b === (aVertical ? 's' : 'v')) return !major; // fs, rv …
  // fr, fl, rf, rb …: narrow to one move, the member of a's group on b's side
  return !major && single(b, dx, dy);
}

/** Parse a Betza string into move components. */
export function parseBetza(text: string): Result<ParsedBetza, string> {
  const components: MoveComponent[] = [];
  const castlingDistances: number[] = [];
  let i = 0;
  if (text.length === 0) return err('empty Betza string');
  while (i < text.length) {
    const start = i;
    let dirs = '';
    let canMove = true;
    let canCapture = true;
    let modeSeen = false;
    let lame = false;
    let initial = false;
    let enPassant = false;
    while (i < text.length && /[a-z]/.test(text[i] as string)) {
      const c = text[i] as string;
      if ('fblrvsh'.includes(c)) dirs += c;
      else if (c === 'm' || c === 'c') {
        if (!modeSeen) {
          canMove = false;
          canCapture = false;
          modeSeen = true;
        }
        if (c === 'm') canMove = true;
        else canCapture = true;
      } else if (c === 'n') lame = true;
      else if (c === 'i') initial = true;
      else if (c === 'e') {
        enPassant = true;
        // "ce" = capture normally or en passant; a bare "e" alone is e.p. only
      } else return err(`unsupported Betza modifier '${c}' at position ${i + 1} of "${text}"`);
      i++;
    }
    const atom = text[i];
    if (atom === undefined) return err(`modifiers "${text.slice(start)}" without an atom at the end of "${text}"`);
    i++;
    if (atom === 'O') {
      const m = /^\d+/.exec(text.slice(i));
      if (!m) return err(`castling atom 'O' needs a distance at position ${i + 1} of "${text}"`);
      castlingDistances.push(Number(m[0]));
      i += m[0].length;
      continue;
    }
    let expansions: ReadonlyArray<readonly [string, number]>;
    if (atom in SHORTHANDS) expansions = SHORTHANDS[atom] as ReadonlyArray<readonly [string, number]>;
    else if (atom in ATOMS) {
      let range = 1;
      if (text[i] === atom) {
        range = 0;
        i++;
      } else {
        const m = /^\d+/.exec(text.slice(i));
        if (m) {
          range = Number(m[0]);
          i += m[0].length;
        }
      }
      expansions = [[atom, range]];
    } else return err(`unknown Betza atom '${atom}' at position ${i} of "${text}"`);
    for (const [a, range] of expansions) {
      const [x, y] = ATOMS[a] as readonly [number, number];
      for (const [dx, dy] of symmetricLeaps(x, y)) {
        if (!matchesDirections(dirs, dx, dy)) continue;
        components.push({ dx, dy, range, canMove, canCapture, lame, initial, enPassant });
      }
    }
  }
  return ok({ components, castlingDistances });
}
