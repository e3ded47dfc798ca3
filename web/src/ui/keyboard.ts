/**
 * The play page's keys: ←/→ one move back or forward, Home/End the start or the game in
 * progress. Keys typed into a field (the move entry, the paste box) are left alone.
 */

export type NavTarget = 'first' | 'prev' | 'next' | 'last';

const NAV_KEYS: Readonly<Record<string, NavTarget>> = {
  ArrowLeft: 'prev',
  ArrowRight: 'next',
  Home: 'first',
  End: 'last',
};

/** Is the key going into a text field (left to it)? */
export function typingIn(target: EventTarget | null): boolean {
  const t = target as HTMLElement | null;
  return !!t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable);
}

/** Listen for the navigation keys; returns the function that stops listening. */
export function bindGameKeys(onNav: (where: NavTarget) => void): () => void {
  const onKey = (e: KeyboardEvent): void => {
    if (typingIn(e.target) || e.altKey || e.ctrlKey || e.metaKey) return;
    const where = NAV_KEYS[e.key];
    if (!where) return;
    e.preventDefault();
    onNav(where);
  };
  document.addEventListener('keydown', onKey);
  return () => document.removeEventListener('keydown', onKey);
}
