/**
 * The online client's model, without a DOM: routes, the "my games" list kept in localStorage,
 * the server's game summary, clocks and the end of a game in words.
 */

import type { Color, Outcome } from '../../../src/core/outcome.js';
import { outcomeText } from '../../../src/notation/outcome-text.js';
import type { VariantDefinition } from '../../../src/variants/schema.js';

export type OnlineRoute =
  | { readonly page: 'lobby' }
  | { readonly page: 'game'; readonly id: string; readonly secret?: string };

/** `#/online` (create a game, my games), `#/g/<id>` (watch), `#/g/<id>/<secret>` (play). */
export function parseOnlineRoute(hash: string): OnlineRoute | undefined {
  const parts = hash.replace(/^#/, '').split('?')[0]?.split('/').filter(Boolean) ?? [];
  if (parts[0] === 'online' && parts.length === 1) return { page: 'lobby' };
  const ok = (s: string | undefined) => s !== undefined && /^[A-Za-z0-9_-]{1,64}$/.test(s);
  if (parts[0] === 'g' && ok(parts[1]) && parts.length <= 3) {
    if (parts[2] !== undefined && !ok(parts[2])) return undefined;
    return { page: 'game', id: parts[1] as string, ...(parts[2] ? { secret: parts[2] } : {}) };
  }
  return undefined;
}

/** The server's public view of a game (GET /api/games/:id, the `state` message). */
export interface GameSummary {
  readonly id: string;
  readonly variant: string;
  readonly marriage: 'immediate' | 'delayed' | null;
  readonly clock:
    | { readonly kind: 'realtime'; readonly baseMs: number; readonly incMs: number }
    | { readonly kind: 'correspondence'; readonly days: number }
    | { readonly kind: 'none' };
  readonly status: 'waiting' | 'started' | 'ended';
  readonly result: string;
  readonly reason: string | null;
  readonly ply: number;
  readonly seq: number;
  readonly turn: Color;
  readonly moves: readonly {
    readonly ply: number;
    readonly uci: string;
    readonly san: string;
    readonly clockMs: number | null;
  }[];
  readonly clocks: Clocks;
  readonly deadline: number | null;
  readonly players: Record<Color, { readonly joined: boolean; readonly online: boolean }>;
  readonly drawOffer: Color | null;
  readonly takebackAsk: Color | null;
  readonly rematchAsk: Color | null;
  readonly rematchId: string | null;
  readonly createdAt: number;
  readonly now: number;
}

export interface Clocks {
  readonly white: number;
  readonly black: number;
  readonly running: Color | null;
}

/** One of my games as this browser remembers it. */
export interface MyGame {
  readonly id: string;
  readonly secret: string;
  readonly color: Color;
  readonly variant: string;
  readonly addedAt: number;
}

const MY_GAMES_KEY = 'caravan.online.games';

interface KeyValue {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function loadMyGames(store: KeyValue): MyGame[] {
  try {
    const v = JSON.parse(store.getItem(MY_GAMES_KEY) ?? '[]') as unknown;
    if (!Array.isArray(v)) return [];
    return v.filter(
      (g): g is MyGame =>
        typeof g === 'object' &&
        g !== null &&
        typeof g.id === 'string' &&
        typeof g.secret === 'string' &&
        (g.color === 'white' || g.color === 'black'),
    );
  } catch {
    return [];
  }
}

export function rememberGame(store: KeyValue, game: MyGame): void {
  const list = loadMyGames(store).filter((g) => !(g.id === game.id && g.secret === game.secret));
  list.unshift(game);
  try {
    store.setItem(MY_GAMES_KEY, JSON.stringify(list.slice(0, 200)));
  } catch {
    // Storage full or forbidden: the game still works, only the list forgets it.
  }
}

export interface Listed {
  readonly mine: MyGame;
  readonly summary: GameSummary | undefined;
}

/** Time left for the side to move, in ms (real-time clock or correspondence deadline). */
export function timeLeft(s: GameSummary): number | undefined {
  if (s.status !== 'started') return undefined;
  if (s.clock.kind === 'realtime' && s.clocks.running) return s.clocks[s.clocks.running];
  if (s.deadline !== null) return Math.max(0, s.deadline - s.now);
  return undefined;
}

/** My games: the ones where it is my turn first (least time left first), then the rest, newest first. */
export function orderMyGames(list: readonly Listed[]): Listed[] {
  const myTurn = (l: Listed) => l.summary?.status === 'started' && l.summary.turn === l.mine.color;
  return [...list].sort((a, b) => {
    const ta = myTurn(a);
    const tb = myTurn(b);
    if (ta !== tb) return ta ? -1 : 1;
    if (ta && tb)
      return (timeLeft(a.summary as GameSummary) ?? Infinity) - (timeLeft(b.summary as GameSummary) ?? Infinity);
    return b.mine.addedAt - a.mine.addedAt;
  });
}

export function clockText(ms: number): string {
  const s = Math.max(0, ms) / 1000;
  if (s < 10) return s.toFixed(1);
  const whole = Math.floor(s);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const sec = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

export function durationText(ms: number): string {
  const h = ms / 3_600_000;
  if (h >= 48) return `${Math.floor(h / 24)} days`;
  if (h >= 1) return `${Math.floor(h)} h ${Math.floor((ms % 3_600_000) / 60_000)} min`;
  return `${Math.max(0, Math.floor(ms / 60_000))} min`;
}

const word = (c: Color) => (c === 'white' ? 'White' : 'Black');
const otherSide = (c: Color): Color => (c === 'white' ? 'black' : 'white');

/** The end of an online game in words: the rules' ends from the library's words, the rest here. */
export function endInWords(def: VariantDefinition, result: string, reason: string | null): string {
  const winner: Color | null = result === '1-0' ? 'white' : result === '0-1' ? 'black' : null;
  switch (reason) {
    case 'resign':
      return `${word(otherSide(winner ?? 'white'))} resigned — ${word(winner ?? 'white')} wins`;
    case 'timeout':
      return `${word(otherSide(winner ?? 'white'))} ran out of time — ${word(winner ?? 'white')} wins`;
    case 'timeout-vs-insufficient':
      return 'Draw: time ran out, but the opponent could not have won';
    case 'agreement':
      return 'Draw by agreement';
    case 'aborted':
      return 'Game aborted';
    case 'abandoned':
      return `${word(otherSide(winner ?? 'white'))} left the game — ${word(winner ?? 'white')} wins`;
    case null:
      return 'Game over';
    default:
      return outcomeText(def, { winner, reason } as Outcome);
  }
}

export function timeControlText(c: GameSummary['clock']): string {
  if (c.kind === 'realtime') return `${c.baseMs / 60_000} min + ${c.incMs / 1000} s`;
  if (c.kind === 'correspondence') return `${c.days} day${c.days === 1 ? '' : 's'} per move`;
  return 'no clock';
}
