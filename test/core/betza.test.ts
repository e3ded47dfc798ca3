/** Betza notation parser (../shared/notes/betza.md; RULES.md §0 "Pieces (Betza notation)"). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type MoveComponent, parseBetza } from '../../src/core/betza.js';

function parse(text: string): readonly MoveComponent[] {
  const r = parseBetza(text);
  if (!r.ok) throw new Error(r.error);
  return r.value.components;
}

const leaps = (text: string) =>
  parse(text)
    .map((c) => `${c.dx},${c.dy}`)
    .sort();

describe('Betza atoms', () => {
  it('has 4 moves for orthogonal and diagonal atoms, 8 for oblique ones', () => {
    for (const a of ['W', 'F', 'D', 'A', 'H', 'G']) assert.equal(parse(a).length, 4, a);
    for (const a of ['N', 'C', 'Z', 'L', 'J']) assert.equal(parse(a).length, 8, a);
  });

  it('reads the Camel as a (3,1) leaper and the Wildebeest NC as knight + camel', () => {
    assert.deepEqual(leaps('C'), ['-1,-3', '-1,3', '-3,-1', '-3,1', '1,-3', '1,3', '3,-1', '3,1']);
    assert.equal(parse('NC').length, 16);
    assert.ok(parse('NC').every((c) => c.range === 1 && c.canMove && c.canCapture));
  });

  it('expands K, Q, R and B shorthands to wazir/ferz steps and riders', () => {
    assert.equal(parse('K').length, 8);
    assert.ok(parse('K').every((c) => c.range === 1));
    assert.equal(parse('Q').length, 8);
    assert.ok(parse('Q').every((c) => c.range === 0));
    assert.deepEqual(leaps('R'), leaps('W'));
    assert.ok(parse('R').every((c) => c.range === 0));
    assert.deepEqual(leaps('B'), leaps('F'));
  });

  it('makes riders by doubling or a range number', () => {
    assert.ok(parse('WW').every((c) => c.range === 0));
    assert.ok(parse('W0').every((c) => c.range === 0));
    assert.ok(parse('W2').every((c) => c.range === 2));
    assert.ok(parse('NN').every((c) => c.range === 0 && c.dx !== 0));
  });
});

describe('Betza modifiers', () => {
  it('reads the orthodox pawn fmWfceF: a forward step without capture, diagonal captures with e.p.', () => {
    const pawn = parse('fmWfceF');
    const step = pawn.filter((c) => c.canMove);
    assert.deepEqual(
      step.map((c) => [c.dx, c.dy, c.canCapture]),
      [[0, 1, false]],
    );
    const captures = pawn.filter((c) => c.canCapture);
    assert.deepEqual(captures.map((c) => `${c.dx},${c.dy}`).sort(), ['-1,1', '1,1']);
    assert.ok(captures.every((c) => c.enPassant && !c.canMove));
  });

  it('reads the Shatranj Kamil pawn fmWfcF without e.p.', () => {
    assert.ok(parse('fmWfcF').every((c) => !c.enPassant));
  });

  it('selects directions: f, b, l, r, v, s and their combinations', () => {
    assert.deepEqual(leaps('fW'), ['0,1']);
    assert.deepEqual(leaps('bW'), ['0,-1']);
    assert.deepEqual(leaps('vW'), ['0,-1', '0,1']);
    assert.deepEqual(leaps('sW'), ['-1,0', '1,0']);
    assert.deepEqual(leaps('frF'), ['1,1']);
    assert.deepEqual(leaps('fF'), ['-1,1', '1,1']);
  });

  it('narrows oblique atoms as XBetza does: fN four, ffN narrow pair, fsN wide pair, fr/rf one leap', () => {
    assert.deepEqual(leaps('fN'), ['-1,2', '-2,1', '1,2', '2,1']);
    assert.deepEqual(leaps('ffN'), ['-1,2', '1,2']);
    assert.deepEqual(leaps('fsN'), ['-2,1', '2,1']);
    assert.deepEqual(leaps('frN'), ['2,1']);
    assert.deepEqual(leaps('rfN'), ['1,2']);
    assert.deepEqual(leaps('fhN'), leaps('fN'));
    assert.deepEqual(leaps('vN'), ['-1,-2', '-1,2', '1,-2', '1,2']);
    assert.deepEqual(leaps('sN'), ['-2,-1', '-2,1', '2,-1', '2,1']);
  });

  it('reads castling atoms O<n> as king distances', () => {
    const r = parseBetza('KisO1isO2isO3isO4');
    assert.ok(r.ok);
    if (r.ok) assert.deepEqual(r.value.castlingDistances, [1, 2, 3, 4]);
  });

  it('rejects unknown atoms and modifiers with a message naming them', () => {
    const bad = parseBetza('X');
    assert.ok(!bad.ok && /atom 'X'/.test(bad.error));
    const mod = parseBetza('qN');
    assert.ok(!mod.ok && /modifier 'q'/.test(mod.error));
    const dangling = parseBetza('fm');
    assert.ok(!dangling.ok && /without an atom/.test(dangling.error));
    assert.ok(!parseBetza('').ok);
  });
});
