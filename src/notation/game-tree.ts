/**
 * A game tree: the moves of a game with its variations, comments and NAGs (what a PGN holds).
 *
 * Every node but the root is a move played from its parent's position; `children[0]` is the main
 * continuation, later children are variations. Moves are checked by the rules when they are
 * added (`play`), so every node is a legal move where it stands. A move that is already a child
 * is not added twice: playing it again goes to that node. Each node keeps its SAN, its UCI text
 * and the FEN after it, so readers (a board, an engine request) need no replay.
 */

import type { CaravanError } from '../core/errors.js';
import { Game } from '../core/game.js';
import type { Move } from '../core/move.js';
import type { Outcome } from '../core/outcome.js';
import { ok, type Result } from '../core/result.js';
import type { VariantDefinition } from '../variants/schema.js';
import { moveToSan } from './san.js';
import { moveToUci } from './uci.js';

export interface TreeNode {
  /** Unique within its tree. */
  readonly id: number;
  /** 0 at the root. */
  readonly move: Move;
  /** '' at the root. */
  readonly san: string;
  readonly uci: string;
  /** Plies from the start (0 at the root). */
  readonly ply: number;
  /** The position after the move (the start position at the root). */
  readonly fen: string;
  readonly parent: TreeNode | undefined;
  /** The main continuation first, then the variations. */
  readonly children: TreeNode[];
  /** Numeric annotation glyphs after the move ($1 = !, $2 = ?, $4 = ??, $5 = !?, $6 = ?!). */
  nags: number[];
  /** Comment after the move (at the root: before the first move). */
  comment: string;
}

export class GameTree {
  readonly variant: VariantDefinition;
  readonly startFen: string;
  readonly root: TreeNode;
  private nextId = 1;

  private constructor(variant: VariantDefinition, startFen: string) {
    this.variant = variant;
    this.startFen = startFen;
    this.root = {
      id: 0,
      move: 0,
      san: '',
      uci: '',
      ply: 0,
      fen: startFen,
      parent: undefined,
      children: [],
      nags: [],
      comment: '',
    };
  }

  /** An empty tree of a variant from its start position or a FEN. */
  static create(variant: VariantDefinition, fen?: string): Result<GameTree, CaravanError> {
    const g = Game.create(variant, fen);
    if (!g.ok) return g;
    return ok(new GameTree(g.value.variant, g.value.startFen));
  }

  /** The moves from the root to `node` (the root itself not included). */
  path(node: TreeNode): TreeNode[] {
    const out: TreeNode[] = [];
    for (let n: TreeNode | undefined = node; n?.parent; n = n.parent) out.push(n);
    return out.reverse();
  }

  /** The main line from `from` on (not including `from`). */
  mainline(from: TreeNode = this.root): TreeNode[] {
    const out: TreeNode[] = [];
    for (let n = from.children[0]; n; n = n.children[0]) out.push(n);
    return out;
  }

  /** Is `node` on the main line (every step the first child)? */
  isMainline(node: TreeNode): boolean {
    for (let n = node; n.parent; n = n.parent) if (n.parent.children[0] !== n) return false;
    return true;
  }

  /** The game at `node`: its moves played from the start (so repetitions count). */
  gameAt(node: TreeNode): Game {
    const created = Game.create(this.variant, this.startFen);
    if (!created.ok) throw created.error; // cannot happen: the start FEN was read by create()
    const game = created.value;
    for (const n of this.path(node)) {
      const r = game.play(n.move);
      if (!r.ok) throw r.error; // cannot happen: every node was legal when it was added
    }
    return game;
  }

  /** The game's end at `node`, if the game is over there. */
  outcomeAt(node: TreeNode): Outcome | undefined {
    return this.gameAt(node).outcome();
  }

  /**
   * Play `move` after `parent` (`game` may be given: the game at `parent`, it is left after the
   * move). The existing child when the move is one already; else a new last child — the main
   * continuation if `parent` had none, a variation otherwise.
   */
  play(parent: TreeNode, move: Move, game: Game = this.gameAt(parent)): Result<TreeNode, CaravanError> {
    const known = parent.children.find((c) => c.move === move);
    const pos = game.position;
    if (known) {
      const r = game.play(move);
      return r.ok ? ok(known) : r;
    }
    const legal = game.isLegal(move);
    const san = legal ? moveToSan(pos, move) : '';
    const uci = legal ? moveToUci(pos, move) : '';
    const r = game.play(move);
    if (!r.ok) return r;
    const node: TreeNode = {
      id: this.nextId++,
      move,
      san,
      uci,
      ply: parent.ply + 1,
      fen: game.fen(),
      parent,
      children: [],
      nags: [],
      comment: '',
    };
    parent.children.push(node);
    return ok(node);
  }

  /**
   * Make the variation holding `node` the main continuation at its branch point (the nearest
   * ancestor, or `node` itself, that is not a first child). False when `node` is on the main line.
   */
  promote(node: TreeNode): boolean {
    let n = node;
    while (n.parent && n.parent.children[0] === n) n = n.parent;
    const parent = n.parent;
    if (!parent) return false;
    parent.children.splice(parent.children.indexOf(n), 1);
    parent.children.unshift(n);
    return true;
  }

  /** Remove `node` and everything after it; returns its parent (undefined for the root). */
  delete(node: TreeNode): TreeNode | undefined {
    const parent = node.parent;
    if (!parent) return undefined;
    parent.children.splice(parent.children.indexOf(node), 1);
    return parent;
  }

  /** Every node, depth first (the root first). */
  *nodes(from: TreeNode = this.root): Generator<TreeNode> {
    const stack = [from];
    while (stack.length > 0) {
      const n = stack.pop() as TreeNode;
      yield n;
      for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i] as TreeNode);
    }
  }

  /** The node with this id, if it is in the tree. */
  find(id: number): TreeNode | undefined {
    for (const n of this.nodes()) if (n.id === id) return n;
    return undefined;
  }
}

/** Side to move (0 white, 1 black) and move number before the move of `node`, from the tree's start. */
export function moveNumber(
  startTurn: number,
  startFullmove: number,
  node: TreeNode,
): { turn: number; fullmove: number } {
  const i = startTurn + node.ply - 1;
  return { turn: i % 2, fullmove: startFullmove + Math.floor(i / 2) };
}
