/**
 * The board editor (issue 13): a palette of the variant's pieces in both colours — drag one onto
 * the board, or pick it and click squares; drag a piece off the board to remove it — the side to
 * move, castling rights, en passant, start position / empty board / flip. Every change is checked
 * by the rules library (model/editor.ts) and its message shown; a valid setup can be played
 * (with a friend or the computer), analysed, or copied as a FEN or a link.
 */

import type { Color } from '../../../src/core/outcome.js';
import { DEFAULT_VARIANT_ID, findVariant } from '../../../src/variants/index.js';
import type { VariantDefinition } from '../../../src/variants/schema.js';
import {
  CASTLING_LETTERS,
  type CastlingLetter,
  checkSetup,
  type EditorSetup,
  emptyPlacement,
  setupFromFen,
} from '../model/editor.js';
import { MENU_VARIANTS } from '../model/menu.js';
import { analysisHash, editorHash, type Route, shareHash } from '../model/route.js';
import { DEFAULT_LEVEL } from '../model/settings.js';
import { Board } from './board.js';
import { copyText } from './clipboard.js';
import { clear, h, pieceIcon } from './dom.js';
import type { MountedPage, MountPage } from './page.js';
import { loadGame } from './storage.js';

export const mountEditor: MountPage<Extract<Route, { page: 'editor' }>> = (app, route) => new EditorPage(app, route);

/** What a click on the board does: put the picked piece there, or take off what stands there. */
type Brush = { readonly letter: string; readonly color: Color } | 'remove' | undefined;

const CASTLING_LABELS: Readonly<Record<CastlingLetter, string>> = {
  K: 'White O-O',
  Q: 'White O-O-O',
  k: 'Black O-O',
  q: 'Black O-O-O',
};

class EditorPage implements MountedPage {
  private readonly root: HTMLElement;
  private def: VariantDefinition;
  private board: Board | undefined;
  private readonly boardEl = h('div', { id: 'editor-board' });
  private readonly holder = h('div.board-holder', {}, [this.boardEl]);
  private setup: EditorSetup;
  private orientation: Color = 'white';
  private brush: Brush;
  /** The setup's FEN when the library accepts it. */
  private fen: string | undefined;
  private readonly palette = h('div.palette', { id: 'palette', role: 'toolbar', 'aria-label': 'Pieces to place' });
  private readonly fenInput = h('input', {
    id: 'editor-fen',
    type: 'text',
    spellcheck: 'false',
    autocomplete: 'off',
    'aria-label': 'FEN of the setup',
  });
  private readonly error = h('div.error', { id: 'editor-error', role: 'alert' });
  private readonly notes = h('div.note', { id: 'editor-notes', 'aria-live': 'polite' });
  private readonly notice = h('div.note', { id: 'editor-notice', 'aria-live': 'polite' });
  private readonly variantSelect = h('select', { id: 'editor-variant', 'aria-label': 'Variant' });
  private readonly castlingBox = h('fieldset', { id: 'editor-castling' });
  private readonly epInput = h('input', {
    id: 'editor-ep',
    type: 'text',
    size: 8,
    placeholder: '-',
    'aria-label': 'En-passant square(s)',
  });
  private readonly turnInputs: Record<'w' | 'b', HTMLInputElement> = {
    w: h('input', { type: 'radio', name: 'editor-turn', value: 'w', id: 'editor-turn-w' }),
    b: h('input', { type: 'radio', name: 'editor-turn', value: 'b', id: 'editor-turn-b' }),
  };
  private readonly actionButtons: HTMLButtonElement[] = [];

  constructor(app: HTMLElement, route: Extract<Route, { page: 'editor' }>) {
    const variantId =
      route.variantId && findVariant(route.variantId)
        ? route.variantId
        : (loadGame()?.settings.variantId ?? DEFAULT_VARIANT_ID);
    this.def = findVariant(variantId) as VariantDefinition;
    this.setup = setupFromFen(route.fen ?? this.def.startFen);
    for (const id of MENU_VARIANTS) {
      const def = findVariant(id);
      if (def) this.variantSelect.append(h('option', { value: id, selected: id === variantId }, def.name));
    }
    this.variantSelect.addEventListener('change', () => {
      const def = findVariant(this.variantSelect.value);
      if (!def) return;
      this.def = def;
      this.setup = setupFromFen(def.startFen);
      this.newBoard();
    });
    const button = (id: string, label: string, onClick: () => void, action = false) => {
      const b = h('button', { type: 'button', id }, label);
      b.addEventListener('click', onClick);
      if (action) this.actionButtons.push(b);
      return b;
    };
    for (const side of ['w', 'b'] as const) {
      this.turnInputs[side].addEventListener('change', () => this.edit({ turn: side }));
    }
    this.epInput.addEventListener('change', () => this.edit({ ep: this.epInput.value }));
    this.fenInput.addEventListener('change', () => this.loadFen(this.fenInput.value));
    this.root = h('section.play.editor', {}, [
      h('div.board-area', {}, [this.holder, this.palette]),
      h('div.side', {}, [
        h('h1', {}, 'Board editor'),
        h('div.row', {}, [h('label', { for: 'editor-variant' }, 'Variant '), this.variantSelect]),
        h('div.row', {}, [
          button('editor-start', 'Start position', () => {
            this.setup = setupFromFen(this.def.startFen);
            this.refresh(true);
          }),
          button('editor-empty', 'Empty board', () => {
            this.setup = { ...this.setup, placement: emptyPlacement(this.def), castling: new Set(), ep: '' };
            this.refresh(true);
          }),
          button('editor-flip', 'Flip', () => {
            this.orientation = this.orientation === 'white' ? 'black' : 'white';
            this.board?.setOrientation(this.orientation);
          }),
        ]),
        h('fieldset', {}, [
          h('legend', {}, 'Side to move'),
          h('label', {}, [this.turnInputs.w, 'White']),
          h('label', {}, [this.turnInputs.b, 'Black']),
        ]),
        this.castlingBox,
        h('div.row', {}, [h('label', { for: 'editor-ep' }, 'En passant '), this.epInput]),
        h('div', {}, [h('label', { for: 'editor-fen' }, h('strong', {}, 'FEN')), this.fenInput]),
        this.error,
        this.notes,
        h('div.row', {}, [
          button('editor-play-friend', 'Play with a friend', () => this.play('hotseat'), true),
          button('editor-play-computer', 'Play the computer', () => this.play('engine'), true),
          button(
            'editor-analyse',
            'Analyse',
            () => {
              if (this.fen) location.hash = analysisHash(this.def.id, this.fen);
            },
            true,
          ),
        ]),
        h('div.row', {}, [
          button('editor-copy-fen', 'Copy FEN', () => void this.copy(this.fen ?? '', 'FEN copied'), true),
          button(
            'editor-copy-link',
            'Copy link',
            () =>
              void this.copy(
                `${location.origin}${location.pathname}${editorHash(this.def.id, this.fen)}`,
                'Link copied',
              ),
            true,
          ),
        ]),
        this.notice,
        h(
          'p.note',
          {},
          'Drag a piece from the palette onto the board, or pick one and click squares; drag a piece off the board to remove it.',
        ),
      ]),
    ]);
    app.append(this.root);
    this.newBoard();
  }

  unmount(): void {
    this.board?.destroy();
    this.root.remove();
  }

  private newBoard(): void {
    this.board?.destroy();
    const def = this.def;
    this.holder.style.setProperty('--files', String(def.files));
    this.holder.style.setProperty('--ranks', String(def.ranks));
    this.board = new Board(
      this.boardEl,
      def,
      {
        orientation: this.orientation,
        coordinates: true,
        onChange: (placement) => this.edit({ placement }),
        onSelect: (square) => this.paint(square),
      },
      this.setup.placement,
    );
    this.renderPalette();
    this.renderCastling();
    this.refresh(false);
  }

  /** A click on a square with a piece picked from the palette (or the eraser). */
  private paint(square: string): void {
    const brush = this.brush;
    if (!brush) return;
    this.board?.putPiece(square, brush === 'remove' ? undefined : brush);
  }

  private renderPalette(): void {
    clear(this.palette);
    const pick = (b: Brush, el: HTMLElement) => {
      const same = b !== undefined && this.brush !== undefined && JSON.stringify(b) === JSON.stringify(this.brush);
      this.brush = same ? undefined : b;
      for (const other of this.palette.querySelectorAll('.picked')) other.classList.remove('picked');
      if (!same) el.classList.add('picked');
      for (const other of this.palette.querySelectorAll('button')) other.setAttribute('aria-pressed', 'false');
      el.setAttribute('aria-pressed', String(!same));
    };
    for (const color of ['white', 'black'] as const) {
      const row = h('div.palette-row', {});
      for (const p of this.def.pieces) {
        const label = `${color} ${p.name}`;
        const b = h('button.palette-piece', {
          type: 'button',
          'data-piece': `${color === 'white' ? p.letter.toUpperCase() : p.letter.toLowerCase()}`,
          title: label,
          'aria-label': label,
          'aria-pressed': 'false',
        });
        b.append(pieceIcon(p.letter, color));
        b.addEventListener('click', () => pick({ letter: p.letter, color }, b));
        const drag = (e: MouseEvent | TouchEvent) => {
          if (e instanceof MouseEvent && e.button !== 0) return;
          this.board?.dragNew(p.letter, color, e);
        };
        b.addEventListener('mousedown', drag);
        b.addEventListener('touchstart', drag, { passive: false });
        row.append(b);
      }
      this.palette.append(row);
    }
    const eraser = h(
      'button.palette-piece.eraser',
      {
        type: 'button',
        id: 'palette-remove',
        title: 'Remove pieces: click squares',
        'aria-label': 'Remove pieces (then click squares)',
        'aria-pressed': 'false',
      },
      '✕',
    );
    eraser.addEventListener('click', () => pick('remove', eraser));
    this.palette.append(h('div.palette-row', {}, [eraser]));
  }

  private renderCastling(): void {
    clear(this.castlingBox);
    this.castlingBox.hidden = !this.def.castling;
    this.castlingBox.append(h('legend', {}, 'Castling rights'));
    for (const letter of CASTLING_LETTERS) {
      const input = h('input', { type: 'checkbox', id: `editor-castle-${letter}`, 'data-right': letter });
      input.addEventListener('change', () => {
        const rights = new Set(this.setup.castling);
        if (input.checked) rights.add(letter);
        else rights.delete(letter);
        this.edit({ castling: rights });
      });
      this.castlingBox.append(h('label', {}, [input, CASTLING_LABELS[letter]]));
    }
  }

  private edit(change: Partial<EditorSetup>): void {
    this.setup = { ...this.setup, ...change };
    this.refresh(change.placement === undefined);
  }

  /** A FEN typed or pasted into the FEN field. */
  private loadFen(text: string): void {
    this.setup = setupFromFen(text);
    this.refresh(true);
  }

  /** Check the setup with the library and show it; `redraw` puts the placement on the board. */
  private refresh(redraw: boolean): void {
    if (redraw) this.board?.setPlacement(this.setup.placement);
    const s = this.setup;
    this.turnInputs[s.turn].checked = true;
    for (const input of this.castlingBox.querySelectorAll<HTMLInputElement>('input[data-right]')) {
      input.checked = s.castling.has(input.dataset.right as CastlingLetter);
    }
    this.epInput.value = s.ep;
    const r = checkSetup(this.def, s);
    this.fen = r.ok ? r.value.fen : undefined;
    this.error.textContent = r.ok ? '' : r.error;
    this.notes.textContent = r.ok ? r.value.notes.join('; ') : '';
    this.notice.textContent = '';
    if (document.activeElement !== this.fenInput) this.fenInput.value = r.ok ? r.value.fen : '';
    for (const b of this.actionButtons) b.disabled = !r.ok;
  }

  private play(mode: 'hotseat' | 'engine'): void {
    if (!this.fen) return;
    const turn: Color = this.setup.turn === 'b' ? 'black' : 'white';
    const base = shareHash(this.def.id, this.fen);
    // Against the computer the person plays the side to move of the setup.
    location.hash =
      mode === 'engine' ? `${base}&mode=engine&color=${turn}&level=${DEFAULT_LEVEL}` : `${base}&mode=hotseat`;
  }

  private async copy(text: string, done: string): Promise<void> {
    this.notice.textContent = (await copyText(text)) ? done : 'Copying is blocked here — copy the FEN field by hand.';
  }
}
