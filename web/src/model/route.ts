/**
 * The app's routes live in the URL hash (a static server is enough, and links work offline):
 *
 *   #/                                   home: pick a variant and how to play
 *   #/play                               the game in progress (from localStorage)
 *   #/play?variant=wildebeest&fen=…      a new game from a FEN (shareable); also mode=engine,
 *                                        color=white|black, level=1–8, marriage=delayed,
 *                                        think=<seconds per computer move, 0.1–60>,
 *                                        moves=<UCI moves, space-separated>, tc=5+3 (clocks)
 *   #/rules/wildebeest                   the rules of a variant
 *   #/analysis?variant=…&fen=…&moves=…   the analysis board: a start or FEN, UCI moves separated
 *                                        by spaces or commas (marriage=delayed too); or pgn=<PGN
 *                                        text>; plain #/analysis opens the game in progress
 *   #/editor?variant=…&fen=…             the board editor (fen optional)
 *   #/games                              the game archive
 */

import type { Color } from '../../../src/core/outcome.js';
import { MAX_LEVEL, MIN_LEVEL } from '../../../src/engine/levels.js';
import type { MarriageMode } from '../../../src/variants/schema.js';
import type { AnalysisSource } from './analysis.js';
import { parseTimeControl, type TimeControl, timeControlText } from './clock.js';
import type { GameSettings, Mode } from './settings.js';

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
        /** UCI moves played from the start. */
        readonly moves?: readonly string[];
        readonly timeControl?: TimeControl;
        /** Open with the analysis panel on. */
        readonly analysis?: boolean;
      };
    }
  | { readonly page: 'rules'; readonly variantId: string }
  | { readonly page: 'analysis'; readonly source?: AnalysisSource }
  | { readonly page: 'editor'; readonly variantId?: string; readonly fen?: string }
  | { readonly page: 'games' };

export function parseRoute(hash: string): Route {
  const h = hash.replace(/^#/, '');
  const [path = '', query = ''] = h.split('?', 2) as [string, string?];
  const parts = path.split('/').filter((p) => p !== '');
  const q = new URLSearchParams(query);
  if (parts[0] === 'rules' && parts[1]) return { page: 'rules', variantId: decodeURIComponent(parts[1]) };
  if (parts[0] === 'analysis') return { page: 'analysis', ...analysisSource(q) };
  if (parts[0] === 'games') return { page: 'games' };
  if (parts[0] === 'editor') {
    const variantId = q.get('variant');
    const fen = q.get('fen');
    return { page: 'editor', ...(variantId ? { variantId } : {}), ...(fen ? { fen } : {}) };
  }
  if (parts[0] === 'play') {
    const variantId = q.get('variant');
    if (!variantId) return { page: 'play' };
    const fen = q.get('fen') ?? undefined;
    const mode = q.get('mode');
    const color = q.get('color');
    const level = Number(q.get('level'));
    const marriage = q.get('marriage');
    const think = Number(q.get('think'));
    const moves = (q.get('moves') ?? '').split(/[\s,]+/).filter((m) => m !== '');
    const tc = q.get('tc') ? parseTimeControl(q.get('tc') as string) : undefined;
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
        ...(moves.length > 0 ? { moves } : {}),
        ...(tc && typeof tc !== 'string' ? { timeControl: tc } : {}),
        ...(q.get('analysis') === '1' ? { analysis: true } : {}),
      },
    };
  }
  return { page: 'home' };
}

/**
 * A link that starts a game of `variantId` from `fen` (the share link); with `game`, the moves
 * played from that start and the opponent settings come along too.
 */
export function shareHash(
  variantId: string,
  fen: string,
  marriageMode?: MarriageMode,
  game?: { readonly moves: readonly string[]; readonly settings: GameSettings },
): string {
  const q = new URLSearchParams({ variant: variantId, fen });
  if (marriageMode === 'delayed') q.set('marriage', 'delayed');
  if (game) {
    const s = game.settings;
    if (game.moves.length > 0) q.set('moves', game.moves.join(' '));
    q.set('mode', s.mode);
    if (s.mode === 'engine') {
      q.set('color', s.humanColor);
      q.set('level', String(s.level));
    }
    if (s.timeControl) q.set('tc', timeControlText(s.timeControl));
  }
  return `#/play?${q.toString()}`;
}

export function editorHash(variantId: string, fen?: string): string {
  const q = new URLSearchParams({ variant: variantId });
  if (fen) q.set('fen', fen);
  return `#/editor?${q.toString()}`;
}

/**
 * Where "Analyse" goes for a position and the moves after it. Until the analysis page
 * (web/src/analysis/, route `#/analysis?variant=…&fen=…&moves=…`) is on main, this opens the
 * play page as a two-player board with the analysis panel on; switch the path here when it lands.
 */
function analysisSource(q: URLSearchParams): { source?: AnalysisSource } {
  const variantId = q.get('variant');
  if (!variantId && !q.has('pgn')) return {};
  const fen = q.get('fen');
  const moves = q.get('moves');
  const pgn = q.get('pgn');
  const marriage = q.get('marriage');
  return {
    source: {
      ...(variantId ? { variantId } : {}),
      ...(fen ? { fen } : {}),
      ...(moves ? { moves: moves.split(/[\s,]+/).filter((m) => m !== '') } : {}),
      ...(pgn ? { pgn } : {}),
      ...(marriage === 'delayed' || marriage === 'immediate' ? { marriageMode: marriage } : {}),
    },
  };
}

/** A link to the analysis board for a game: its start FEN and moves (UCI, space-separated as in play links). */
export function analysisHash(
  variantId: string,
  startFen: string,
  moves: readonly string[] = [],
  marriageMode?: MarriageMode,
): string {
  const q = new URLSearchParams({ variant: variantId, fen: startFen });
  if (moves.length > 0) q.set('moves', moves.join(' '));
  if (marriageMode === 'delayed') q.set('marriage', 'delayed');
  return `#/analysis?${q.toString()}`;
}

export function rulesHash(variantId: string): string {
  return `#/rules/${encodeURIComponent(variantId)}`;
}
