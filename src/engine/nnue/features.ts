/**
 * The network's inputs: sparse piece-square features seen from each side (issue 12). A piece is
 * an input of both perspectives: for perspective p, its feature is (own or enemy piece type) ×
 * square, with the board flipped top to bottom for Black, so the same weights serve both sides
 * and a colour-flipped position gives the same features with the perspectives swapped.
 */

import type { VariantTables } from '../../core/tables.js';
import { codeType, EMPTY } from '../../core/tables.js';

/** The board and piece set a network was trained for (checked when weights are loaded). */
export interface FeatureLayout {
  readonly files: number;
  readonly ranks: number;
  readonly pieceTypes: number;
}

/** Inputs per perspective: own and enemy pieces of every type on every square. */
export function inputCount(layout: FeatureLayout): number {
  return 2 * layout.pieceTypes * layout.files * layout.ranks;
}

/** Feature of a piece (type, colour) on (file, rank), 0-based, seen from `persp` (0 White, 1 Black). */
export function featureIndex(
  layout: FeatureLayout,
  persp: number,
  type: number,
  color: number,
  file: number,
  rank: number,
): number {
  const r = persp === 0 ? rank : layout.ranks - 1 - rank;
  const rel = (color === persp ? 0 : layout.pieceTypes) + type;
  return (rel * layout.ranks + r) * layout.files + file;
}

export function layoutOf(t: VariantTables): FeatureLayout {
  return { files: t.files, ranks: t.ranks, pieceTypes: t.pieceCount };
}

/**
 * Feature of every (piece code, padded square) for both perspectives, −1 where there is none:
 * [persp * 32 * size + code * size + sq]. The accumulator looks features up here on the hot path.
 */
export function featureTable(t: VariantTables): Int32Array {
  const size = t.size;
  const table = new Int32Array(2 * 32 * size).fill(-1);
  const layout = layoutOf(t);
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
