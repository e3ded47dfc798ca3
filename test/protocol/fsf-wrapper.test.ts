/** The Fairy-Stockfish wrapper's line rewriting (the process itself runs in match.test.ts). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toEngine, toGui } from '../../tools/peers/fairy-stockfish-uci.js';

const sections = new Map([['wildebeest', 'wildebeest-c2']]);

describe('Fairy-Stockfish wrapper', () => {
  it('maps Caravan variant ids to ini sections on the way in', () => {
    assert.equal(
      toEngine('setoption name UCI_Variant value wildebeest', sections),
      'setoption name UCI_Variant value wildebeest-c2',
    );
    assert.equal(
      toEngine('setoption name UCI_Variant value camel-decimal', sections),
      'setoption name UCI_Variant value camel-decimal',
    );
    assert.equal(toEngine('position startpos moves f2f4', sections), 'position startpos moves f2f4');
  });

  it('lists the mapped ids in the UCI_Variant combo and shortens the name', () => {
    const combo = 'option name UCI_Variant type combo default chess var chess var wildebeest-c1 var wildebeest-c2';
    assert.equal(toGui(combo, sections), `${combo} var wildebeest`);
    const without = 'option name UCI_Variant type combo default chess var chess';
    assert.equal(toGui(without, sections), without);
    assert.equal(
      toGui('id name Fairy-Stockfish [commit: b2e693ef, upstream: , emscripten: 2.0.26] LB', sections),
      'id name Fairy-Stockfish b2e693ef wasm',
    );
    assert.equal(toGui('bestmove e2e4', sections), 'bestmove e2e4');
  });
});
