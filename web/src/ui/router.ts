/**
 * The hash router: one page at a time. On every hash change the page shown is unmounted and
 * the page registered for the new route mounted; `onRoute` lets the shell update what lies
 * outside the pages (the top menu).
 */

import { parseRoute, type Route } from '../model/route.js';
import { clear } from './dom.js';
import type { MountedPage, MountPage } from './page.js';

/** One page per kind of route. */
export type PageTable = { readonly [K in Route['page']]: MountPage<Extract<Route, { page: K }>> };

export function startRouter(app: HTMLElement, pages: PageTable, onRoute: (route: Route) => void = () => {}): void {
  let shown: MountedPage | undefined;
  const show = (): void => {
    shown?.unmount();
    clear(app);
    const route = parseRoute(location.hash);
    onRoute(route);
    const mount = pages[route.page] as MountPage;
    shown = mount(app, route);
  };
  window.addEventListener('hashchange', show);
  show();
}
