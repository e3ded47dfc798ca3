/**
 * The play page's import/export panel: the FEN shown, copy FEN / PGN / share link, download the
 * PGN, and a paste box that starts a new game from a FEN or a PGN. It reads the game through
 * `current()` and hands a loaded game to `load`; errors leave the game alone.
 */

import { findVariant } from '../../../src/variants/index.js';
import { GameController } from '../model/controller.js';
import { MENU_VARIANTS } from '../model/menu.js';
import { shareHash } from '../model/route.js';
import type { GameSettings } from '../model/settings.js';
import type { Snapshot } from '../model/snapshot.js';
import { copyText, downloadText } from './clipboard.js';
import { h } from './dom.js';

export interface IoHooks {
  readonly current: () => GameController;
  readonly load: (next: GameController) => void;
}

export class IoPanel {
  readonly element: HTMLElement;
  private readonly fenText = h('div.fen', { id: 'fen' });
  private readonly importText = h('textarea', {
    id: 'import-text',
    'aria-label': 'FEN or PGN to load',
    placeholder: 'Paste a FEN or a PGN here',
  });
  private readonly importVariant = h('select', { id: 'import-variant', 'aria-label': 'Variant of a pasted FEN' });
  private readonly importError = h('div.error', { id: 'import-error', role: 'alert' });
  private readonly notice = h('div.note', { id: 'notice', 'aria-live': 'polite' });

  constructor(private readonly hooks: IoHooks) {
    for (const id of MENU_VARIANTS) {
      const def = findVariant(id);
      if (def) this.importVariant.append(h('option', { value: id }, def.name));
    }
    const button = (id: string, label: string, onClick: () => void, title?: string) => {
      const b = h('button', { type: 'button', id, title, 'aria-label': title ?? label }, label);
      b.addEventListener('click', onClick);
      return b;
    };
    const game = () => this.hooks.current();
    this.element = h('details.panel.io', { id: 'io' }, [
      h('summary', {}, 'FEN / PGN / share'),
      h('div', {}, [h('strong', {}, 'FEN '), this.fenText]),
      h('div.row', {}, [
        button('copy-fen', 'Copy FEN', () => void this.copy(game().snapshot.fen, 'FEN copied')),
        button('copy-pgn', 'Copy PGN', () => void this.copy(game().pgn(), 'PGN copied')),
        button('download-pgn', 'Download PGN', () => this.download()),
        button(
          'share',
          'Copy link',
          () => void this.copy(this.shareUrl(), 'Link copied'),
          'Copy a link to this game (its moves and opponent)',
        ),
      ]),
      this.notice,
      h('label', { for: 'import-text' }, h('strong', {}, 'Start from a FEN or PGN')),
      this.importText,
      h('div.row', {}, [
        this.importVariant,
        button('import', 'Load', () => this.importGame(), 'Load the pasted FEN or PGN'),
      ]),
      this.importError,
    ]);
  }

  update(snap: Snapshot, settings: GameSettings): void {
    this.fenText.textContent = snap.fen;
    this.importVariant.value = settings.variantId;
  }

  private shareUrl(): string {
    const c = this.hooks.current();
    const s = c.settings;
    // The start and the moves (and the opponent), so the link opens this game, not only its position.
    const moves = c.history.map((m) => m.uci);
    return `${location.origin}${location.pathname}${shareHash(s.variantId, c.startFen, s.marriageMode, { moves, settings: s })}`;
  }

  private async copy(text: string, done: string): Promise<void> {
    const okCopy = await copyText(text);
    this.importError.textContent = '';
    this.notice.textContent = okCopy ? done : 'Copying is blocked here — select the text and copy it by hand.';
    if (!okCopy) {
      this.importText.value = text;
      this.importText.select();
    }
  }

  private download(): void {
    const c = this.hooks.current();
    downloadText(c.pgn(), `caravan-${c.settings.variantId}.pgn`);
  }

  /** Paste box: PGN if it looks like PGN, else a FEN of the chosen variant. Errors leave the game alone. */
  private importGame(): void {
    const c = this.hooks.current();
    const text = this.importText.value;
    const variantId = this.importVariant.value || c.settings.variantId;
    const settings: GameSettings = { ...c.settings, variantId };
    const looksPgn = /^\s*\[/.test(text) || /(^|\s)1\.\s*\S/.test(text);
    const r = looksPgn ? GameController.fromPgn(settings, text) : GameController.fromFen(settings, text);
    if (!r.ok) {
      this.notice.textContent = ''; // an old "Link copied" must not stand beside the new error
      this.importError.textContent = r.error;
      return;
    }
    this.importError.textContent = '';
    this.importText.value = '';
    this.hooks.load(r.value);
    this.notice.textContent = looksPgn ? 'PGN loaded' : 'FEN loaded';
  }
}
