/** The page's look from the preferences: dark or light, and the board's colours (style.css). */

import type { Prefs } from '../model/persist.js';

export function applyLook(prefs: Pick<Prefs, 'dark' | 'boardTheme'>): void {
  const root = document.documentElement;
  root.dataset.theme = prefs.dark ? 'dark' : 'light';
  root.dataset.board = prefs.boardTheme;
}
