/**
 * The app's routes live in the URL hash (a static server is enough, and links work offline):
 *
 *   #/                                   home: pick a variant and how to play
 *   #/play                               the game in progress (from localStorage)
 *   #/play?variant=wildebeest&fen=…      a new game from a FEN (shareable); also mode=engine,
 *                                        color=white|black, level=1–8, marriage=delayed,
 *                                        think=<seconds per computer move, 0.1–60>
 *   #/rules/wildebeest                   the rules of a variant
 */

import type { Color } from '../../../src/core/outcome.js';
import { MAX_LEVEL, MIN_LEVEL } from '../../../src/engine/levels.js';
import type { MarriageMode } from '../../../src/variants/schema.js';
import type { Mode } from './settings.js';

export type Route =
  | { readonly page: 'home' }
  | {
      readonly page: 'play';
      /** Present when the URL starts a new game. */
      readonly start?: {
        readonly variantId: string;
        readonly fen?: string;
        readonly mode?: Mode;
        readonly humanColor?: Color;
        readonly level?: number;
        readonly marriageMode?: MarriageMode;
        readonly think?: number;
      };
    }
  | { readonly page: 'rules'; readonly variantId: string };

export function parseRoute(hash: string): Route {
  const h = hash.replace(/^#/, '');
  const [path = '', query = ''] = h.split('?', 2) as [string, string?];
  const parts = path.split('/').filter((p) => p !== '');
  const q = new URLSearchParams(query);
  if (parts[0] === 'rules' && parts[1]) return { page: 'rules', variantId: decodeURIComponent(parts[1]) };
  if (parts[0] === 'play') {
    const variantId = q.get('variant');
    if (!variantId) return { page: 'play' };
    const fen = q.get('fen') ?? undefined;
    const mode = q.get('mode');
    const color = q.get('color');
    const level = Number(q.get('level'));
    const marriage = q.get('marriage');
    const think = Number(q.get('think'));
    return {
      page: 'play',
      start: {
        variantId,
        ...(fen ? { fen } : {}),
        ...(mode === 'engine' || mode === 'hotseat' ? { mode } : {}),
        ...(color === 'white' || color === 'black' ? { humanColor: color } : {}),
        ...(level >= MIN_LEVEL && level <= MAX_LEVEL ? { level: Math.round(level) } : {}),
        ...(marriage === 'delayed' || marriage === 'immediate' ? { marriageMode: marriage } : {}),
        ...(think >= 0.1 && think <= 60 ? { think } : {}),
      },
    };
  }
  return { page: 'home' };
}

/** A link that starts a game of `variantId` from `fen` (the share link). */
export function shareHash(variantId: string, fen: string, marriageMode?: MarriageMode): string {
  const q = new URLSearchParams({ variant: variantId, fen });
  if (marriageMode === 'delayed') q.set('marriage', 'delayed');
  return `#/play?${q.toString()}`;
}

export function rulesHash(variantId: string): string {
  return `#/rules/${encodeURIComponent(variantId)}`;
}
