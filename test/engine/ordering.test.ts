/** Move ordering: continuation histories (src/engine/ordering.ts). */
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

  it('gives no context row to a null move or to no move', () => {
    const o = ordering();
    assert.equal(o.contRow(-1), -1);
    assert.equal(o.contRow(-2), -1);
  });
});
