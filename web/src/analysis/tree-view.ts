/**
 * The move tree as text: the main line, each variation in parentheses after the move it
 * replaces (nested to any depth), NAGs as glyphs, comments in italics. Every move is a button
 * (data-node = its id); the node shown is marked. It draws the tree it is given.
 */

import { parseFen } from '../../../src/core/fen.js';
import type { GameTree, TreeNode } from '../../../src/notation/game-tree.js';
import { moveNumber } from '../../../src/notation/game-tree.js';
import { clear, h } from '../ui/dom.js';

/** The usual glyphs of the move NAGs (PGN standard §10); others are shown as $n. */
const GLYPHS: Readonly<Record<number, string>> = { 1: '!', 2: '?', 3: '!!', 4: '??', 5: '!?', 6: '?!' };

export function nagText(nags: readonly number[]): string {
  return nags.map((n) => GLYPHS[n] ?? ` $${n}`).join('');
}

export class TreeView {
  readonly element = h('div.tree', { id: 'tree', role: 'tree', 'aria-label': 'Moves and variations' });

  constructor(onPick: (id: number) => void) {
    this.element.addEventListener('click', (e) => {
      const id = (e.target as HTMLElement).closest('button')?.dataset.node;
      if (id !== undefined) onPick(Number(id));
    });
  }

  show(tree: GameTree, current: TreeNode): void {
    clear(this.element);
    const start = parseFen(tree.variant, tree.startFen);
    const turn0 = start.ok ? start.value.turn : 0;
    const full0 = start.ok ? start.value.fullmove : 1;
    const move = (node: TreeNode, numbered: boolean, main: boolean): HTMLElement[] => {
      const { turn, fullmove } = moveNumber(turn0, full0, node);
      const out: HTMLElement[] = [];
      if (turn === 0 || numbered) out.push(h('span.num', {}, turn === 0 ? `${fullmove}.` : `${fullmove}…`));
      out.push(
        h(
          'button',
          {
            type: 'button',
            role: 'treeitem',
            class: `${main ? 'main' : 'var'}${node === current ? ' current' : ''}`,
            'aria-current': node === current ? 'true' : undefined,
            dataset: { node: String(node.id), nags: node.nags.join(' ') },
          },
          `${node.san}${nagText(node.nags)}`,
        ),
      );
      if (node.comment !== '') out.push(h('span.comment', {}, node.comment));
      return out;
    };
    // The line from `from` on, into `into`; variations as nested blocks.
    const line = (from: TreeNode, into: HTMLElement, main: boolean, numberFirst: boolean): void => {
      let numbered = numberFirst;
      for (let node = from; node.children.length > 0; ) {
        const [next, ...alternatives] = node.children as [TreeNode, ...TreeNode[]];
        into.append(...move(next, numbered, main));
        numbered = next.comment !== '';
        for (const alt of alternatives) {
          const box = h('span.variation');
          box.append(...move(alt, true, false));
          line(alt, box, false, alt.comment !== '');
          into.append(box);
          numbered = true;
        }
        node = next;
      }
    };
    if (tree.root.comment !== '') this.element.append(h('span.comment', {}, tree.root.comment));
    line(tree.root, this.element, true, true);
    if (tree.root.children.length === 0) this.element.append(h('span.note', {}, 'No moves yet: move a piece.'));
    (this.element.querySelector('.current') as HTMLElement | null)?.scrollIntoView({ block: 'nearest' });
  }
}
