/**
 * The play page: wires the game controller (owns the game), the board adapter (renders what it
 * is told), the view (play-view.ts), the import/export panel, the keys and the engine scheduler.
 *
 * Data flow of one move: the board reports from/to → the controller finds the legal move (the
 * promotion chooser asks when there are several) and builds the ply's snapshot → `update()`
 * hands that one snapshot to the board, the view and the panel, saves the game, and tells the
 * scheduler what the engine should do; the computer's move (UCI) goes through the controller
 * the same way, then a premove, if any, is tried.
 *
 * Clocks (model/clock.ts) are charged from the snapshot's move count: when it grows, the side
 * that moved is charged and the other runs; a ticker shows them and ends the game when a flag
 * falls. The game is kept (archive and game in progress) shortly after each change.
 */

import type { Color } from '../../../src/core/outcome.js';
import type { ScoreText, SearchReport } from '../../../src/protocol/search-messages.js';
import { type ClockState, engineMoveTime, GameClock } from '../model/clock.js';
import { GameController } from '../model/controller.js';
import { describePosition } from '../model/describe.js';
import { type EngineJob, wantedJob } from '../model/engine-jobs.js';
import type { Prefs } from '../model/persist.js';
import { analysisHash, type Route } from '../model/route.js';
import { engineAcceptsDraw } from '../model/score.js';
import { defaultSettings, type GameSettings } from '../model/settings.js';
import { otherColor } from '../model/verdict.js';
import { Board } from './board.js';
import { EngineScheduler } from './engine-scheduler.js';
import { IoPanel } from './io-panel.js';
import { bindGameKeys, type NavTarget } from './keyboard.js';
import type { MountedPage, MountPage } from './page.js';
import { LOW_TIME_MS, PlayView } from './play-view.js';
import { PromotionChooser } from './promotion.js';
import { moveSound, playSound } from './sound.js';
import { loadGame, loadPrefs, saveGame, savePrefs } from './storage.js';
import { applyLook } from './theme.js';

type StartRequest = NonNullable<Extract<Route, { page: 'play' }>['start']>;

export const mountPlay: MountPage<Extract<Route, { page: 'play' }>> = (app, route) => new PlayPage(app, route.start);

/** The game a play link starts, else the saved one, else a fresh default game; and any error. */
function openingGame(start: StartRequest | undefined): { ctl: GameController; error: string; clock?: ClockState } {
  let error = '';
  if (start) {
    const { timeControl: _, ...base } = loadGame()?.settings ?? defaultSettings(start.variantId);
    const settings: GameSettings = {
      ...base,
      variantId: start.variantId,
      mode: start.mode ?? 'hotseat',
      humanColor: start.humanColor ?? base.humanColor,
      level: start.level ?? base.level,
      marriageMode: start.marriageMode ?? 'immediate',
      ...(start.timeControl ? { timeControl: start.timeControl } : {}),
    };
    const r = GameController.create(settings, start.fen, start.moves);
    // The game now lives in localStorage: a reload continues it instead of restarting the link.
    history.replaceState(null, '', '#/play');
    if (r.ok) return { ctl: r.value, error };
    error = `The link's game could not be started — ${r.error}`;
  }
  const saved = loadGame();
  const r = saved ? GameController.fromRecord(saved) : undefined;
  if (r?.ok) return { ctl: r.value, error, ...(saved?.clock ? { clock: saved.clock } : {}) };
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
  private clock: GameClock | undefined;
  private readonly ticker: ReturnType<typeof setInterval>;
  /** Moves counted at the last update (a larger count is a move played: clock and sound). */
  private seenMoves = 0;
  private wasOver = false;
  /** Sides already warned of low time. */
  private readonly warned = new Set<Color>();
  /** The computer's score of its last move (its own point of view), for a draw offer. */
  private engineScore: ScoreText | undefined;
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly onPageHide = (): void => this.saveNow();

  constructor(app: HTMLElement, start?: StartRequest) {
    this.prefs = loadPrefs();
    if (start?.analysis) this.setPrefs({ analysis: true });
    this.thinkMs = start?.think !== undefined ? Math.round(start.think * 1000) : undefined;
    const opening = openingGame(start);
    this.ctl = opening.ctl;
    this.resetClock(opening.clock);
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
        resign: () => this.resign(),
        offerDraw: () => this.offerDraw(),
        again: (swap) => this.again(swap),
        analyse: () => {
          const c = this.ctl;
          location.hash = analysisHash(
            c.settings.variantId,
            c.startFen,
            c.history.map((m) => m.uci),
            c.settings.marriageMode,
          );
        },
        setLook: (p) => {
          this.setPrefs(p);
          applyLook(this.prefs);
          if (p.animationMs !== undefined || p.showDests !== undefined) this.newBoard();
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
    this.seenMoves = this.ctl.snapshot.moves.length;
    this.wasOver = this.ctl.over;
    this.ticker = setInterval(() => this.tick(), 100);
    window.addEventListener('pagehide', this.onPageHide);
    this.update();
  }

  unmount(): void {
    clearInterval(this.ticker);
    window.removeEventListener('pagehide', this.onPageHide);
    this.saveNow();
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
        animationMs: this.prefs.animationMs,
        showDests: this.prefs.showDests,
        onMove: (from, to) => this.boardMove(from, to),
      },
      this.ctl.snapshot.fen,
    );
    this.board.enableKeyboard(
      `${def.name} board: arrow keys move the cursor, Enter picks a piece up and puts it down`,
      (text) => {
        this.view.announcer.textContent = text;
      },
    );
  }

  // ---------------------------------------------------------------- clocks, ends, again

  private resetClock(state?: ClockState): void {
    const tc = this.ctl.settings.timeControl;
    this.clock = tc ? new GameClock(tc, state) : undefined;
    this.warned.clear();
  }

  /** Charge the clocks for what the snapshot shows happened since the last update. */
  private syncClock(now: number): void {
    const clock = this.clock;
    const snap = this.ctl.snapshot;
    const n = snap.moves.length;
    if (!clock) return;
    if (n === this.seenMoves + 1) {
      const mover = n === 1 ? snap.startTurn : (snap.moves[n - 2]?.turn as Color);
      clock.moved(mover, now);
    }
    if (snap.end || n === 0) clock.stop(now);
    else clock.run(snap.liveTurn, now);
  }

  private tick(): void {
    const clock = this.clock;
    if (!clock) return;
    const now = performance.now();
    const flagged = clock.flagged(now);
    if (flagged && !this.ctl.over) {
      clock.stop(now);
      this.ctl.flagFell(flagged);
      this.update();
      return;
    }
    const running = clock.runningSide;
    const mine = this.ctl.settings.mode === 'hotseat' || running === this.ctl.settings.humanColor;
    if (running && mine && !this.warned.has(running) && clock.remaining(running, now) < LOW_TIME_MS) {
      this.warned.add(running);
      playSound('low-time', this.prefs.sound);
    }
    this.renderClocks(now);
  }

  private renderClocks(now: number): void {
    const clock = this.clock;
    this.view.renderClocks(
      clock && {
        white: clock.remaining('white', now),
        black: clock.remaining('black', now),
        running: clock.runningSide,
      },
    );
  }

  /** The side the person at the board plays (in hotseat: the side to move). */
  private personSide(): Color {
    const s = this.ctl.settings;
    return s.mode === 'engine' ? s.humanColor : this.ctl.snapshot.liveTurn;
  }

  private resign(): void {
    if (this.ctl.resign(this.personSide())) this.update();
  }

  private offerDraw(): void {
    if (this.ctl.settings.mode === 'hotseat') {
      if (this.ctl.agreeDraw()) this.update();
      return;
    }
    if (engineAcceptsDraw(this.engineScore) && this.ctl.agreeDraw()) {
      this.view.showDrawAnswer('The computer accepts the draw.');
      this.update();
    } else {
      this.view.showDrawAnswer('The computer declines the draw: it plays on.');
    }
  }

  /** A new game from the same start with the same settings, or (a rematch) the colours changed. */
  private again(swap: boolean): void {
    const s = this.ctl.settings;
    const settings = swap && s.mode === 'engine' ? { ...s, humanColor: otherColor(s.humanColor) } : s;
    const r = GameController.create(settings, this.ctl.startFen);
    if (!r.ok) {
      this.view.showPageError(r.error);
      return;
    }
    this.saveNow();
    this.replaceGame(r.value);
  }

  private saveNow(): void {
    if (this.saveTimer !== undefined) clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    const c = this.ctl;
    const clock = this.clock?.state(performance.now());
    saveGame({ ...c.record(), ...(clock ? { clock } : {}) }, c.snapshot.end);
  }

  /** Keep the game soon (off the move's frame: the archive is rewritten). */
  private scheduleSave(): void {
    if (this.saveTimer !== undefined) return;
    this.saveTimer = setTimeout(() => this.saveNow(), 200);
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
    this.engineScore = report.score;
    const r = c.playUci(report.bestMove);
    if (!r.ok) console.error('engine move refused:', report.bestMove, r.error);
    this.update();
    measureNextFrame('caravan:engine-reply', startedAt);
    if (r.ok) this.board?.playPremove();
  }

  private replaceGame(next: GameController): void {
    this.engine.stop();
    this.view.clearAnalysis();
    this.view.showDrawAnswer('');
    this.promotion.close();
    this.saveNow();
    this.ctl = next;
    this.engineScore = undefined;
    this.resetClock();
    this.seenMoves = next.snapshot.moves.length;
    this.wasOver = next.over;
    this.newBoard();
    this.update();
  }

  // ---------------------------------------------------------------- render

  /** Bring everything in line with the controller's snapshot. */
  private update(): void {
    const c = this.ctl;
    const snap = c.snapshot;
    const now = performance.now();
    this.syncClock(now);
    const n = snap.moves.length;
    const over = snap.end !== undefined;
    if (n === this.seenMoves + 1 && snap.lastMove) playSound(moveSound(snap.lastMove.san, over), this.prefs.sound);
    else if (over && !this.wasOver) playSound('end', this.prefs.sound);
    this.seenMoves = n;
    this.wasOver = over;
    this.scheduleSave();
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
    this.engine.run(wantedJob(c, { analysis: this.prefs.analysis, thinkMs: this.engineTime(now), seed: this.seed }));
    this.view.render(snap, c.settings, c.def, { thinking: this.engine.thinking, analysis: this.prefs.analysis });
    this.view.describe(describePosition(c.def, snap.fen));
    this.renderClocks(now);
  }

  /** The computer's time for its move: from its clock in a timed game, else the link's or the level's. */
  private engineTime(now: number): number | undefined {
    const clock = this.clock;
    const s = this.ctl.settings;
    if (!clock || s.mode !== 'engine') return this.thinkMs;
    return engineMoveTime(clock.remaining(otherColor(s.humanColor), now), clock.control.incMs);
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
