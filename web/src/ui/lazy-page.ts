/**
 * A page whose code is loaded when it is first opened (its own chunk, not in the first load):
 * shows "Loading…" until the module arrives, then mounts it; an unmount before that cancels it.
 */

import type { Route } from '../model/route.js';
import { h } from './dom.js';
import type { MountedPage, MountPage } from './page.js';

export function lazyPage<R extends Route>(load: () => Promise<MountPage<R>>): MountPage<R> {
  return (app, route) => {
    let page: MountedPage | undefined;
    let gone = false;
    const waiting = h('p.note', { id: 'page-loading' }, 'Loading…');
    app.append(waiting);
    load().then(
      (mount) => {
        if (gone) return;
        waiting.remove();
        page = mount(app, route);
      },
      (e: unknown) => {
        waiting.textContent = `This page could not be loaded: ${e instanceof Error ? e.message : String(e)}`;
      },
    );
    return {
      unmount() {
        gone = true;
        page?.unmount();
      },
    };
  };
}
