/**
 * The game archive page (issue 13): every game kept in this browser, newest first, with its
 * date, variant, players and result — reopen it (a game in progress goes on where it stopped),
 * analyse it, delete it, or export them all as one PGN file.
 */

import { findVariant } from '../../../src/variants/index.js';
import { type ArchivedGame, playerNames } from '../model/archive.js';
import { GameController } from '../model/controller.js';
import { analysisHash } from '../model/route.js';
import { downloadText } from './clipboard.js';
import { clear, h } from './dom.js';
import type { MountedPage, MountPage } from './page.js';
import { deleteArchived, loadArchive, loadGame, saveGame } from './storage.js';

export const mountGames: MountPage = (app) => new GamesPage(app);

class GamesPage implements MountedPage {
  private readonly root: HTMLElement;
  private readonly list = h('div.games-list', { id: 'games' });
  private readonly notice = h('p.note', { id: 'games-notice', 'aria-live': 'polite' });

  constructor(app: HTMLElement) {
    const exportAll = h('button', { type: 'button', id: 'export-all' }, 'Export all as PGN');
    exportAll.addEventListener('click', () => this.exportAll());
    this.root = h('section.games', {}, [
      h('h1', {}, 'Your games'),
      h('div.row', {}, [exportAll, h('a', { href: '#/' }, 'New game'), h('a', { href: '#/editor' }, 'Board editor')]),
      this.notice,
      this.list,
    ]);
    app.append(this.root);
    this.render();
  }

  unmount(): void {
    this.root.remove();
  }

  private render(): void {
    clear(this.list);
    const games = loadArchive();
    const current = loadGame()?.id;
    if (games.length === 0) {
      this.list.append(h('p', {}, 'No games yet: the games you play here are kept in this list.'));
      return;
    }
    const rows = games.map((g) => this.row(g, g.record.id === current));
    this.list.append(
      h('table', {}, [
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            ['Date', 'Variant', 'White', 'Black', 'Result', 'Moves', ''].map((t) => h('th', {}, t)),
          ),
        ),
        h('tbody', {}, rows),
      ]),
    );
  }

  private row(g: ArchivedGame, current: boolean): HTMLElement {
    const r = g.record;
    const names = playerNames(r.settings);
    const def = findVariant(r.settings.variantId);
    const action = (label: string, cls: string, run: () => void) => {
      const b = h('button', { type: 'button', class: cls }, label);
      b.addEventListener('click', run);
      return b;
    };
    const result = g.result === '*' ? (current ? 'in progress (current)' : 'in progress') : g.result;
    return h('tr', { 'data-id': r.id, class: 'game-row' }, [
      h('td', {}, new Date(r.started).toLocaleString()),
      h('td', {}, def?.name ?? r.settings.variantId),
      h('td', {}, names.white),
      h('td', {}, names.black),
      h('td', { title: g.ending, class: 'game-result' }, result),
      h('td', {}, String(Math.ceil(r.moves.length / 2))),
      h('td.actions', {}, [
        action('Open', 'open-game', () => {
          saveGame(r, g.result === '*' ? undefined : { result: g.result, text: g.ending });
          location.hash = '#/play';
        }),
        action('Analyse', 'analyse-game', () => {
          location.hash = analysisHash(r.settings.variantId, r.startFen, r.moves);
        }),
        action('Delete', 'delete-game', () => {
          deleteArchived(r.id);
          this.notice.textContent = 'Game deleted';
          this.render();
        }),
      ]),
    ]);
  }

  /** Every game as one PGN file (a game that cannot be read back is named and left out). */
  private exportAll(): void {
    const parts: string[] = [];
    const broken: string[] = [];
    for (const g of loadArchive()) {
      const c = GameController.fromRecord(g.record);
      if (c.ok) parts.push(c.value.pgn());
      else broken.push(`${new Date(g.record.started).toLocaleString()}: ${c.error}`);
    }
    downloadText(parts.join('\n'), 'caravan-games.pgn');
    this.notice.textContent =
      `${parts.length} game${parts.length === 1 ? '' : 's'} exported` +
      (broken.length > 0 ? `; left out: ${broken.join('; ')}` : '');
  }
}
