/**
 * `caravan <args>` as a real process for protocol tests: every line it writes is kept, so a
 * test can look at what came before a point. Waits have generous guards; nothing asserts on
 * timing.
 */

import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { EngineProcess } from '../../src/match/engine-process.js';
import { REPO_ROOT } from './paths.js';

export const CLI = join(REPO_ROOT, 'dist', 'src', 'cli', 'main.js');
const GUARD = 30_000;

/** `caravan <args>` run to its end with empty input: its exit status and output. */
export function caravan(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', input: '', timeout: GUARD });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

export class CliDriver {
  readonly lines: string[] = [];
  readonly proc: EngineProcess;
  constructor(args: string) {
    this.proc = new EngineProcess(`node ${JSON.stringify(CLI)} ${args}`);
    this.proc.onLine = (l) => this.lines.push(l);
  }
  send(line: string): void {
    this.proc.send(line);
  }
  /** The next line (from now on) matching `re`. */
  expect(re: RegExp, timeoutMs = GUARD): Promise<string> {
    return this.proc.waitFor((l) => re.test(l), timeoutMs);
  }
  /**
   * The `count`-th line matching `re` from line index `from` on, waiting for it if needed.
   * (Two answers can arrive in one chunk of output, before a second `expect` would be listening.)
   */
  async nth(re: RegExp, count: number, from: number): Promise<string> {
    for (;;) {
      const seen = this.lines.slice(from).filter((l) => re.test(l));
      if (seen.length >= count) return seen[count - 1]!;
      await this.expect(re);
    }
  }
}
