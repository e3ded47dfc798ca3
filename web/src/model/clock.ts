/**
 * Chess clocks for offline games (issue 13): a time control (base + increment), the two sides'
 * remaining time, and who is running. Pure: time is passed in (ms from any monotonic source), so
 * the page drives it with performance.now() and tests with plain numbers.
 */

import type { Color } from '../../../src/core/outcome.js';

export interface TimeControl {
  /** Time for the game per side (ms) and added after each move (ms). */
  readonly baseMs: number;
  readonly incMs: number;
}

/** The presets offered, as players write them (minutes + seconds). */
export const CLOCK_PRESETS: readonly string[] = ['1+0', '3+2', '5+3', '10+5', '15+10', '30+0'];

const MAX_BASE_MS = 3 * 3600_000;
const MAX_INC_MS = 180_000;

/**
 * "5+3" (minutes + seconds; minutes may be a fraction, "0.25+0" is 15 s) → a time control. A
 * space stands for the plus too: a URL's query reads a bare `+` as a space (`tc=5+3`).
 */
export function parseTimeControl(text: string): TimeControl | string {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(?:\+|\s)\s*(\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!m) return `'${text.trim()}' is not a time control like 5+3 (minutes + seconds per move)`;
  const baseMs = Math.round(Number(m[1]) * 60_000);
  const incMs = Math.round(Number(m[2]) * 1000);
  if (baseMs < 1000) return 'the time for the game must be at least one second';
  if (baseMs > MAX_BASE_MS) return 'the time for the game is at most 180 minutes';
  if (incMs > MAX_INC_MS) return 'the increment is at most 180 seconds';
  return { baseMs, incMs };
}

/** PGN's TimeControl tag: "300+3" (seconds + seconds). */
export function timeControlTag(tc: TimeControl): string {
  return `${Math.round(tc.baseMs / 1000)}+${Math.round(tc.incMs / 1000)}`;
}

/** "5+3" as the page shows it. */
export function timeControlText(tc: TimeControl): string {
  const min = tc.baseMs / 60_000;
  return `${Number.isInteger(min) ? min : min.toFixed(2).replace(/0+$/, '')}+${tc.incMs / 1000}`;
}

/** A reading of a clock: "4:59", "0:09.3" under ten seconds, "1:02:00" over an hour. */
export function formatClock(ms: number): string {
  const t = Math.max(0, ms);
  if (t < 10_000) return `0:0${(Math.floor(t / 100) / 10).toFixed(1)}`;
  const s = Math.ceil(t / 1000);
  const h = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

/** The clock state a saved game keeps (remaining ms per side; nobody runs while it is stored). */
export interface ClockState {
  readonly white: number;
  readonly black: number;
}

const idx = (c: Color) => (c === 'white' ? 0 : 1);

export class GameClock {
  readonly control: TimeControl;
  private readonly left: [number, number];
  private running: Color | undefined;
  private since = 0;

  constructor(control: TimeControl, state?: ClockState) {
    this.control = control;
    this.left = state ? [state.white, state.black] : [control.baseMs, control.baseMs];
  }

  /** Remaining time of a side at `now`. */
  remaining(side: Color, now: number): number {
    const base = this.left[idx(side)] as number;
    return this.running === side ? base - (now - this.since) : base;
  }

  get runningSide(): Color | undefined {
    return this.running;
  }

  /** Start (or keep) `side`'s clock running from `now`; the other stops. */
  run(side: Color, now: number): void {
    if (this.running === side) return;
    this.stop(now);
    this.running = side;
    this.since = now;
  }

  /** Stop whichever clock runs (its time used so far is charged). */
  stop(now: number): void {
    if (this.running) this.left[idx(this.running)] = this.remaining(this.running, now);
    this.running = undefined;
  }

  /** `side` has moved at `now`: its time is charged, the increment added, the other side runs. */
  moved(side: Color, now: number): void {
    if (this.running === side) this.stop(now);
    this.left[idx(side)] = (this.left[idx(side)] as number) + this.control.incMs;
    this.run(side === 'white' ? 'black' : 'white', now);
  }

  /** The side whose flag has fallen at `now`, if any. */
  flagged(now: number): Color | undefined {
    if (this.running && this.remaining(this.running, now) <= 0) return this.running;
    if ((this.left[0] as number) <= 0) return 'white';
    if ((this.left[1] as number) <= 0) return 'black';
    return undefined;
  }

  state(now: number): ClockState {
    return { white: Math.max(0, this.remaining('white', now)), black: Math.max(0, this.remaining('black', now)) };
  }
}

/**
 * How long the computer thinks with `left` ms on its clock (and `incMs` per move): a fortieth of
 * what is left plus most of the increment, never more than a third of what is left.
 */
export function engineMoveTime(left: number, incMs: number): number {
  const wish = left / 40 + incMs * 0.8;
  return Math.max(50, Math.min(Math.round(wish), Math.round(left / 3)));
}
