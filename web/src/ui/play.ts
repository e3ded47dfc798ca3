/**
 * The play page: wires the game controller (owns the game), the board adapter (renders what it
 * is told), the view (play-view.ts), the import/export panel, the keys and the engine scheduler.
 *
 * Data flow of one move: the board reports from/to → the controller finds the legal move (the
 * promotion chooser asks when there are several) and builds the ply's snapshot → `update()`
 * hands that one snapshot to the board, the view and the panel, saves the game, and tells the
 * scheduler what the engine should do; the computer's move (UCI) goes through the controller
 * the same way, then a premove, if any, is tried.
 */

import type { Color } from '../../../src/core/outcome.js';
import type { SearchReport } from '../../../src/protocol/search-messages.js';
import { GameController } from '../model/controller.js';
import { type EngineJob, wantedJob } from '../model/engine-jobs.js';
import type { Prefs } from '../model/persist.js';
import type { Route } from '../model/route.js';
import { defaultSettings, type GameSettings } from '../model/settings.js';
import { Board } from './board.js';
import { EngineScheduler } from './engine-scheduler.js';
import { IoPanel } from './io-panel.js';
import { bindGameKeys, type NavTarget } from './keyboard.js';
import type { MountedPage, MountPage } from './page.js';
import { PlayView } from './play-view.js';
import { PromotionChooser } from './promotion.js';
import { loadGame, loadPrefs, saveGame, savePrefs } from './storage.js';

type StartRequest = NonNullable<Extract<Route, { page: 'play' }>['start']>;

export const mountPlay: MountPage<Extract<Route, { page: 'play' }>> = (app, route) => new PlayPage(app, route.start);

/** The game a play link starts, else the saved one, else a fresh default game; and any error. */
function openingGame(start: StartRequest | undefined): { ctl: GameController; error: string } {
  let error = '';
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
    // The game now lives in localStorage: a reload continues it instead of restarting the link.
    history.replaceState(null, '', '#/play');
    if (r.ok) return { ctl: r.value, error };
    error = `The link's game could not be started — ${r.error}`;
  }
  const saved = loadGame();
  const r = saved ? GameController.fromRecord(saved) : undefined;
  if (r?.ok) return { ctl: r.value, error };
  const fresh = GameController.create(defaultSettings());
  if (!fresh.ok) throw new Error(fresh.error); // the built-in start position is always valid
  return { ctl: fresh.value, error };
}

class PlayPage implements MountedPage {
  private ctl: GameController;
  private prefs: Prefs;
  private board: Board | undefined;
  private readonly view: PlayView;
  private readonly io: IoPanel;
  private readonly promotion: PromotionChooser;
  private readonly engine: EngineScheduler;
  private readonly unbindKeys: () => void;
  private readonly seed = (Math.random() * 0x7fffffff) | 0;
  /** Thinking time per computer move from the link (`think=`), in ms; the level decides when absent. */
  private readonly thinkMs: number | undefined;

  constructor(app: HTMLElement, start?: StartRequest) {
    this.prefs = loadPrefs();
    this.thinkMs = start?.think !== undefined ? Math.round(start.think * 1000) : undefined;
    const opening = openingGame(start);
    this.ctl = opening.ctl;
    this.engine = new EngineScheduler({
      onInfo: (job, info) => {
        if (this.prefs.analysis) this.view.renderAnalysis(info, job.turn);
      },
      onDone: (job, report, startedAt) => this.engineDone(job, report, startedAt),
    });
    this.io = new IoPanel({ current: () => this.ctl, load: (next) => this.replaceGame(next) });
    this.view = new PlayView(
      {
        nav: (where) => this.nav(where),
        goto: (ply) => {
          this.ctl.goto(ply);
          this.update();
        },
        takeback: () => this.takeback(),
        flip: () => {
          this.setPrefs({ flipped: !this.prefs.flipped });
          this.board?.setOrientation(this.orientation());
        },
        newGame: () => {
          location.hash = '#/';
        },
        typedMove: (text) => {
          const r = this.ctl.playSan(text);
          this.view.typedResult(r.ok ? undefined : r.error);
          if (r.ok) this.update();
        },
        setCoordinates: (on) => {
          this.setPrefs({ coordinates: on });
          this.newBoard();
          this.update();
        },
        setAnalysis: (on) => {
          this.setPrefs({ analysis: on });
          this.update();
        },
      },
      this.prefs,
      this.io.element,
    );
    this.promotion = new PromotionChooser(this.view.holder);
    app.append(this.view.root);
    this.view.showPageError(opening.error);
    this.newBoard();
    this.unbindKeys = bindGameKeys((where) => this.nav(where));
    this.update();
  }

  unmount(): void {
    this.unbindKeys();
    this.engine.dispose();
    this.board?.destroy();
    this.view.root.remove();
  }

  private setPrefs(p: Partial<Prefs>): void {
    this.prefs = { ...this.prefs, ...p };
    savePrefs(this.prefs);
  }

  private orientation(): Color {
    const base: Color = this.ctl.settings.mode === 'engine' ? this.ctl.settings.humanColor : 'white';
    return this.prefs.flipped ? (base === 'white' ? 'black' : 'white') : base;
  }

  /** A new chessgroundx board (variant, coordinates or orientation base changed). */
  private newBoard(): void {
    this.board?.destroy();
    const def = this.ctl.def;
    this.view.sizeFor(def);
    this.board = new Board(
      this.view.boardEl,
      def,
      {
        orientation: this.orientation(),
        coordinates: this.prefs.coordinates,
        onMove: (from, to) => this.boardMove(from, to),
      },
      this.ctl.snapshot.fen,
    );
  }

  // ---------------------------------------------------------------- moves

  private boardMove(from: string, to: string): void {
    const started = performance.now();
    this.promotion.close();
    const r = this.ctl.move(from, to);
    if (r.kind === 'promotion') {
      this.promotion.open(
        this.ctl.def,
        this.ctl.snapshot.liveTurn,
        r.choices,
        this.board?.squareBox(to) ?? { left: 0, top: 0, width: 0, height: 0 },
        (letter) => {
          this.ctl.move(from, to, letter);
          this.update();
        },
        () => this.update(),
      );
      return;
    }
    this.update();
    if (r.kind === 'played') measureNextFrame('caravan:move-render', started);
  }

  private takeback(): void {
    this.engine.stop();
    this.promotion.close();
    this.board?.cancelPremove();
    this.ctl.takeback();
    this.update();
  }

  private nav(where: NavTarget): void {
    this.promotion.close();
    this.ctl[where]();
    this.update();
  }

  private engineDone(job: EngineJob, report: SearchReport | undefined, startedAt: number): void {
    if (job.kind === 'analyse') {
      if (report && this.prefs.analysis) this.view.renderAnalysis(report, job.turn);
      return;
    }
    const c = this.ctl;
    // The answer is for the position it was asked for (the scheduler drops answers to old jobs).
    if (!report?.bestMove || c.snapshot.positionId !== job.positionId) {
      this.update();
      return;
    }
    const r = c.playUci(report.bestMove);
    if (!r.ok) console.error('engine move refused:', report.bestMove, r.error);
    this.update();
    measureNextFrame('caravan:engine-reply', startedAt);
    if (r.ok) this.board?.playPremove();
  }

  private replaceGame(next: GameController): void {
    this.engine.stop();
    this.view.clearAnalysis();
    this.promotion.close();
    this.ctl = next;
    this.newBoard();
    this.update();
  }

  // ---------------------------------------------------------------- render

  /** Bring everything in line with the controller's snapshot. */
  private update(): void {
    const c = this.ctl;
    const snap = c.snapshot;
    saveGame(c.record());
    this.board?.set({
      fen: snap.fen,
      turn: snap.turn,
      ...(snap.lastMove ? { lastMove: [snap.lastMove.from, snap.lastMove.to] as const } : {}),
      ...(snap.check ? { check: snap.check } : {}),
      dests: snap.dests,
      movable: snap.movable,
      premove: snap.premove,
    });
    this.io.update(snap, c.settings);
    this.engine.run(wantedJob(c, { analysis: this.prefs.analysis, thinkMs: this.thinkMs, seed: this.seed }));
    this.view.render(snap, c.settings, c.def, { thinking: this.engine.thinking, analysis: this.prefs.analysis });
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
