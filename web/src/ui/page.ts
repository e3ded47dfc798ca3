/**
 * A page of the app: a module whose `mount(app, route)` builds it into `app` and returns how to
 * take it down again. Pages know nothing of each other or of the router; they navigate by links
 * (`#/…`). main.ts registers them with the router.
 */

import type { Route } from '../model/route.js';

export interface MountedPage {
  unmount(): void;
}

/** Mounts the page of one kind of route. */
export type MountPage<R extends Route = Route> = (app: HTMLElement, route: R) => MountedPage;
