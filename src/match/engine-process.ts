/**
 * A chess engine as a child process speaking a line protocol: send lines, wait for the line
 * that answers. Used by the match tool for both UCI and XBoard engines.
 */

import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export class EngineExited extends Error {}
export class EngineTimeout extends Error {}

interface Waiter {
  readonly match: (line: string) => boolean;
  readonly resolve: (line: string) => void;
  readonly reject: (e: Error) => void;
  readonly timer: NodeJS.Timeout | undefined;
}

export class EngineProcess {
  private readonly child: ChildProcessWithoutNullStreams;
  private waiters: Waiter[] = [];
  private exitInfo: string | undefined;
  private killed = false;
  private readonly exitPromise: Promise<void>;
  /** Every line received, for diagnostics (the last ones). */
  private readonly recent: string[] = [];
  /** Called for every line the engine writes (after waiters are checked). */
  onLine: ((line: string) => void) | undefined;

  /**
   * Start `command` through /bin/sh (`exec`, so the engine itself is the child and can be
   * killed). `log` receives "> sent" / "< received" lines when given.
   */
  constructor(
    readonly command: string,
    private readonly log?: (line: string) => void,
    cwd?: string,
  ) {
    // A process group of its own: Ctrl-C in a terminal signals the whole foreground group, and
    // an engine dying of it before the match tool stops would be scored as a crash. The owner
    // closes its engines; one whose owner is gone sees its input end and exits.
    this.child = spawn('/bin/sh', ['-c', `exec ${command}`], { stdio: ['pipe', 'pipe', 'pipe'], cwd, detached: true });
    this.exitPromise = new Promise((resolve) => {
      this.child.on('exit', (code, signal) => {
        this.exitInfo = signal ? `killed by ${signal}` : `exited with code ${code}`;
        const waiters = this.waiters;
        this.waiters = [];
        for (const w of waiters) {
          if (w.timer) clearTimeout(w.timer);
          w.reject(new EngineExited(`engine '${this.command}' ${this.exitInfo}${this.tail()}`));
        }
        resolve();
      });
      this.child.on('error', (e) => {
        this.exitInfo = `could not start: ${e.message}`;
        resolve();
      });
    });
    this.child.stdin.on('error', () => {
      // Writing to an engine that died: reported through exit.
    });
    const rl = createInterface({ input: this.child.stdout, crlfDelay: Number.POSITIVE_INFINITY });
    rl.on('line', (line) => this.receive(line));
    // Drain stderr so the engine never blocks on a full pipe; keep it for diagnostics.
    const err = createInterface({ input: this.child.stderr, crlfDelay: Number.POSITIVE_INFINITY });
    err.on('line', (line) => this.remember(`[stderr] ${line}`));
  }

  /** The process has ended, or was killed and is about to. */
  /** The engine's process id (the shell execs the command, so it is the engine itself). */
  get pid(): number | undefined {
    return this.child.pid;
  }

  get exited(): boolean {
    return this.exitInfo !== undefined || this.killed;
  }

  get exitDescription(): string | undefined {
    return this.exitInfo;
  }

  send(line: string): void {
    this.log?.(`> ${line}`);
    if (this.exitInfo === undefined && this.child.stdin.writable) this.child.stdin.write(`${line}\n`);
  }

  /** Close the engine's stdin (end of input). */
  endInput(): void {
    this.child.stdin.end();
  }

  /**
   * Resolve with the first line (from now on) that `match` accepts; reject on exit or after
   * `timeoutMs` (no timeout when undefined).
   */
  waitFor(match: (line: string) => boolean, timeoutMs?: number): Promise<string> {
    if (this.exitInfo !== undefined) {
      return Promise.reject(new EngineExited(`engine '${this.command}' ${this.exitInfo}${this.tail()}`));
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        match,
        resolve,
        reject,
        timer:
          timeoutMs === undefined
            ? undefined
            : setTimeout(
                () => {
                  this.waiters = this.waiters.filter((w) => w !== waiter);
                  reject(new EngineTimeout(`engine '${this.command}' did not answer within ${timeoutMs} ms`));
                },
                Math.max(0, timeoutMs),
              ),
      };
      this.waiters.push(waiter);
    });
  }

  /** Ask politely (`quitCommand`), then kill after `graceMs`. */
  async close(quitCommand = 'quit', graceMs = 1000): Promise<void> {
    if (this.exitInfo === undefined) this.send(quitCommand);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    await this.exitPromise;
    clearTimeout(timer);
  }

  kill(): void {
    if (this.exitInfo === undefined) {
      this.killed = true;
      this.child.kill('SIGKILL');
    }
  }

  private receive(line: string): void {
    this.log?.(`< ${line}`);
    this.remember(line);
    const waiter = this.waiters.find((w) => w.match(line));
    if (waiter) {
      this.waiters = this.waiters.filter((w) => w !== waiter);
      if (waiter.timer) clearTimeout(waiter.timer);
      waiter.resolve(line);
    }
    this.onLine?.(line);
  }

  private remember(line: string): void {
    this.recent.push(line);
    if (this.recent.length > 8) this.recent.shift();
  }

  private tail(): string {
    return this.recent.length ? ` (last output: ${this.recent.slice(-3).join(' | ')})` : '';
  }
}
