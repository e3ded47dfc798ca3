/**
 * A slow, obviously-correct reference move generator, written from RULES.md alone.
 *
 * It shares nothing with src/core except the FEN text it reads: its own FEN reader, its own
 * piece geometry (the table of RULES.md §0 written out as vectors, not parsed from Betza), its
 * own variant rules (pawn steps, e.p., promotion, castling per RULES.md §§1–4), its own attack
 * test and its own "make the move on a copy and see whether the king is attacked" legality.
 * For every legal move it also computes the FEN after the move, so a test can compare make()
 * (placement, castling rights, e.p. squares, clocks) and not just the move list.
 *
 * Game-ending rules (bare king, marriage) are not applied: like generateLegal, it lists the
 * moves the pieces have.
 */

type Side = 'w' | 'b';

interface Castling {
  /** Rank (0-based) of king and rooks, from White's side; Black mirrors it. */
  readonly rank: number;
  readonly kingFile: number;
  /** Rook files: [toward file a, toward the highest file]. */
  readonly rookFiles: readonly [number, number];
  readonly distances: readonly number[];
}

interface RefRules {
  readonly files: number;
  readonly ranks: number;
  /** Longest pawn step by relative rank (1 = own back rank); others step 1. */
  readonly pawnSteps: Readonly<Record<number, number>>;
  readonly enPassant: boolean;
  /** Lower-case promotion letters in the order they are listed in RULES.md. */
  readonly promotions: readonly string[];
  readonly castling?: Castling;
}

/** RULES.md §§1–4, transcribed by hand (not read from src/variants). */
const RULES: Readonly<Record<string, RefRules>> = {
  wildebeest: {
    files: 11,
    ranks: 10,
    pawnSteps: { 2: 3, 3: 2 },
    enPassant: true,
    promotions: ['q', 'w'],
    castling: { rank: 0, kingFile: 5, rookFiles: [0, 10], distances: [1, 2, 3, 4] },
  },
  'camel-decimal': {
    files: 10,
    ranks: 10,
    pawnSteps: { 3: 2 },
    enPassant: true,
    promotions: ['q', 'r', 'b', 'n', 'c'],
    castling: { rank: 1, kingFile: 5, rookFiles: [1, 8], distances: [2] },
  },
  'shatranj-kamil': { files: 10, ranks: 10, pawnSteps: {}, enPassant: false, promotions: ['f'] },
  'shatranj-kamil-2': { files: 10, ranks: 10, pawnSteps: {}, enPassant: false, promotions: ['f'] },
  'bachelor-kamil': {
    files: 9,
    ranks: 8,
    pawnSteps: { 2: 2 },
    enPassant: true,
    promotions: ['r', 'n', 'b', 'c', 'q', 'w'],
    castling: { rank: 0, kingFile: 4, rookFiles: [0, 8], distances: [2] },
  },
  'bachelor-kamil-reflective': {
    files: 9,
    ranks: 8,
    pawnSteps: { 2: 2 },
    enPassant: true,
    promotions: ['r', 'n', 'b', 'c', 'q', 'w'],
    castling: { rank: 0, kingFile: 4, rookFiles: [0, 8], distances: [2] },
  },
  chess: {
    files: 8,
    ranks: 8,
    pawnSteps: { 2: 2 },
    enPassant: true,
    promotions: ['q', 'r', 'b', 'n'],
    castling: { rank: 0, kingFile: 4, rookFiles: [0, 7], distances: [2] },
  },
};

type Vec = readonly [number, number];

const ORTH: Vec[] = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
];
const DIAG: Vec[] = [
  [1, 1],
  [1, -1],
  [-1, 1],
  [-1, -1],
];
/** All eight sign/swap variants of an (a, b) leap. */
function leaps(a: number, b: number): Vec[] {
  const out = new Map<string, Vec>();
  for (const [x, y] of [
    [a, b],
    [b, a],
  ] as const) {
    for (const sx of [1, -1]) for (const sy of [1, -1]) out.set(`${sx * x},${sy * y}`, [sx * x, sy * y]);
  }
  return [...out.values()];
}

/** Piece geometry of RULES.md §0 (pawns are handled separately). */
const GEOMETRY: Readonly<Record<string, { readonly leaps: readonly Vec[]; readonly rides: readonly Vec[] }>> = {
  k: { leaps: [...ORTH, ...DIAG], rides: [] },
  q: { leaps: [], rides: [...ORTH, ...DIAG] },
  r: { leaps: [], rides: ORTH },
  b: { leaps: [], rides: DIAG },
  n: { leaps: leaps(2, 1), rides: [] },
  c: { leaps: leaps(3, 1), rides: [] },
  w: { leaps: [...leaps(2, 1), ...leaps(3, 1)], rides: [] },
  f: { leaps: DIAG, rides: [] },
  e: { leaps: leaps(2, 2), rides: [] },
  d: { leaps: leaps(2, 0), rides: [] },
};

/** A mutable board: '' empty, otherwise a FEN letter (upper case White). */
interface RefPosition {
  readonly rules: RefRules;
  readonly board: string[];
  side: Side;
  /** Castling rights as FEN letters among K Q k q. */
  castling: Set<string>;
  /** Target squares (indices) and the pawn that may be taken there, or none. */
  epTargets: number[];
  epVictim: number;
  halfmove: number;
  fullmove: number;
}

export type RefMoveKind = 'normal' | 'ep' | 'castle' | 'multi';

export interface RefMove {
  /** `from to [promo]` in RULES.md coordinates; castling is `castle:` + king from/to squares. */
  readonly key: string;
  readonly kind: RefMoveKind;
  /** The FEN after the move, written as RULES.md §0 prescribes. */
  readonly fenAfter: string;
}

const colorOf = (p: string): Side => (p === p.toUpperCase() ? 'w' : 'b');
const other = (s: Side): Side => (s === 'w' ? 'b' : 'w');

export function hasReferenceRules(variantId: string): boolean {
  return variantId in RULES;
}

export function referenceRules(variantId: string): RefRules {
  const r = RULES[variantId];
  if (!r) throw new Error(`reference generator has no rules for '${variantId}'`);
  return r;
}

/** Read a FEN (assumed well formed: the reference is fed FENs that Caravan accepted). */
function readFen(rules: RefRules, fen: string): RefPosition {
  const [placement = '', side = 'w', castling = '-', ep = '-', half = '0', full = '1'] = fen.trim().split(/\s+/);
  const board = new Array<string>(rules.files * rules.ranks).fill('');
  const rows = placement.split('/');
  rows.forEach((row, i) => {
    const rank = rules.ranks - 1 - i;
    let file = 0;
    for (const token of row.match(/\d+|[A-Za-z]/g) ?? []) {
      if (/\d/.test(token)) file += Number(token);
      else board[rank * rules.files + file++] = token;
    }
  });
  const pos: RefPosition = {
    rules,
    board,
    side: side as Side,
    castling: new Set(),
    epTargets: [],
    epVictim: -1,
    halfmove: Number(half),
    fullmove: Number(full),
  };
  // A right counts only with its king and rook on their start squares (RULES.md §0).
  const c = rules.castling;
  if (c && castling !== '-') {
    for (const letter of castling) {
      const color = colorOf(letter);
      const rank = color === 'w' ? c.rank : rules.ranks - 1 - c.rank;
      const rookFile = letter.toLowerCase() === 'q' ? c.rookFiles[0] : c.rookFiles[1];
      const king = color === 'w' ? 'K' : 'k';
      const rook = color === 'w' ? 'R' : 'r';
      if (board[rank * rules.files + c.kingFile] === king && board[rank * rules.files + rookFile] === rook) {
        pos.castling.add(letter);
      }
    }
  }
  if (ep !== '-') {
    const targets = (ep.match(/[a-z]\d+/g) ?? []).map((name) => squareIndex(rules, name));
    pos.epTargets = targets;
    // The pawn that may be taken: nearest enemy pawn beyond the listed squares on their file.
    const dir = pos.side === 'w' ? -1 : 1; // direction the enemy pawn moved in, seen from White
    const file = (targets[0] as number) % rules.files;
    const ranks = targets.map((t) => Math.floor(t / rules.files));
    let r = dir < 0 ? Math.min(...ranks) : Math.max(...ranks);
    for (r += dir; r >= 0 && r < rules.ranks; r += dir) {
      if (board[r * rules.files + file] !== '') break;
    }
    pos.epVictim = r * rules.files + file;
  }
  return pos;
}

function squareIndex(rules: RefRules, name: string): number {
  const file = name.charCodeAt(0) - 97;
  const rank = Number(name.slice(1)) - 1;
  return rank * rules.files + file;
}

function squareName(rules: RefRules, i: number): string {
  return String.fromCharCode(97 + (i % rules.files)) + String(Math.floor(i / rules.files) + 1);
}

function writeFen(pos: RefPosition): string {
  const { rules, board } = pos;
  const rows: string[] = [];
  for (let r = rules.ranks - 1; r >= 0; r--) {
    let row = '';
    let empty = 0;
    for (let f = 0; f < rules.files; f++) {
      const p = board[r * rules.files + f] as string;
      if (p === '') empty++;
      else {
        if (empty) row += String(empty);
        empty = 0;
        row += p;
      }
    }
    if (empty) row += String(empty);
    rows.push(row);
  }
  const castling = ['K', 'Q', 'k', 'q'].filter((l) => pos.castling.has(l)).join('') || '-';
  const ep = pos.epTargets.map((s) => squareName(rules, s)).join('') || '-';
  return `${rows.join('/')} ${pos.side} ${castling} ${ep} ${pos.halfmove} ${pos.fullmove}`;
}

function at(pos: RefPosition, f: number, r: number): string | undefined {
  if (f < 0 || r < 0 || f >= pos.rules.files || r >= pos.rules.ranks) return undefined; // off board
  return pos.board[r * pos.rules.files + f];
}

/** Is square (f, r) attacked by any piece of `by`? Scans every piece of that side. */
function attacked(pos: RefPosition, f: number, r: number, by: Side): boolean {
  const { files, ranks } = pos.rules;
  for (let i = 0; i < files * ranks; i++) {
    const p = pos.board[i] as string;
    if (p === '' || colorOf(p) !== by) continue;
    const pf = i % files;
    const pr = Math.floor(i / files);
    const letter = p.toLowerCase();
    if (letter === 'p') {
      const fwd = by === 'w' ? 1 : -1;
      if (r - pr === fwd && Math.abs(f - pf) === 1) return true;
      continue;
    }
    const g = GEOMETRY[letter];
    if (!g) throw new Error(`reference: unknown piece '${p}'`);
    for (const [dx, dy] of g.leaps) if (pf + dx === f && pr + dy === r) return true;
    for (const [dx, dy] of g.rides) {
      for (let x = pf + dx, y = pr + dy; ; x += dx, y += dy) {
        const q = at(pos, x, y);
        if (q === undefined) break;
        if (x === f && y === r) return true;
        if (q !== '') break;
      }
    }
  }
  return false;
}

function kingSquare(pos: RefPosition, side: Side): [number, number] {
  const king = side === 'w' ? 'K' : 'k';
  const i = pos.board.indexOf(king);
  if (i < 0) throw new Error('reference: no king');
  return [i % pos.rules.files, Math.floor(i / pos.rules.files)];
}

function inCheck(pos: RefPosition, side: Side): boolean {
  const [f, r] = kingSquare(pos, side);
  return attacked(pos, f, r, other(side));
}

function copy(pos: RefPosition): RefPosition {
  return { ...pos, board: pos.board.slice(), castling: new Set(pos.castling), epTargets: [] };
}

/** Castling rights lost when a piece leaves or lands on a king or rook start square. */
function touchCastling(pos: RefPosition, sq: number): void {
  const c = pos.rules.castling;
  if (!c) return;
  for (const side of ['w', 'b'] as const) {
    const rank = side === 'w' ? c.rank : pos.rules.ranks - 1 - c.rank;
    const letters = side === 'w' ? ['Q', 'K'] : ['q', 'k'];
    if (sq === rank * pos.rules.files + c.kingFile) for (const l of letters) pos.castling.delete(l);
    c.rookFiles.forEach((file, i) => {
      if (sq === rank * pos.rules.files + file) pos.castling.delete(letters[i] as string);
    });
  }
}

function finish(pos: RefPosition, mover: Side): void {
  pos.side = other(mover);
  if (mover === 'b') pos.fullmove++;
}

/**
 * The legal moves of a FEN position in `variantId`, each with the FEN after it. Raw piece moves:
 * game-ending rules (bare king, marriage, the end of a game) are not applied.
 */
export function referenceMoves(variantId: string, fen: string): RefMove[] {
  const rules = referenceRules(variantId);
  const pos = readFen(rules, fen);
  const us = pos.side;
  const them = other(us);
  const { files, ranks } = rules;
  const out: RefMove[] = [];

  /** Keep the move if it does not leave our king attacked. */
  const consider = (key: string, kind: RefMoveKind, after: RefPosition): void => {
    if (!inCheck(after, us)) out.push({ key, kind, fenAfter: writeFen(after) });
  };

  /** An ordinary move or capture (promotion letter for pawns reaching the last rank). */
  const simple = (from: number, to: number, promo: string, kind: RefMoveKind, passed: number[]): void => {
    const after = copy(pos);
    const piece = pos.board[from] as string;
    const captured = pos.board[to] as string;
    after.board[to] = promo ? (us === 'w' ? promo.toUpperCase() : promo) : piece;
    after.board[from] = '';
    after.halfmove = captured !== '' || piece.toLowerCase() === 'p' ? 0 : pos.halfmove + 1;
    touchCastling(after, from);
    touchCastling(after, to);
    // E.p. targets after a multi-step: passed squares an enemy pawn could capture onto.
    const enemyPawn = them === 'w' ? 'P' : 'p';
    const back = them === 'w' ? -1 : 1; // an enemy pawn capturing onto (f, r) comes from rank r + back
    for (const s of passed) {
      const f = s % files;
      const r = Math.floor(s / files);
      if (at(after, f - 1, r + back) === enemyPawn || at(after, f + 1, r + back) === enemyPawn) after.epTargets.push(s);
    }
    finish(after, us);
    consider(squareName(rules, from) + squareName(rules, to) + promo, kind, after);
  };

  for (let i = 0; i < files * ranks; i++) {
    const piece = pos.board[i] as string;
    if (piece === '' || colorOf(piece) !== us) continue;
    const pf = i % files;
    const pr = Math.floor(i / files);
    const letter = piece.toLowerCase();

    if (letter === 'p') {
      const fwd = us === 'w' ? 1 : -1;
      const relRank = us === 'w' ? pr + 1 : ranks - pr; // 1 = own back rank
      const promoRank = us === 'w' ? ranks - 1 : 0;
      const promos = (r: number) => (r === promoRank ? rules.promotions : ['']);
      // Forward steps: 1 square, or up to pawnSteps[relRank], every square empty.
      const maxStep = rules.pawnSteps[relRank] ?? 1;
      const passed: number[] = [];
      for (let n = 1; n <= maxStep; n++) {
        const r = pr + n * fwd;
        if (at(pos, pf, r) !== '') break;
        const to = r * files + pf;
        for (const p of promos(r)) simple(i, to, p, n >= 2 ? 'multi' : 'normal', rules.enPassant ? passed.slice() : []);
        passed.push(to);
      }
      // Diagonal captures, and e.p. onto a listed target.
      for (const dx of [-1, 1]) {
        const f = pf + dx;
        const r = pr + fwd;
        const target = at(pos, f, r);
        if (target === undefined) continue;
        const to = r * files + f;
        if (target !== '' && colorOf(target) === them) {
          for (const p of promos(r)) simple(i, to, p, 'normal', []);
        } else if (target === '' && pos.epTargets.includes(to)) {
          const victim = pos.board[pos.epVictim];
          if (victim !== (them === 'w' ? 'P' : 'p')) continue;
          const after = copy(pos);
          after.board[to] = piece;
          after.board[i] = '';
          after.board[pos.epVictim] = '';
          after.halfmove = 0;
          finish(after, us);
          consider(squareName(rules, i) + squareName(rules, to), 'ep', after);
        }
      }
      continue;
    }

    const g = GEOMETRY[letter];
    if (!g) throw new Error(`reference: unknown piece '${piece}'`);
    const tryTo = (f: number, r: number): boolean => {
      const target = at(pos, f, r);
      if (target === undefined) return false;
      if (target === '' || colorOf(target) === them) simple(i, r * files + f, '', 'normal', []);
      return target === '';
    };
    for (const [dx, dy] of g.leaps) tryTo(pf + dx, pr + dy);
    for (const [dx, dy] of g.rides) {
      for (let x = pf + dx, y = pr + dy; tryTo(x, y); x += dx, y += dy);
    }
  }

  // Castling (RULES.md §1, §2, §4): rights, squares between king and rook empty, the king not in
  // check and no square it crosses or reaches attacked; the rook lands on the king's other side.
  const c = rules.castling;
  if (c && !inCheck(pos, us)) {
    const rank = us === 'w' ? c.rank : ranks - 1 - c.rank;
    const sq = (f: number) => rank * files + f;
    const sides: Array<[string, number, number]> = [
      [us === 'w' ? 'Q' : 'q', c.rookFiles[0], -1],
      [us === 'w' ? 'K' : 'k', c.rookFiles[1], 1],
    ];
    for (const [right, rookFile, dir] of sides) {
      if (!pos.castling.has(right)) continue;
      let between = true;
      for (let f = c.kingFile + dir; f !== rookFile; f += dir) if (pos.board[sq(f)] !== '') between = false;
      if (!between) continue;
      for (const d of c.distances) {
        const kingTo = c.kingFile + d * dir;
        let crossedSafe = true;
        for (let f = c.kingFile + dir; f !== kingTo; f += dir) if (attacked(pos, f, rank, them)) crossedSafe = false;
        if (!crossedSafe) continue;
        const after = copy(pos);
        const king = pos.board[sq(c.kingFile)] as string;
        const rook = pos.board[sq(rookFile)] as string;
        after.board[sq(c.kingFile)] = '';
        after.board[sq(rookFile)] = '';
        after.board[sq(kingTo)] = king;
        after.board[sq(kingTo - dir)] = rook;
        after.halfmove = pos.halfmove + 1;
        touchCastling(after, sq(c.kingFile));
        finish(after, us);
        consider(`castle:${squareName(rules, sq(c.kingFile))}${squareName(rules, sq(kingTo))}`, 'castle', after);
      }
    }
  }
  return out;
}

/**
 * Every board square attacked by each side, by the reference attack test (a square counts
 * whatever stands on it, as a capture there would be possible if an enemy piece stood there).
 */
export function referenceAttacks(variantId: string, fen: string): { w: string[]; b: string[] } {
  const rules = referenceRules(variantId);
  const pos = readFen(rules, fen);
  const out = { w: [] as string[], b: [] as string[] };
  for (let i = 0; i < rules.files * rules.ranks; i++) {
    const f = i % rules.files;
    const r = Math.floor(i / rules.files);
    for (const side of ['w', 'b'] as const) if (attacked(pos, f, r, side)) out[side].push(squareName(rules, i));
  }
  return out;
}
