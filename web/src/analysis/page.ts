/**
 * The analysis board page (`#/analysis…`, loaded lazily): a game tree on the board, the engine
 * analysing the position shown without end in the worker (eval bar, MultiPV 1–5 lines in SAN, an
 * arrow for the best move; a line clicked is played into the tree), navigation ←/→ along the
 * line and ↑/↓ between variations, promote/delete, game review with its graph and accuracy, and
 * PGN/FEN in and out. The model (model/analysis.ts) owns the tree; this page wires the parts and
 * hands each what to show.
 */

import './analysis.css';
import type { Color } from '../../../src/core/outcome.js';
import type { InfoReport } from '../../../src/protocol/search-messages.js';
import { AnalysisBoard, type AnalysisSource } from '../model/analysis.js';
import { winningChances } from '../model/review.js';
import { type Route, rulesHash, shareHash } from '../model/route.js';
import { Board } from '../ui/board.js';
import { clear, h } from '../ui/dom.js';
import { EngineClient } from '../ui/engine-client.js';
import { typingIn } from '../ui/keyboard.js';
import type { MountedPage, MountPage } from '../ui/page.js';
import { PromotionChooser } from '../ui/promotion.js';
import { loadGame } from '../ui/storage.js';
import { EvalBar } from './eval-bar.js';
import { EvalGraph } from './graph.js';
import { EngineLines } from './lines.js';
import { type ReviewOutcome, runReview } from './review.js';
import { TreeView } from './tree-view.js';

export const MAX_LINES = 5;
/** The deepest a continuous analysis goes before it rests. */
const ANALYSIS_DEPTH = 40;
const MULTIPV_KEY = 'caravan.analysis.multipv';

type AnalysisRoute = Extract<Route, { page: 'analysis' }>;

export const mountAnalysis: MountPage<AnalysisRoute> = (app, route) => new AnalysisPage(app, route.source);

/** The link's source, else the game in progress, else the default variant's start. */
function openingSource(source: AnalysisSource | undefined): AnalysisSource {
  if (source) return source;
  const saved = loadGame();
  if (saved) {
    return {
      variantId: saved.settings.variantId,
      marriageMode: saved.settings.marriageMode,
      fen: saved.startFen,
      moves: saved.moves,
    };
  }
  return {};
}

function storedLines(): number {
  try {
    const n = Number(localStorage.getItem(MULTIPV_KEY));
    return n >= 1 && n <= MAX_LINES ? Math.round(n) : 3;
  } catch {
    return 3;
  }
}

class AnalysisPage implements MountedPage {
  private model: AnalysisBoard;
  private board: Board | undefined;
  private readonly client = new EngineClient();
  private readonly evalBar = new EvalBar();
  private readonly lines: EngineLines;
  private readonly treeView: TreeView;
  private readonly graph: EvalGraph;
  private readonly promotion: PromotionChooser;
  private readonly root: HTMLElement;
  private readonly holder = h('div.board-holder');
  private readonly boardEl = h('div', { id: 'board' });
  private readonly title = h('div.game-title');
  private readonly status = h('div.panel.status', { id: 'status', role: 'status' });
  private readonly error = h('div.error', { id: 'page-error', role: 'alert' });
  private readonly engineToggle = h('button', { type: 'button', id: 'engine-toggle' });
  private readonly multiPvSelect = h('select', { id: 'multipv', 'aria-label': 'Engine lines' });
  private readonly reviewButton = h('button', { type: 'button', id: 'review' }, 'Review the game');
  private readonly reviewNote = h('div.note', { id: 'review-status' });
  private readonly accuracy = h('div.accuracy', { id: 'accuracy' });
  private readonly pgnIn = h('textarea', {
    id: 'analysis-input',
    'aria-label': 'PGN or FEN to analyse',
    placeholder: 'Paste a PGN or a FEN',
  });
  private readonly pgnOut = h('textarea', { id: 'pgn-out', readonly: true, 'aria-label': 'PGN of the analysis' });
  private readonly playLink = h('a', { id: 'play-from-here' }, 'Play from here');
  private readonly fenText = h('div.fen', { id: 'fen', title: 'FEN of the position shown' });
  private readonly buttons: Record<string, HTMLButtonElement> = {};
  private readonly onKey: (e: KeyboardEvent) => void;

  /** The engine wanted on (the person's choice); it rests when the game is over. */
  private engineOn = true;
  private multiPv = storedLines();
  /** What the running search is for (`node id|lines`), undefined when none runs. */
  private searchingFor: string | undefined;
  private searchToken = 0;
  /** The lines shown: all from one finished depth, so no two of them start with the same move. */
  private lineInfo: (InfoReport | undefined)[] = [];
  /**
   * The lines of the depth coming in. The engine reports a depth's lines one message each; shown
   * as they came, line 1 of the new depth would stand beside lines 2–3 of the last, which may
   * begin with the same move. They are shown together once all are in (as lichess does).
   */
  private incoming: InfoReport[] = [];
  private reviewing = false;
  /** Set by unmount: a review still awaiting the engine then writes nothing. */
  private gone = false;
  private reviewed: ReviewOutcome | undefined;

  constructor(app: HTMLElement, source: AnalysisSource | undefined) {
    const opened = AnalysisBoard.open(openingSource(source));
    let startError = '';
    if (opened.ok) this.model = opened.value;
    else {
      startError = `The game could not be opened — ${opened.error}`;
      const fallback = AnalysisBoard.open({});
      if (!fallback.ok) throw new Error(fallback.error); // the built-in start is always valid
      this.model = fallback.value;
    }
    this.model.last();
    this.lines = new EngineLines((line) => {
      this.model.playLine(line);
      this.update();
    });
    this.treeView = new TreeView((id) => {
      const node = this.model.tree.find(id);
      if (node) this.model.goto(node);
      this.update();
    });
    this.graph = new EvalGraph((ply) => {
      const node = this.reviewed?.nodes[ply];
      if (node && this.model.tree.find(node.id)) this.model.goto(node);
      this.update();
    });
    this.root = this.layout();
    this.promotion = new PromotionChooser(this.holder);
    app.append(this.root);
    this.error.textContent = startError;
    this.newBoard();
    this.onKey = (e) => this.key(e);
    document.addEventListener('keydown', this.onKey);
    this.update();
  }

  unmount(): void {
    this.gone = true;
    document.removeEventListener('keydown', this.onKey);
    this.searchToken++;
    this.client.dispose();
    this.board?.destroy();
    this.root.remove();
  }

  private button(id: string, label: string, onClick: () => void, title?: string): HTMLButtonElement {
    const b = h('button', { type: 'button', id, title, 'aria-label': title ?? label }, label);
    b.addEventListener('click', onClick);
    this.buttons[id] = b;
    return b;
  }

  private layout(): HTMLElement {
    for (let n = 1; n <= MAX_LINES; n++) {
      this.multiPvSelect.append(
        h('option', { value: String(n), selected: n === this.multiPv }, `${n} line${n > 1 ? 's' : ''}`),
      );
    }
    this.multiPvSelect.addEventListener('change', () => {
      this.multiPv = Number(this.multiPvSelect.value);
      try {
        localStorage.setItem(MULTIPV_KEY, String(this.multiPv));
      } catch {
        // not kept: the choice holds for this page
      }
      this.update();
    });
    this.engineToggle.addEventListener('click', () => {
      this.engineOn = !this.engineOn;
      this.update();
    });
    this.reviewButton.addEventListener('click', () => void this.review());
    const nav = (label: string, id: string, title: string, act: () => void) =>
      this.button(
        id,
        label,
        () => {
          act();
          this.update();
        },
        title,
      );
    const load = this.button('load-analysis', 'Analyse this', () => this.load());
    const exportPgn = this.button(
      'export-pgn',
      'PGN',
      () => {
        this.pgnOut.value = this.model.pgn();
        this.pgnOut.hidden = false;
      },
      'Show the PGN with variations, comments and NAGs',
    );
    this.pgnOut.hidden = true;
    this.holder.append(this.boardEl);
    return h('section.play.analysis-page', {}, [
      h('div.board-area', {}, [h('div.analysis-board-row', {}, [this.evalBar.element, this.holder])]),
      h('div.side', {}, [
        this.title,
        this.error,
        this.status,
        h('div.panel.engine-panel', {}, [
          h('div.engine-head', {}, [this.engineToggle, this.multiPvSelect]),
          this.lines.element,
        ]),
        h('div.panel', {}, [
          this.treeView.element,
          h('div.controls', {}, [
            nav('«', 'first', 'First position (Home)', () => this.model.first()),
            nav('‹', 'prev', 'Previous move (←)', () => this.model.back()),
            nav('›', 'next', 'Next move (→)', () => this.model.forward()),
            nav('»', 'last', 'End of the line (End)', () => this.model.last()),
          ]),
          h('div.controls', {}, [
            nav('Promote', 'promote', 'Make this variation the main line', () => this.model.promote()),
            nav('Delete', 'delete', 'Delete this move and what follows', () => this.model.deleteHere()),
            this.button('flip', 'Flip', () =>
              this.board?.setOrientation(this.board.api.state.orientation === 'white' ? 'black' : 'white'),
            ),
          ]),
        ]),
        h('div.panel.review-panel', {}, [this.reviewButton, this.reviewNote, this.accuracy, this.graph.element]),
        h('div.panel.io', {}, [
          this.fenText,
          this.pgnIn,
          h('div.row', {}, [load, exportPgn, this.playLink]),
          this.pgnOut,
        ]),
      ]),
    ]);
  }

  private newBoard(): void {
    this.board?.destroy();
    const def = this.model.tree.variant;
    this.holder.style.setProperty('--files', String(def.files));
    this.holder.style.setProperty('--ranks', String(def.ranks));
    this.board = new Board(
      this.boardEl,
      def,
      { orientation: 'white', coordinates: true, onMove: (from, to) => this.boardMove(from, to) },
      this.model.view.fen,
    );
  }

  private boardMove(from: string, to: string): void {
    this.promotion.close();
    const r = this.model.move(from, to);
    if ('choices' in r) {
      this.promotion.open(
        this.model.tree.variant,
        this.model.view.turn,
        r.choices,
        this.board?.squareBox(to) ?? { left: 0, top: 0, width: 0, height: 0 },
        (letter) => {
          this.model.move(from, to, letter);
          this.update();
        },
        () => this.update(),
      );
      return;
    }
    if (!r.ok) this.error.textContent = r.error;
    this.update();
  }

  private key(e: KeyboardEvent): void {
    if (typingIn(e.target) || e.altKey || e.ctrlKey || e.metaKey) return;
    const m = this.model;
    const acts: Record<string, () => void> = {
      ArrowLeft: () => m.back(),
      ArrowRight: () => m.forward(),
      ArrowUp: () => m.sibling(-1),
      ArrowDown: () => m.sibling(1),
      Home: () => m.first(),
      End: () => m.last(),
    };
    const act = acts[e.key];
    if (!act) return;
    e.preventDefault();
    this.promotion.close();
    act();
    this.update();
  }

  /** A pasted PGN or FEN replaces the analysis (of its variant: a PGN's tag, else this one's). */
  private load(): void {
    const text = this.pgnIn.value.trim();
    if (text === '') {
      this.error.textContent = 'Paste a PGN or a FEN first.';
      return;
    }
    const looksPgn = text.startsWith('[') || /^\d+\s*\./.test(text) || text.includes('\n');
    const source: AnalysisSource = looksPgn
      ? { variantId: this.model.variantId, pgn: text }
      : { variantId: this.model.variantId, marriageMode: this.model.marriageMode, fen: text };
    const r = AnalysisBoard.open(source);
    if (!r.ok) {
      this.error.textContent = r.error;
      return;
    }
    this.error.textContent = '';
    this.stopSearch();
    this.model = r.value;
    this.reviewed = undefined;
    this.graph.show([]);
    clear(this.accuracy);
    this.reviewNote.textContent = '';
    this.newBoard();
    this.update();
  }

  // ---------------------------------------------------------------- engine

  private stopSearch(): void {
    this.searchToken++;
    this.searchingFor = undefined;
    this.client.cancel();
  }

  /** Analyse the node shown (unless that search is already running). */
  private analyse(): void {
    const node = this.model.node;
    const key = `${node.id}|${this.multiPv}|${this.model.tree.startFen}`;
    if (this.searchingFor === key) return;
    this.stopSearch();
    this.searchingFor = key;
    this.lineInfo = [];
    this.incoming = [];
    const token = this.searchToken;
    const { turn, moveCount } = this.model.view;
    const expected = Math.max(1, Math.min(this.multiPv, moveCount));
    this.lines.clear('Analysing…');
    this.board?.setArrows([]);
    void this.client
      .search(this.model.request({ infinite: true, depth: ANALYSIS_DEPTH }, this.multiPv), (info) => {
        if (token !== this.searchToken) return;
        const k = info.multipv ?? 1;
        // A depth may bring fewer lines (a line whose search ended without a move): a new depth
        // beginning is the sign the last one is whole.
        if (k === 1) {
          this.showIncoming(turn, true);
          this.incoming = [];
        }
        this.incoming[k - 1] = info;
        if (k >= expected) this.showIncoming(turn, true);
      })
      .then(() => {
        if (token !== this.searchToken) return;
        // Done by itself (the depth cap): the lines stay up; moving on starts a new search.
        if (this.incoming.length > 0) this.lineInfo = this.incoming;
        this.showEngine(turn, false);
      });
  }

  /** Shows the lines that have come in, unless they are already shown or none came. */
  private showIncoming(turn: Color, running: boolean): void {
    if (this.incoming.length === 0 || this.incoming === this.lineInfo) return;
    this.lineInfo = this.incoming;
    this.showEngine(turn, running);
  }

  private showEngine(turn: Color, running: boolean): void {
    const lines = this.lineInfo.slice(0, this.multiPv);
    this.lines.show(lines, turn, running);
    const best = lines[0];
    if (!best) return;
    this.evalBar.show(best.score, turn);
    const first = best.pv[0];
    const squares = first ? this.model.squaresOf(first) : undefined;
    this.board?.setArrows(squares ? [{ from: squares[0], to: squares[1], brush: 'paleBlue' }] : []);
  }

  // ---------------------------------------------------------------- review

  private async review(): Promise<void> {
    if (this.reviewing) return;
    this.reviewing = true;
    this.stopSearch();
    this.update();
    const result = await runReview(this.model, this.client, (done, total) => {
      this.reviewNote.textContent = `Reviewing: position ${done} of ${total}…`;
    });
    this.reviewing = false;
    if (this.gone) return;
    if (!result) {
      this.reviewNote.textContent = 'The review was stopped.';
      this.update();
      return;
    }
    this.reviewed = result;
    const { review } = result;
    const count = (color: Color, j: string) => review.moves.filter((m) => m.mover === color && m.judgment === j).length;
    const pct = (v: number | undefined) => (v === undefined ? '–' : `${v.toFixed(0)} %`);
    clear(this.accuracy);
    for (const color of ['white', 'black'] as const) {
      this.accuracy.append(
        h('div', { id: `accuracy-${color}` }, [
          h('strong', {}, `${color === 'white' ? 'White' : 'Black'}: ${pct(review.accuracy[color])} accuracy`),
          ` · ${count(color, 'inaccuracy')} inaccuracies, ${count(color, 'mistake')} mistakes, ${count(color, 'blunder')} blunders`,
        ]),
      );
    }
    this.reviewNote.textContent = 'Review done: the judgments are in the moves and the PGN.';
    this.graph.show(
      result.whiteCp.map((cp, i) => {
        const judged = i > 0 ? review.moves[i - 1]?.judgment : undefined;
        return judged ? { chances: winningChances(cp), judgment: judged } : { chances: winningChances(cp) };
      }),
    );
    this.update();
  }

  // ---------------------------------------------------------------- render

  private update(): void {
    const m = this.model;
    const v = m.view;
    const def = m.tree.variant;
    this.board?.set({
      fen: v.fen,
      turn: v.turn,
      ...(v.lastMove ? { lastMove: v.lastMove } : {}),
      ...(v.check ? { check: v.check } : {}),
      dests: v.dests,
      movable: v.outcome ? undefined : v.turn,
      premove: false,
    });
    clear(this.title);
    this.title.append(
      h('h1', { id: 'variant-name' }, `${def.name} — analysis`),
      h('span.note', {}, [
        def.end.marriage ? `marriage ${def.end.marriage.mode} · ` : '',
        h('a', { href: rulesHash(m.variantId) }, 'rules'),
      ]),
    );
    const side = v.turn === 'white' ? 'White' : 'Black';
    const last = v.node.parent ? `${v.node.san} played. ` : '';
    this.status.textContent = v.endText
      ? `${last}Game over: ${v.endText}`
      : `${last}${side} to move${v.check ? ' (check)' : ''}`;
    this.treeView.show(m.tree, v.node);
    this.fenText.textContent = v.fen;
    this.playLink.href = shareHash(m.variantId, v.fen, m.marriageMode);
    this.buttons.first!.disabled = this.buttons.prev!.disabled = !v.node.parent;
    this.buttons.next!.disabled = this.buttons.last!.disabled = v.node.children.length === 0;
    this.buttons.promote!.disabled = m.tree.isMainline(v.node);
    this.buttons.delete!.disabled = !v.node.parent;
    this.reviewButton.disabled = this.reviewing || m.tree.root.children.length === 0;
    this.multiPvSelect.value = String(this.multiPv);
    this.engineToggle.textContent = this.engineOn ? 'Stop engine' : 'Start engine';
    this.engineToggle.setAttribute('aria-pressed', String(this.engineOn));
    if (this.reviewing) return; // the review has the engine
    if (v.outcome) {
      // Nothing to analyse in a finished game: no stale line, no arrow; the bar shows the result.
      this.stopSearch();
      this.lines.clear(`Game over: ${v.endText}`);
      this.board?.setArrows([]);
      this.evalBar.showResult(v.outcome.winner === 'white' ? '1-0' : v.outcome.winner === 'black' ? '0-1' : '½-½');
    } else if (this.engineOn) this.analyse();
    else {
      this.stopSearch();
      this.lines.clear('Engine off');
      this.board?.setArrows([]);
      this.evalBar.clear();
    }
  }
}
