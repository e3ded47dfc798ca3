/**
 * The app shell: piece stylesheet, hash router, one page at a time.
 */

import '../style.css';
import { findVariant } from '../../../src/variants/index.js';
import { pieceCss } from '../model/pieces.js';
import { parseRoute, rulesHash } from '../model/route.js';
import { onlinePage } from '../online/index.js';
import { clear } from './dom.js';
import { HomePage } from './home.js';
import { PlayPage } from './play.js';
import { RulesPage } from './rules.js';
import { loadGame } from './storage.js';

export interface Page {
  destroy(): void;
}

const style = document.createElement('style');
style.id = 'caravan-pieces';
style.textContent = pieceCss();
document.head.append(style);

const app = document.getElementById('app') as HTMLElement;
let page: Page | undefined;

function show(): void {
  page?.destroy();
  clear(app);
  page = onlinePage(app, location.hash);
  if (page) return;
  const route = parseRoute(location.hash);
  document.body.dataset.page = route.page;
  const rulesLink = document.getElementById('nav-rules') as HTMLAnchorElement | null;
  const variant =
    route.page === 'rules'
      ? route.variantId
      : route.page === 'play' && route.start
        ? route.start.variantId
        : loadGame()?.settings.variantId;
  if (rulesLink) rulesLink.href = rulesHash(variant && findVariant(variant) ? variant : 'wildebeest');
  if (route.page === 'play') page = new PlayPage(app, route.start);
  else if (route.page === 'rules') page = new RulesPage(app, route.variantId);
  else page = new HomePage(app);
}

window.addEventListener('hashchange', show);
show();
