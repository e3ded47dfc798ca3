/**
 * What the engine should be doing for the page, decided from the controller's snapshot: play the
 * computer's move, analyse the ply shown, or nothing. A job is typed data; two jobs are the same
 * when they are of the same kind for the same position (the scheduler keeps a running job that
 * is still wanted and replaces it otherwise).
 */

import type { Color } from '../../../src/core/outcome.js';
import type { SearchRequest } from '../../../src/protocol/search-messages.js';
import type { GameController } from './controller.js';

/** Thinking time of an analysis search (ms): long enough to go deep, then the line stays up. */
export const ANALYSIS_MS = 8000;

export interface EngineJob {
  readonly kind: 'move' | 'analyse';
  /** The live position it was asked for (Snapshot.positionId) and the ply searched. */
  readonly positionId: number;
  readonly ply: number;
  /** Side to move in the searched position: scores are from its point of view. */
  readonly turn: Color;
  readonly request: SearchRequest;
}

export interface EngineWishes {
  /** The analysis panel is on. */
  readonly analysis: boolean;
  /** Thinking time per computer move (ms), when the link set one; otherwise the level decides. */
  readonly thinkMs?: number;
  /** Seed of the computer's randomness in this page (added to the ply: each move differs). */
  readonly seed: number;
}

export function wantedJob(c: GameController, wishes: EngineWishes): EngineJob | undefined {
  const snap = c.snapshot;
  const s = c.settings;
  const game = { variantId: s.variantId, marriage: s.marriageMode, startFen: c.startFen, pvNotation: 'san' } as const;
  if (snap.engineToMove) {
    const moves = snap.moves.map((m) => m.uci);
    return {
      kind: 'move',
      positionId: snap.positionId,
      ply: moves.length,
      turn: snap.liveTurn,
      request: {
        ...game,
        moves,
        limits: { level: s.level, ...(wishes.thinkMs !== undefined ? { movetime: wishes.thinkMs } : {}) },
        seed: wishes.seed + moves.length,
      },
    };
  }
  if (wishes.analysis && !(snap.live && snap.end)) {
    const moves = snap.moves.slice(0, snap.ply).map((m) => m.uci);
    return {
      kind: 'analyse',
      positionId: snap.positionId,
      ply: snap.ply,
      turn: snap.turn,
      // Contempt 0: the panel shows a draw as 0.00 (the playing engine's dislike of draws is its own).
      request: { ...game, moves, limits: { movetime: ANALYSIS_MS }, contempt: 0 },
    };
  }
  return undefined;
}

export function sameJob(a: EngineJob | undefined, b: EngineJob | undefined): boolean {
  if (!a || !b) return a === b;
  return a.kind === b.kind && a.positionId === b.positionId && a.ply === b.ply;
}
