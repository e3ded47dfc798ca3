/**
 * `caravan uci` / `caravan xboard` as a real child process for hostile-input tests: raw bytes
 * can be written (invalid UTF-8, NUL, lone CR), every output line is kept with the time it
 * arrived, and the process's exit is seen at once. Waits have guards; a timeout is an error
 * that names what was awaited.
 */

import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { CLI } from './cli-driver.js';

export class RawEngine {
  readonly lines: string[] = [];
  /** performance.now() at which each line arrived. */
  readonly times: number[] = [];
  readonly child: ChildProcessWithoutNullStreams;
  exit: { code: number | null; signal: string | null } | undefined;
  stderr = '';
  private partial = '';
  private listeners: Array<() => void> = [];

  constructor(protocol: 'uci' | 'xboard') {
    this.child = spawn(process.execPath, [CLI, protocol], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => {
      const now = performance.now();
      const parts = (this.partial + chunk).split('\n');
      this.partial = parts.pop() ?? '';
      for (const l of parts) {
        this.lines.push(l);
        this.times.push(now);
      }
      this.notify();
    });
    this.child.stderr.setEncoding('utf8');
    this.child.stderr.on('data', (chunk: string) => {
      if (this.stderr.length < 10_000) this.stderr += chunk;
    });
    this.child.stdin.on('error', () => {}); // a dead engine is reported by `alive`, not by EPIPE
    this.child.on('exit', (code, signal) => {
      this.exit = { code, signal };
      this.notify();
    });
  }

  get alive(): boolean {
    return this.exit === undefined;
  }

  write(data: string | Uint8Array): void {
    if (this.alive) this.child.stdin.write(data);
  }

  send(line: string): void {
    this.write(`${line}\n`);
  }

  private notify(): void {
    const ls = this.listeners;
    this.listeners = [];
    for (const l of ls) l();
  }

  /** Index of the first line at or after `from` matching `re`, waiting for it. */
  async waitFor(re: RegExp, from: number, what: string, timeoutMs = 20_000): Promise<number> {
    const deadline = performance.now() + timeoutMs;
    let i = from;
    for (;;) {
      for (; i < this.lines.length; i++) if (re.test(this.lines[i] as string)) return i;
      if (!this.alive)
        throw new Error(`engine exited (${JSON.stringify(this.exit)}) waiting for ${what}: ${this.stderr}`);
      const left = deadline - performance.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}; last lines: ${this.lines.slice(-5).join(' | ')}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.listeners.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Lines from `from` on matching `re`. */
  count(re: RegExp, from = 0): number {
    let n = 0;
    for (let i = from; i < this.lines.length; i++) if (re.test(this.lines[i] as string)) n++;
    return n;
  }

  /** Wait until `n` lines from `from` on match `re`. */
  async waitForCount(re: RegExp, n: number, from: number, what: string, timeoutMs = 20_000): Promise<void> {
    let at = from;
    for (let k = 0; k < n; k++) at = (await this.waitFor(re, at, `${what} (${k + 1} of ${n})`, timeoutMs)) + 1;
  }

  async close(quit: string): Promise<void> {
    if (this.alive) {
      this.send(quit);
      this.child.stdin.end();
      const killer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
      await new Promise<void>((resolve) => {
        if (!this.alive) resolve();
        else this.child.on('exit', () => resolve());
      });
      clearTimeout(killer);
    }
  }
}
