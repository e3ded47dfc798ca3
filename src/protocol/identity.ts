/** The engine's name and version as the protocols announce them (version from package.json). */

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ENGINE_NAME = 'Caravan';
export const ENGINE_AUTHOR = 'the Caravan authors';

let cached: string | undefined;

/** Caravan's version, read from the package.json above this file ('dev' if none is found). */
export function engineVersion(): string {
  if (cached !== undefined) return cached;
  cached = 'dev';
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      const data = JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string; version?: string };
      if (data.name === 'caravan' && data.version) {
        cached = data.version;
        break;
      }
    }
    dir = dirname(dir);
  }
  return cached;
}
