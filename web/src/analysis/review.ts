/**
 * Game review on the page: every position of the main line searched at one fixed budget (nodes,
 * so the same game gets the same review), then the arithmetic of model/review.ts, and the
 * result written into the tree — a NAG (?!, ?, ??) and "Mistake. Nf3 was best." on each judged
 * move — so the PGN carries it.
 */

import type { Color } from '../../../src/core/outcome.js';
import type { TreeNode } from '../../../src/notation/game-tree.js';
import type { AnalysisBoard } from '../model/analysis.js';
import {
  type GameReview,
  NAG_BLUNDER,
  NAG_INACCURACY,
  NAG_MISTAKE,
  reviewGame,
  whiteCentipawns,
} from '../model/review.js';
import type { EngineClient } from '../ui/engine-client.js';

/** Nodes searched per position: about a third of a second each in a browser, deep enough for tactics. */
export const REVIEW_NODES = 60_000;

const JUDGMENT_NAGS = new Set([NAG_INACCURACY, NAG_MISTAKE, NAG_BLUNDER]);
const REVIEW_COMMENT = /(?:^| )(?:Inaccuracy|Mistake|Blunder)\. \S+ was best\.$/;
const LABEL = { inaccuracy: 'Inaccuracy', mistake: 'Mistake', blunder: 'Blunder' } as const;

export interface ReviewOutcome {
  /** The main line's nodes, the root first (index = ply). */
  readonly nodes: readonly TreeNode[];
  /** White's centipawns at every ply. */
  readonly whiteCp: readonly number[];
  readonly review: GameReview;
}

const turnOf = (node: TreeNode): Color => (node.fen.split(' ')[1] === 'b' ? 'black' : 'white');

/**
 * Review the main line; `progress(done, total)` after each position. Undefined when a search was
 * stopped (the page was left, or another search replaced it).
 */
export async function runReview(
  model: AnalysisBoard,
  client: EngineClient,
  progress: (done: number, total: number) => void,
): Promise<ReviewOutcome | undefined> {
  const tree = model.tree;
  const nodes = [tree.root, ...tree.mainline()];
  const whiteCp: number[] = [];
  const best: (string | undefined)[] = [];
  for (const [i, node] of nodes.entries()) {
    const over = tree.outcomeAt(node);
    if (over) {
      // A finished game scores as a mate (the winner's side) or an even draw.
      whiteCp.push(
        over.winner === null
          ? 0
          : whiteCentipawns({ kind: 'mate', value: 0 }, over.winner === 'white' ? 'black' : 'white'),
      );
      best.push(undefined);
    } else {
      const report = await client.search(model.request({ nodes: REVIEW_NODES }, 1, node));
      if (!report) return undefined;
      whiteCp.push(whiteCentipawns(report.score, turnOf(node)));
      best.push(report.pv[0]);
    }
    progress(i + 1, nodes.length);
  }
  const review = reviewGame(whiteCp, turnOf(tree.root));
  for (const m of review.moves) {
    const node = nodes[m.index + 1] as TreeNode;
    node.nags = node.nags.filter((n) => !JUDGMENT_NAGS.has(n));
    node.comment = node.comment.replace(REVIEW_COMMENT, '');
    const better = best[m.index];
    if (m.judgment && m.nag !== undefined) {
      node.nags.push(m.nag);
      if (better && better !== node.san) {
        const note = `${LABEL[m.judgment]}. ${better} was best.`;
        node.comment = node.comment === '' ? note : `${node.comment} ${note}`;
      }
    }
  }
  return { nodes, whiteCp, review };
}
