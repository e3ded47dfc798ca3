/** The online pages, for the router: `#/online` and `#/g/<id>[/<secret>]`. */

import { OnlineGamePage } from './game-page.js';
import { OnlineLobbyPage } from './lobby-page.js';
import { parseOnlineRoute } from './model.js';

export interface OnlinePage {
  destroy(): void;
}

/** The online page for this hash, or undefined when the hash is not an online route. */
export function onlinePage(app: HTMLElement, hash: string): OnlinePage | undefined {
  const route = parseOnlineRoute(hash);
  if (!route) return undefined;
  document.body.dataset.page = route.page === 'lobby' ? 'online' : 'online-game';
  return route.page === 'lobby' ? new OnlineLobbyPage(app) : new OnlineGamePage(app, route.id, route.secret);
}
