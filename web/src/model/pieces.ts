/**
 * Caravan's piece set, drawn for this project (GPL-3.0-or-later): the six orthodox pieces and
 * the Camel (C), Wildebeest/Gnu (W), General (F), Elephant (E) and the Shatranj Kamil Camel (D,
 * a two-humped camel, to tell it from the (3,1) Camel), in both colours.
 *
 * Every piece is a few filled outlines, a few contrasting detail strokes and dots, on a 45×45
 * grid with a common base, so the set reads as one family and stays legible at 40 px. The SVG
 * text becomes data URIs in a stylesheet: no image files, nothing fetched.
 */

import type { Color } from '../../../src/core/outcome.js';

interface Drawing {
  /** Filled, outlined shapes (path data), back to front. */
  readonly shapes: readonly string[];
  /** Contrasting detail strokes (path data). */
  readonly details?: readonly string[];
  /** Contrasting dots: [cx, cy, r]. */
  readonly dots?: ReadonlyArray<readonly [number, number, number]>;
}

const rect = (x: number, y: number, w: number, h: number, r = 1.5) =>
  `M${x + r} ${y}H${x + w - r}A${r} ${r} 0 0 1 ${x + w} ${y + r}V${y + h - r}A${r} ${r} 0 0 1 ${x + w - r} ${y + h}` +
  `H${x + r}A${r} ${r} 0 0 1 ${x} ${y + h - r}V${y + r}A${r} ${r} 0 0 1 ${x + r} ${y}Z`;
const circle = (cx: number, cy: number, r: number) =>
  `M${cx - r} ${cy}A${r} ${r} 0 1 0 ${cx + r} ${cy}A${r} ${r} 0 1 0 ${cx - r} ${cy}Z`;

/** The common base every piece stands on. */
const BASE = rect(10, 35.5, 25, 4.5, 2);

const DRAWINGS: Readonly<Record<string, Drawing>> = {
  P: {
    shapes: [
      BASE,
      'M15.5 35.5C16 29 19.5 25.5 20 21.5H25C25.5 25.5 29 29 29.5 35.5Z',
      rect(17, 18.5, 11, 3.5, 1.75),
      circle(22.5, 13, 5.5),
    ],
  },
  R: {
    shapes: [
      BASE,
      rect(12, 31.5, 21, 4, 1),
      'M14.5 31.5L16 17H29L30.5 31.5Z',
      rect(12.5, 13.5, 20, 3.5, 1),
      'M12.5 13.5V7.5H16.5V10.5H20.5V7.5H24.5V10.5H28.5V7.5H32.5V13.5Z',
    ],
    details: ['M16.5 21H28.5', 'M15.8 27.5H29.2'],
  },
  B: {
    shapes: [
      BASE,
      rect(15, 30.5, 15, 5, 1.5),
      'M16.5 30.5C12 25 14.5 17.5 22.5 11.5C30.5 17.5 33 25 28.5 30.5Z',
      circle(22.5, 8.5, 2.6),
    ],
    details: ['M26.5 17L20.5 23.5', 'M17 27H28'],
  },
  N: {
    shapes: [
      BASE,
      'M15 35.5C14.5 30 18 27.5 21 24C18.5 25.5 14.5 26 11.5 25C9.5 24.2 8.8 21.8 10.2 20L18.5 10.5L18.6 6.5L22.3 9.8C28.5 10 33.5 14.5 33.2 22.5C33 28 31 32 31 35.5Z',
    ],
    details: ['M24 11.5C29 13.5 31.2 18 31 26', 'M21 24C22.5 21.5 23 19.5 22.5 17'],
    dots: [
      [16.8, 15.2, 1.3],
      [11.8, 22.2, 0.9],
    ],
  },
  Q: {
    shapes: [
      BASE,
      'M12 35.5C13 33 13.2 31.5 12.5 29.5H32.5C31.8 31.5 32 33 33 35.5Z',
      'M12.5 29.5L9 14.5L14.5 23.5L15.5 11.5L19.8 22.5L22.5 10L25.2 22.5L29.5 11.5L30.5 23.5L36 14.5L32.5 29.5Z',
      circle(9, 13, 2.2),
      circle(15.5, 10, 2.2),
      circle(22.5, 8.3, 2.2),
      circle(29.5, 10, 2.2),
      circle(36, 13, 2.2),
    ],
    details: ['M13.5 32.5C19 31.5 26 31.5 31.5 32.5'],
  },
  K: {
    shapes: [
      BASE,
      'M12 35.5C10 30 8 23 12.5 19.5C17 16.5 21.5 19.5 22.5 24C23.5 19.5 28 16.5 32.5 19.5C37 23 35 30 33 35.5Z',
      'M22.5 25C20 20 19.8 16.5 22.5 13.5C25.2 16.5 25 20 22.5 25Z',
      'M21.2 4.5H23.8V7.5H26.5V10H23.8V13.5H21.2V10H18.5V7.5H21.2Z',
    ],
    details: ['M12.8 31C19 29 26 29 32.2 31'],
  },
  // Camel: a dromedary, small head on a long curved neck and one hump.
  C: {
    shapes: [
      BASE,
      'M13.5 35.5L14.5 30C12.5 28.5 10.5 26.5 10.3 23.5C10.2 21.5 10.6 19.5 10.2 18L7 17.4C5.6 17.1 5.4 14.8 6.8 14.4L11.5 12.6C12.3 12.2 13 11.6 13.3 10.6L13.6 8.6L15.3 10.8C16.3 12 16.2 14.5 15.6 16.5C15 19 16 21.5 18.5 22.5C20 16 23.5 11.5 27 11.5C31.5 11.5 34.5 17 34.5 22.5C34.5 27 33 31 32.5 35.5Z',
    ],
    details: ['M18.8 26.5C23 25 29 25 33.8 27', 'M6.6 16L8.6 16.2'],
    dots: [[12.2, 14.3, 1]],
  },
  // The Shatranj Kamil Camel (dabbaba move): a two-humped camel.
  D: {
    shapes: [
      BASE,
      'M13.5 35.5L14.5 30C12.5 28.5 10.5 26.5 10.3 23.5C10.2 21.5 10.6 19.5 10.2 18L7 17.4C5.6 17.1 5.4 14.8 6.8 14.4L11.5 12.6C12.3 12.2 13 11.6 13.3 10.6L13.6 8.6L15.3 10.8C16.3 12 16.2 14.5 15.6 16.5C15 19 16 21.5 18.5 22.5C19.5 16.5 21.5 13 24 13C26.3 13 27.2 16 27.5 18.5C28 15 29.8 12.8 31.5 13.2C34.2 13.8 35 19 34.5 23.5C34.2 27.5 33 31 32.5 35.5Z',
    ],
    details: ['M18.8 26.5C23 25 29 25 33.8 27', 'M6.6 16L8.6 16.2'],
    dots: [[12.2, 14.3, 1]],
  },
  // Wildebeest / Gnu: a horned head seen from the front, with a beard.
  W: {
    shapes: [
      BASE,
      'M14.5 35.5C14.5 31 16.5 28 19 26H26C28.5 28 30.5 31 30.5 35.5Z',
      'M19 11.8C13 12.8 8.2 10.5 8.3 4.2C10.5 7.6 14 8.6 19 8Z',
      'M26 11.8C32 12.8 36.8 10.5 36.7 4.2C34.5 7.6 31 8.6 26 8Z',
      'M17.8 12.2L11.5 15.5L17.9 16.2Z',
      'M27.2 12.2L33.5 15.5L27.1 16.2Z',
      'M17.5 9C20 7 25 7 27.5 9C29 12 28.2 17 26.8 22C26.2 25.5 25 28.5 22.5 28.5C20 28.5 18.8 25.5 18.2 22C16.8 17 16 12 17.5 9Z',
    ],
    details: ['M20.8 29L20 33.5', 'M22.5 29.2V34', 'M24.2 29L25 33.5'],
    dots: [
      [19.8, 14.6, 1.1],
      [25.2, 14.6, 1.1],
      [21.2, 25.6, 0.8],
      [23.8, 25.6, 0.8],
    ],
  },
  // General (ferz): an onion dome marked with a diagonal cross — it steps diagonally.
  F: {
    shapes: [
      BASE,
      'M14 35.5C15 32 17 30 17.2 28H27.8C28 30 30 32 31 35.5Z',
      rect(14.5, 25.5, 16, 3.2, 1.6),
      'M15.5 25.5C11 20.5 14 15 22.5 10C31 15 34 20.5 29.5 25.5Z',
      'M22.5 3.5L25 7L22.5 10.5L20 7Z',
    ],
    details: ['M18.5 15.8L26.5 23', 'M26.5 15.8L18.5 23'],
  },
  // Elephant (alfil): head from the front, big ears, tusks and trunk.
  E: {
    shapes: [
      BASE,
      'M14 35.5C15 33 17 31 18 30H27C28 31 30 33 31 35.5Z',
      'M17.5 12C11 8.5 6 12.5 6.8 19.5C7.5 25 12.5 26.5 17.5 23Z',
      'M27.5 12C34 8.5 39 12.5 38.2 19.5C37.5 25 32.5 26.5 27.5 23Z',
      'M20.5 23.5C18.5 25 17.2 27.2 17.4 29.8C18.6 28 19.8 26.6 21 26Z',
      'M24.5 23.5C26.5 25 27.8 27.2 27.6 29.8C26.4 28 25.2 26.6 24 26Z',
      'M16 16C16 10.5 19 8 22.5 8C26 8 29 10.5 29 16C29 20.5 27 22.5 25 23.5V30C25 32.2 27.2 32.6 28.2 31L29.8 32C28.3 35.5 21.5 35.5 20.2 31L20 23.5C18 22.5 16 20.5 16 16Z',
    ],
    details: ['M21.2 26.5H23.8', 'M21.2 29H23.8'],
    dots: [
      [19.6, 15.8, 1.1],
      [25.4, 15.8, 1.1],
    ],
  },
};

/** Letters with a drawing. */
export const PIECE_LETTERS: readonly string[] = Object.keys(DRAWINGS);

const COLORS: Record<Color, { fill: string; line: string; detail: string }> = {
  white: { fill: '#fafafa', line: '#151515', detail: '#151515' },
  black: { fill: '#262626', line: '#000000', detail: '#ececec' },
};

/** The SVG document of a piece (upper-case letter), or undefined for a letter without one. */
export function pieceSvg(letter: string, color: Color): string | undefined {
  const d = DRAWINGS[letter.toUpperCase()];
  if (!d) return undefined;
  const c = COLORS[color];
  const shapes = d.shapes.map((p) => `<path d="${p}"/>`).join('');
  const details = (d.details ?? []).map((p) => `<path d="${p}"/>`).join('');
  const dots = (d.dots ?? []).map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}"/>`).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 45 45">` +
    `<g fill="${c.fill}" stroke="${c.line}" stroke-width="1.5" stroke-linejoin="round" stroke-linecap="round">${shapes}</g>` +
    (details ? `<g fill="none" stroke="${c.detail}" stroke-width="1.3" stroke-linecap="round">${details}</g>` : '') +
    (dots ? `<g fill="${c.detail}">${dots}</g>` : '') +
    `</svg>`
  );
}

/** A data URI for CSS `background-image` or `<img src>`. */
export function pieceDataUri(letter: string, color: Color): string | undefined {
  const svg = pieceSvg(letter, color);
  return svg ? `data:image/svg+xml,${encodeURIComponent(svg)}` : undefined;
}

/**
 * The stylesheet that dresses chessgroundx pieces (`piece.c-piece.white`) and the app's own piece
 * icons (`.piece-icon.c-piece.white`) with these drawings.
 */
export function pieceCss(): string {
  const rules: string[] = [];
  for (const letter of PIECE_LETTERS) {
    for (const color of ['white', 'black'] as const) {
      const role = `${letter.toLowerCase()}-piece`;
      rules.push(
        `.cg-wrap piece.${role}.${color},.piece-icon.${role}.${color}{background-image:url("${pieceDataUri(letter, color)}")}`,
      );
    }
  }
  return rules.join('\n');
}
