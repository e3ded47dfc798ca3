/** Scripted players: play a known line in a game, from wherever the stored game stands. */

import { type Msg, WsClient } from './client.js';

export interface Pair {
  readonly id: string;
  readonly white: string;
  readonly black: string;
}

export interface Acked {
  readonly game: string;
  readonly ply: number;
  readonly uci: string;
}

export interface PlayResult {
  readonly how: 'ended' | 'closed' | 'done';
  /** Round trips: move sent → the opponent's socket has the event (ms). */
  readonly trips: number[];
}

/**
 * Seat both players (White on `whiteUrl`, Black on `blackUrl`: two processes may serve them),
 * then play `line` from the game's current ply, up to `stopAt` plies. Every acknowledged move is
 * pushed to `acked`. A dropped connection (a killed server) ends the run with 'closed'.
 */
export async function playLine(
  whiteUrl: string,
  blackUrl: string,
  g: Pair,
  line: readonly string[],
  acked: Acked[],
  stopAt = line.length,
  /** Mean pause before each move (0.5–1.5× this, at random), as a player thinks; 0 = none. */
  thinkMs = 0,
): Promise<PlayResult> {
  let white: WsClient | undefined;
  let black: WsClient | undefined;
  const trips: number[] = [];
  try {
    white = await WsClient.join(whiteUrl, g.id, g.white);
    black = await WsClient.join(blackUrl, g.id, g.black);
    const first = black.received.find((m) => m.type === 'state') as Msg | undefined;
    let ply = first ? (first.game as { ply: number }).ply : 0;
    if (first && (first.game as { status: string }).status === 'ended') return { how: 'ended', trips };
    while (ply < Math.min(stopAt, line.length)) {
      const mover = ply % 2 === 0 ? white : black;
      const opponent = ply % 2 === 0 ? black : white;
      if (thinkMs > 0) await new Promise((r) => setTimeout(r, thinkMs * (0.5 + Math.random())));
      const sent = performance.now();
      const uci = line[ply] as string;
      const answer = await mover.move(uci, ply, `${g.id}:${ply}`);
      if (answer.type === 'error') {
        if (answer.code === 'stale-ply' || answer.code === 'game-over') return { how: 'ended', trips };
        throw new Error(`${g.id} ply ${ply}: ${JSON.stringify(answer)}`);
      }
      acked.push({ game: g.id, ply, uci });
      const p = ply;
      await opponent.event('move', (e) => e.ply === p);
      trips.push(performance.now() - sent);
      ply++;
    }
    return { how: ply >= line.length ? 'ended' : 'done', trips };
  } catch (e) {
    if ((white?.closed || black?.closed) ?? true) return { how: 'closed', trips };
    throw e;
  } finally {
    await white?.close().catch(() => undefined);
    await black?.close().catch(() => undefined);
  }
}
