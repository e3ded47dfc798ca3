/** Creating a game from the HTTP request body (docs/online.md "Create a game"). */

import { err, ok, type Result } from '../core/result.js';
import { findVariant, MENU_VARIANT_IDS } from '../variants/index.js';
import { DAY_MS, Refusal } from './game-rules.js';
import { hashSecret, newGameId, newSecret } from './secrets.js';
import type { Color, EventRow, GameRow, SeatRow } from './store/types.js';

export const CORRESPONDENCE_DAYS = [1, 2, 3, 5, 7, 14] as const;
/** Online variants: the ones the app's menu offers (plain chess, a check of the rules core, is not). */
export const ONLINE_VARIANTS = MENU_VARIANT_IDS;

export interface NewGame {
  readonly game: GameRow;
  readonly seats: readonly SeatRow[];
  readonly events: readonly EventRow[];
  readonly creator: Color;
  readonly creatorSecret: string;
  readonly inviteSecret: string;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function newGame(body: unknown, now: number, random: () => number = Math.random): Result<NewGame, Refusal> {
  const bad = (m: string) => err(new Refusal('bad-request', m));
  if (!isObject(body)) return bad('the body must be a JSON object');
  const variant = body.variant;
  if (typeof variant !== 'string' || !ONLINE_VARIANTS.includes(variant) || !findVariant(variant))
    return bad(`variant must be one of ${ONLINE_VARIANTS.join(', ')}`);
  let marriage: GameRow['marriage'] = null;
  if (findVariant(variant)?.end.marriage) {
    const m = body.marriage ?? 'immediate';
    if (m !== 'immediate' && m !== 'delayed') return bad('marriage must be "immediate" or "delayed"');
    marriage = m;
  } else if (body.marriage !== undefined) return bad(`${variant} has no marriage rule`);
  const colorWish = body.color ?? 'random';
  if (colorWish !== 'white' && colorWish !== 'black' && colorWish !== 'random')
    return bad('color must be "white", "black" or "random"');
  const creator: Color = colorWish === 'random' ? (random() < 0.5 ? 'white' : 'black') : colorWish;
  const clock = body.clock ?? { kind: 'none' };
  if (!isObject(clock)) return bad('clock must be an object');
  let tc: Pick<GameRow, 'tcKind' | 'baseMs' | 'incMs' | 'days'>;
  if (clock.kind === 'realtime') {
    const base = clock.baseSeconds;
    const inc = clock.incrementSeconds ?? 0;
    if (typeof base !== 'number' || !Number.isInteger(base) || base < 1 || base > 3 * 3600)
      return bad('clock.baseSeconds must be a whole number from 1 to 10800');
    if (typeof inc !== 'number' || !Number.isInteger(inc) || inc < 0 || inc > 180)
      return bad('clock.incrementSeconds must be a whole number from 0 to 180');
    tc = { tcKind: 'realtime', baseMs: base * 1000, incMs: inc * 1000, days: 0 };
  } else if (clock.kind === 'correspondence') {
    const days = clock.days;
    if (typeof days !== 'number' || !(CORRESPONDENCE_DAYS as readonly number[]).includes(days))
      return bad(`clock.days must be one of ${CORRESPONDENCE_DAYS.join(', ')}`);
    tc = { tcKind: 'correspondence', baseMs: 0, incMs: 0, days };
  } else if (clock.kind === 'none') tc = { tcKind: 'none', baseMs: 0, incMs: 0, days: 0 };
  else return bad('clock.kind must be "realtime", "correspondence" or "none"');

  const id = newGameId();
  const creatorSecret = newSecret();
  const inviteSecret = newSecret();
  const game: GameRow = {
    id,
    variant,
    marriage,
    ...tc,
    status: 'waiting',
    result: '*',
    reason: null,
    ply: 0,
    seq: 1,
    whiteMs: tc.baseMs,
    blackMs: tc.baseMs,
    turnStartedAt: null,
    deadline: null,
    drawOffer: null,
    takebackAsk: null,
    rematchAsk: null,
    rematchId: null,
    rematchOf: null,
    createdAt: now,
    updatedAt: now,
  };
  const opponent: Color = creator === 'white' ? 'black' : 'white';
  const seats: SeatRow[] = [
    { gameId: id, color: creator, secretHash: hashSecret(creatorSecret), joinedAt: now, presentUntil: null },
    { gameId: id, color: opponent, secretHash: hashSecret(inviteSecret), joinedAt: null, presentUntil: null },
  ];
  const events: EventRow[] = [{ seq: 1, type: 'created', data: JSON.stringify({ creator }), at: now }];
  return ok({ game, seats, events, creator, creatorSecret, inviteSecret });
}

export { DAY_MS };
