/** `caravan perft --variant <id> --depth <n> [--fen "<fen>"] [--divide]` */

import { parseFen } from '../core/fen.js';
import { perft, perftDivide } from '../core/perft.js';
import { moveToUci } from '../notation/uci.js';
import { DEFAULT_VARIANT_ID, findVariant, VARIANT_IDS } from '../variants/index.js';
import { flag, parseArgs, UsageError } from './args.js';

export function perftCommand(argv: readonly string[], out: (line: string) => void): void {
  const args = parseArgs(argv, ['divide', 'time']);
  for (const name of args.flags.keys()) {
    if (!['variant', 'depth', 'fen', 'divide', 'time'].includes(name)) throw new UsageError(`unknown option --${name}`);
  }
  const id = flag(args, 'variant') ?? DEFAULT_VARIANT_ID;
  const variant = findVariant(id);
  if (!variant) throw new UsageError(`unknown variant '${id}' (known: ${VARIANT_IDS.join(', ')})`);
  const depthText = flag(args, 'depth');
  if (depthText === undefined) throw new UsageError('--depth is required');
  if (!/^\d+$/.test(depthText) || Number(depthText) > 20)
    throw new UsageError(`bad depth '${depthText}': expected an integer 0–20`);
  const depth = Number(depthText);
  const parsed = parseFen(variant, flag(args, 'fen') ?? variant.startFen);
  if (!parsed.ok) throw new UsageError(`bad FEN: ${parsed.error.message}`);
  const pos = parsed.value;
  const started = performance.now();
  let total: number;
  if (flag(args, 'divide')) {
    total = 0;
    for (const { move, nodes } of perftDivide(pos, depth)) {
      out(`${moveToUci(pos, move)} ${nodes}`);
      total += nodes;
    }
    if (depth === 0) total = 1;
  } else total = perft(pos, depth);
  if (flag(args, 'time')) {
    const ms = performance.now() - started;
    out(`time ${Math.round(ms)} ms, ${Math.round((total / Math.max(ms, 1)) * 1000)} nodes/s`);
  }
  out(`nodes ${total}`);
}
