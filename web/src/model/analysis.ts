/**
 * The analysis board's model: a game tree (src/notation/game-tree.ts) and the node shown. A move
 * from the board at any node is played into the tree — from an earlier position it starts a
 * variation instead of being refused. Navigation follows the tree (←/→ along the line, ↑/↓
 * between the variations of a move), promote/delete act on the variation shown, PGN keeps every
 * variation, comment and NAG. The engine request for the node shown carries the path's moves so
 * repetition draws are seen. No DOM; the rules come from the library.
 */

import type { Game } from '../../../src/core/game.js';
import { type Move, moveFrom, movePromotion } from '../../../src/core/move.js';
import { type Color, colorName, type Outcome } from '../../../src/core/outcome.js';
import { err, ok, type Result } from '../../../src/core/result.js';
import { squareName } from '../../../src/core/tables.js';
import { GameTree, type TreeNode } from '../../../src/notation/game-tree.js';
import { outcomeText } from '../../../src/notation/outcome-text.js';
import { readPgnTree, writePgnTree } from '../../../src/notation/pgn.js';
import { parseSan } from '../../../src/notation/san.js';
import { uciToSquare } from '../../../src/notation/uci.js';
import type { SearchRequest } from '../../../src/protocol/search-messages.js';
import { DEFAULT_VARIANT_ID } from '../../../src/variants/index.js';
import type { MarriageMode } from '../../../src/variants/schema.js';
import { variantFor } from './settings.js';

/**
 * What an analysis starts from: a variant's start or FEN, with moves (UCI), or a PGN. Without a
 * variant: the default variant, or for a PGN what its Variant tag says (none: standard chess).
 */
export interface AnalysisSource {
  readonly variantId?: string;
  readonly marriageMode?: MarriageMode;
  readonly fen?: string;
  readonly moves?: readonly string[];
  readonly pgn?: string;
}

/** The node shown, as the page reads it (built once per change). */
export interface AnalysisView {
  readonly node: TreeNode;
  readonly fen: string;
  readonly turn: Color;
  readonly lastMove: readonly [string, string] | undefined;
  readonly check: string | undefined;
  /** Legal destinations by origin (square names); empty once the game is over here. */
  readonly dests: ReadonlyMap<string, readonly string[]>;
  /** How many legal moves there are (a promotion counts once per piece it may become). */
  readonly moveCount: number;
  readonly outcome: Outcome | undefined;
  /** The end in words, when the game is over at this node. */
  readonly endText: string | undefined;
}

type Targets = Map<string, Map<string, Array<{ move: Move; promotion: string }>>>;

export class AnalysisBoard {
  readonly tree: GameTree;
  readonly variantId: string;
  readonly marriageMode: MarriageMode;
  readonly tags: Record<string, string>;
  private cursor: TreeNode;
  private cached: { view: AnalysisView; targets: Targets } | undefined;

  private constructor(tree: GameTree, variantId: string, marriageMode: MarriageMode, tags: Record<string, string>) {
    this.tree = tree;
    this.variantId = variantId;
    this.marriageMode = marriageMode;
    this.tags = tags;
    this.cursor = tree.root;
  }

  /** The board for a source; errors say what is wrong with its FEN, moves or PGN. */
  static open(source: AnalysisSource): Result<AnalysisBoard, string> {
    const mode = source.marriageMode ?? 'immediate';
    const variantId = source.variantId ?? DEFAULT_VARIANT_ID;
    const def = variantFor({ variantId, marriageMode: mode });
    if (!def) return err(`unknown variant '${variantId}'`);
    if (source.pgn !== undefined) {
      const tagged = /^\s*\[\s*Variant\s/m.test(source.pgn);
      const r = readPgnTree(source.pgn, tagged || source.variantId === undefined ? {} : { variant: def.id });
      if (!r.ok) return err(`PGN: ${r.error.message}`);
      const read = r.value.variant;
      return ok(new AnalysisBoard(r.value.tree, read.id, read.end.marriage?.mode ?? 'immediate', r.value.tags));
    }
    const text = source.fen?.trim();
    const t = GameTree.create(def, text === '' ? undefined : text);
    if (!t.ok) return err(/^FEN\b/.test(t.error.message) ? t.error.message : `FEN: ${t.error.message}`);
    const board = new AnalysisBoard(t.value, def.id, mode, {});
    const game = t.value.gameAt(t.value.root);
    let node = t.value.root;
    for (const [i, uci] of (source.moves ?? []).entries()) {
      const m = board.findUci(game, uci);
      const next = m === undefined ? undefined : t.value.play(node, m, game);
      if (!next?.ok) return err(`move ${i + 1} (${uci}) is not legal here`);
      node = next.value;
    }
    board.cursor = node;
    return ok(board);
  }

  private findUci(game: Game, uci: string): Move | undefined {
    const parts = /^([a-z]\d{1,2})([a-z]\d{1,2})([a-z]?)$/.exec(uci.trim());
    if (!parts) return undefined;
    const { targets } = this.targetsOf(game);
    const found = targets.get(parts[1] as string)?.get(parts[2] as string);
    return found?.find((c) => c.promotion === (parts[3] as string).toUpperCase())?.move;
  }

  get node(): TreeNode {
    return this.cursor;
  }

  /** The node shown (view built on first read after a change). */
  get view(): AnalysisView {
    return this.current().view;
  }

  private current(): { view: AnalysisView; targets: Targets } {
    if (this.cached?.view.node === this.cursor) return this.cached;
    const game = this.tree.gameAt(this.cursor);
    const { targets, dests, moveCount } = this.targetsOf(game);
    const pos = game.position;
    const outcome = dests.size === 0 ? game.outcome() : undefined;
    const node = this.cursor;
    const view: AnalysisView = {
      node,
      fen: node.fen,
      turn: colorName(pos.turn),
      lastMove: lastSquares(node),
      check: pos.inCheck() ? squareName(pos.t, pos.kingSq[pos.turn] as number) : undefined,
      dests,
      moveCount,
      outcome,
      endText: outcome && outcomeText(this.tree.variant, outcome),
    };
    this.cached = { view, targets };
    return this.cached;
  }

  private targetsOf(game: Game): { targets: Targets; dests: Map<string, string[]>; moveCount: number } {
    const pos = game.position;
    const targets: Targets = new Map();
    const moves = game.legalMoves();
    for (const m of moves) {
      const from = squareName(pos.t, moveFrom(m));
      const to = squareName(pos.t, uciToSquare(pos, m));
      const promo = movePromotion(m);
      const tos = targets.get(from) ?? new Map();
      targets.set(from, tos);
      const list = tos.get(to) ?? [];
      tos.set(to, list);
      list.push({ move: m, promotion: promo >= 0 ? (pos.t.letters[promo] as string) : '' });
    }
    const dests = new Map<string, string[]>();
    for (const [from, tos] of targets) dests.set(from, [...tos.keys()]);
    return { targets, dests, moveCount: moves.length };
  }

  /**
   * A move from the board at the node shown: played into the tree (a variation when the node
   * already has a continuation) and shown. With several promotions and no letter, the choices.
   */
  move(from: string, to: string, promotion?: string): Result<TreeNode, string> | { choices: readonly string[] } {
    const list = this.current().targets.get(from)?.get(to);
    if (!list) return err(`${from}-${to} is not a legal move`);
    if (list.length > 1 && promotion === undefined) return { choices: list.map((c) => c.promotion) };
    const pick = list.length === 1 ? list[0] : list.find((c) => c.promotion === promotion?.toUpperCase());
    if (!pick) return err(`cannot promote to '${promotion}' here`);
    return this.play(pick.move);
  }

  private play(m: Move): Result<TreeNode, string> {
    const r = this.tree.play(this.cursor, m);
    if (!r.ok) return err(r.error.message);
    this.cursor = r.value;
    return ok(r.value);
  }

  /** Play a line of SAN moves (an engine line) from the node shown; stops at the first that fails. */
  playLine(sans: readonly string[]): number {
    let n = 0;
    for (const san of sans) {
      const game = this.tree.gameAt(this.cursor);
      const m = parseSan(game.position, san);
      if (!m.ok || !this.tree.play(this.cursor, m.value, game).ok) break;
      this.cursor = this.cursor.children.find((c) => c.move === m.value) as TreeNode;
      n++;
    }
    return n;
  }

  /** The squares of a SAN move in the position shown (for an arrow), if it is legal there. */
  squaresOf(san: string): readonly [string, string] | undefined {
    const game = this.tree.gameAt(this.cursor);
    const pos = game.position;
    const m = parseSan(pos, san);
    return m.ok ? [squareName(pos.t, moveFrom(m.value)), squareName(pos.t, uciToSquare(pos, m.value))] : undefined;
  }

  // ---- navigation ----

  goto(node: TreeNode): void {
    this.cursor = node;
  }
  /** ← one move back. */
  back(): void {
    this.cursor = this.cursor.parent ?? this.cursor;
  }
  /** → along the line shown (the main continuation). */
  forward(): void {
    this.cursor = this.cursor.children[0] ?? this.cursor;
  }
  first(): void {
    this.cursor = this.tree.root;
  }
  /** To the end of the line shown. */
  last(): void {
    while (this.cursor.children[0]) this.cursor = this.cursor.children[0];
  }
  /** ↑/↓ to the previous or next variation of the move shown (the other moves from its position). */
  sibling(step: -1 | 1): void {
    const parent = this.cursor.parent;
    if (!parent) return;
    const i = parent.children.indexOf(this.cursor) + step;
    const next = parent.children[i];
    if (next) this.cursor = next;
  }

  // ---- editing ----

  promote(): boolean {
    return this.tree.promote(this.cursor);
  }

  /** Delete the move shown and what follows; the board goes to the position before it. */
  deleteHere(): boolean {
    const parent = this.tree.delete(this.cursor);
    if (!parent) return false;
    this.cursor = parent;
    return true;
  }

  // ---- import / export, engine ----

  pgn(): string {
    return writePgnTree(this.tree, { Event: 'Analysis', Site: 'Caravan', ...this.tags });
  }

  /**
   * The engine request for `node` (default: the node shown), lines in SAN. Contempt 0: analysis
   * shows a draw as 0.00, as it is, not as the playing engine's dislike of it.
   */
  request(limits: SearchRequest['limits'], multiPv: number, node: TreeNode = this.cursor): SearchRequest {
    return {
      variantId: this.variantId,
      marriage: this.marriageMode,
      startFen: this.tree.startFen,
      moves: this.tree.path(node).map((n) => n.uci),
      limits,
      pvNotation: 'san',
      contempt: 0,
      ...(multiPv > 1 ? { multiPv } : {}),
    };
  }
}

/** The squares of a node's move as its UCI text names them, for the board's highlight. */
function lastSquares(node: TreeNode): readonly [string, string] | undefined {
  const squares = /^([a-z]\d{1,2})([a-z]\d{1,2})/.exec(node.uci);
  return squares ? [squares[1] as string, squares[2] as string] : undefined;
}
