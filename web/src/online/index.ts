/** The online pages, for the router: `#/online` and `#/g/<id>[/<secret>]`. */

import type { MountedPage } from '../ui/page.js';
import { OnlineGamePage } from './game-page.js';
import { OnlineLobbyPage } from './lobby-page.js';
import { parseOnlineRoute } from './model.js';

/** The online page for this hash, mounted in app; undefined when the hash is not an online route. */
export function onlinePage(app: HTMLElement, hash: string): MountedPage | undefined {
  const route = parseOnlineRoute(hash);
  if (!route) return undefined;
  document.body.dataset.page = route.page === 'lobby' ? 'online' : 'online-game';
  const page = route.page === 'lobby' ? new OnlineLobbyPage(app) : new OnlineGamePage(app, route.id, route.secret);
  return { unmount: () => page.destroy() };
}
