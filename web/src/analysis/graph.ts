/**
 * The evaluation graph of a reviewed game: White's winning chances after every ply (SVG, the
 * middle line is equality), judged moves marked; a click goes to the ply under the pointer.
 */

import type { Judgment } from '../model/review.js';
import { h } from '../ui/dom.js';

const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 600;
const HEIGHT = 120;

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string>): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

export interface GraphPoint {
  /** White's winning chances, −1…1. */
  readonly chances: number;
  readonly judgment?: Judgment;
}

export class EvalGraph {
  readonly element = h('div.eval-graph', { id: 'eval-graph', hidden: true });
  private count = 0;

  constructor(onPick: (ply: number) => void) {
    this.element.addEventListener('click', (e) => {
      const box = this.element.getBoundingClientRect();
      if (this.count < 2 || box.width === 0) return;
      const ply = Math.round(((e.clientX - box.left) / box.width) * (this.count - 1));
      onPick(Math.max(0, Math.min(this.count - 1, ply)));
    });
  }

  /** Points by ply (0 = the start). */
  show(points: readonly GraphPoint[]): void {
    this.count = points.length;
    this.element.hidden = points.length < 2;
    this.element.textContent = '';
    if (points.length < 2) return;
    const x = (i: number) => ((i / (points.length - 1)) * WIDTH).toFixed(1);
    const y = (c: number) => (((1 - c) / 2) * HEIGHT).toFixed(1);
    const root = svg('svg', { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, preserveAspectRatio: 'none', role: 'img' });
    root.setAttribute('aria-label', 'Evaluation graph: White’s winning chances by move');
    const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i)},${y(p.chances)}`).join(' ');
    root.append(
      svg('path', { d: `${path} L${WIDTH},${HEIGHT} L0,${HEIGHT} Z`, class: 'area' }),
      svg('line', { x1: '0', y1: String(HEIGHT / 2), x2: String(WIDTH), y2: String(HEIGHT / 2), class: 'mid' }),
      svg('path', { d: path, class: 'curve' }),
    );
    points.forEach((p, i) => {
      if (p.judgment) root.append(svg('circle', { cx: x(i), cy: y(p.chances), r: '4', class: `mark ${p.judgment}` }));
    });
    this.element.append(root);
  }
}
