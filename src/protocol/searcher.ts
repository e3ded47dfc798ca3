/**
 * The main thread's handle on the search worker. The protocol front ends talk to a `Searcher`;
 * `WorkerSearcher` runs the engine in a `node:worker_threads` worker so the protocol loop keeps
 * reading input while it searches, and stops it through a SharedArrayBuffer flag.
 *
 * One search at a time: `start` while a search runs is refused (the caller stops first).
 */

import { Worker } from 'node:worker_threads';
import type { Engine } from '../engine/api.js';
import { steadyJit } from './jit.js';
import type { FromWorker, InfoReport, SearchReport, SearchRequest, ToWorker, WorkerReady } from './search-messages.js';
import { runSearch } from './search-runner.js';

export interface SearchCallbacks {
  readonly onInfo: (info: InfoReport) => void;
  readonly onDone: (result: SearchReport) => void;
  /** The worker failed (bad request or engine crash); the search is over. */
  readonly onError: (message: string) => void;
}

export interface Searcher {
  readonly busy: boolean;
  /**
   * Resolves once a search started now keeps its time limit (the worker has warmed up):
   * `readyok` and `pong` wait for it (issue 14 item 5).
   */
  whenReady(): Promise<void>;
  /** True once whenReady has resolved (and no worker restart is pending). */
  readonly ready: boolean;
  /** Start a search; false (and nothing happens) when one is already running. */
  start(request: SearchRequest, callbacks: SearchCallbacks): boolean;
  /** Ask the running search to stop; its onDone follows soon with the best move so far. */
  stop(): void;
  newGame(): void;
  setHash(mb: number): void;
  /** Stop any search and end the worker. */
  close(): Promise<void>;
}

export class WorkerSearcher implements Searcher {
  private worker: Worker | undefined;
  private readonly stopFlag = new Int32Array(new SharedArrayBuffer(4));
  private current: { id: number; callbacks: SearchCallbacks } | undefined;
  private nextId = 1;
  private closed = false;
  private hashMb: number | undefined;
  private isReady = false;
  private failuresWhileWaited = 0;
  private readyWaiters: Array<() => void> = [];

  constructor() {
    this.worker = this.spawn();
  }

  /** A worker with its own engine; after a crash the next search gets a fresh one. */
  private spawn(): Worker {
    steadyJit();
    this.isReady = false;
    const worker = new Worker(new URL('./search-worker.js', import.meta.url), {
      workerData: { stopFlag: this.stopFlag },
    });
    worker.on('message', (msg: FromWorker | WorkerReady) => this.receive(msg));
    worker.on('error', (e) => this.fail(worker, `search worker crashed: ${e.message}`));
    worker.on('exit', (code) => this.fail(worker, `search worker exited (code ${code})`));
    if (this.hashMb !== undefined) worker.postMessage({ type: 'hash', mb: this.hashMb } satisfies ToWorker);
    return worker;
  }

  get busy(): boolean {
    return this.current !== undefined;
  }

  get ready(): boolean {
    return this.isReady || this.closed;
  }

  whenReady(): Promise<void> {
    if (this.ready) return Promise.resolve();
    // A worker that crashed is replaced now, so the answer does not wait for the next search.
    this.worker ??= this.spawn();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  private becameReady(): void {
    this.isReady = true;
    const waiters = this.readyWaiters;
    this.readyWaiters = [];
    for (const w of waiters) w();
  }

  start(request: SearchRequest, callbacks: SearchCallbacks): boolean {
    if (this.current || this.closed) return false;
    this.worker ??= this.spawn();
    const id = this.nextId++;
    this.current = { id, callbacks };
    Atomics.store(this.stopFlag, 0, 0);
    this.post({ type: 'search', id, request });
    return true;
  }

  stop(): void {
    if (this.current) Atomics.store(this.stopFlag, 0, 1);
  }

  newGame(): void {
    this.post({ type: 'newgame' });
  }

  setHash(mb: number): void {
    this.hashMb = mb;
    this.post({ type: 'hash', mb });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.becameReady(); // nobody waits for a worker that will not come
    Atomics.store(this.stopFlag, 0, 1);
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }

  private post(msg: ToWorker): void {
    if (!this.closed) this.worker?.postMessage(msg);
  }

  private receive(msg: FromWorker | WorkerReady): void {
    if (msg.type === 'ready') {
      this.becameReady();
      return;
    }
    const cur = this.current;
    if (!cur || msg.id !== cur.id) return;
    if (msg.type === 'info') cur.callbacks.onInfo(msg.info);
    else {
      this.current = undefined;
      if (msg.type === 'done') cur.callbacks.onDone(msg.result);
      else cur.callbacks.onError(msg.message);
    }
  }

  private fail(worker: Worker, message: string): void {
    if (this.worker !== worker) return; // an old worker, or close() ended it
    this.worker = undefined;
    this.isReady = false;
    const cur = this.current;
    this.current = undefined;
    if (cur) cur.callbacks.onError(message);
    if (this.readyWaiters.length > 0) {
      // Someone waits for readyok/pong: try a fresh worker, but never leave them waiting for good.
      if (++this.failuresWhileWaited < 3) this.worker = this.spawn();
      else this.becameReady();
    }
  }
}

/**
 * A Searcher that runs the engine on the calling thread: `start` returns only after the search
 * (and its callbacks) are done, so `stop` has nothing to interrupt. For embedding where threads
 * are unwanted and for deterministic tests of the protocol state machines.
 */
export class InlineSearcher implements Searcher {
  private running = false;

  constructor(private readonly engine: Engine) {}

  get busy(): boolean {
    return this.running;
  }

  readonly ready = true;

  whenReady(): Promise<void> {
    return Promise.resolve();
  }

  start(request: SearchRequest, callbacks: SearchCallbacks): boolean {
    if (this.running) return false;
    this.running = true;
    let result: SearchReport | undefined;
    let failure: string | undefined;
    try {
      result = runSearch(this.engine, request, undefined, callbacks.onInfo);
    } catch (e) {
      failure = e instanceof Error ? e.message : String(e);
    }
    this.running = false;
    if (result) callbacks.onDone(result);
    else callbacks.onError(failure ?? 'search failed');
    return true;
  }

  stop(): void {}

  newGame(): void {
    this.engine.newGame();
  }

  setHash(mb: number): void {
    this.engine.setHashSize(mb);
  }

  async close(): Promise<void> {}
}
