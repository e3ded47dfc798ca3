/** Line-oriented process I/O for the protocol front ends. */

import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

/**
 * Call `onLine` for each input line (CR/LF stripped) until the stream ends or `onLine` returns
 * 'stop'. Resolves with 'eof' or 'stopped'.
 */
export function readLines(input: Readable, onLine: (line: string) => 'continue' | 'stop'): Promise<'eof' | 'stopped'> {
  return new Promise((resolve) => {
    const rl = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY, terminal: false });
    let done = false;
    rl.on('line', (line) => {
      if (done) return;
      if (onLine(line) === 'stop') {
        done = true;
        rl.close();
        resolve('stopped');
      }
    });
    rl.on('close', () => {
      if (!done) {
        done = true;
        resolve('eof');
      }
    });
  });
}

/** A GUI that goes away closes our stdout: leave quietly instead of dying on EPIPE. */
export function exitQuietlyOnClosedOutput(): void {
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
}
