/**
 * Networks known to the engine, by variant id. The engine layer reads no files: the CLI's
 * search worker (node-loader.ts) and the web worker (fetch) decode weights and register them
 * here; the search uses a variant's network when one is registered and enabled, and the
 * hand-written evaluation otherwise.
 */

import type { NetworkWeights } from './format.js';

const networks = new Map<string, NetworkWeights>();

export function registerNetwork(weights: NetworkWeights): void {
  networks.set(weights.variant, weights);
}

export function unregisterNetwork(variantId: string): void {
  networks.delete(variantId);
}

export function networkFor(variantId: string): NetworkWeights | undefined {
  return networks.get(variantId);
}
