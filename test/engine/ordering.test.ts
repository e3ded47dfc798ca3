/** Move ordering: continuation and capture histories (src/engine/ordering.ts). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { moveFrom, moveTo } from '../../src/core/move.js';
import { evalTables } from '../../src/engine/evaluate.js';
import { MoveOrdering } from '../../src/engine/ordering.js';
import { Exchange } from '../../src/engine/see.js';
import { parseUciMove } from '../../src/notation/uci.js';
import { position, variant } from './support.js';

describe('move ordering', () => {
  const def = variant('camel-decimal');
  const tables = evalTables(def);
  const ordering = () => new MoveOrdering(tables.value, new Exchange(tables.value, tables.t), tables.t);

  it('remembers a quiet reply that refuted a move in the context of that move', () => {
    const pos = position(def);
    const o = ordering();
    const reply = parseUciMove(pos, 'g3g4');
    const other = parseUciMove(pos, 'd3d4');
    assert.ok(reply.ok && other.ok);
    const key = (m: number) => pos.board[moveFrom(m)]! * 256 + moveTo(m);
    // Context: the previous move landed a Knight on h3 (White's knight code, square h3).
    const previous = pos.board[pos.t.squares[7 + 10]!]! * 256 + pos.t.squares[7 + 2 * 10]!;
    const c1 = o.contRow(previous);
    assert.ok(c1 >= 0);
    const tried = Int32Array.from([other.value]);
    o.updateQuiet(pos, reply.value, 3, 6, previous, tried, 0, 1, c1, -1);
    // The reply is now good in that context, more than by its plain history alone; the move
    // tried before it is bad there.
    assert.ok(o.quietHistory(key(reply.value), c1, -1) > o.quietHistory(key(reply.value), -1, -1));
    assert.ok(o.quietHistory(key(reply.value), -1, -1) > 0);
    assert.ok(o.quietHistory(key(other.value), c1, -1) < 0);
    // A context it was never seen in adds nothing.
    const elsewhere = o.contRow(previous + 1);
    assert.equal(o.quietHistory(key(reply.value), elsewhere, -1), o.quietHistory(key(reply.value), -1, -1));
    // clear() forgets it.
    o.clear();
    assert.equal(o.quietHistory(key(reply.value), c1, -1), 0);
  });

  it('orders a capture that cut off before ahead of an equal one that did not (capture history)', () => {
    // Two rooks can each take a pawn: same mover, same victim, so MVV-LVA cannot tell them apart.
    const pos = position(def, 'k9/10/10/10/p8p/10/10/10/10/R3K4R w - - 0 1');
    const o = ordering();
    const a = parseUciMove(pos, 'a1a6');
    const b = parseUciMove(pos, 'j1j6');
    assert.ok(a.ok && b.ok);
    const moves = Int32Array.from([a.value, b.value]);
    const scores = new Int32Array(2);
    o.scoreTactical(pos, moves, scores, 0, 2, null);
    assert.equal(scores[0], scores[1]);
    // j1xj6 refuted a node after a1xa6 had been tried there.
    o.updateCaptures(pos, b.value, 8, Int32Array.from([a.value]), 0, 1);
    o.scoreTactical(pos, moves, scores, 0, 2, null);
    assert.ok(scores[1]! > scores[0]!, `${scores[1]} > ${scores[0]}`);
    assert.ok(scores[0]! >= 0, 'a capture by history stays a capture to search early');
    o.clear();
    o.scoreTactical(pos, moves, scores, 0, 2, null);
    assert.equal(scores[0], scores[1]);
  });

  it('gives no context row to a null move or to no move', () => {
    const o = ordering();
    assert.equal(o.contRow(-1), -1);
    assert.equal(o.contRow(-2), -1);
  });
});
