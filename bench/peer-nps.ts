/**
 * Nodes per second of Caravan and a peer engine (e.g. native Fairy-Stockfish) searching the same
 * positions to the same node count, one engine at a time, so that both run on the same core
 * under the same load. Positions are taken from a match log (`caravan match --log`): the
 * `position` commands sent at the given plies of its first games.
 *
 *   taskset -c 1 node dist/bench/peer-nps.js --variant shatranj-kamil --log sk80.uci.log \
 *     --peer /work/fsf-native/fsf-caravan [--plies 20,40,60] [--games 3] [--nodes 1000000] [--runs 2] \
 *     [--caravan "node dist/src/cli/main.js uci"]
 *
 * Each engine is asked `ucinewgame`, the position and `go nodes N`; its speed is the last `info`
 * line's nodes over its time. One search of the first position, before, is not counted (the
 * warm-up of Caravan's JIT). The engines alternate position by position and run by run; the
 * table shows each one's median over the runs and the ratio peer / Caravan. Pin the command to
 * one core (`taskset -c 1`): the engines are its children and inherit the pinning (on the
 * machine here the two cores ran a third apart, bench/README.md, twenty-fourth session).
 */

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { EngineProcess } from '../src/match/engine-process.js';
import { median } from '../src/match/log-stats.js';

const args = process.argv.slice(2);
function opt(name: string, dflt?: string): string {
  const i = args.indexOf(`--${name}`);
  const v = i >= 0 ? args[i + 1] : dflt;
  if (v === undefined) {
    console.error(`peer-nps: --${name} is required`);
    process.exit(2);
  }
  return v;
}

const here = dirname(fileURLToPath(import.meta.url));
const variant = opt('variant');
const logPath = opt('log');
const peerCommand = opt('peer');
const caravanCommand = opt('caravan', `node ${join(here, '..', 'src', 'cli', 'main.js')} uci`);
const plies = opt('plies', '20,40,60').split(',').map(Number);
const games = Number(opt('games', '3'));
const nodes = Number(opt('nodes', '1000000'));
const runs = Number(opt('runs', '2'));
for (const [name, v] of [
  ['games', games],
  ['nodes', nodes],
  ['runs', runs],
] as const) {
  if (!Number.isInteger(v) || v < 1) {
    console.error(`peer-nps: --${name} must be a positive integer`);
    process.exit(2);
  }
}

/** The distinct `position` commands of the log with `ply` moves, in order of appearance. */
function positionsAt(log: string, ply: number): string[] {
  const seen = new Set<string>();
  for (const line of log.split('\n')) {
    const m = /> (position (?:startpos|fen .*?) moves (.*))$/.exec(line);
    if (m && (m[2] as string).trim().split(/\s+/).length === ply) seen.add(m[1] as string);
  }
  return [...seen];
}

interface Sample {
  readonly nps: number;
  readonly depth: number;
}

class Engine {
  private readonly process: EngineProcess;
  constructor(
    readonly name: string,
    command: string,
  ) {
    this.process = new EngineProcess(command);
  }

  async start(): Promise<void> {
    this.process.send('uci');
    await this.process.waitFor((l) => l === 'uciok', 30_000);
    this.process.send(`setoption name UCI_Variant value ${variant}`);
    this.process.send('isready');
    await this.process.waitFor((l) => l === 'readyok', 30_000);
  }

  async search(position: string): Promise<Sample> {
    this.process.send('ucinewgame');
    this.process.send(position);
    this.process.send('isready');
    await this.process.waitFor((l) => l === 'readyok', 30_000);
    let last: Sample | undefined;
    this.process.onLine = (line) => {
      const n = /\bnodes (\d+)/.exec(line);
      const t = /\btime (\d+)/.exec(line);
      const d = /\bdepth (\d+)/.exec(line);
      if (line.startsWith('info') && n && t && Number(t[1]) > 0)
        last = { nps: (Number(n[1]) * 1000) / Number(t[1]), depth: Number(d?.[1] ?? 0) };
    };
    this.process.send(`go nodes ${nodes}`);
    await this.process.waitFor((l) => l.startsWith('bestmove'), 600_000);
    this.process.onLine = undefined;
    if (!last) throw new Error(`${this.name} reported no nodes and time for ${position}`);
    return last;
  }

  close(): Promise<void> {
    return this.process.close();
  }
}

const log = readFileSync(logPath, 'utf8');
const positions: { label: string; command: string }[] = [];
for (const ply of plies) {
  positionsAt(log, ply)
    .slice(0, games)
    .forEach((command, i) => {
      positions.push({ label: `ply ${ply} #${i + 1}`, command });
    });
}
if (positions.length === 0) {
  console.error(`peer-nps: no position with ${plies.join(', ')} moves in ${logPath}`);
  process.exit(1);
}

const engines = [new Engine('Caravan', caravanCommand), new Engine('peer', peerCommand)];
for (const e of engines) {
  await e.start();
  // A search not counted: Caravan's first searches run while V8 is still compiling the hot code.
  await e.search((positions[0] as { command: string }).command);
}
const samples = positions.map(() => engines.map((): Sample[] => []));
for (let run = 0; run < runs; run++) {
  for (let p = 0; p < positions.length; p++) {
    for (let e = 0; e < engines.length; e++) {
      samples[p]![e]!.push(await (engines[e] as Engine).search((positions[p] as { command: string }).command));
    }
  }
}
for (const e of engines) await e.close();

console.log(`${variant}: ${nodes} nodes a search, ${runs} run(s), median k nodes/s (depth)`);
console.log('position        Caravan         peer   peer / Caravan');
const ratios: number[] = [];
for (let p = 0; p < positions.length; p++) {
  const [c, f] = samples[p]!.map((s) => ({
    nps: median(s.map((x) => x.nps)) as number,
    depth: median(s.map((x) => x.depth)) as number,
  })) as [Sample, Sample];
  ratios.push(f.nps / c.nps);
  const cell = (s: Sample) => `${(s.nps / 1000).toFixed(0).padStart(6)} (${String(s.depth).padStart(2)})`;
  console.log(`${positions[p]!.label.padEnd(14)} ${cell(c)}  ${cell(f)}   ${(f.nps / c.nps).toFixed(2)}`);
}
console.log(`median ratio peer / Caravan: ${(median(ratios) as number).toFixed(2)}`);
