/**
 * The app shell: piece stylesheet, the look (dark mode, board colours), the top menu's rules
 * link, and the pages registered with the router (each page is a module with mount/unmount:
 * home.ts, play.ts, rules.ts, editor.ts, games.ts, and the analysis board, ../analysis/page.ts,
 * loaded lazily).
 */

import '../style.css';
import { DEFAULT_VARIANT_ID, findVariant } from '../../../src/variants/index.js';
import { pieceCss } from '../model/pieces.js';
import { type Route, rulesHash } from '../model/route.js';
import { onlinePage } from '../online/index.js';
import { mountEditor } from './editor.js';
import { mountGames } from './games.js';
import { mountHome } from './home.js';
import { lazyPage } from './lazy-page.js';
import { mountPlay } from './play.js';
import { startRouter } from './router.js';
import { mountRules } from './rules.js';
import { loadGame, loadPrefs } from './storage.js';
import { applyLook } from './theme.js';

const style = document.createElement('style');
style.id = 'caravan-pieces';
style.textContent = pieceCss();
document.head.append(style);
applyLook(loadPrefs());

/** The top menu's "Rules" goes to the rules of the variant in view (or of the game in progress). */
function updateMenu(route: Route): void {
  document.body.dataset.page = route.page;
  const rulesLink = document.getElementById('nav-rules') as HTMLAnchorElement | null;
  const variant =
    route.page === 'rules'
      ? route.variantId
      : route.page === 'play' && route.start
        ? route.start.variantId
        : loadGame()?.settings.variantId;
  if (rulesLink) rulesLink.href = rulesHash(variant && findVariant(variant) ? variant : DEFAULT_VARIANT_ID);
}

startRouter(
  document.getElementById('app') as HTMLElement,
  // Online routes (#/online, #/g/…) are not the router's: they parse as home, so home checks first.
  {
    home: (app, route) => onlinePage(app, location.hash) ?? mountHome(app, route),
    play: mountPlay,
    rules: mountRules,
    editor: mountEditor,
    games: mountGames,
    // The analysis board is loaded when first opened: it stays out of the first page load.
    analysis: lazyPage(() => import('../analysis/page.js').then((m) => m.mountAnalysis)),
  },
  updateMenu,
);
