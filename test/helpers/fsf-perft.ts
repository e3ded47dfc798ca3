/**
 * Perft by Fairy-Stockfish's move generator, walked node by node in the test (slow; for fixture
 * generation). At every node the legal moves are Fairy-Stockfish's — for Wildebeest the union of
 * its one-castling-distance sections, which is exact at every node, even when both sides may
 * castle — and each child position is the FEN Fairy-Stockfish writes after playing the move.
 *
 * Where Fairy-Stockfish's end rules differ from RULES.md, the walk applies RULES.md itself,
 * from the FEN, independently of Caravan:
 * - Shatranj Kamil: two bare kings are a finished game (counter-bare, §3); Fairy-Stockfish goes
 *   on playing.
 * - Bachelor Kamil: marriage/taming (§4) in either mode, tested here on the FEN (king next to an
 *   own Q or W, not in check), with the moves of the `-nomarriage` sections.
 */

import { type Ffish, fsfMoveTranslator, fsfSections } from './fairy-stockfish.js';

export interface WalkRules {
  /** RULES.md §3: a position with two bare kings has no moves. */
  readonly counterBare?: boolean;
  /** RULES.md §4 marriage/taming, applied by the walk. */
  readonly marriage?: 'immediate' | 'delayed';
}

/** Rows of single-square tokens, top rank first. */
function grid(fen: string): string[][] {
  return (fen.split(' ')[0] as string).split('/').map((row) => {
    const out: string[] = [];
    for (const token of row.match(/\d+|[A-Za-z]/g) ?? []) {
      if (/\d/.test(token)) for (let i = 0; i < Number(token); i++) out.push('');
      else out.push(token);
    }
    return out;
  });
}

/** Is `color`'s king on one of the 8 squares next to its own Queen or Gnu? */
export function kingNextToPartner(fen: string, color: 'w' | 'b'): boolean {
  const rows = grid(fen);
  const [king, partners] = color === 'w' ? ['K', ['Q', 'W']] : ['k', ['q', 'w']];
  for (let y = 0; y < rows.length; y++) {
    const x = (rows[y] as string[]).indexOf(king);
    if (x < 0) continue;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        if ((dx || dy) && partners.includes(rows[y + dy]?.[x + dx] ?? '')) return true;
      }
    }
  }
  return false;
}

function menCount(fen: string, color: 'w' | 'b'): number {
  let n = 0;
  for (const row of grid(fen)) {
    for (const p of row) if (p !== '' && p.toUpperCase() !== 'K' && (p === p.toUpperCase()) === (color === 'w')) n++;
  }
  return n;
}

/** Does the game end at this node by a rule Fairy-Stockfish does not apply as RULES.md does? */
function endsByWalkRule(ffish: Ffish, variantId: string, fen: string, rules: WalkRules): boolean {
  const stm = fen.split(' ')[1] === 'b' ? 'b' : 'w';
  const mover = stm === 'w' ? 'b' : 'w';
  if (rules.counterBare && menCount(fen, 'w') === 0 && menCount(fen, 'b') === 0) return true;
  if (rules.marriage) {
    if (rules.marriage === 'immediate' && kingNextToPartner(fen, mover)) return true;
    if (kingNextToPartner(fen, stm)) {
      const section = fsfSections(variantId)[0]?.section as string;
      const board = new ffish.Board(section, fen);
      try {
        if (!board.isCheck()) return true;
      } finally {
        board.delete();
      }
    }
  }
  return false;
}

/** Perft by walking Fairy-Stockfish's move tree (transpositions memoised by position). */
export function fsfWalkPerft(
  ffish: Ffish,
  variantId: string,
  fen: string,
  depth: number,
  rules: WalkRules = {},
): number {
  const memo = new Map<string, number>();
  const sections = fsfSections(variantId);
  const boards = new Map(sections.map((s) => [s.section, new ffish.Board(s.section, fen)] as const));
  const walk = (f: string, d: number): number => {
    if (d === 0) return 1;
    const key = `${f.split(' ').slice(0, 4).join(' ')}|${d}`;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    let nodes = 0;
    if (!endsByWalkRule(ffish, variantId, f, rules)) {
      // Each distinct move once (the sections agree on every non-castling move).
      const translate = fsfMoveTranslator(variantId, f);
      const children = new Map<string, { section: string; text: string }>();
      for (const { section, kingDistance } of sections) {
        const board = boards.get(section);
        if (!board) continue;
        board.setFen(f);
        for (const text of board.legalMoves().split(' ')) {
          if (text !== '') children.set(translate(text, kingDistance), { section, text });
        }
      }
      if (d === 1) nodes = children.size;
      else {
        for (const { section, text } of children.values()) {
          const board = boards.get(section) as InstanceType<Ffish['Board']>;
          board.setFen(f);
          if (!board.push(text)) throw new Error(`Fairy-Stockfish refused its own move ${text} in ${f}`);
          nodes += walk(board.fen(), d - 1);
        }
      }
    }
    memo.set(key, nodes);
    return nodes;
  };
  try {
    return walk(fen, depth);
  } finally {
    for (const b of boards.values()) b.delete();
  }
}
