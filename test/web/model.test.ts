/**
 * The web app's DOM-free helpers: board keys, piece drawings, move diagrams and premoves from
 * Betza strings, end texts, rules texts, routes.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { outcomeText, resultToken } from '../../src/notation/outcome-text.js';
import { findVariant, VARIANTS } from '../../src/variants/index.js';
import { keyToSquare, squareToKey } from '../../web/src/model/cgkeys.js';
import { specialRules } from '../../web/src/model/describe.js';
import { pieceReach, premoveDests } from '../../web/src/model/diagram.js';
import { PIECE_LETTERS, pieceCss, pieceSvg } from '../../web/src/model/pieces.js';
import { parseRoute, rulesHash, shareHash } from '../../web/src/model/route.js';

const def = (id: string) => {
  const d = findVariant(id);
  assert.ok(d, id);
  return d;
};

describe('board keys', () => {
  it('converts rank 10 to chessgroundx’s ":" and back', () => {
    assert.equal(squareToKey('a10'), 'a:');
    assert.equal(squareToKey('k1'), 'k1');
    assert.equal(keyToSquare('k:'), 'k10');
    assert.equal(keyToSquare('e4'), 'e4');
    for (const f of 'abcdefghijk')
      for (let r = 1; r <= 10; r++) assert.equal(keyToSquare(squareToKey(`${f}${r}`)), `${f}${r}`);
  });
});

describe('piece set', () => {
  it('draws every piece of every variant in both colours', () => {
    for (const v of VARIANTS) {
      for (const p of v.pieces) {
        for (const color of ['white', 'black'] as const) {
          const svg = pieceSvg(p.letter, color);
          assert.ok(svg?.startsWith('<svg'), `${v.id} ${p.letter} ${color}`);
        }
      }
    }
    assert.equal(pieceSvg('Z', 'white'), undefined);
    const css = pieceCss();
    assert.equal(css.split('\n').length, PIECE_LETTERS.length * 2);
    assert.match(css, /piece\.w-piece\.black/);
  });
});

describe('move diagrams from Betza', () => {
  const squares = (r: { square: string }[]) => r.map((x) => x.square).sort();

  it('Camel (3,1) from d4 on 11×10', () => {
    assert.deepEqual(squares(pieceReach(def('wildebeest'), 'C', 'd4')), [
      'a3',
      'a5',
      'c1',
      'c7',
      'e1',
      'e7',
      'g3',
      'g5',
    ]);
  });

  it('Wildebeest = Knight + Camel: 16 squares from the centre', () => {
    assert.equal(pieceReach(def('wildebeest'), 'W', 'f5').length, 16);
  });

  it('Shatranj Kamil pieces: General, Elephant, dabbaba Camel', () => {
    const sk = def('shatranj-kamil');
    assert.deepEqual(squares(pieceReach(sk, 'F', 'e5')), ['d4', 'd6', 'f4', 'f6']);
    assert.deepEqual(squares(pieceReach(sk, 'E', 'e5')), ['c3', 'c7', 'g3', 'g7']);
    assert.deepEqual(squares(pieceReach(sk, 'D', 'a1')), ['a3', 'c1']);
  });

  it('rook rides to the board edge; queen on 9×8', () => {
    assert.equal(pieceReach(def('camel-decimal'), 'R', 'a1').length, 18);
    assert.equal(pieceReach(def('bachelor-kamil'), 'Q', 'e4').length, 4 + 4 + 4 + 3 + 4 + 4 + 3 + 3);
  });

  it('pawns: extra steps by rank, captures apart', () => {
    const wb = def('wildebeest');
    const r2 = pieceReach(wb, 'P', 'f2');
    assert.deepEqual(
      r2.filter((r) => r.move).map((r) => r.square),
      ['f3', 'f4', 'f5'],
    );
    assert.deepEqual(squares(r2.filter((r) => r.capture)), ['e3', 'g3']);
    assert.deepEqual(
      pieceReach(wb, 'P', 'f3')
        .filter((r) => r.move)
        .map((r) => r.square),
      ['f4', 'f5'],
    );
    assert.deepEqual(
      pieceReach(wb, 'P', 'f9', 'black')
        .filter((r) => r.move)
        .map((r) => r.square),
      ['f8', 'f7', 'f6'],
    );
    assert.deepEqual(
      pieceReach(def('shatranj-kamil'), 'P', 'e2')
        .filter((r) => r.move)
        .map((r) => r.square),
      ['e3'],
    );
  });

  it('premoves include castling squares and, for Wildebeest, the rook squares', () => {
    const d = new Set(premoveDests(def('wildebeest'), 'K', 'white', 'f1'));
    for (const s of ['g1', 'h1', 'i1', 'j1', 'k1', 'a1', 'b1', 'e2']) assert.ok(d.has(s), s);
    const b = new Set(premoveDests(def('bachelor-kamil'), 'K', 'black', 'e8'));
    assert.ok(b.has('c8') && b.has('g8') && !b.has('a8'));
  });
});

describe('words', () => {
  it('names ends as players say them (one wording for the banner, PGN and the protocols)', () => {
    const bk = def('bachelor-kamil');
    assert.equal(outcomeText(bk, { winner: 'white', reason: 'taming' }), 'White wins by taming: King next to Gnu');
    assert.equal(
      outcomeText(def('shatranj-kamil'), { winner: 'white', reason: 'bare-king' }),
      'Black is bared — White wins',
    );
    assert.equal(resultToken({ winner: 'black', reason: 'checkmate' }), '0-1');
  });

  it('writes the special rules of each variant', () => {
    for (const v of VARIANTS) assert.ok(specialRules(v).length >= 5, v.id);
    assert.ok(specialRules(def('wildebeest')).some((s) => /Stalemate wins/.test(s)));
    assert.ok(specialRules(def('shatranj-kamil')).some((s) => /Bare king/.test(s)));
    assert.ok(specialRules(def('bachelor-kamil')).some((s) => /Marriage and taming/.test(s)));
  });
});

describe('routes', () => {
  it('reads home, play, share links and rules', () => {
    assert.deepEqual(parseRoute(''), { page: 'home' });
    assert.deepEqual(parseRoute('#/'), { page: 'home' });
    assert.deepEqual(parseRoute('#/play'), { page: 'play' });
    assert.deepEqual(parseRoute(rulesHash('camel-decimal')), { page: 'rules', variantId: 'camel-decimal' });
    const fen = 'k10/11/1K9/11/11/11/11/11/11/10R w - - 0 1';
    assert.deepEqual(parseRoute(shareHash('wildebeest', fen)), {
      page: 'play',
      start: { variantId: 'wildebeest', fen },
    });
    const r = parseRoute('#/play?variant=bachelor-kamil&mode=engine&color=black&level=7&marriage=delayed');
    assert.deepEqual(r, {
      page: 'play',
      start: { variantId: 'bachelor-kamil', mode: 'engine', humanColor: 'black', level: 7, marriageMode: 'delayed' },
    });
  });

  it('reads the computer thinking time (think=seconds) and ignores values out of range', () => {
    assert.deepEqual(parseRoute('#/play?variant=wildebeest&mode=engine&think=2.5'), {
      page: 'play',
      start: { variantId: 'wildebeest', mode: 'engine', think: 2.5 },
    });
    for (const bad of ['0', '-1', '61', 'x']) {
      assert.deepEqual(parseRoute(`#/play?variant=wildebeest&think=${bad}`), {
        page: 'play',
        start: { variantId: 'wildebeest' },
      });
    }
  });
});
