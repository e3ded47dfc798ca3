/**
 * Issue 14 item 6 (and issue 10 item 1): with 50 ms left on the clock, `caravan uci` answers
 * before the clock runs out, in every variant. Bachelor Kamil used to rebuild its tables and
 * clear its transposition table on every search (a new definition object each time) and ran
 * past such clocks. A behavioural contract over the real process: the time from `go` to
 * `bestmove` as a GUI sees it, counted over ten positions per variant (see cpuMs for how a busy
 * machine is told apart). The engine's own budget at this clock is about 1.4 ms, so an overrun
 * that is real repeats: a position that answered late is searched once more, and only a second
 * late answer counts (a one-off collector pause or compile on a loaded CI machine once took
 * 56 ms; the Bachelor Kamil bug above was late on every search).
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { VARIANTS } from '../../src/variants/index.js';
import { CliDriver } from '../helpers/cli-driver.js';
import { randomGameFens } from '../helpers/random-game.js';
import { makeRng } from '../helpers/rng.js';

const CLOCK_MS = 50;
const POSITIONS = 10;

/**
 * CPU time the process has used (ms, in 10 ms ticks; Linux /proc). A search counts as overrunning
 * the clock when the answer came late *and* the process itself worked that long, so a machine
 * busy with other work (descheduling, not work) does not fail the test. Without /proc, wall
 * time alone decides.
 */
function cpuMs(pid: number | undefined): number | undefined {
  const path = `/proc/${pid}/stat`;
  if (pid === undefined || !existsSync(path)) return undefined;
  // Fields after the command name: state is field 3, utime 14 and stime 15 (man 5 proc).
  const fields = (readFileSync(path, 'utf8').split(') ')[1] as string).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Ten positions of a random game (seeded), every third ply, none over. */
function positions(seed: number, def: (typeof VARIANTS)[number]): string[] {
  const fens = randomGameFens(def, def.startFen, makeRng(seed), 3 * POSITIONS + 30);
  return fens.filter((_, i) => i % 3 === 0).slice(0, POSITIONS);
}

describe('caravan uci answers `go wtime 50 btime 50` before the clock runs out', { timeout: 180_000 }, () => {
  let d: CliDriver;
  before(async () => {
    d = new CliDriver('uci');
    d.send('uci');
    await d.expect(/^uciok$/);
    // A fresh process's first search may still wait for the worker's warm-up (issue 14 item 5,
    // a separate contract): start measuring after one.
    d.send('go movetime 100');
    await d.expect(/^bestmove /);
  });
  after(() => d.proc.kill());

  const cases = [
    ...VARIANTS.map((v) => ({ def: v, marriage: undefined as string | undefined })),
    ...VARIANTS.filter((v) => v.end.marriage).map((v) => ({ def: v, marriage: 'delayed' })),
  ];
  for (const [n, { def, marriage }] of cases.entries()) {
    it(`${def.id}${marriage ? ` (marriage ${marriage})` : ''}`, async () => {
      d.send(`setoption name UCI_Variant value ${def.id}`);
      d.send(`setoption name UCI_Marriage value ${marriage ?? 'immediate'}`);
      d.send('ucinewgame');
      d.send('isready');
      await d.expect(/^readyok$/);
      const overruns: string[] = [];
      /** The search of `fen` on the short clock: undefined when it answered in time, else how late. */
      const overrun = async (fen: string): Promise<string | undefined> => {
        d.send(`position fen ${fen}`);
        const cpuBefore = cpuMs(d.proc.pid);
        const sent = performance.now();
        d.send(`go wtime ${CLOCK_MS} btime ${CLOCK_MS}`);
        const line = await d.expect(/^bestmove /);
        const took = performance.now() - sent;
        const cpuAfter = cpuMs(d.proc.pid);
        const worked =
          cpuBefore === undefined || cpuAfter === undefined ? Number.POSITIVE_INFINITY : cpuAfter - cpuBefore;
        assert.notEqual(line, 'bestmove (none)', fen);
        return took >= CLOCK_MS && worked >= CLOCK_MS ? `${Math.round(took)} ms (${worked} ms CPU)` : undefined;
      };
      for (const fen of positions(1000 + n, def)) {
        const first = await overrun(fen);
        const again = first === undefined ? undefined : await overrun(fen);
        if (again !== undefined) overruns.push(`${first}, then ${again}: ${fen}`);
      }
      assert.deepEqual(overruns, [], `bestmove after the clock ran out (${CLOCK_MS} ms)`);
    });
  }
});
