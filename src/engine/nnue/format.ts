/**
 * The weights file of a network (issue 12), little-endian:
 *
 *   bytes 0–3   magic "CVNN"
 *   u16         format version (2; version 1, without the king buckets, is still read)
 *   u8          flags: bit 0 = residual (the network's score is added to the hand-written
 *               evaluation instead of replacing it)
 *   u8 n, n B   variant id (ASCII), the variant the network was trained for
 *   u8 × 3      files, ranks, piece types (the feature layout, see features.ts)
 *   u8 [F·R]    king bucket of each square, own view, rank-major (version 2; version 1: all 0)
 *   u16         hidden units H
 *   u16 × 3     QA (activation scale: the clipped ReLU clips at QA), QB (output weight scale),
 *               OUT (centipawns per unit of the hidden part's output)
 *   i16 [I·H]   input weights × QA, feature-major (I = inputs per perspective, all buckets)
 *   i16 [H]     hidden biases × QA
 *   i16 [I]     piece-square part (centipawns), added straight to the output
 *   i16 [2H]    output weights × QB (side to move's half first)
 *   i32         output bias × QA·QB
 *   u32         CRC-32 of every byte before it
 *
 * The float network it encodes: h_p = clamp(b + Σ W[f], 0, 1) over the active features f of
 * perspective p; score = OUT·(v·[h_stm, h_opp] + c) + (Σ P[f_stm] − Σ P[f_opp]) / 2
 * (+ the hand-written evaluation for a residual network).
 */

import { CaravanError } from '../../core/errors.js';
import { err, ok, type Result } from '../../core/result.js';
import { bucketCount, type FeatureLayout, inputCount } from './features.js';

export const WEIGHTS_MAGIC = 'CVNN';
export const WEIGHTS_VERSION = 2;
/** Most king buckets a file may declare (bounds the memory a forged header can ask for). */
const MAX_BUCKETS = 64;

export interface NetworkWeights {
  readonly variant: string;
  /** The score is a correction added to the hand-written evaluation. */
  readonly residual: boolean;
  readonly layout: FeatureLayout;
  readonly hidden: number;
  readonly qa: number;
  readonly qb: number;
  readonly outScale: number;
  /** [feature * hidden + j], scaled by qa. */
  readonly inputWeights: Int16Array;
  readonly hiddenBias: Int16Array;
  /** Piece-square part in centipawns, per feature. */
  readonly psqt: Int16Array;
  /** [0, H): side to move's half; [H, 2H): the opponent's; scaled by qb. */
  readonly outputWeights: Int16Array;
  readonly outputBias: number;
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** CRC-32 (IEEE, as zlib and PNG use it). */
export function crc32(bytes: Uint8Array, end = bytes.length): number {
  let c = 0xffffffff;
  for (let i = 0; i < end; i++) c = (CRC_TABLE[(c ^ (bytes[i] as number)) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function payloadBytes(layout: FeatureLayout, hidden: number): number {
  const inputs = inputCount(layout);
  return 2 * (inputs * hidden + hidden + inputs + 2 * hidden) + 4;
}

export function encodeWeights(w: NetworkWeights): Uint8Array {
  const id = new TextEncoder().encode(w.variant);
  const cells = w.layout.files * w.layout.ranks;
  const head = 4 + 2 + 1 + 1 + id.length + 3 + cells + 2 + 6;
  const total = head + payloadBytes(w.layout, w.hidden) + 4;
  const bytes = new Uint8Array(total);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < 4; i++) bytes[i] = WEIGHTS_MAGIC.charCodeAt(i);
  let o = 4;
  view.setUint16(o, WEIGHTS_VERSION, true);
  o += 2;
  bytes[o++] = w.residual ? 1 : 0;
  bytes[o++] = id.length;
  bytes.set(id, o);
  o += id.length;
  bytes[o++] = w.layout.files;
  bytes[o++] = w.layout.ranks;
  bytes[o++] = w.layout.pieceTypes;
  bytes.set(w.layout.kingBuckets, o);
  o += cells;
  for (const v of [w.hidden, w.qa, w.qb, w.outScale]) {
    view.setUint16(o, v, true);
    o += 2;
  }
  for (const arr of [w.inputWeights, w.hiddenBias, w.psqt, w.outputWeights]) {
    for (let i = 0; i < arr.length; i++) {
      view.setInt16(o, arr[i] as number, true);
      o += 2;
    }
  }
  view.setInt32(o, w.outputBias, true);
  o += 4;
  view.setUint32(o, crc32(bytes, o), true);
  return bytes;
}

function bad(message: string): Result<NetworkWeights, CaravanError> {
  return err(new CaravanError('invalid-weights', `network weights: ${message}`));
}

/** Read a weights file; a truncated, foreign or corrupt file is refused with the reason. */
export function decodeWeights(bytes: Uint8Array): Result<NetworkWeights, CaravanError> {
  if (bytes.length < 4 + 2 + 2) return bad(`file too short (${bytes.length} bytes)`);
  const magic = String.fromCharCode(bytes[0] as number, bytes[1] as number, bytes[2] as number, bytes[3] as number);
  if (magic !== WEIGHTS_MAGIC) return bad(`bad magic '${magic}' (expected '${WEIGHTS_MAGIC}'): not a Caravan network`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint16(4, true);
  if (version !== 1 && version !== WEIGHTS_VERSION)
    return bad(`format version ${version} is not supported (expected 1 or ${WEIGHTS_VERSION})`);
  const flags = bytes[6] as number;
  if (flags > 1) return bad(`unknown flags ${flags}`);
  const idLen = bytes[7] as number;
  if (bytes.length < 8 + idLen + 3) return bad(`truncated header (${bytes.length} bytes)`);
  const variant = new TextDecoder().decode(bytes.subarray(8, 8 + idLen));
  let o = 8 + idLen;
  const files = bytes[o] as number;
  const ranks = bytes[o + 1] as number;
  const pieceTypes = bytes[o + 2] as number;
  o += 3;
  const cells = version === 1 ? 0 : files * ranks;
  const head = 8 + idLen + 3 + cells + 8;
  if (bytes.length < head) return bad(`truncated header (${bytes.length} bytes)`);
  const kingBuckets = new Uint8Array(files * ranks);
  kingBuckets.set(bytes.subarray(o, o + cells));
  o += cells;
  const layout: FeatureLayout = { files, ranks, pieceTypes, kingBuckets };
  if (bucketCount(layout) > MAX_BUCKETS) return bad(`${bucketCount(layout)} king buckets (at most ${MAX_BUCKETS})`);
  const hidden = view.getUint16(o, true);
  const qa = view.getUint16(o + 2, true);
  const qb = view.getUint16(o + 4, true);
  const outScale = view.getUint16(o + 6, true);
  o += 8;
  if (layout.files < 1 || layout.ranks < 1 || layout.pieceTypes < 1 || hidden < 1 || qa < 1 || qb < 1) {
    return bad(
      `bad sizes (board ${layout.files}×${layout.ranks}, ${layout.pieceTypes} piece types, ${hidden} hidden, QA ${qa}, QB ${qb})`,
    );
  }
  const expected = head + payloadBytes(layout, hidden) + 4;
  if (bytes.length !== expected) {
    return bad(
      `${bytes.length < expected ? 'truncated' : 'trailing bytes'}: ${bytes.length} bytes, the header's sizes need ${expected}`,
    );
  }
  const stored = view.getUint32(expected - 4, true);
  const actual = crc32(bytes, expected - 4);
  if (stored !== actual)
    return bad(
      `checksum mismatch (stored ${stored.toString(16)}, computed ${actual.toString(16)}): the file is corrupt`,
    );
  const inputs = inputCount(layout);
  const read = (n: number): Int16Array => {
    const a = new Int16Array(n);
    for (let i = 0; i < n; i++, o += 2) a[i] = view.getInt16(o, true);
    return a;
  };
  const inputWeights = read(inputs * hidden);
  const hiddenBias = read(hidden);
  const psqt = read(inputs);
  const outputWeights = read(2 * hidden);
  const outputBias = view.getInt32(o, true);
  return ok({
    variant,
    residual: flags === 1,
    layout,
    hidden,
    qa,
    qb,
    outScale,
    inputWeights,
    hiddenBias,
    psqt,
    outputWeights,
    outputBias,
  });
}
