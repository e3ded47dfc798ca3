/**
 * The engine in a Web Worker: the page never freezes while it thinks. It answers the same
 * messages as the CLI's search worker, with the same code (src/protocol/search-runner.ts); a
 * search is stopped through the shared flag its message brings when the page is cross-origin
 * isolated, otherwise the page terminates the worker and starts a new one.
 */

import { createEngine } from '../../../src/engine/index.js';
import type { FromWorker, ToWorker } from '../../../src/protocol/search-messages.js';
import { serveWorkerMessage } from '../../../src/protocol/search-runner.js';

interface WorkerScope {
  onmessage: ((e: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker): void;
}
const scope = self as unknown as WorkerScope;
const engine = createEngine();

scope.onmessage = (e) => serveWorkerMessage(engine, e.data, (reply) => scope.postMessage(reply));
