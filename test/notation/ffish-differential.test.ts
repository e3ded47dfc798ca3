/**
 * Differential test of SAN (RULES.md §0 "Move text") against Fairy-Stockfish's own SAN, through
 * ffish-es6 with /work/shared/peers/fairy-stockfish-variants.ini (see test/helpers/fairy-stockfish.ts).
 *
 * For a few hundred random positions per variant, the SAN we write for each legal move must equal
 * `board.sanMove(uci)`. Camel Decimal and both Shatranj Kamil setups are exact in Fairy-Stockfish;
 * Wildebeest is compared section by section (one castling distance per section) and orthodox
 * chess is compared as a sanity check of the common ground.
 *
 * Dialect differences, both deliberate (normalised below, nowhere else):
 * 1. Wildebeest castling: we append the king's square (`O-O:h1`, RULES.md §0) because four
 *    distances are legal; Fairy-Stockfish, with one distance per section, writes a bare `O-O`.
 * 2. A checking move that ends the game by the bare-king rule (Shatranj Kamil, RULES.md §3):
 *    Fairy-Stockfish generates no moves in a decided position, so it writes `#`; the bared king
 *    is not mated and has moves, so we write `+` (`#` is for checkmate only).
 */

import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { KIND_CASTLE, type Move, moveFrom, moveKind, moveTo } from '../../src/core/move.js';
import { isRuleTerminal } from '../../src/core/outcome.js';
import { Position } from '../../src/core/position.js';
import { moveToSan } from '../../src/notation/san.js';
import { moveToUci } from '../../src/notation/uci.js';
import type { VariantDefinition } from '../../src/variants/schema.js';
import { type Ffish, loadFfish } from '../helpers/fairy-stockfish.js';
import { legal, position, uci, variant } from '../helpers/positions.js';
import { randomPlacement, randomPlay, thinOut } from '../helpers/random-game.js';
import { makeRng } from '../helpers/rng.js';

const POSITIONS_PER_VARIANT = 300;

/**
 * Random positions of a variant, none decided by a rule (Fairy-Stockfish has no moves there):
 * a few from each game, the games starting from the start position, from thinned-out starts
 * (open lines, checks) and from sparse placements with pawns about to promote.
 */
function samplePositions(def: VariantDefinition, count: number): string[] {
  const out: string[] = [];
  for (let seed = 1; out.length < count; seed++) {
    const rng = makeRng(seed * 104729 + def.files);
    const kind = seed % 4;
    let from: string | undefined = def.startFen;
    if (kind === 1) from = thinOut(def, def.startFen, rng, 0.55);
    else if (kind >= 2) from = randomPlacement(def, rng, 6 + rng.int(8));
    if (!from) continue;
    const every = kind >= 2 ? 3 : 12;
    randomPlay(def, from, rng, 5 * every, (pos, ply) => {
      if (out.length < count && ply % every === 0 && !isRuleTerminal(pos)) out.push(pos.toFen());
    });
  }
  return out;
}

/** Fairy-Stockfish section that has this move: Wildebeest castling needs its distance's section. */
function sectionFor(variantId: string, pos: Position, m: Move): string {
  if (variantId !== 'wildebeest') return variantId;
  if (moveKind(m) !== KIND_CASTLE) return 'wildebeest-c1';
  const distance = Math.abs((pos.t.fileOf[moveTo(m)] as number) - (pos.t.fileOf[moveFrom(m)] as number));
  return `wildebeest-c${distance}`;
}

/** Our SAN in Fairy-Stockfish's dialect (see the header: the two deliberate differences). */
function inFsfDialect(pos: Position, m: Move, san: string, fsf: string): string {
  let s = san.replace(/^(O-O(?:-O)?):[a-z]\d+/, '$1');
  if (s.endsWith('+') && fsf.endsWith('#')) {
    pos.make(m);
    const decided = isRuleTerminal(pos);
    pos.unmake();
    if (decided && pos.t.def.end.bareKing) s = `${s.slice(0, -1)}#`;
  }
  return s;
}

interface Tally {
  moves: number;
  promotions: number;
  checks: number;
  mates: number;
  disambiguated: number;
  castles: number;
  normalised: number;
}

function compare(ffish: Ffish, variantId: string): { mismatches: string[]; tally: Tally } {
  const def = variant(variantId);
  const mismatches: string[] = [];
  const tally: Tally = { moves: 0, promotions: 0, checks: 0, mates: 0, disambiguated: 0, castles: 0, normalised: 0 };
  const boards = new Map<string, InstanceType<Ffish['Board']>>();
  try {
    for (const fen of samplePositions(def, POSITIONS_PER_VARIANT)) {
      const r = Position.fromFen(def, fen);
      assert.ok(r.ok, fen);
      const pos = r.value;
      for (const m of legal(pos)) {
        const section = sectionFor(variantId, pos, m);
        let board = boards.get(section);
        if (!board) {
          board = new ffish.Board(section);
          boards.set(section, board);
        }
        board.setFen(fen);
        const uciText = moveToUci(pos, m);
        const ours = moveToSan(pos, m);
        const theirs = board.sanMove(uciText);
        const mapped = inFsfDialect(pos, m, ours, theirs);
        if (mapped !== ours) tally.normalised++;
        if (mapped !== theirs) mismatches.push(`${fen} ${uciText}: ours ${ours}, Fairy-Stockfish ${theirs}`);
        tally.moves++;
        if (ours.includes('=')) tally.promotions++;
        if (ours.endsWith('+')) tally.checks++;
        if (ours.endsWith('#')) tally.mates++;
        if (ours.startsWith('O-O')) tally.castles++;
        if (/^[A-Z](?!-)([a-z]?\d*)x?[a-z]\d+$/.exec(ours.replace(/[+#]$/, ''))?.[1]) tally.disambiguated++;
      }
    }
  } finally {
    for (const board of boards.values()) board.delete();
  }
  return { mismatches, tally };
}

describe('SAN agrees with Fairy-Stockfish (ffish-es6)', () => {
  let ffish: Ffish;
  before(async () => {
    ffish = await loadFfish();
  });

  const variants: Array<[string, Partial<Record<keyof Tally, number>>]> = [
    ['camel-decimal', { promotions: 1, checks: 1, disambiguated: 1, castles: 1 }],
    ['shatranj-kamil', { promotions: 1, checks: 1, disambiguated: 1 }],
    ['shatranj-kamil-2', { promotions: 1, checks: 1, disambiguated: 1 }],
    ['wildebeest', { promotions: 1, checks: 1, disambiguated: 1, castles: 1 }],
    ['chess', { promotions: 1, checks: 1, disambiguated: 1, castles: 1 }],
  ];
  it('the two dialect differences, shown on hand positions', () => {
    const fsfSan = (section: string, fen: string, uciText: string): string => {
      const board = new ffish.Board(section, fen);
      try {
        return board.sanMove(uciText);
      } finally {
        board.delete();
      }
    };
    const ourSan = (id: string, fen: string, uciText: string): string => {
      const pos = position(id, fen);
      return moveToSan(pos, uci(pos, uciText));
    };
    const castle = 'r4k4r/11/11/11/11/11/11/11/11/R4K4R w KQkq - 0 1';
    assert.equal(ourSan('wildebeest', castle, 'f1h1'), 'O-O:h1');
    assert.equal(fsfSan('wildebeest-c2', castle, 'f1h1'), 'O-O');
    // White bares Black's king with check; Black has king moves but has lost (RULES.md §3).
    const bare = '10/n3k5/10/10/10/10/10/10/7P2/R3K5 w - - 0 1';
    assert.equal(ourSan('shatranj-kamil', bare, 'a1a9'), 'Rxa9+');
    assert.equal(fsfSan('shatranj-kamil', bare, 'a1a9'), 'Rxa9#');
  });

  for (const [id, minimum] of variants) {
    it(`${id}: every legal move of ${POSITIONS_PER_VARIANT} random positions`, (t) => {
      const { mismatches, tally } = compare(ffish, id);
      t.diagnostic(`${id}: ${JSON.stringify(tally)}`);
      assert.deepEqual(mismatches.slice(0, 10), []);
      // The sample must reach the cases worth comparing, or agreement would prove little.
      for (const [key, least] of Object.entries(minimum)) {
        assert.ok(tally[key as keyof Tally] >= (least as number), `${id}: too few ${key} in the sample`);
      }
    });
  }
});
