/** The geometric check and pin filters agree with the attack tables on every move. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_MOVES } from '../../src/core/movegen.js';
import { generateTactical } from '../../src/engine/captures.js';
import { CheckDetector } from '../../src/engine/checks.js';
import { legalMoveList } from '../../src/notation/uci.js';
import { VARIANTS } from '../../src/variants/index.js';
import { makeRng } from '../helpers/rng.js';
import { position } from './support.js';

describe('check detection', () => {
  for (const def of VARIANTS) {
    it(`matches make + attack test through random games of ${def.id}`, () => {
      const rng = makeRng(99 + def.files * 13 + def.ranks);
      const pos = position(def);
      const checks = new CheckDetector(pos.t);
      const buf = new Int32Array(MAX_MOVES);
      let tested = 0;
      for (let ply = 0; ply < 150; ply++) {
        const moves = legalMoveList(pos);
        if (moves.length === 0) break;
        const us = pos.turn;
        const inCheck = pos.inCheck();
        for (const m of moves) {
          const code = pos.board[m & 0xff]!;
          const expected = (() => {
            pos.make(m);
            const c = pos.isAttacked(pos.kingSq[us ^ 1]!, us);
            pos.unmake();
            return c;
          })();
          assert.equal(checks.givesCheck(pos, m), expected, `givesCheck ${pos.toFen()} ${m}`);
          pos.make(m);
          assert.equal(checks.checkAfter(pos, m, pos.board[(m >>> 8) & 0xff]!), expected);
          if (!inCheck) assert.equal(checks.leftInCheck(pos, m, code, pos.t.kingType), false);
          pos.unmake();
          tested++;
        }
        if (!inCheck) {
          // Pseudo-legal captures: the pin filter must catch every illegal one.
          const end = generateTactical(pos, buf, 0, pos.t.promotionTypes[0]!);
          for (let i = 0; i < end; i++) {
            const m = buf[i]!;
            const code = pos.board[m & 0xff]!;
            pos.make(m);
            const illegal = pos.isAttacked(pos.kingSq[us]!, us ^ 1);
            assert.equal(checks.leftInCheck(pos, m, code, pos.t.kingType), illegal, `${pos.toFen()} ${m}`);
            pos.unmake();
          }
        }
        pos.make(rng.pick(moves));
      }
      assert.ok(tested > 100);
    });
  }
});
