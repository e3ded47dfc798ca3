/**
 * Where the tests find the repository and the shared specification folder. Tests run compiled
 * (dist/test/…), so paths are resolved by walking up to the repository's package.json rather
 * than relative to the compiled file.
 */

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRepoRoot(start: string): string {
  let dir = start;
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      const name = (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name;
      if (name === 'caravan') return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no caravan package.json above ${start}`);
    dir = parent;
  }
}

/** The repository root (the folder holding Caravan's package.json). */
export const REPO_ROOT = findRepoRoot(dirname(fileURLToPath(import.meta.url)));

/**
 * The shared folder (RULES.md, perft references, Fairy-Stockfish definitions): beside the
 * repository, as in the work tree and in CI; `CARAVAN_SHARED` overrides.
 */
export const SHARED_DIR = process.env.CARAVAN_SHARED
  ? resolve(process.env.CARAVAN_SHARED)
  : resolve(REPO_ROOT, '..', 'shared');

/** Source fixtures (JSON data checked into test/fixtures, read from the source tree, not dist). */
export const FIXTURES_DIR = join(REPO_ROOT, 'test', 'fixtures');

export function sharedFile(...parts: string[]): string {
  return join(SHARED_DIR, ...parts);
}

export function fixtureFile(name: string): string {
  return join(FIXTURES_DIR, name);
}
