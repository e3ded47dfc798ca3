/**
 * The engine in a Web Worker: the page never freezes while it thinks. It answers the same
 * messages as the CLI's search worker, with the same code (src/protocol/search-runner.ts); a
 * search is stopped through the shared flag its message brings when the page is cross-origin
 * isolated, otherwise the page terminates the worker and starts a new one.
 */

import { createEngine } from '../../../src/engine/index.js';
import { networkAsset } from '../../../src/engine/nnue/assets.js';
import { decodeWeights } from '../../../src/engine/nnue/format.js';
import { registerNetwork } from '../../../src/engine/nnue/registry.js';
import type { FromWorker, ToWorker } from '../../../src/protocol/search-messages.js';
import { serveWorkerMessage } from '../../../src/protocol/search-runner.js';

interface WorkerScope {
  onmessage: ((e: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker): void;
}
const scope = self as unknown as WorkerScope;
const engine = createEngine();

/**
 * Network weights (assets/nnue), emitted by Vite as separate files and fetched only when their
 * variant is first searched, so they never weigh on the first page load. A file that cannot be
 * fetched or decoded leaves the hand-written evaluation in charge.
 */
const weightUrls = import.meta.glob('../../../assets/nnue/*.nnue', { query: '?url', import: 'default' });
const networkLoads = new Map<string, Promise<void>>();

function ensureNetwork(variantId: string): Promise<void> {
  const asset = networkAsset(variantId);
  const loader = asset?.enabled ? weightUrls[`../../../assets/nnue/${asset.file}`] : undefined;
  if (!loader) return Promise.resolve();
  let load = networkLoads.get(variantId);
  if (!load) {
    load = (async () => {
      const url = (await loader()) as string;
      const response = await fetch(url);
      const weights = decodeWeights(new Uint8Array(await response.arrayBuffer()));
      if (weights.ok) registerNetwork(weights.value);
    })().catch(() => undefined);
    networkLoads.set(variantId, load);
  }
  return load;
}

scope.onmessage = async (e) => {
  if (e.data.type === 'search') await ensureNetwork(e.data.request.variantId);
  serveWorkerMessage(engine, e.data, (reply) => scope.postMessage(reply));
};
