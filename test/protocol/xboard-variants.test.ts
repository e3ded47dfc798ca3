import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Game } from '../../src/core/game.js';
import { unwrap } from '../../src/core/result.js';
import { legalMoveList, moveToUci, parseUciMove } from '../../src/notation/uci.js';
import {
  castlingLegs,
  findXboardVariant,
  fromXboardSquares,
  isXboardSafeName,
  parseCastlingLegs,
  pieceToCharTable,
  toXboardSquares,
  XBOARD_BUILTIN_NAMES,
  xboardBetza,
  xboardCastlingBetza,
  xboardMoveLines,
  xboardVariantName,
  xboardVariantNames,
  xboardVariantSetup,
} from '../../src/protocol/xboard-variants.js';
import { findVariant, VARIANTS } from '../../src/variants/index.js';

describe('xboard variant names', () => {
  it('every variant but orthodox chess has a name free of XBoard built-in names', () => {
    for (const v of VARIANTS) {
      const name = xboardVariantName(v);
      if (v.id === 'chess') assert.equal(name, 'normal');
      else assert.ok(isXboardSafeName(name), `${name} contains a built-in XBoard name`);
    }
  });

  it('shatranj-kamil as an id would be captured by XBoard (why the xboard names exist)', () => {
    assert.ok(!isXboardSafeName('shatranj-kamil'));
    assert.ok(XBOARD_BUILTIN_NAMES.includes('shatranj'));
  });

  it('names are distinct and every one is announced', () => {
    const names = xboardVariantNames();
    assert.equal(new Set(names).size, VARIANTS.length);
    for (const v of VARIANTS) assert.ok(names.includes(xboardVariantName(v)));
  });

  it('finds variants by xboard name and by canonical id, case-insensitively', () => {
    assert.equal(findXboardVariant('kamil10')?.id, 'shatranj-kamil');
    assert.equal(findXboardVariant('KAMIL10B')?.id, 'shatranj-kamil-2');
    assert.equal(findXboardVariant('shatranj-kamil')?.id, 'shatranj-kamil');
    assert.equal(findXboardVariant('normal')?.id, 'chess');
    assert.equal(findXboardVariant('cameldecimal')?.id, 'camel-decimal');
    assert.equal(findXboardVariant('nosuchvariant'), undefined);
  });
});

describe('xboard setup and piece commands', () => {
  it("Shatranj Kamil's Camel (dabbaba) is drawn as XBoard's cannon, not a knight on a tower (issue 14 item 11)", () => {
    for (const id of ['shatranj-kamil', 'shatranj-kamil-2']) {
      const table = pieceToCharTable(findVariant(id)!);
      // XBoard's fairy letters PNBRQFEACWMOHIJGDVLSU: slot 11 ('O') is drawn as Canon.svg,
      // slot 16 ('D') as Chancellor.svg, a knight's head on a tower.
      assert.equal(table.indexOf('D'), 11, table);
      assert.equal(table[16], '.');
    }
  });

  it('orthodox chess needs no setup', () => {
    assert.deepEqual(xboardVariantSetup(findVariant('chess')!), []);
  });

  for (const v of VARIANTS.filter((d) => d.id !== 'chess')) {
    it(`${v.id}: setup line with board size, table and start FEN, one piece line per piece`, () => {
      const lines = xboardVariantSetup(v);
      const m = /^setup \((\S+)\) (\d+)x(\d+)\+0_(\w+) (.+)$/.exec(lines[0] as string);
      assert.ok(m, lines[0]);
      const [, table, w, h, parent, fen] = m;
      assert.equal(Number(w), v.files);
      assert.equal(Number(h), v.ranks);
      assert.equal(fen, v.startFen);
      assert.equal(parent, v.end.bareKing ? 'shatranj' : 'fairy');
      assert.equal(table, pieceToCharTable(v));
      assert.equal(table!.length, 88);
      assert.equal(table!.slice(44), table!.slice(0, 44).toLowerCase());
      assert.equal(table![43], 'K');
      const letters = table!.slice(0, 44).replace(/\./g, '').split('').sort();
      assert.deepEqual(letters, v.pieces.map((p) => p.letter).sort());
      const pieceLines = lines.slice(1);
      assert.equal(pieceLines.length, v.pieces.length);
      for (const p of v.pieces) assert.ok(pieceLines.includes(`piece ${p.letter}& ${xboardBetza(v, p)}`));
    });
  }

  it('pawn multi-steps and castling appear in the Betza strings', () => {
    const wb = findVariant('wildebeest')!;
    const pawn = wb.pieces.find((p) => p.pawn)!;
    const king = wb.pieces.find((p) => p.royal)!;
    assert.equal(xboardBetza(wb, pawn), 'fmWfceFfmnDifmnH');
    const cd = findVariant('camel-decimal')!;
    assert.equal(xboardBetza(cd, cd.pieces.find((p) => p.pawn)!), 'fmWfceFifmnD');
    assert.equal(xboardBetza(wb, king), 'KisO1isO2isO3isO4');
    // Rooks one file in from the corners (rank 2): XBoard's `j` moves the castling partner inward.
    assert.equal(xboardBetza(cd, cd.pieces.find((p) => p.royal)!), 'KisjO2');
    const bk = findVariant('bachelor-kamil')!;
    assert.equal(xboardBetza(bk, bk.pieces.find((p) => p.royal)!), 'KisO2');
    const sk = findVariant('shatranj-kamil')!;
    assert.equal(xboardBetza(sk, sk.pieces.find((p) => p.pawn)!), 'fmWfcF');
    assert.equal(xboardBetza(sk, sk.pieces.find((p) => p.royal)!), 'K');
  });
});

describe('xboard castling', () => {
  it('leaves out castling whose rooks stand at different distances from their edges', () => {
    const cd = findVariant('camel-decimal')!;
    const odd = { ...cd, castling: { ...cd.castling!, rookFiles: { queenSide: 0, kingSide: 8 } } };
    assert.equal(xboardCastlingBetza(odd), '');
    assert.equal(xboardCastlingBetza(findVariant('shatranj-kamil')!), '');
    assert.equal(xboardCastlingBetza(findVariant('chess')!), 'isO2');
  });

  it('a one-square castle is two legs; other moves are one move line', () => {
    const wb = findVariant('wildebeest')!;
    const game = unwrap(Game.create(wb, '5k5/11/11/11/11/11/11/11/6R4/4RK4R w K - 0 1'));
    const pos = game.position;
    const lines = (uci: string) => xboardMoveLines(wb, pos, unwrap(parseUciMove(pos, uci)), uci);
    assert.deepEqual(lines('f1k1'), ['move f0k0,', 'move k0g0']);
    assert.deepEqual(lines('f1h1'), ['move f0h0']);
    assert.deepEqual(lines('f1f2'), ['move f0f1']);
    const castle = unwrap(parseUciMove(pos, 'f1k1'));
    assert.deepEqual(castlingLegs(pos, castle), ['f1k1', 'k1g1']);
    assert.equal(parseCastlingLegs(pos, 'f1g1,k1f1'), castle);
    assert.equal(parseCastlingLegs(pos, 'f1k1,k1g1'), castle);
    assert.equal(parseCastlingLegs(pos, 'f1h1,k1g1'), unwrap(parseUciMove(pos, 'f1h1')));
    assert.equal(parseCastlingLegs(pos, 'f1g1,k1g1'), undefined);
    assert.equal(parseCastlingLegs(pos, 'e1e2,e2e3'), undefined);
    assert.equal(parseCastlingLegs(pos, 'f1g1'), undefined);
  });
});

describe('xboard rank translation', () => {
  const tenRanks = findVariant('camel-decimal')!;
  const eightRanks = findVariant('bachelor-kamil')!;

  it('on 10-rank boards ranks are counted from 0, both ways', () => {
    assert.equal(toXboardSquares(tenRanks, 'a9a10c'), 'a8a9c');
    assert.equal(toXboardSquares(tenRanks, 'e3e5'), 'e2e4');
    assert.equal(fromXboardSquares(tenRanks, 'a8a9c'), 'a9a10c');
    assert.equal(fromXboardSquares(tenRanks, 'e2e4'), 'e3e5');
    assert.equal(fromXboardSquares(tenRanks, 'a0a1'), 'a1a2');
  });

  it('rejects XBoard ranks beyond 9 on 10-rank boards', () => {
    assert.equal(fromXboardSquares(tenRanks, 'a9a10'), undefined);
  });

  it('is the identity on other boards', () => {
    assert.equal(toXboardSquares(eightRanks, 'e2e4'), 'e2e4');
    assert.equal(fromXboardSquares(eightRanks, 'e2e4'), 'e2e4');
  });

  it('round-trips every legal move of every 10-rank start position', () => {
    for (const v of VARIANTS.filter((d) => d.ranks === 10)) {
      const game = unwrap(Game.create(v));
      for (const m of legalMoveList(game.position)) {
        const text = moveToUci(game.position, m);
        const back = fromXboardSquares(v, toXboardSquares(v, text));
        assert.equal(back, text);
        const parsed = parseUciMove(game.position, back!);
        assert.ok(parsed.ok && parsed.value === m);
      }
    }
  });
});
