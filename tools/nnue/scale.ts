/**
 * A network's output scaled by a gain: the whole score it adds (the hidden part through OUT, and
 * the piece-square part) times `gain`, written as a new weights file.
 *
 *   node dist/tools/nnue/scale.js --in camel-decimal.nnue --gain 0.75 --out scaled.nnue
 *
 * Why: a network taught by Fairy-Stockfish's scores learns that engine's scale (times
 * --score-scale), while Caravan's search margins were tuned on the hand-written evaluation; a
 * gain tries another scale without training again. (Camel Decimal's network played the same
 * against the peer with its corrections × 0.75 or × 0.5: bench/README.md, twelfth session.)
 * OUT is an integer in the file, so the gain applied is OUT·gain rounded, over OUT; it is printed.
 */

import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeWeights, encodeWeights, type NetworkWeights } from '../../src/engine/nnue/format.js';
import { flag } from '../tune/fsf.js';

/** The weights with the network's whole score multiplied by `gain` (up to rounding). */
export function scaleNetwork(w: NetworkWeights, gain: number): NetworkWeights {
  if (!(gain > 0)) throw new RangeError(`gain must be a positive number, got ${gain}`);
  const outScale = Math.round(w.outScale * gain);
  if (outScale < 1 || outScale > 0xffff) throw new RangeError(`OUT ${w.outScale} × ${gain} leaves the u16 range`);
  const psqt = Int16Array.from(w.psqt, (p) => Math.max(-32768, Math.min(32767, Math.round(p * gain))));
  return { ...w, outScale, psqt };
}

function main(): void {
  const input = flag('in', '');
  const out = flag('out', '');
  const gain = Number(flag('gain', ''));
  if (input === '' || out === '' || !(gain > 0)) {
    console.error('usage: scale.js --in <weights.nnue> --gain <factor > 0> --out <weights.nnue>');
    process.exit(2);
  }
  const decoded = decodeWeights(readFileSync(input));
  if (!decoded.ok) {
    console.error(`${input}: ${decoded.error.message}`);
    process.exit(1);
  }
  const scaled = scaleNetwork(decoded.value, gain);
  writeFileSync(out, encodeWeights(scaled));
  console.log(
    `${decoded.value.variant}: OUT ${decoded.value.outScale} → ${scaled.outScale} ` +
      `(gain ${(scaled.outScale / decoded.value.outScale).toFixed(4)}); wrote ${out}`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
