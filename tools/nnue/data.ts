/**
 * Training data files: appendable frames, each one game's positions compressed with
 * node:zlib (deflateRaw). A file is a sequence of frames
 *   u32 LE  compressed length, then that many bytes of deflateRaw data
 * and a frame's content is
 *   u32 game index, u32 record count, then the records:
 *   u8 men n, n × (u8 square index a1 = 0, b1 = 1, …; u8 piece code), u8 side to move,
 *   i16 search score (centipawns, side to move's view), i8 result (side to move's view: 1, 0, −1).
 * A run that stops mid-frame leaves a torn tail, which the reader drops (resume starts after the
 * last whole game).
 */

import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { deflateRawSync, inflateRawSync } from 'node:zlib';

export interface Sample {
  /** Unpadded square index (rank * files + file) and piece code, per man. */
  readonly squares: Uint8Array;
  readonly codes: Uint8Array;
  readonly turn: number;
  readonly score: number;
  readonly result: number;
}

export interface GameFrame {
  readonly game: number;
  readonly samples: Sample[];
}

export function encodeFrame(frame: GameFrame): Buffer {
  let size = 8;
  for (const s of frame.samples) size += 1 + 2 * s.squares.length + 4;
  const raw = Buffer.alloc(size);
  raw.writeUInt32LE(frame.game, 0);
  raw.writeUInt32LE(frame.samples.length, 4);
  let o = 8;
  for (const s of frame.samples) {
    raw[o++] = s.squares.length;
    for (let i = 0; i < s.squares.length; i++) {
      raw[o++] = s.squares[i] as number;
      raw[o++] = s.codes[i] as number;
    }
    raw[o++] = s.turn;
    raw.writeInt16LE(Math.max(-32000, Math.min(32000, Math.round(s.score))), o);
    o += 2;
    raw.writeInt8(s.result, o++);
  }
  const packed = deflateRawSync(raw, { level: 9 });
  const head = Buffer.alloc(4);
  head.writeUInt32LE(packed.length, 0);
  return Buffer.concat([head, packed]);
}

export function appendFrame(path: string, frame: GameFrame): void {
  appendFileSync(path, encodeFrame(frame));
}

/** Every whole frame of a file (none if the file does not exist). */
export function readFrames(path: string): GameFrame[] {
  if (!existsSync(path)) return [];
  const buf = readFileSync(path);
  const frames: GameFrame[] = [];
  let at = 0;
  while (at + 4 <= buf.length) {
    const len = buf.readUInt32LE(at);
    if (at + 4 + len > buf.length) break; // torn tail
    let raw: Buffer;
    try {
      raw = inflateRawSync(buf.subarray(at + 4, at + 4 + len));
    } catch {
      break;
    }
    at += 4 + len;
    const game = raw.readUInt32LE(0);
    const count = raw.readUInt32LE(4);
    const samples: Sample[] = [];
    let o = 8;
    for (let k = 0; k < count; k++) {
      const n = raw[o++] as number;
      const squares = new Uint8Array(n);
      const codes = new Uint8Array(n);
      for (let i = 0; i < n; i++) {
        squares[i] = raw[o++] as number;
        codes[i] = raw[o++] as number;
      }
      const turn = raw[o++] as number;
      const score = raw.readInt16LE(o);
      o += 2;
      const result = raw.readInt8(o++);
      samples.push({ squares, codes, turn, score, result });
    }
    frames.push({ game, samples });
  }
  return frames;
}
