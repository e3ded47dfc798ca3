/**
 * The play page's layout and rendering: board area, title, banner, status, analysis line, move
 * list, navigation and game buttons, move entry, toggles, and a slot for the import/export panel.
 * It draws what the snapshot says and reports clicks to the page's actions; it decides nothing.
 */

import type { Color } from '../../../src/core/outcome.js';
import type { InfoReport } from '../../../src/protocol/search-messages.js';
import type { VariantDefinition } from '../../../src/variants/schema.js';
import { playerNames } from '../model/archive.js';
import { formatClock, timeControlText } from '../model/clock.js';
import { ANIMATION_SPEEDS, BOARD_THEMES, type Prefs } from '../model/persist.js';
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
  readonly resign: () => void;
  readonly offerDraw: () => void;
  /** A new game of the same settings; `swap`: with the colours changed (a rematch). */
  readonly again: (swap: boolean) => void;
  /** Open the game on the analysis board. */
  readonly analyse: () => void;
  /** Board look, sound, animation, legal-move dots (saved). */
  readonly setLook: (p: Partial<Prefs>) => void;
}

/** The clocks' readings for the view (ms left; which one runs). */
export interface ClockView {
  readonly white: number;
  readonly black: number;
  readonly running: Color | undefined;
}

/** Below this many ms a clock is shown as low. */
export const LOW_TIME_MS = 10_000;

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
    placeholder: 'Type a move (Nf3, O-O…)',
    'aria-label': 'Type a move in algebraic notation',
  });
  private readonly sanError = h('div.error', { id: 'san-error', role: 'alert' });
  private readonly pageError = h('div.error', { id: 'page-error', role: 'alert' });
  private readonly buttons: Record<string, HTMLButtonElement> = {};
  private readonly clocks = h('div.clocks', { id: 'clocks', hidden: true });
  private readonly clockEls = {
    white: h('div.clock', { id: 'clock-white', role: 'timer', 'aria-label': 'White clock' }),
    black: h('div.clock', { id: 'clock-black', role: 'timer', 'aria-label': 'Black clock' }),
  };
  private readonly pending = h('div.panel.pending', { id: 'pending', role: 'status', 'aria-live': 'polite' });
  private readonly drawAnswer = h('div.note', { id: 'draw-answer', role: 'status', 'aria-live': 'polite' });
  /** What the keyboard cursor is on, for screen readers; the position in words. */
  readonly announcer = h('div.visually-hidden', { id: 'board-announce', 'aria-live': 'assertive' });
  private readonly description = h('div.visually-hidden', { id: 'board-description' });
  private readonly endActions: HTMLElement;

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
    this.boardEl.setAttribute('aria-describedby', 'board-description');
    this.holder.append(this.boardEl);
    this.clocks.append(this.clockEls.white, this.clockEls.black);
    this.endActions = h('div.row.end-actions', {}, [
      button('rematch', 'Rematch', () => actions.again(true), 'A new game with the colours changed'),
      button('same-settings', 'Same settings', () => actions.again(false), 'A new game with the same settings'),
      button('analyse-game', 'Analyse', actions.analyse, 'Open this game on the analysis board'),
    ]);
    const select = (
      id: string,
      label: string,
      options: ReadonlyArray<[string, string]>,
      value: string,
      change: (v: string) => void,
    ) => {
      const el = h(
        'select',
        { id },
        options.map(([v, text]) => h('option', { value: v, selected: v === value }, text)),
      );
      el.addEventListener('change', () => change(el.value));
      return h('label', { for: id }, [`${label} `, el]);
    };
    const look = h('details.panel.look', { id: 'look' }, [
      h('summary', {}, 'Board and sound'),
      h('div.toggles', {}, [
        toggle('dark-toggle', 'Dark mode', prefs.dark, (on) => actions.setLook({ dark: on })),
        toggle('sound-toggle', 'Sound', prefs.sound, (on) => actions.setLook({ sound: on })),
        toggle('dests-toggle', 'Show legal moves', prefs.showDests, (on) => actions.setLook({ showDests: on })),
      ]),
      h('div.toggles', {}, [
        select(
          'board-theme',
          'Board',
          BOARD_THEMES.map((t) => [t, t[0]?.toUpperCase() + t.slice(1)]),
          prefs.boardTheme,
          (v) => actions.setLook({ boardTheme: v as Prefs['boardTheme'] }),
        ),
        select(
          'animation-speed',
          'Animation',
          ANIMATION_SPEEDS.map((ms) => [String(ms), ms === 0 ? 'none' : `${ms} ms`]),
          String(prefs.animationMs),
          (v) => actions.setLook({ animationMs: Number(v) }),
        ),
      ]),
    ]);
    this.root = h('section.play', {}, [
      h('div.board-area', {}, [this.holder, this.announcer, this.description]),
      h('div.side', {}, [
        this.title,
        this.clocks,
        this.pageError,
        this.banner,
        this.pending,
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
          // During the game too (the end banner has one as well).
          button('analyse', 'Analyse', actions.analyse, 'Open this game on the analysis board'),
        ]),
        h('div.controls', {}, [
          button('resign', 'Resign', actions.resign),
          button('offer-draw', 'Offer a draw', actions.offerDraw),
        ]),
        this.drawAnswer,
        h('div.panel', {}, [sanForm, this.sanError]),
        h('div.toggles', {}, [
          toggle('coords-toggle', 'Coordinates', prefs.coordinates, actions.setCoordinates),
          toggle('analysis-toggle', 'Analysis', prefs.analysis, actions.setAnalysis),
        ]),
        look,
        ioPanel,
      ]),
    ]);
  }

  /** The clocks (hidden for an untimed game). */
  renderClocks(c: ClockView | undefined): void {
    this.clocks.hidden = !c;
    if (!c) return;
    for (const side of ['white', 'black'] as const) {
      const el = this.clockEls[side];
      const ms = c[side];
      el.textContent = `${side === 'white' ? 'White' : 'Black'} ${formatClock(ms)}`;
      el.classList.toggle('running', c.running === side);
      el.classList.toggle('low', ms < LOW_TIME_MS);
    }
  }

  /** The computer's answer to a draw offer, or '' to clear it. */
  showDrawAnswer(text: string): void {
    this.drawAnswer.textContent = text;
  }

  /** The position in words (the board's description for screen readers). */
  describe(text: string): void {
    this.description.textContent = text;
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
    const over = snap.end !== undefined;
    this.buttons.resign!.disabled = over || (settings.mode === 'engine' && snap.moves.length === 0);
    this.buttons['offer-draw']!.disabled = over || snap.moves.length === 0;
    this.buttons.rematch!.hidden = settings.mode !== 'engine';
    this.buttons['offer-draw']!.textContent = settings.mode === 'engine' ? 'Offer a draw' : 'Agree a draw';
    clear(this.pending);
    this.pending.hidden = snap.notes.length === 0;
    for (const note of snap.notes) this.pending.append(h('p', {}, note));
    this.analysis.hidden = !engine.analysis;
    // A finished game has nothing to analyse: no stale line stays up (issue 13).
    if (engine.analysis && snap.live && snap.outcome) this.analysis.textContent = 'Analysis: the game is over.';
    else if (engine.analysis && (!this.analysis.firstChild || this.analysis.dataset.over === 'true')) {
      this.analysis.textContent = 'Analysis: waiting for the engine…';
    }
    this.analysis.dataset.over = String(engine.analysis && snap.live && snap.outcome !== undefined);
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
    const names = playerNames(s);
    const who = s.mode === 'engine' ? `${names.white} – ${names.black}` : 'Two players';
    const clock = s.timeControl ? ` · ${timeControlText(s.timeControl)}` : '';
    const extra = `${def.end.marriage ? ` · marriage ${def.end.marriage.mode}` : ''}${clock}`;
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
      this.banner.append(
        h('span.result', { id: 'result' }, end.result),
        h('span', { id: 'end-text' }, end.text),
        this.endActions,
      );
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
