/** `caravan bench [--depth n] [--hash mb]`: fixed-depth search over the built-in positions. */

import { BENCH_DEFAULT_DEPTH, runBench } from '../engine/bench.js';
import { flag, parseArgs, UsageError } from './args.js';

export function benchCommand(argv: readonly string[], out: (line: string) => void): void {
  const args = parseArgs(argv, []);
  for (const name of args.flags.keys()) {
    if (!['depth', 'hash'].includes(name)) throw new UsageError(`unknown option --${name}`);
  }
  if (args.positional.length > 0) throw new UsageError(`unexpected argument '${args.positional[0]}'`);
  const depthText = flag(args, 'depth') ?? String(BENCH_DEFAULT_DEPTH);
  if (!/^\d+$/.test(depthText) || Number(depthText) < 1 || Number(depthText) > 30) {
    throw new UsageError(`bad depth '${depthText}': expected an integer 1–30`);
  }
  const hashText = flag(args, 'hash') ?? '16';
  if (!/^\d+$/.test(hashText) || Number(hashText) < 1 || Number(hashText) > 4096) {
    throw new UsageError(`bad hash size '${hashText}': expected MiB 1–4096`);
  }
  const depth = Number(depthText);
  const result = runBench(
    depth,
    (l) => {
      const score = l.score.kind === 'mate' ? `mate ${l.score.value}` : `cp ${l.score.value}`;
      out(
        `${String(l.index).padStart(2)} ${l.position.variant.padEnd(26)} ${l.position.label.padEnd(10)} ` +
          `depth ${l.depth}  nodes ${String(l.nodes).padStart(9)}  ${String(Math.round(l.ms)).padStart(6)} ms  ` +
          `bestmove ${l.bestMove.padEnd(7)} score ${score}`,
      );
    },
    undefined,
    Number(hashText),
  );
  out('===========================');
  out(`Total time (ms): ${Math.round(result.totalMs)}`);
  out(`Total nodes: ${result.totalNodes}`);
  out(`Nodes/second: ${result.nps}`);
}
