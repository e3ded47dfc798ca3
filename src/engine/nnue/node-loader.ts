/**
 * Loading networks from disk for the Node engine (the search worker, benches, tools); the web
 * worker fetches the same files instead. CARAVAN_NNUE chooses:
 *   unset  the networks that assets.ts enables by default
 *   on     every network in assets.ts
 *   off    none (the hand-written evaluation everywhere)
 *   a,b    these weights files (paths), each for the variant written in its header
 */

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CaravanError } from '../../core/errors.js';
import { err, ok, type Result } from '../../core/result.js';
import { NETWORK_ASSETS } from './assets.js';
import { decodeWeights, type NetworkWeights } from './format.js';
import { registerNetwork, unregisterNetwork } from './registry.js';

/** assets/nnue of the repository (this file runs from dist/src/engine/nnue or src/engine/nnue). */
export function assetsDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const fromDist = resolve(here, '..', '..', '..', '..', 'assets', 'nnue');
  return existsSync(fromDist) ? fromDist : resolve(here, '..', '..', '..', 'assets', 'nnue');
}

export function readWeightsFile(path: string): Result<NetworkWeights, CaravanError> {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path);
  } catch (e) {
    return err(new CaravanError('invalid-weights', `cannot read network weights ${path}: ${(e as Error).message}`));
  }
  const w = decodeWeights(bytes);
  if (!w.ok) return err(new CaravanError('invalid-weights', `${path}: ${w.error.message}`));
  return ok(w.value);
}

/** Variants whose networks the last loadNetworks registered (a new call replaces them). */
const loadedIds: string[] = [];

/** Register the networks CARAVAN_NNUE asks for; returns the variant ids loaded. */
export function loadNetworks(setting: string | undefined = process.env.CARAVAN_NNUE): Result<string[], CaravanError> {
  const loaded: string[] = [];
  for (const id of loadedIds) unregisterNetwork(id);
  loadedIds.length = 0;
  if (setting === 'off') return ok(loaded);
  const files: string[] = [];
  if (setting === undefined || setting === '' || setting === 'on') {
    for (const asset of NETWORK_ASSETS) {
      if (setting === 'on' || asset.enabled) files.push(join(assetsDir(), asset.file));
    }
  } else files.push(...setting.split(',').filter((s) => s !== ''));
  for (const file of files) {
    const w = readWeightsFile(file);
    if (!w.ok) return w;
    registerNetwork(w.value);
    loaded.push(w.value.variant);
    loadedIds.push(w.value.variant);
  }
  return ok(loaded);
}
