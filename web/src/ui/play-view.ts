/**
 * The play page's layout and rendering: board area, title, banner, status, analysis line, move
 * list, navigation and game buttons, move entry, toggles, and a slot for the import/export panel.
 * It draws what the snapshot says and reports clicks to the page's actions; it decides nothing.
 */

import type { InfoReport } from '../../../src/protocol/search-messages.js';
import type { VariantDefinition } from '../../../src/variants/schema.js';
import type { Prefs } from '../model/persist.js';
import { rulesHash } from '../model/route.js';
import { formatScore } from '../model/score.js';
import type { GameSettings } from '../model/settings.js';
import type { Snapshot } from '../model/snapshot.js';
import { clear, h } from './dom.js';
import type { NavTarget } from './keyboard.js';

export interface PlayActions {
  readonly nav: (where: NavTarget) => void;
  readonly goto: (ply: number) => void;
  readonly takeback: () => void;
  readonly flip: () => void;
  readonly newGame: () => void;
  readonly typedMove: (text: string) => void;
  readonly setCoordinates: (on: boolean) => void;
  readonly setAnalysis: (on: boolean) => void;
}

/** What the engine is doing, for the status line and the analysis panel. */
export interface EngineView {
  readonly thinking: boolean;
  readonly analysis: boolean;
}

export class PlayView {
  readonly root: HTMLElement;
  /** The board's box; the board adapter and the promotion chooser live in it. */
  readonly holder = h('div.board-holder');
  readonly boardEl = h('div', { id: 'board' });
  private readonly title = h('div.game-title');
  private readonly status = h('div.panel.status', { id: 'status', role: 'status', 'aria-live': 'polite' });
  private readonly banner = h('div.banner', { id: 'banner', role: 'alert', hidden: true });
  private readonly moves = h('div.moves', { id: 'moves', role: 'list', 'aria-label': 'Moves' });
  private readonly analysis = h('div.panel.analysis', { id: 'analysis', hidden: true });
  private readonly sanInput = h('input', {
    id: 'san-input',
    type: 'text',
    autocomplete: 'off',
    spellcheck: 'false',
    placeholder: 'Type a move: Nf3, O-O:h1, a10=W…',
    'aria-label': 'Type a move in algebraic notation',
  });
  private readonly sanError = h('div.error', { id: 'san-error', role: 'alert' });
  private readonly pageError = h('div.error', { id: 'page-error', role: 'alert' });
  private readonly buttons: Record<string, HTMLButtonElement> = {};

  constructor(actions: PlayActions, prefs: Prefs, ioPanel: HTMLElement) {
    const button = (id: string, label: string, onClick: () => void, title?: string) => {
      const b = h('button', { type: 'button', id, title, 'aria-label': title ?? label }, label);
      b.addEventListener('click', onClick);
      this.buttons[id] = b;
      return b;
    };
    const toggle = (id: string, label: string, on: boolean, change: (on: boolean) => void) => {
      const input = h('input', { type: 'checkbox', id, checked: on });
      input.addEventListener('change', () => change(input.checked));
      return h('label', { for: id }, [input, label]);
    };
    const sanForm = h('form.san-entry', { id: 'san-form' }, [this.sanInput, h('button', { type: 'submit' }, 'Play')]);
    sanForm.addEventListener('submit', (e) => {
      e.preventDefault();
      if (this.sanInput.value.trim() !== '') actions.typedMove(this.sanInput.value);
    });
    this.moves.addEventListener('click', (e) => {
      const ply = (e.target as HTMLElement).closest('button')?.dataset.ply;
      if (ply !== undefined) actions.goto(Number(ply));
    });
    this.holder.append(this.boardEl);
    this.root = h('section.play', {}, [
      h('div.board-area', {}, [this.holder]),
      h('div.side', {}, [
        this.title,
        this.pageError,
        this.banner,
        this.status,
        this.analysis,
        h('div.panel', {}, [
          this.moves,
          h('div.controls', {}, [
            button('first', '«', () => actions.nav('first'), 'First position (Home)'),
            button('prev', '‹', () => actions.nav('prev'), 'Previous move (←)'),
            button('next', '›', () => actions.nav('next'), 'Next move (→)'),
            button('last', '»', () => actions.nav('last'), 'Last position (End)'),
          ]),
        ]),
        h('div.controls', {}, [
          button('takeback', 'Take back', actions.takeback),
          button('flip', 'Flip board', actions.flip),
          button('new-game', 'New game', actions.newGame),
        ]),
        h('div.panel', {}, [sanForm, this.sanError]),
        h('div.toggles', {}, [
          toggle('coords-toggle', 'Coordinates', prefs.coordinates, actions.setCoordinates),
          toggle('analysis-toggle', 'Analysis', prefs.analysis, actions.setAnalysis),
        ]),
        ioPanel,
      ]),
    ]);
  }

  /** Size the board's box for a variant. */
  sizeFor(def: VariantDefinition): void {
    this.holder.style.setProperty('--files', String(def.files));
    this.holder.style.setProperty('--ranks', String(def.ranks));
  }

  showPageError(text: string): void {
    this.pageError.textContent = text;
  }

  /** The result of a typed move: an error, or cleared (and the entry emptied) when it was played. */
  typedResult(error: string | undefined): void {
    this.sanError.textContent = error ?? '';
    if (error === undefined) this.sanInput.value = '';
  }

  render(snap: Snapshot, settings: GameSettings, def: VariantDefinition, engine: EngineView): void {
    this.renderTitle(settings, def);
    this.renderMoves(snap);
    this.buttons.takeback!.disabled = !snap.canTakeBack;
    this.buttons.first!.disabled = this.buttons.prev!.disabled = snap.ply === 0;
    this.buttons.next!.disabled = this.buttons.last!.disabled = snap.live;
    this.sanInput.disabled = !snap.live || !snap.humanToMove;
    this.analysis.hidden = !engine.analysis;
    if (engine.analysis && !this.analysis.firstChild) this.analysis.textContent = 'Analysis: waiting for the engine…';
    this.renderStatus(snap, settings, engine.thinking);
  }

  /** The engine's latest line (scores turned to White's point of view). */
  renderAnalysis(info: Pick<InfoReport, 'depth' | 'score' | 'pv'>, turn: Snapshot['turn']): void {
    clear(this.analysis);
    this.analysis.append(
      h('span.eval', { id: 'eval' }, formatScore(info.score, turn)),
      h('span', { id: 'depth' }, `depth ${info.depth}`),
      h('div.pv', { id: 'pv' }, info.pv.join(' ')),
    );
  }

  clearAnalysis(): void {
    clear(this.analysis);
  }

  private renderTitle(s: GameSettings, def: VariantDefinition): void {
    const who = s.mode === 'engine' ? `You (${s.humanColor}) vs computer, level ${s.level}` : 'Two players';
    const extra = def.end.marriage ? ` · marriage ${def.end.marriage.mode}` : '';
    clear(this.title);
    this.title.append(
      h('h1', { id: 'variant-name' }, def.name),
      h('span.note', {}, [`${who}${extra} · `, h('a', { href: rulesHash(s.variantId) }, 'rules')]),
    );
  }

  private renderStatus(snap: Snapshot, settings: GameSettings, thinking: boolean): void {
    const end = snap.end;
    this.banner.hidden = !end;
    if (end) {
      clear(this.banner);
      this.banner.append(h('span.result', { id: 'result' }, end.result), h('span', { id: 'end-text' }, end.text));
    }
    let text: string;
    const side = snap.liveTurn === 'white' ? 'White' : 'Black';
    const last = snap.moves[snap.moves.length - 1];
    if (!snap.live) text = `Move ${snap.ply} of ${snap.moves.length} shown — press End or » to return to the game`;
    else if (end) text = 'Game over';
    else if (thinking) text = `${side} to move — the computer is thinking…`;
    else if (settings.mode === 'engine') text = `${side} to move — your move`;
    else text = `${side} to move`;
    if (snap.live && !end && snap.check) text += ' (check)';
    if (snap.live && last) text = `${last.san} played. ${text}`;
    this.status.textContent = text;
    this.status.dataset.thinking = thinking ? 'true' : 'false';
  }

  private renderMoves(snap: Snapshot): void {
    clear(this.moves);
    if (snap.moves.length === 0) {
      this.moves.append(h('div.empty', {}, 'No moves yet.'));
      return;
    }
    // The first move may be Black's (a FEN with Black to move).
    const cells: HTMLElement[] = [];
    let moveNo = snap.startFullmove;
    if (snap.startTurn === 'black') cells.push(h('span.num', {}, `${moveNo}.`), h('span', {}, '…'));
    snap.moves.forEach((m, i) => {
      // The side that played move i is the side to move before it.
      const white = (i === 0 ? snap.startTurn : (snap.moves[i - 1] as (typeof snap.moves)[number]).turn) === 'white';
      if (white) cells.push(h('span.num', {}, `${moveNo}.`));
      const ply = i + 1;
      cells.push(
        h(
          'button',
          {
            type: 'button',
            class: ply === snap.ply ? 'current' : undefined,
            'data-ply': String(ply),
            role: 'listitem',
          },
          m.san,
        ),
      );
      if (!white) moveNo++;
    });
    this.moves.append(...cells);
    const current = this.moves.querySelector('.current');
    if (current && snap.live) this.moves.scrollTop = this.moves.scrollHeight;
    else (current as HTMLElement | null)?.scrollIntoView({ block: 'nearest' });
  }
}
