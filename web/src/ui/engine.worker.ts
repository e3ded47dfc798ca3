/**
 * The engine in a Web Worker: the page never freezes while it thinks. One search at a time;
 * a search is stopped through a shared flag when the page is cross-origin isolated, otherwise
 * the page terminates the worker and starts a new one.
 */

import type { Move } from '../../../src/core/move.js';
import { Position } from '../../../src/core/position.js';
import type { Score, SearchInfo } from '../../../src/engine/api.js';
import { createEngine } from '../../../src/engine/index.js';
import { moveToSan } from '../../../src/notation/san.js';
import { moveToUci, parseUciMove } from '../../../src/notation/uci.js';
import { resolveVariant } from '../../../src/variants/index.js';
import type { FromWorker, SearchRequest } from '../model/engine-protocol.js';

interface WorkerScope {
  onmessage: ((e: MessageEvent<SearchRequest>) => void) | null;
  postMessage(message: FromWorker): void;
}
const scope = self as unknown as WorkerScope;
const engine = createEngine();
let lastGameKey = '';

/** The PV in SAN, played on a copy of the position. */
function pvSan(pos: Position, pv: readonly Move[]): string[] {
  const p = pos.clone();
  const out: string[] = [];
  try {
    for (const m of pv) {
      out.push(moveToSan(p, m));
      p.make(m);
    }
  } catch {
    // a PV move that is not legal (should not happen): show what we have
  }
  return out;
}

const plainScore = (s: Score) => ({ kind: s.kind, value: s.value });

scope.onmessage = (e) => {
  const req = e.data;
  if (req.type !== 'search') return;
  const started = Date.now();
  try {
    const def = resolveVariant(req.variantId, { marriage: req.marriageMode });
    if (!def.ok) throw def.error;
    const parsed = Position.fromFen(def.value, req.startFen);
    if (!parsed.ok) throw parsed.error;
    const pos = parsed.value;
    for (const uci of req.moves) {
      const m = parseUciMove(pos, uci);
      if (!m.ok) throw m.error;
      pos.make(m.value);
    }
    const gameKey = `${req.variantId}|${req.marriageMode}|${req.startFen}`;
    if (gameKey !== lastGameKey) {
      engine.newGame();
      lastGameKey = gameKey;
    }
    const root = pos.clone();
    const result = engine.search(pos, {
      limits: {
        ...(req.level !== undefined ? { level: req.level } : {}),
        ...(req.movetime !== undefined ? { movetime: req.movetime } : {}),
        ...(req.depth !== undefined ? { depth: req.depth } : {}),
      },
      ...(req.stop ? { stopFlag: new Int32Array(req.stop) } : {}),
      ...(req.seed !== undefined ? { seed: req.seed } : {}),
      onInfo: (info: SearchInfo) =>
        scope.postMessage({
          type: 'info',
          id: req.id,
          depth: info.depth,
          score: plainScore(info.score),
          nodes: info.nodes,
          nps: info.nps,
          timeMs: info.timeMs,
          pv: pvSan(root, info.pv),
        }),
    });
    scope.postMessage({
      type: 'done',
      id: req.id,
      bestmove: result.bestMove ? moveToUci(root, result.bestMove) : null,
      score: plainScore(result.score),
      depth: result.depth,
      pv: pvSan(root, result.pv),
      timeMs: Date.now() - started,
    });
  } catch (err) {
    scope.postMessage({ type: 'error', id: req.id, message: err instanceof Error ? err.message : String(err) });
  }
};
