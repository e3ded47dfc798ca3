/**
 * The play page: board, move list, controls, engine, analysis, FEN/PGN in and out.
 *
 * Data flow of one move: the board reports from/to → the controller finds the legal move (the
 * promotion chooser asks when there are several) → the page gives the board the new position
 * and saves the game → if the computer is to move, the worker searches and its move (UCI) goes
 * through the controller the same way; a premove, if any, is then tried.
 */

import { findVariant } from '../../../src/variants/index.js';
import { defaultSettings, GameController, type GameSettings, type Side } from '../model/controller.js';
import { formatScore, type InfoMessage } from '../model/engine-protocol.js';
import type { Prefs } from '../model/persist.js';
import { rulesHash, shareHash } from '../model/route.js';
import { Board } from './board.js';
import { clear, h, pieceIcon } from './dom.js';
import { EngineClient } from './engine-client.js';
import { MENU_VARIANTS } from './home.js';
import type { Page } from './main.js';
import { loadGame, loadPrefs, saveGame, savePrefs } from './storage.js';

type StartRequest = {
  readonly variantId: string;
  readonly fen?: string;
  readonly mode?: GameSettings['mode'];
  readonly humanColor?: Side;
  readonly level?: number;
  readonly marriageMode?: GameSettings['marriageMode'];
  /** Computer's thinking time per move in seconds (overrides the level's default time). */
  readonly think?: number;
};

export class PlayPage implements Page {
  private readonly root: HTMLElement;
  private ctl: GameController;
  private prefs: Prefs;
  private board: Board | undefined;
  private readonly engine = new EngineClient();
  /** What the engine is busy with: "move:<moves>" or "analyse:<moves>". */
  private engineTask = '';
  private thinking = false;
  private lastInfo: InfoMessage | undefined;
  private infoSide: Side = 'white';
  private readonly seed = (Math.random() * 0x7fffffff) | 0;
  /** Thinking time per computer move from the link (`think=`), in ms; the level decides when absent. */
  private readonly thinkMs: number | undefined;

  // elements
  private readonly holder = h('div.board-holder');
  private readonly boardEl = h('div', { id: 'board' });
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
  private readonly fenText = h('div.fen', { id: 'fen' });
  private readonly importText = h('textarea', {
    id: 'import-text',
    'aria-label': 'FEN or PGN to load',
    placeholder: 'Paste a FEN or a PGN here',
  });
  private readonly importVariant = h('select', { id: 'import-variant', 'aria-label': 'Variant of a pasted FEN' });
  private readonly importError = h('div.error', { id: 'import-error', role: 'alert' });
  private readonly notice = h('div.note', { id: 'notice', 'aria-live': 'polite' });
  private readonly pageError = h('div.error', { id: 'page-error', role: 'alert' });
  private readonly buttons: Record<string, HTMLButtonElement> = {};
  private promotionBox: HTMLElement | undefined;
  private readonly onKey = (e: KeyboardEvent) => this.key(e);

  constructor(app: HTMLElement, start?: StartRequest) {
    this.prefs = loadPrefs();
    let startError = '';
    let ctl: GameController | undefined;
    this.thinkMs = start?.think !== undefined ? Math.round(start.think * 1000) : undefined;
    if (start) {
      const base = loadGame()?.settings ?? defaultSettings(start.variantId);
      const settings: GameSettings = {
        ...base,
        variantId: start.variantId,
        mode: start.mode ?? 'hotseat',
        humanColor: start.humanColor ?? base.humanColor,
        level: start.level ?? base.level,
        marriageMode: start.marriageMode ?? 'immediate',
      };
      const r = GameController.create(settings, start.fen);
      if (r.ok) ctl = r.value;
      else startError = `The link's game could not be started — ${r.error}`;
      // The game now lives in localStorage: a reload continues it instead of restarting the link.
      history.replaceState(null, '', '#/play');
    }
    if (!ctl) {
      const saved = loadGame();
      const r = saved ? GameController.fromRecord(saved) : undefined;
      if (r?.ok) ctl = r.value;
      else {
        const fresh = GameController.create(defaultSettings());
        if (!fresh.ok) throw new Error(fresh.error); // the built-in start position is always valid
        ctl = fresh.value;
      }
    }
    this.ctl = ctl;
    this.root = this.layout();
    app.append(this.root);
    this.pageError.textContent = startError;
    this.newBoard();
    document.addEventListener('keydown', this.onKey);
    this.update();
  }

  destroy(): void {
    document.removeEventListener('keydown', this.onKey);
    this.engine.dispose();
    this.board?.destroy();
    this.root.remove();
  }

  // ---------------------------------------------------------------- layout

  private button(id: string, label: string, onClick: () => void, title?: string): HTMLButtonElement {
    const b = h('button', { type: 'button', id, title, 'aria-label': title ?? label }, label);
    b.addEventListener('click', onClick);
    this.buttons[id] = b;
    return b;
  }

  private layout(): HTMLElement {
    for (const id of MENU_VARIANTS) {
      const def = findVariant(id);
      if (def) this.importVariant.append(h('option', { value: id }, def.name));
    }
    const toggles = h('div.toggles', {}, [
      this.toggle('coords-toggle', 'Coordinates', this.prefs.coordinates, (on) => {
        this.setPrefs({ coordinates: on });
        this.newBoard();
        this.update();
      }),
      this.toggle('analysis-toggle', 'Analysis', this.prefs.analysis, (on) => {
        this.setPrefs({ analysis: on });
        this.update();
      }),
    ]);
    const sanForm = h('form.san-entry', { id: 'san-form' }, [this.sanInput, h('button', { type: 'submit' }, 'Play')]);
    sanForm.addEventListener('submit', (e) => {
      e.preventDefault();
      this.typedMove();
    });
    const io = h('details.panel.io', { id: 'io' }, [
      h('summary', {}, 'FEN / PGN / share'),
      h('div', {}, [h('strong', {}, 'FEN '), this.fenText]),
      h('div.row', {}, [
        this.button('copy-fen', 'Copy FEN', () => void this.copy(this.ctl.fen(), 'FEN copied')),
        this.button('copy-pgn', 'Copy PGN', () => void this.copy(this.ctl.pgn(), 'PGN copied')),
        this.button('download-pgn', 'Download PGN', () => this.download()),
        this.button(
          'share',
          'Copy link',
          () => void this.copy(this.shareUrl(), 'Link copied'),
          'Copy a link to this position',
        ),
      ]),
      this.notice,
      h('label', { for: 'import-text' }, h('strong', {}, 'Start from a FEN or PGN')),
      this.importText,
      h('div.row', {}, [
        this.importVariant,
        this.button('import', 'Load', () => this.importGame(), 'Load the pasted FEN or PGN'),
      ]),
      this.importError,
    ]);
    this.holder.append(this.boardEl);
    return h('section.play', {}, [
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
            this.button('first', '«', () => this.nav('first'), 'First position (Home)'),
            this.button('prev', '‹', () => this.nav('prev'), 'Previous move (←)'),
            this.button('next', '›', () => this.nav('next'), 'Next move (→)'),
            this.button('last', '»', () => this.nav('last'), 'Last position (End)'),
          ]),
        ]),
        h('div.controls', {}, [
          this.button('takeback', 'Take back', () => this.takeback()),
          this.button('flip', 'Flip board', () => {
            this.setPrefs({ flipped: !this.prefs.flipped });
            this.board?.setOrientation(this.orientation());
          }),
          this.button('new-game', 'New game', () => {
            location.hash = '#/';
          }),
        ]),
        h('div.panel', {}, [sanForm, this.sanError]),
        toggles,
        io,
      ]),
    ]);
  }

  private toggle(id: string, label: string, on: boolean, change: (on: boolean) => void): HTMLElement {
    const input = h('input', { type: 'checkbox', id, checked: on });
    input.addEventListener('change', () => change(input.checked));
    return h('label', { for: id }, [input, label]);
  }

  private setPrefs(p: Partial<Prefs>): void {
    this.prefs = { ...this.prefs, ...p };
    savePrefs(this.prefs);
  }

  private orientation(): Side {
    const base: Side = this.ctl.settings.mode === 'engine' ? this.ctl.settings.humanColor : 'white';
    return this.prefs.flipped ? (base === 'white' ? 'black' : 'white') : base;
  }

  /** A new chessgroundx board (variant, coordinates or orientation base changed). */
  private newBoard(): void {
    this.board?.destroy();
    const def = this.ctl.def;
    this.holder.style.setProperty('--files', String(def.files));
    this.holder.style.setProperty('--ranks', String(def.ranks));
    this.board = new Board(
      this.boardEl,
      def,
      {
        orientation: this.orientation(),
        coordinates: this.prefs.coordinates,
        onMove: (from, to) => this.boardMove(from, to),
      },
      this.ctl.fen(),
    );
  }

  // ---------------------------------------------------------------- moves

  private boardMove(from: string, to: string): void {
    const started = performance.now();
    this.closePromotion();
    const r = this.ctl.move(from, to);
    if (r.kind === 'promotion') {
      this.askPromotion(from, to, r.choices);
      return;
    }
    this.update();
    if (r.kind === 'played') measureNextFrame('caravan:move-render', started);
  }

  private askPromotion(from: string, to: string, choices: readonly string[]): void {
    const color = this.ctl.liveTurn();
    const cancel = h('button', { type: 'button', id: 'promotion-cancel' }, 'Cancel');
    const box = h('div.promotion', { id: 'promotion', role: 'dialog', 'aria-label': 'Promote to' }, [
      h('div.box', {}, [
        h('strong', {}, 'Promote to'),
        h(
          'div.choices',
          {},
          choices.map((letter) => {
            const name = this.ctl.def.pieces.find((p) => p.letter === letter)?.name ?? letter;
            const b = h('button', { type: 'button', 'data-promote': letter, 'aria-label': name }, [
              pieceIcon(letter, color),
              h('span', {}, name),
            ]);
            b.addEventListener('click', () => {
              this.closePromotion();
              this.ctl.move(from, to, letter);
              this.update();
            });
            return b;
          }),
        ),
        cancel,
      ]),
    ]);
    cancel.addEventListener('click', () => {
      this.closePromotion();
      this.update();
    });
    this.promotionBox = box;
    this.holder.append(box);
    (box.querySelector('button') as HTMLButtonElement).focus();
  }

  private closePromotion(): void {
    this.promotionBox?.remove();
    this.promotionBox = undefined;
  }

  private typedMove(): void {
    const text = this.sanInput.value;
    if (text.trim() === '') return;
    const r = this.ctl.playSan(text);
    if (!r.ok) {
      this.sanError.textContent = r.error;
      return;
    }
    this.sanError.textContent = '';
    this.sanInput.value = '';
    this.update();
  }

  private takeback(): void {
    this.engine.cancel();
    this.engineTask = '';
    this.thinking = false;
    this.closePromotion();
    this.board?.cancelPremove();
    this.ctl.takeback();
    this.update();
  }

  private nav(where: 'first' | 'prev' | 'next' | 'last'): void {
    this.closePromotion();
    this.ctl[where]();
    this.update();
  }

  private key(e: KeyboardEvent): void {
    const t = e.target as HTMLElement | null;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable))
      return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const map: Record<string, 'first' | 'prev' | 'next' | 'last'> = {
      ArrowLeft: 'prev',
      ArrowRight: 'next',
      Home: 'first',
      End: 'last',
    };
    const where = map[e.key];
    if (where) {
      e.preventDefault();
      this.nav(where);
    }
  }

  // ---------------------------------------------------------------- engine

  private movesUpTo(ply: number): string[] {
    return this.ctl.history.slice(0, ply).map((m) => m.uci);
  }

  private runEngine(): void {
    const c = this.ctl;
    const s = c.settings;
    if (c.engineToMove()) {
      const moves = this.movesUpTo(c.history.length);
      const task = `move:${moves.join(' ')}`;
      if (task === this.engineTask) return;
      this.engineTask = task;
      this.thinking = true;
      this.lastInfo = undefined;
      this.infoSide = c.liveTurn();
      const fenBefore = c.liveFen();
      const started = performance.now();
      void this.engine
        .search(
          {
            variantId: s.variantId,
            marriageMode: s.marriageMode,
            startFen: c.startFen,
            moves,
            level: s.level,
            ...(this.thinkMs !== undefined ? { movetime: this.thinkMs } : {}),
            seed: this.seed + moves.length,
          },
          (info) => this.showInfo(info),
        )
        .then((done) => {
          if (this.engineTask !== task) return;
          this.engineTask = '';
          this.thinking = false;
          if (!done?.bestmove || this.ctl !== c || c.liveFen() !== fenBefore) {
            this.update();
            return;
          }
          const r = c.playUci(done.bestmove);
          if (!r.ok) console.error('engine move refused:', done.bestmove, r.error);
          this.update();
          measureNextFrame('caravan:engine-reply', started);
          if (r.ok) this.board?.playPremove();
        });
      return;
    }
    if (this.prefs.analysis && !(c.isLive && c.isOver())) {
      const ply = c.ply;
      const moves = this.movesUpTo(ply);
      const task = `analyse:${moves.join(' ')}`;
      if (task === this.engineTask) return;
      this.engineTask = task;
      this.thinking = false;
      this.lastInfo = undefined;
      this.infoSide = c.turn();
      void this.engine
        .search(
          { variantId: s.variantId, marriageMode: s.marriageMode, startFen: c.startFen, moves, movetime: 8000 },
          (info) => this.showInfo(info),
        )
        .then((done) => {
          if (this.engineTask !== task) return;
          this.engineTask = `${task}:done`;
          if (done) this.renderAnalysis(done.depth, done.score, done.pv);
        });
      return;
    }
    if (this.engineTask) {
      this.engine.cancel();
      this.engineTask = '';
      this.thinking = false;
    }
  }

  private showInfo(info: InfoMessage): void {
    this.lastInfo = info;
    this.renderAnalysis(info.depth, info.score, info.pv);
  }

  private renderAnalysis(depth: number, score: InfoMessage['score'], pv: readonly string[]): void {
    if (!this.prefs.analysis) return;
    clear(this.analysis);
    this.analysis.append(
      h('span.eval', { id: 'eval' }, formatScore(score, this.infoSide)),
      h('span', { id: 'depth' }, `depth ${depth}`),
      h('div.pv', { id: 'pv' }, pv.join(' ')),
    );
  }

  // ---------------------------------------------------------------- render

  /** Bring everything in line with the controller. */
  private update(): void {
    const c = this.ctl;
    saveGame(c.record());
    const live = c.isLive;
    const s = c.settings;
    const movable: Side | undefined = c.isOver()
      ? undefined
      : s.mode === 'engine'
        ? s.humanColor
        : live
          ? c.turn()
          : undefined;
    this.board?.set({
      fen: c.fen(),
      turn: c.turn(),
      ...(c.lastMove() ? { lastMove: c.lastMove() } : {}),
      ...(c.checkSquare() ? { check: c.checkSquare() } : {}),
      dests: c.dests(),
      movable: live ? movable : undefined,
      premove: s.mode === 'engine' && live && !c.isOver(),
    });
    this.renderTitle();
    this.renderMoves();
    this.fenText.textContent = c.fen();
    this.importVariant.value = s.variantId;
    this.buttons.takeback!.disabled = c.history.length === 0;
    this.buttons.first!.disabled = this.buttons.prev!.disabled = c.ply === 0;
    this.buttons.next!.disabled = this.buttons.last!.disabled = live;
    this.sanInput.disabled = !live || !c.humanToMove();
    this.analysis.hidden = !this.prefs.analysis;
    if (this.prefs.analysis && !this.lastInfo && !this.analysis.firstChild)
      this.analysis.textContent = 'Analysis: waiting for the engine…';
    this.runEngine();
    this.renderStatus();
  }

  private renderTitle(): void {
    const s = this.ctl.settings;
    const def = this.ctl.def;
    const who = s.mode === 'engine' ? `You (${s.humanColor}) vs computer, level ${s.level}` : 'Two players';
    const extra = def.end.marriage ? ` · marriage ${def.end.marriage.mode}` : '';
    clear(this.title);
    this.title.append(
      h('h1', { id: 'variant-name' }, def.name),
      h('span.note', {}, [`${who}${extra} · `, h('a', { href: rulesHash(s.variantId) }, 'rules')]),
    );
  }

  private renderStatus(): void {
    const c = this.ctl;
    const end = c.end();
    this.banner.hidden = !end;
    if (end) {
      clear(this.banner);
      this.banner.append(h('span.result', { id: 'result' }, end.result), h('span', { id: 'end-text' }, end.text));
    }
    let text: string;
    const side = c.liveTurn() === 'white' ? 'White' : 'Black';
    const last = c.history[c.history.length - 1];
    if (!c.isLive) text = `Move ${c.ply} of ${c.history.length} shown — press End or » to return to the game`;
    else if (end) text = 'Game over';
    else if (this.thinking) text = `${side} to move — the computer is thinking…`;
    else if (c.settings.mode === 'engine') text = `${side} to move — your move`;
    else text = `${side} to move`;
    if (c.isLive && !end && c.checkSquare()) text += ' (check)';
    if (c.isLive && last) text = `${last.san} played. ${text}`;
    this.status.textContent = text;
    this.status.dataset.thinking = this.thinking ? 'true' : 'false';
  }

  private renderMoves(): void {
    const c = this.ctl;
    clear(this.moves);
    const hist = c.history;
    if (hist.length === 0) {
      this.moves.append(h('div.empty', {}, 'No moves yet.'));
      return;
    }
    // The first move may be Black's (a FEN with Black to move).
    const startsBlack = c.startFen.split(/\s+/)[1] === 'b';
    const fullmove0 = Number(c.startFen.split(/\s+/)[5] ?? '1') || 1;
    const cells: HTMLElement[] = [];
    let ply = 0;
    let moveNo = fullmove0;
    if (startsBlack) {
      cells.push(h('span.num', {}, `${moveNo}.`), h('span', {}, '…'));
    }
    for (const m of hist) {
      const isWhite = startsBlack ? ply % 2 === 1 : ply % 2 === 0;
      if (isWhite) cells.push(h('span.num', {}, `${moveNo}.`));
      const target = ply + 1;
      const b = h(
        'button',
        {
          type: 'button',
          class: target === c.ply ? 'current' : undefined,
          'data-ply': String(target),
          role: 'listitem',
        },
        m.san,
      );
      b.addEventListener('click', () => {
        this.ctl.goto(target);
        this.update();
      });
      cells.push(b);
      if (!isWhite) moveNo++;
      ply++;
    }
    this.moves.append(...cells);
    const current = this.moves.querySelector('.current');
    if (current && c.isLive) this.moves.scrollTop = this.moves.scrollHeight;
    else (current as HTMLElement | null)?.scrollIntoView({ block: 'nearest' });
  }

  // ---------------------------------------------------------------- import / export

  private shareUrl(): string {
    const s = this.ctl.settings;
    return `${location.origin}${location.pathname}${shareHash(s.variantId, this.ctl.fen(), s.marriageMode)}`;
  }

  private async copy(text: string, done: string): Promise<void> {
    let okCopy = false;
    try {
      await navigator.clipboard.writeText(text);
      okCopy = true;
    } catch {
      const ta = h('textarea', { style: 'position:fixed;left:-9999px' });
      ta.value = text;
      document.body.append(ta);
      ta.select();
      try {
        okCopy = document.execCommand('copy');
      } catch {
        okCopy = false;
      }
      ta.remove();
    }
    this.notice.textContent = okCopy ? done : 'Copying is blocked here — select the text and copy it by hand.';
    if (!okCopy) {
      this.importText.value = text;
      this.importText.select();
    }
  }

  private download(): void {
    const blob = new Blob([this.ctl.pgn()], { type: 'application/x-chess-pgn' });
    const url = URL.createObjectURL(blob);
    const a = h('a', { href: url, download: `caravan-${this.ctl.settings.variantId}.pgn` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  /** Paste box: PGN if it looks like PGN, else a FEN of the chosen variant. Errors leave the game alone. */
  private importGame(): void {
    const text = this.importText.value;
    const variantId = this.importVariant.value || this.ctl.settings.variantId;
    const settings: GameSettings = { ...this.ctl.settings, variantId };
    const looksPgn = /^\s*\[/.test(text) || /(^|\s)1\.\s*\S/.test(text);
    const r = looksPgn ? GameController.fromPgn(settings, text) : GameController.fromFen(settings, text);
    if (!r.ok) {
      this.importError.textContent = r.error;
      return;
    }
    this.importError.textContent = '';
    this.importText.value = '';
    this.replaceGame(r.value);
    this.notice.textContent = looksPgn ? 'PGN loaded' : 'FEN loaded';
  }

  private replaceGame(next: GameController): void {
    this.engine.cancel();
    this.engineTask = '';
    this.thinking = false;
    this.lastInfo = undefined;
    clear(this.analysis);
    this.closePromotion();
    this.ctl = next;
    this.newBoard();
    this.update();
  }
}

/**
 * Record a performance measure from `start` to just after the next frame is painted (read by
 * bench/web-measure.ts; costs nothing noticeable).
 */
function measureNextFrame(name: string, start: number): void {
  requestAnimationFrame(() => {
    setTimeout(() => {
      try {
        performance.measure(name, { start, end: performance.now() });
      } catch {
        // measures unsupported: nothing to record
      }
    }, 0);
  });
}
