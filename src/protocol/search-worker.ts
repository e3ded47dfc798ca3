/**
 * The search worker thread: owns one engine (its transposition table persists across searches),
 * replays each request's game and searches it, posting info reports and the result. The stop
 * flag is a SharedArrayBuffer Int32Array shared with the main thread (workerData.stopFlag).
 */

import { parentPort, workerData } from 'node:worker_threads';
import { Position } from '../core/position.js';
import { createEngine } from '../engine/index.js';
import { loadNetworks } from '../engine/nnue/node-loader.js';
import { VARIANTS } from '../variants/index.js';
import type { FromWorker, ToWorker, WorkerReady } from './search-messages.js';
import { serveWorkerMessage } from './search-runner.js';

const port = parentPort;
if (!port) throw new Error('search-worker.js must run in a worker thread');
const stopFlag = (workerData as { stopFlag: Int32Array }).stopFlag;
// Learned evaluations (CARAVAN_NNUE, see src/engine/nnue/node-loader.ts); a bad weights file
// leaves the hand-written evaluation in charge and says why.
const networks = loadNetworks();
if (!networks.ok) process.stderr.write(`caravan: ${networks.error.message}\n`);
const engine = createEngine();

// Warm the JIT before the first real search: a cold engine searches 5–20× slower for its first
// few hundred milliseconds, which costs the first moves of every clocked game. A few thousand
// nodes per variant (well under a second) are enough; then the engine forgets them.
for (const variant of VARIANTS) {
  const pos = Position.fromFen(variant);
  if (pos.ok) engine.search(pos.value, { limits: { nodes: 4000 } });
}
engine.newGame();
port.postMessage({ type: 'ready' } satisfies WorkerReady);

port.on('message', (msg: ToWorker) =>
  serveWorkerMessage(engine, msg, (reply: FromWorker) => port.postMessage(reply), stopFlag),
);
