/**
 * `caravan perft --variant <id> --depth <n> [--variants <file>] [--fen "<fen>"] [--marriage immediate|delayed]
 * [--divide] [--time]`
 */

import { parseFen } from '../core/fen.js';
import { perft, perftDivide } from '../core/perft.js';
import { moveToUci } from '../notation/uci.js';
import { DEFAULT_VARIANT_ID, VARIANT_IDS, withMarriageMode } from '../variants/index.js';
import { booleanFlag, flag, parseArgs, UsageError } from './args.js';
import { VARIANTS_FLAG_HELP, variantsOfFlags } from './variant-files.js';

export const PERFT_HELP = `usage: caravan perft --variant <id> --depth <n> [options]
Counts the leaf nodes of the tree of legal moves (RULES.md §5).
options:
  --variant <id>        ${VARIANT_IDS.join(', ')} (default ${DEFAULT_VARIANT_ID}),
                        or one of a --variants file
${VARIANTS_FLAG_HELP}
  --depth <n>           plies, 0–20 (required)
  --fen "<fen>"         start from this position (default: the variant's start)
  --marriage <mode>     Bachelor Kamil: immediate (default) or delayed (RULES.md §4)
  --divide              one line per first move with its count
  --time                print the time taken and nodes per second (--time=false: off)`;

export function perftCommand(argv: readonly string[], out: (line: string) => void): void {
  const args = parseArgs(argv, {
    values: ['variant', 'variants', 'depth', 'fen', 'marriage'],
    booleans: ['divide', 'time'],
  });
  const variants = variantsOfFlags(args);
  const id = flag(args, 'variant') ?? DEFAULT_VARIANT_ID;
  const found = variants.find((v) => v.id === id);
  if (!found) throw new UsageError(`unknown variant '${id}' (known: ${variants.map((v) => v.id).join(', ')})`);
  let variant = found;
  const marriage = flag(args, 'marriage');
  if (marriage !== undefined) {
    if (marriage !== 'immediate' && marriage !== 'delayed') {
      throw new UsageError(`--marriage must be immediate or delayed, got '${marriage}'`);
    }
    if (!variant.end.marriage) throw new UsageError(`--marriage: ${variant.name} has no marriage rule`);
    variant = withMarriageMode(variant, marriage);
  }
  const depthText = flag(args, 'depth');
  if (depthText === undefined) throw new UsageError('--depth is required');
  if (!/^\d{1,2}$/.test(depthText) || Number(depthText) > 20)
    throw new UsageError(`bad depth '${depthText}': expected an integer 0–20`);
  const depth = Number(depthText);
  const parsed = parseFen(variant, flag(args, 'fen') ?? variant.startFen);
  if (!parsed.ok) throw new UsageError(`bad FEN: ${parsed.error.message}`);
  const pos = parsed.value;
  const started = performance.now();
  let total: number;
  if (booleanFlag(args, 'divide')) {
    total = 0;
    for (const { move, nodes } of perftDivide(pos, depth)) {
      out(`${moveToUci(pos, move)} ${nodes}`);
      total += nodes;
    }
    if (depth === 0) total = 1;
  } else total = perft(pos, depth);
  if (booleanFlag(args, 'time')) {
    const ms = performance.now() - started;
    out(`time ${Math.round(ms)} ms, ${Math.round((total / Math.max(ms, 1)) * 1000)} nodes/s`);
  }
  out(`nodes ${total}`);
}
