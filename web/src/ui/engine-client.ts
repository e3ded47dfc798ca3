/**
 * The page side of the engine worker (messages: src/protocol/search-messages.ts, the same schema
 * as the CLI's search worker). One search at a time, newest wins. Stopping uses a shared flag
 * when the page is cross-origin isolated (the app's server sends the headers); otherwise the
 * worker is terminated and a fresh one started. A search of another game than the last one
 * starts with `newgame`, so the engine forgets what it learned.
 */

import type {
  FromWorker,
  InfoReport,
  SearchReport,
  SearchRequest,
  ToWorker,
} from '../../../src/protocol/search-messages.js';

type Pending = {
  readonly id: number;
  readonly onInfo: (info: InfoReport) => void;
  readonly resolve: (done: SearchReport | undefined) => void;
  readonly stop: Int32Array | undefined;
};

export class EngineClient {
  private worker: Worker | undefined;
  private nextId = 1;
  private pending: Pending | undefined;
  /** The game (variant, marriage mode, start) the worker's engine last searched. */
  private lastGame = '';

  private spawn(): Worker {
    const w = new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name: 'caravan-engine' });
    w.onmessage = (e: MessageEvent<FromWorker>) => this.receive(e.data);
    w.onerror = (e) => {
      console.error('engine worker error', e.message);
      this.finish(undefined);
    };
    this.lastGame = '';
    return w;
  }

  private post(worker: Worker, msg: ToWorker): void {
    worker.postMessage(msg);
  }

  private receive(msg: FromWorker): void {
    const p = this.pending;
    if (!p || msg.id !== p.id) return;
    if (msg.type === 'info') p.onInfo(msg.info);
    else if (msg.type === 'done') this.finish(msg.result);
    else {
      console.error('engine:', msg.message);
      this.finish(undefined);
    }
  }

  private finish(done: SearchReport | undefined): void {
    const p = this.pending;
    this.pending = undefined;
    p?.resolve(done);
  }

  get busy(): boolean {
    return this.pending !== undefined;
  }

  /** Search; resolves with the answer, or undefined when stopped or replaced by a newer search. */
  search(request: SearchRequest, onInfo: (info: InfoReport) => void = () => {}): Promise<SearchReport | undefined> {
    this.cancel();
    this.worker ??= this.spawn();
    const worker = this.worker;
    const id = this.nextId++;
    const shared =
      typeof SharedArrayBuffer !== 'undefined' && globalThis.crossOriginIsolated ? new SharedArrayBuffer(4) : undefined;
    const stop = shared ? new Int32Array(shared) : undefined;
    const game = `${request.variantId}|${request.marriage}|${request.startFen}`;
    if (game !== this.lastGame) {
      this.post(worker, { type: 'newgame' });
      this.lastGame = game;
    }
    return new Promise((resolve) => {
      this.pending = { id, onInfo, resolve, stop };
      this.post(worker, { type: 'search', id, request, ...(shared ? { stop: shared } : {}) });
    });
  }

  /** Stop the current search; its promise resolves with undefined. */
  cancel(): void {
    const p = this.pending;
    if (!p) return;
    this.pending = undefined;
    if (p.stop) Atomics.store(p.stop, 0, 1);
    else {
      this.worker?.terminate();
      this.worker = undefined;
    }
    p.resolve(undefined);
  }

  dispose(): void {
    this.cancel();
    this.worker?.terminate();
    this.worker = undefined;
  }
}
