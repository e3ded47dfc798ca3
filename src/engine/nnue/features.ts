/**
 * The network's inputs: sparse piece-square features seen from each side (issue 12). A piece is
 * an input of both perspectives: for perspective p, its feature is (own or enemy piece type) ×
 * square, with the board flipped top to bottom for Black, so the same weights serve both sides
 * and a colour-flipped position gives the same features with the perspectives swapped.
 *
 * King buckets (as Stockfish's HalfKP, coarsened): each perspective's features are also indexed
 * by the zone its own king stands in, so that an enemy queen next to the king and the same queen
 * across the board can weigh differently — a piece-square network alone cannot see king danger.
 * A layout with one bucket is the plain piece-square network.
 */

import type { VariantTables } from '../../core/tables.js';
import { codeType, EMPTY } from '../../core/tables.js';

/** The board and piece set a network was trained for (checked when weights are loaded). */
export interface FeatureLayout {
  readonly files: number;
  readonly ranks: number;
  readonly pieceTypes: number;
  /**
   * The bucket of the perspective's own king on each square, seen from that perspective (rank 0 =
   * its own back rank), indexed rank * files + file. All zero: one bucket.
   */
  readonly kingBuckets: Uint8Array;
}

/** Number of king buckets of a layout. */
export function bucketCount(layout: FeatureLayout): number {
  let max = 0;
  for (const b of layout.kingBuckets) if (b > max) max = b;
  return max + 1;
}

/** Inputs of one king bucket: own and enemy pieces of every type on every square. */
export function squareFeatureCount(layout: FeatureLayout): number {
  return 2 * layout.pieceTypes * layout.files * layout.ranks;
}

/** Inputs per perspective: one block of piece-square features per king bucket. */
export function inputCount(layout: FeatureLayout): number {
  return bucketCount(layout) * squareFeatureCount(layout);
}

/** Bucket of perspective `persp`'s king standing on (file, rank), 0-based board coordinates. */
export function kingBucketOf(layout: FeatureLayout, persp: number, file: number, rank: number): number {
  const r = persp === 0 ? rank : layout.ranks - 1 - rank;
  return layout.kingBuckets[r * layout.files + file] as number;
}

/**
 * Feature of a piece (type, colour) on (file, rank), 0-based, seen from `persp` (0 White, 1 Black)
 * whose king is in `bucket`.
 */
export function featureIndex(
  layout: FeatureLayout,
  persp: number,
  type: number,
  color: number,
  file: number,
  rank: number,
  bucket = 0,
): number {
  const r = persp === 0 ? rank : layout.ranks - 1 - rank;
  const rel = (color === persp ? 0 : layout.pieceTypes) + type;
  return bucket * squareFeatureCount(layout) + (rel * layout.ranks + r) * layout.files + file;
}

/**
 * King zones: the files cut into `fileZones` groups, mirror-symmetric (the trainer mirrors
 * positions left to right), and the ranks into `rankZones` groups: the back rank alone, then
 * (with 3 or more) the second rank alone, …, then the rest together — where a king stands decides
 * which pieces threaten it.
 */
export function zoneBuckets(files: number, ranks: number, fileZones: number, rankZones: number): Uint8Array {
  const buckets = new Uint8Array(files * ranks);
  const zoneOfFile = (f: number): number => {
    const fromEdge = Math.floor((Math.min(f, files - 1 - f) * fileZones) / files);
    return f <= files - 1 - f ? fromEdge : fileZones - 1 - fromEdge;
  };
  for (let r = 0; r < ranks; r++) {
    const rz = Math.min(r, rankZones - 1);
    for (let f = 0; f < files; f++) buckets[r * files + f] = rz * fileZones + zoneOfFile(f);
  }
  return buckets;
}

/** A variant's layout; one king bucket unless zones are given. */
export function layoutOf(t: VariantTables, fileZones = 1, rankZones = 1): FeatureLayout {
  return {
    files: t.files,
    ranks: t.ranks,
    pieceTypes: t.pieceCount,
    kingBuckets: zoneBuckets(t.files, t.ranks, fileZones, rankZones),
  };
}

/**
 * Feature in king bucket 0 of every (piece code, padded square) for both perspectives, −1 where
 * there is none: [persp * 32 * size + code * size + sq]. The accumulator looks features up here
 * on the hot path and adds its bucket's offset, bucket × squareFeatureCount.
 */
export function featureTable(layout: FeatureLayout, t: VariantTables): Int32Array {
  const size = t.size;
  const table = new Int32Array(2 * 32 * size).fill(-1);
  for (let i = 0; i < t.squares.length; i++) {
    const sq = t.squares[i] as number;
    const file = i % t.files;
    const rank = (i - file) / t.files;
    for (let type = 0; type < t.pieceCount; type++) {
      for (let color = 0; color < 2; color++) {
        const code = ((type + 1) << 1) | color;
        if (codeType(code) !== type || code === EMPTY) continue;
        for (let persp = 0; persp < 2; persp++) {
          table[persp * 32 * size + code * size + sq] = featureIndex(layout, persp, type, color, file, rank);
        }
      }
    }
  }
  return table;
}

/**
 * The bucket offset (bucket × squareFeatureCount) of each perspective's king on each padded
 * square: [persp * size + sq], 0 off the board.
 */
export function bucketOffsetTable(layout: FeatureLayout, t: VariantTables): Int32Array {
  const table = new Int32Array(2 * t.size);
  const block = squareFeatureCount(layout);
  for (let i = 0; i < t.squares.length; i++) {
    const sq = t.squares[i] as number;
    const file = i % t.files;
    const rank = (i - file) / t.files;
    for (let persp = 0; persp < 2; persp++)
      table[persp * t.size + sq] = kingBucketOf(layout, persp, file, rank) * block;
  }
  return table;
}
