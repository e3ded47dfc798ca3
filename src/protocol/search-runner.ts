/**
 * Run one search request on an engine: rebuild the game from its start FEN and moves (so the
 * Position's undo stack holds the repetition history), search, and report in move text. And
 * answer one worker message (search-messages.ts) — the whole of both search workers, the CLI's
 * (search-worker.ts) and the web app's. Free of any thread or I/O concerns.
 */

import { Game } from '../core/game.js';
import type { Move } from '../core/move.js';
import type { Position } from '../core/position.js';
import type { Engine, Score } from '../engine/api.js';
import { moveToSan } from '../notation/san.js';
import { moveToUci, parseUciMove } from '../notation/uci.js';
import { resolveVariant } from '../variants/index.js';
import type { MarriageMode, VariantDefinition } from '../variants/schema.js';
import type { FromWorker, InfoReport, ScoreText, SearchReport, SearchRequest, ToWorker } from './search-messages.js';

/** How a request names its variant: by id when Caravan ships it, as data (`definition`) when not. */
export function requestVariant(
  def: VariantDefinition,
  marriage: MarriageMode,
): Pick<SearchRequest, 'variantId' | 'marriage' | 'definition'> {
  const byId = resolveVariant(def.id, { marriage });
  const own = resolveVariant(def, { marriage });
  const shipped = byId.ok && own.ok && byId.value === own.value;
  return shipped ? { variantId: def.id, marriage } : { variantId: def.id, marriage, definition: def };
}

/** The variant a request names (the same object for the same variant and mode, see resolveVariant). */
export function variantOfRequest(
  request: Pick<SearchRequest, 'variantId' | 'marriage' | 'definition'>,
): VariantDefinition {
  const def = resolveVariant(request.definition ?? request.variantId, { marriage: request.marriage });
  if (!def.ok) throw def.error;
  return def.value;
}

/** Rebuild the game a request describes; throws on a bad FEN or move (the front end validated them). */
export function rebuildGame(request: SearchRequest): Game {
  const created = Game.create(variantOfRequest(request), request.startFen);
  if (!created.ok) throw new Error(`bad FEN in search request: ${created.error.message}`);
  const game = created.value;
  for (const text of request.moves) {
    const m = parseUciMove(game.position, text);
    if (!m.ok) throw new Error(`bad move in search request: ${m.error.message}`);
    const played = game.play(m.value);
    if (!played.ok) throw new Error(`cannot play ${text}: ${played.error.message}`);
  }
  return game;
}

/**
 * A line of moves as text (UCI, or SAN), made on a clone so `pos` is untouched. Stops at the end
 * marker (0) or at the first move that is not legal where it stands.
 */
export function lineToText(pos: Position, line: readonly Move[], notation: 'uci' | 'san' = 'uci'): string[] {
  const p = pos.clone();
  const out: string[] = [];
  for (const m of line) {
    if (m === 0) break;
    if (notation === 'uci') out.push(moveToUci(p, m));
    else {
      try {
        out.push(moveToSan(p, m));
      } catch {
        break; // SAN needs a legal move: show the line up to it
      }
    }
    p.make(m);
  }
  return out;
}

function scoreText(s: Score): ScoreText {
  return { kind: s.kind, value: s.value };
}

export function runSearch(
  engine: Engine,
  request: SearchRequest,
  stopFlag: Int32Array | undefined,
  onInfo: (info: InfoReport) => void,
): SearchReport {
  const game = rebuildGame(request);
  const pos = game.position;
  const notation = request.pvNotation ?? 'uci';
  if (game.outcome() !== undefined || game.legalMoves().length === 0) {
    return { bestMove: undefined, ponder: undefined, score: { kind: 'cp', value: 0 }, depth: 0, nodes: 0, pv: [] };
  }
  const result = engine.search(pos, {
    limits: request.limits,
    stopFlag,
    seed: request.seed,
    multiPv: request.multiPv,
    contempt: request.contempt,
    onInfo: (info) =>
      onInfo({
        ...(info.multipv !== undefined ? { multipv: info.multipv } : {}),
        depth: info.depth,
        seldepth: info.seldepth,
        score: scoreText(info.score),
        nodes: info.nodes,
        nps: info.nps,
        timeMs: info.timeMs,
        pv: lineToText(pos, info.pv, notation),
      }),
  });
  let best = result.bestMove;
  let engineError: string | undefined;
  // The contract says 0 only when there is no legal move: never answer "no move" (or an illegal
  // one) when a legal move exists, and say what went wrong.
  if (best === 0 || !game.isLegal(best)) {
    engineError = `the engine returned ${best === 0 ? 'no move' : `an illegal move (${best})`}; playing the first legal move`;
    best = game.legalMoves()[0] as Move;
  }
  const line = result.pv[0] === best ? result.pv : [best];
  const uci = lineToText(pos, line.slice(0, 2));
  return {
    engineError,
    bestMove: uci[0],
    ponder: uci[1],
    score: scoreText(result.score),
    depth: result.depth,
    nodes: result.nodes,
    pv: lineToText(pos, line, notation),
  };
}

/**
 * Answer one message to a search worker: a search posts its info reports and then `done` (or
 * `error`); `newgame` and `hash` reset and resize the engine. `stopFlag` is the worker's own stop
 * flag, used when the search message brings none.
 */
export function serveWorkerMessage(
  engine: Engine,
  msg: ToWorker,
  post: (reply: FromWorker) => void,
  stopFlag?: Int32Array,
): void {
  switch (msg.type) {
    case 'newgame':
      engine.newGame();
      break;
    case 'hash':
      engine.setHashSize(msg.mb);
      break;
    case 'search':
      try {
        const stop = msg.stop ? new Int32Array(msg.stop) : stopFlag;
        const result = runSearch(engine, msg.request, stop, (info) => post({ type: 'info', id: msg.id, info }));
        post({ type: 'done', id: msg.id, result });
      } catch (e) {
        post({ type: 'error', id: msg.id, message: e instanceof Error ? e.message : String(e) });
      }
      break;
  }
}
