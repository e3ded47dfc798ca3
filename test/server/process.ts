/** The game server as a real child process (crash and multi-process tests, the bench). */

import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from '../helpers/paths.js';

export interface ServerProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** SIGKILL: no chance to flush or close anything. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  // CARAVAN_SERVER_NODE_ARGS: extra node flags for the server (e.g. --cpu-prof when measuring).
  const extra = (process.env.CARAVAN_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...extra, join(REPO_ROOT, 'dist', 'src', 'server', 'main.js')], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errText = '';
  child.stderr?.on('data', (d) => {
    errText += String(d);
    if (process.env.CARAVAN_SERVER_STDERR) process.stderr.write(d);
  });
  const url = await new Promise<string>((ok, fail) => {
    let out = '';
    child.stdout?.on('data', (d) => {
      out += String(d);
      const m = /listening (http:\/\/\S+)/.exec(out);
      if (m) ok((m[1] as string).replace('localhost', '127.0.0.1'));
    });
    child.once('exit', (code) => fail(new Error(`server exited (${code}) before listening: ${errText}`)));
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return {
    url,
    child,
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
