/**
 * The page side of the engine worker: one search at a time, newest wins. Stopping uses a shared
 * flag when the page is cross-origin isolated (the app's server sends the headers); otherwise
 * the worker is terminated and a fresh one started.
 */

import type { DoneMessage, FromWorker, InfoMessage, SearchRequest } from '../model/engine-protocol.js';

type Pending = {
  readonly id: number;
  readonly onInfo: (info: InfoMessage) => void;
  readonly resolve: (done: DoneMessage | undefined) => void;
  readonly stop: Int32Array | undefined;
};

export type SearchParams = Omit<SearchRequest, 'type' | 'id' | 'stop'>;

export class EngineClient {
  private worker: Worker | undefined;
  private nextId = 1;
  private pending: Pending | undefined;

  private spawn(): Worker {
    const w = new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name: 'caravan-engine' });
    w.onmessage = (e: MessageEvent<FromWorker>) => this.receive(e.data);
    w.onerror = (e) => {
      console.error('engine worker error', e.message);
      this.finish(undefined);
    };
    return w;
  }

  private receive(msg: FromWorker): void {
    const p = this.pending;
    if (!p || msg.id !== p.id) return;
    if (msg.type === 'info') p.onInfo(msg);
    else if (msg.type === 'done') this.finish(msg);
    else {
      console.error('engine:', msg.message);
      this.finish(undefined);
    }
  }

  private finish(done: DoneMessage | undefined): void {
    const p = this.pending;
    this.pending = undefined;
    p?.resolve(done);
  }

  get busy(): boolean {
    return this.pending !== undefined;
  }

  /** Search; resolves with the answer, or undefined when stopped or replaced by a newer search. */
  search(params: SearchParams, onInfo: (info: InfoMessage) => void = () => {}): Promise<DoneMessage | undefined> {
    this.cancel();
    this.worker ??= this.spawn();
    const id = this.nextId++;
    const shared =
      typeof SharedArrayBuffer !== 'undefined' && globalThis.crossOriginIsolated ? new SharedArrayBuffer(4) : undefined;
    const stop = shared ? new Int32Array(shared) : undefined;
    return new Promise((resolve) => {
      this.pending = { id, onInfo, resolve, stop };
      const req: SearchRequest = { type: 'search', id, ...params, ...(shared ? { stop: shared } : {}) };
      this.worker?.postMessage(req);
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
