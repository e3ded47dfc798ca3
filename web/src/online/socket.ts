/**
 * The page's connection to the game server: says hello with the last event number it has, and
 * comes back by itself after a drop (the server then sends what was missed).
 */

export type ServerMessage = Record<string, unknown> & { readonly type: string };

export interface SocketHandlers {
  message(m: ServerMessage): void;
  connected(on: boolean): void;
}

export class GameSocket {
  private ws: WebSocket | undefined;
  private retryMs = 500;
  private timer: number | undefined;
  private stopped = false;
  /** The last event number the page has applied (sent in hello on every reconnect). */
  seq = 0;

  constructor(
    private readonly gameId: string,
    private readonly secret: string | undefined,
    private readonly handlers: SocketHandlers,
  ) {
    this.open();
  }

  private open(): void {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(`${proto}//${location.host}/ws`);
    this.ws = ws;
    ws.addEventListener('open', () => {
      this.retryMs = 500;
      ws.send(
        JSON.stringify({
          type: 'hello',
          game: this.gameId,
          ...(this.secret ? { secret: this.secret } : {}),
          ...(this.seq > 0 ? { seq: this.seq } : {}),
        }),
      );
      this.handlers.connected(true);
    });
    ws.addEventListener('message', (e) => {
      try {
        this.handlers.message(JSON.parse(String(e.data)) as ServerMessage);
      } catch {
        // Not ours to understand: ignore it.
      }
    });
    ws.addEventListener('close', (e) => {
      if (this.ws !== ws) return;
      this.handlers.connected(false);
      // 4003 wrong secret, 4004 unknown game: trying again would not help.
      if (this.stopped || e.code === 4003 || e.code === 4004) return;
      this.timer = window.setTimeout(() => this.open(), this.retryMs);
      this.retryMs = Math.min(5000, this.retryMs * 2);
    });
  }

  send(msg: Record<string, unknown>): boolean {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  /** Drop the connection and come back at once (to fetch what is missing after a gap). */
  resync(fromScratch = false): void {
    if (fromScratch) this.seq = 0;
    const ws = this.ws;
    this.ws = undefined;
    ws?.close();
    this.handlers.connected(false);
    this.open();
  }

  close(): void {
    this.stopped = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.ws?.close();
  }
}
