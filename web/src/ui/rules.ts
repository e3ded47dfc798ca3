/**
 * The rules page of a variant: start position, each piece with an interactive move diagram
 * (pick a piece, click any square to put it there: the dots show every square it reaches on an
 * empty board, derived from its Betza string), and the special rules in plain words.
 */

import { findVariant } from '../../../src/variants/index.js';
import type { PieceDefinition, VariantDefinition } from '../../../src/variants/schema.js';
import { specialRules } from '../model/describe.js';
import { coordName, pieceReach, type Reach } from '../model/diagram.js';
import { MENU_VARIANTS } from '../model/menu.js';
import { type Route, rulesHash } from '../model/route.js';
import { Board } from './board.js';
import { h, pieceIcon } from './dom.js';
import type { MountedPage, MountPage } from './page.js';

/** How each piece moves, in words. */
const MOVE_WORDS: Readonly<Record<string, string>> = {
  K: 'one step in any direction',
  Q: 'any distance along ranks, files and diagonals',
  R: 'any distance along ranks and files',
  B: 'any distance along diagonals',
  N: 'leaps (2,1): two squares one way, one square at right angles, over anything',
  C: 'leaps (3,1): three squares one way, one at right angles, over anything; stays on its square colour',
  W: 'leaps like a Knight (2,1) or a Camel (3,1)',
  F: 'one step diagonally',
  E: 'leaps exactly two squares diagonally, over anything',
  D: 'leaps exactly two squares along a rank or file, over anything',
  P: 'steps forward, captures one square diagonally forward',
};

export const mountRules: MountPage<Extract<Route, { page: 'rules' }>> = (app, route) =>
  new RulesPage(app, route.variantId);

class RulesPage implements MountedPage {
  private readonly root: HTMLElement;
  private readonly boards: Board[] = [];
  private diagram: Board | undefined;
  private piece: PieceDefinition | undefined;
  private square = '';

  constructor(app: HTMLElement, variantId: string) {
    const def = findVariant(variantId);
    if (!def) {
      this.root = h('section', {}, [
        h('h1', {}, 'Unknown variant'),
        h('p.error', {}, `There is no variant '${variantId}'.`),
        h('a', { href: '#/' }, 'Home'),
      ]);
      app.append(this.root);
      return;
    }
    const tabs = h(
      'nav.variant-tabs',
      { 'aria-label': 'Variants' },
      MENU_VARIANTS.map((id) =>
        h(
          'a',
          { href: rulesHash(id), 'aria-current': id === def.id ? 'page' : undefined },
          findVariant(id)?.name ?? id,
        ),
      ),
    );
    const startHolder = h('div.board-holder', { id: 'rules-start' });
    const startBoard = h('div');
    startHolder.append(startBoard);
    const diagramHolder = h('div.board-holder', { id: 'diagram' });
    const diagramBoard = h('div');
    diagramHolder.append(diagramBoard);
    for (const el of [startHolder, diagramHolder]) {
      el.style.setProperty('--files', String(def.files));
      el.style.setProperty('--ranks', String(def.ranks));
    }
    const caption = h('p.note', { id: 'diagram-caption' });
    const pieceButtons = h(
      'div.piece-buttons',
      { role: 'group', 'aria-label': 'Pieces' },
      def.pieces.map((p) => {
        const b = h('button', { type: 'button', 'data-piece': p.letter, 'aria-pressed': 'false' }, [
          pieceIcon(p.letter, 'white'),
          `${p.name} (${p.letter})`,
        ]);
        b.addEventListener('click', () => this.pick(def, p, pieceButtons, caption));
        return b;
      }),
    );
    this.root = h('section', {}, [
      tabs,
      h('h1', {}, def.name),
      h('p', {}, def.summary),
      h('div.rules', {}, [
        h('div', {}, [
          h('h2', {}, 'Start position'),
          startHolder,
          h('p.note', {}, h('code', {}, def.startFen)),
          h('h2', {}, 'Special rules'),
          h(
            'ul.special',
            {},
            specialRules(def).map((t) => h('li', {}, t)),
          ),
          h('p', {}, h('a', { href: `#/play?variant=${encodeURIComponent(def.id)}` }, `Play ${def.name}`)),
        ]),
        h('div', {}, [
          h('h2', {}, 'How the pieces move'),
          pieceButtons,
          caption,
          diagramHolder,
          h(
            'p.note',
            {},
            'Green dots: moves (and captures). Red rings: captures only. Click any square to put the piece there.',
          ),
        ]),
      ]),
    ]);
    app.append(this.root);
    this.boards.push(
      new Board(startBoard, def, { orientation: 'white', coordinates: true, viewOnly: true }, def.startFen),
    );
    this.diagram = new Board(
      diagramBoard,
      def,
      {
        orientation: 'white',
        coordinates: true,
        // A click on another square moves the piece there (after chessgroundx has handled the
        // click). Selecting the piece's own square — also done by place() itself — changes nothing.
        onSelect: (sq) => {
          if (sq !== this.square) setTimeout(() => this.place(def, sq, caption), 0);
        },
        onMove: (_from, to) => this.place(def, to, caption),
      },
      emptyFen(def),
    );
    this.boards.push(this.diagram);
    const first = def.pieces.find((p) => p.letter === 'C' || p.letter === 'W' || p.letter === 'D') ?? def.pieces[0];
    if (first) this.pick(def, first, pieceButtons, caption);
  }

  private pick(def: VariantDefinition, p: PieceDefinition, buttons: HTMLElement, caption: HTMLElement): void {
    this.piece = p;
    for (const b of buttons.querySelectorAll('button'))
      b.setAttribute('aria-pressed', String(b.dataset.piece === p.letter));
    const centre = coordName({
      file: Math.floor((def.files - 1) / 2),
      rank: p.pawn ? 1 : Math.floor((def.ranks - 1) / 2),
    });
    this.place(def, centre, caption);
  }

  /** Put the chosen piece on `square` and show where it goes. */
  private place(def: VariantDefinition, square: string, caption: HTMLElement): void {
    const p = this.piece;
    const board = this.diagram;
    if (!p || !board) return;
    if (p.pawn && (square.endsWith(String(def.ranks)) || /^[a-z]1$/.test(square))) return; // no pawn on the first or last rank
    this.square = square;
    const reach = pieceReach(def, p.letter, square, 'white');
    const fen = placementWith(def, square, p.letter);
    const dests = new Map<string, string[]>([[square, reach.map((r: Reach) => r.square)]]);
    board.set({ fen, turn: 'white', dests, movable: 'white', premove: false });
    board.select(square);
    board.setMarks(reach.filter((r) => r.capture && !r.move).map((r) => ({ square: r.square, brush: 'red' })));
    const words = MOVE_WORDS[p.letter] ?? '';
    caption.textContent = `${p.name} (${p.letter}, Betza ${p.betza}) on ${square}: ${words}. ${reach.length} squares.`;
  }

  unmount(): void {
    for (const b of this.boards) b.destroy();
    this.root.remove();
  }
}

function emptyFen(def: VariantDefinition): string {
  return Array.from({ length: def.ranks }, () => String(def.files)).join('/');
}

/** An empty board with one white piece on `square`. */
function placementWith(def: VariantDefinition, square: string, letter: string): string {
  const file = square.charCodeAt(0) - 97;
  const rank = Number(square.slice(1)) - 1;
  const rows: string[] = [];
  for (let r = def.ranks - 1; r >= 0; r--) {
    if (r !== rank) rows.push(String(def.files));
    else
      rows.push(
        `${file > 0 ? file : ''}${letter.toUpperCase()}${def.files - file - 1 > 0 ? def.files - file - 1 : ''}`,
      );
  }
  return `${rows.join('/')} w - - 0 1`;
}
