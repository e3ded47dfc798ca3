/** A scripted player over a real WebSocket, for the server tests and the load bench. */

import WebSocket from 'ws';

export type Msg = Record<string, unknown> & { type: string };

export class WsClient {
  readonly received: Msg[] = [];
  private cursor = 0;
  private waiters: (() => void)[] = [];
  closed = false;
  closeCode = 0;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.received.push(JSON.parse(data.toString()) as Msg);
      this.wake();
    });
    ws.on('close', (code) => {
      this.closed = true;
      this.closeCode = code;
      this.wake();
    });
    ws.on('error', () => undefined);
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  static open(baseUrl: string): Promise<WsClient> {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`);
    return new Promise((ok, fail) => {
      ws.once('open', () => ok(new WsClient(ws)));
      ws.once('error', fail);
    });
  }

  /** Open and say hello; resolves after the first `state` or `events` answer. */
  static async join(baseUrl: string, game: string, secret?: string, seq?: number): Promise<WsClient> {
    const c = await WsClient.open(baseUrl);
    c.send({ type: 'hello', game, ...(secret ? { secret } : {}), ...(seq !== undefined ? { seq } : {}) });
    await c.next((m) => m.type === 'state' || m.type === 'events' || m.type === 'error');
    return c;
  }

  send(msg: unknown): void {
    this.ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
  }

  /** The next message (after those already taken) that matches; fails if the socket closes first. */
  async next(match: (m: Msg) => boolean = () => true, limitMs = 30_000): Promise<Msg> {
    const started = Date.now();
    for (;;) {
      while (this.cursor < this.received.length) {
        const m = this.received[this.cursor++] as Msg;
        if (match(m)) return m;
      }
      if (this.closed)
        throw new Error(
          `socket closed (${this.closeCode}) while waiting; got ${JSON.stringify(this.received.slice(-3))}`,
        );
      if (Date.now() - started > limitMs)
        throw new Error(`no matching message; last: ${JSON.stringify(this.received.slice(-3))}`);
      await new Promise<void>((wake) => {
        const t = setTimeout(wake, limitMs);
        this.waiters.push(() => {
          clearTimeout(t);
          wake();
        });
      });
    }
  }

  /** Events seen so far, by number (from `events` messages and the `state` snapshot's seq). */
  events(): Msg[] {
    const out: Msg[] = [];
    for (const m of this.received) if (m.type === 'events') out.push(...(m.events as Msg[]));
    return out;
  }

  /** Send a move and wait for its answer (an ack or an error with the same id). */
  async move(uci: string, ply: number, id: string | number = `${ply}`): Promise<Msg> {
    this.send({ type: 'move', uci, ply, id });
    return this.next((m) => (m.type === 'ack' || m.type === 'error') && m.id === id);
  }

  async act(type: string, id: string | number = type): Promise<Msg> {
    this.send({ type, id });
    return this.next((m) => (m.type === 'ack' || m.type === 'error') && m.id === id);
  }

  /** Wait until an event of this type (and matching) has arrived. */
  async event(type: string, match: (e: Msg) => boolean = () => true): Promise<Msg> {
    for (;;) {
      const found = this.events().find((e) => e.type === type && match(e));
      if (found) return found;
      await this.next((m) => m.type === 'events');
    }
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((done) => {
      this.ws.once('close', () => done());
      this.ws.close();
    });
  }
}

export interface Created {
  id: string;
  color: 'white' | 'black';
  secret: string;
  links: {
    private: { path: string; url: string };
    invite: { path: string; url: string };
    watch: { path: string; url: string };
  };
}

export async function createGame(
  baseUrl: string,
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const r = await fetch(`${baseUrl}/api/games`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

/** Create a game and seat both players: returns the white and black secrets. */
export async function newPair(
  baseUrl: string,
  body: Record<string, unknown>,
): Promise<{ id: string; white: string; black: string }> {
  const r = await createGame(baseUrl, { color: 'white', ...body });
  if (r.status !== 201) throw new Error(`create failed: ${JSON.stringify(r.body)}`);
  const c = r.body as unknown as Created;
  const invite = c.links.invite.path.split('/').pop() as string;
  return c.color === 'white'
    ? { id: c.id, white: c.secret, black: invite }
    : { id: c.id, white: invite, black: c.secret };
}

export async function getGame(baseUrl: string, id: string): Promise<Record<string, unknown>> {
  const r = await fetch(`${baseUrl}/api/games/${id}`);
  return (await r.json()) as Record<string, unknown>;
}
