/**
 * The engine's lines (MultiPV 1–5): each line's score, depth and speed, and its moves in SAN; a
 * click on a line plays it into the tree. It shows what the page hands it.
 */

import type { Color } from '../../../src/core/outcome.js';
import type { InfoReport } from '../../../src/protocol/search-messages.js';
import { formatScore } from '../model/score.js';
import { clear, h } from '../ui/dom.js';

export class EngineLines {
  readonly element = h('div.engine-lines', { id: 'engine-lines', 'aria-live': 'off' });
  private readonly list = h('ol.lines', { id: 'lines' });
  private readonly meta = h('div.note', { id: 'engine-meta' });

  constructor(onPlay: (line: readonly string[]) => void) {
    this.element.append(this.meta, this.list);
    this.list.addEventListener('click', (e) => {
      const item = (e.target as HTMLElement).closest('li');
      const moves = item?.dataset.moves;
      if (moves) onPlay(moves.split(' '));
    });
  }

  /** Lines by number (index 0 = line 1), the side to move, and whether the engine is running. */
  show(lines: readonly (InfoReport | undefined)[], turn: Color, running: boolean): void {
    const best = lines[0];
    this.meta.textContent = best
      ? `depth ${best.depth} · ${Math.round(best.nps / 1000)} kN/s${running ? '' : ' · stopped'}`
      : running
        ? 'Analysing…'
        : '';
    // Lines are updated in place: a click is not lost to an element replaced under the pointer.
    const shown = lines.filter((l): l is InfoReport => l !== undefined);
    while (this.list.children.length > shown.length) this.list.lastElementChild?.remove();
    shown.forEach((line, i) => {
      let item = this.list.children[i] as HTMLElement | undefined;
      if (!item) {
        item = h('li.line', { title: 'Play this line' }, [h('span.eval'), h('span.pv')]);
        this.list.append(item);
      }
      item.dataset.multipv = String(i + 1);
      item.dataset.moves = line.pv.join(' ');
      (item.firstElementChild as HTMLElement).textContent = formatScore(line.score, turn);
      (item.lastElementChild as HTMLElement).textContent = line.pv.join(' ');
    });
  }

  clear(text = ''): void {
    clear(this.list);
    this.meta.textContent = text;
  }
}
