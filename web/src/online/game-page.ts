/**
 * An online game: the same board and controller as offline play; moves go to the server and
 * come back as numbered events. The page applies each event once, in order; on a gap it
 * reconnects and the server fills it in. A move of ours not yet acknowledged is sent again
 * after a reconnect (the server applies it once).
 *
 * Over 450 lines: the page wires socket events, clocks, actions and the shared board; the
 * protocol model it renders is apart (model.ts, socket.ts).
 */

import type { Color } from '../../../src/core/outcome.js';
import { GameController } from '../model/controller.js';
import { Board } from '../ui/board.js';
import { h } from '../ui/dom.js';
import { PromotionChooser } from '../ui/promotion.js';
import {
  type Clocks,
  clockText,
  durationText,
  endInWords,
  type GameSummary,
  rememberGame,
  timeControlText,
} from './model.js';
import { GameSocket, type ServerMessage } from './socket.js';
import './online.css';

type Event = Record<string, unknown> & { readonly seq: number; readonly type: string };

const other = (c: Color): Color => (c === 'white' ? 'black' : 'white');
const word = (c: Color) => (c === 'white' ? 'White' : 'Black');

export class OnlineGamePage {
  private readonly root: HTMLElement;
  private readonly socket: GameSocket;
  private summary: GameSummary | undefined;
  private ctl: GameController | undefined;
  private board: Board | undefined;
  private you: Color | null = null;
  private clocks: Clocks = { white: 0, black: 0, running: null };
  private clocksAt = 0;
  private pending: { uci: string; ply: number; id: string } | undefined;
  private readonly tick: number;
  private readonly baseTitle = document.title;
  private notifiedPly = -1;
  private flipped = false;

  private readonly holder = h('div.board-holder', { id: 'online-board-holder' });
  private readonly promotion = new PromotionChooser(this.holder);
  private readonly boardEl = h('div', { id: 'board' });
  private readonly title = h('h1', { id: 'online-title' }, 'Online game');
  private readonly info = h('p.online-info', { id: 'online-info' });
  private readonly topBar = h('div.player-bar', { id: 'bar-top' });
  private readonly bottomBar = h('div.player-bar', { id: 'bar-bottom' });
  private readonly status = h('div.panel.status', { id: 'online-status', role: 'status', 'aria-live': 'polite' });
  private readonly errorLine = h('p.page-error', { id: 'online-error', role: 'alert' });
  private readonly actions = h('div.online-actions', { id: 'online-actions' });
  private readonly moves = h('ol.moves.online-moves', { id: 'online-moves' });
  private readonly links = h('div.panel.online-links', { id: 'online-links' });
  private readonly conn = h('span.conn', { id: 'conn' }, 'connecting…');

  constructor(
    app: HTMLElement,
    gameId: string,
    private readonly secret: string | undefined,
  ) {
    this.root = h('section.online-game', {}, [
      h('div.play', {}, [
        h('div.board-area', {}, [this.topBar, this.holder, this.bottomBar]),
        h('div.side', {}, [
          this.title,
          this.info,
          this.status,
          this.errorLine,
          this.actions,
          this.moves,
          this.links,
          this.conn,
        ]),
      ]),
    ]);
    this.holder.append(this.boardEl);
    app.append(this.root);
    this.socket = new GameSocket(gameId, secret, {
      message: (m) => this.onMessage(m),
      connected: (on) => {
        this.conn.textContent = on ? 'connected' : 'reconnecting…';
        this.conn.dataset.on = String(on);
      },
    });
    this.tick = window.setInterval(() => this.renderClocks(), 200);
  }

  destroy(): void {
    clearInterval(this.tick);
    this.socket.close();
    this.board?.destroy();
    this.root.remove();
    document.title = this.baseTitle;
  }

  // ------------------------------------------------------------------ messages

  private onMessage(m: ServerMessage): void {
    switch (m.type) {
      case 'state':
        this.you = (m.you as Color | null) ?? null;
        this.loadState(m.game as GameSummary);
        break;
      case 'events': {
        const helloAnswer = m.you !== undefined;
        if (helloAnswer) this.you = (m.you as Color | null) ?? null;
        this.applyEvents(m.events as Event[], m.clocks as Clocks | undefined);
        // Back after a drop: our unconfirmed move is sent again if the game still waits for it
        // (the server applies a resent move once).
        const p = this.pending;
        if (helloAnswer && p && this.summary?.ply === p.ply) this.sendMove(p.uci, p.ply, p.id);
        break;
      }
      case 'ack':
        if (this.pending && m.ply === this.pending.ply) this.pending = undefined;
        break;
      case 'presence':
        if (this.summary)
          this.summary = {
            ...this.summary,
            players: {
              white: { ...this.summary.players.white, online: m.white === true },
              black: { ...this.summary.players.black, online: m.black === true },
            },
          };
        this.render();
        break;
      case 'error':
        this.errorLine.textContent = String(m.message ?? m.code);
        if (this.pending && m.id === this.pending.id) {
          // Our move was refused: the board shows it, the server does not have it. Start again
          // from the server's state (stale-ply sends it by itself).
          this.pending = undefined;
          if (m.code !== 'stale-ply') this.socket.resync(true);
        }
        if (m.code === 'unknown-game') this.status.textContent = 'There is no such game.';
        if (m.code === 'wrong-secret') this.status.textContent = 'This link’s secret does not belong to this game.';
        break;
    }
  }

  private loadState(s: GameSummary): void {
    const first = !this.summary;
    this.summary = s;
    this.socket.seq = s.seq;
    this.setClocks(s.clocks);
    const c = GameController.create(
      { variantId: s.variant, marriageMode: s.marriage ?? 'immediate', mode: 'hotseat', humanColor: 'white', level: 4 },
      undefined,
      s.moves.map((m) => m.uci),
    );
    if (!c.ok) {
      this.status.textContent = `This game cannot be shown: ${c.error}`;
      return;
    }
    const newBoard = !this.ctl || this.ctl.def.id !== c.value.def.id || first;
    this.ctl = c.value;
    if (this.you && this.secret)
      rememberGame(localStorage, {
        id: s.id,
        secret: this.secret,
        color: this.you,
        variant: s.variant,
        addedAt: s.createdAt,
      });
    // Our move the server has not confirmed: send it again if the game is still at its ply.
    if (this.pending) {
      if (s.ply === this.pending.ply) this.sendMove(this.pending.uci, this.pending.ply, this.pending.id);
      else this.pending = undefined;
    }
    if (newBoard) this.makeBoard();
    this.render();
  }

  private applyEvents(events: readonly Event[], clocks: Clocks | undefined): void {
    if (!this.summary || !this.ctl) {
      this.socket.resync(true);
      return;
    }
    for (const e of events) {
      if (e.seq <= this.socket.seq) continue;
      if (e.seq !== this.socket.seq + 1) {
        this.socket.resync(); // a gap: the server sends what is missing
        return;
      }
      if (!this.applyEvent(e)) {
        this.socket.resync(true); // our board disagrees with the server: start from its state
        return;
      }
      this.socket.seq = e.seq;
    }
    if (clocks) this.setClocks(clocks);
    this.render();
    if (this.summary.status === 'started' && this.you === this.summary.turn) this.board?.playPremove();
  }

  /** Apply one event; false when it does not fit what the page has. */
  private applyEvent(e: Event): boolean {
    const s = this.summary as GameSummary;
    const ctl = this.ctl as GameController;
    let next: GameSummary = { ...s, seq: e.seq };
    switch (e.type) {
      case 'move': {
        const ply = Number(e.ply);
        if (ply === ctl.history.length) {
          const played = ctl.playUci(String(e.uci));
          if (!played.ok) return false;
        } else if (ctl.history[ply]?.uci !== e.uci) return false;
        if (this.pending?.ply === ply) this.pending = undefined;
        const moves = [
          ...s.moves.slice(0, ply),
          { ply, uci: String(e.uci), san: String(e.san), clockMs: (e.clockMs as number | null) ?? null },
        ];
        const mover: Color = ply % 2 === 0 ? 'white' : 'black';
        next = {
          ...next,
          moves,
          ply: ply + 1,
          turn: other(mover),
          takebackAsk: null,
          drawOffer: s.drawOffer === mover ? mover : null,
        };
        break;
      }
      case 'takeback': {
        const ply = Number(e.ply);
        const r = GameController.create(
          ctl.settings,
          undefined,
          s.moves.slice(0, ply).map((m) => m.uci),
        );
        if (r.ok) this.ctl = r.value;
        next = {
          ...next,
          moves: s.moves.slice(0, ply),
          ply,
          turn: ply % 2 === 0 ? 'white' : 'black',
          takebackAsk: null,
          drawOffer: null,
        };
        this.board?.cancelPremove();
        break;
      }
      case 'end':
        next = {
          ...next,
          status: 'ended',
          result: String(e.result),
          reason: String(e.reason),
          drawOffer: null,
          takebackAsk: null,
        };
        break;
      case 'start':
        next = { ...next, status: 'started' };
        break;
      case 'join':
        next = {
          ...next,
          players: { ...s.players, [String(e.color)]: { joined: true, online: true } } as GameSummary['players'],
        };
        break;
      case 'draw-offer':
        next = { ...next, drawOffer: e.by as Color };
        break;
      case 'draw-decline':
        next = { ...next, drawOffer: null };
        break;
      case 'takeback-ask':
        next = { ...next, takebackAsk: e.by as Color };
        break;
      case 'takeback-decline':
        next = { ...next, takebackAsk: null };
        break;
      case 'rematch-offer':
        next = { ...next, rematchAsk: e.by as Color };
        break;
      case 'rematch':
        next = { ...next, rematchId: String(e.game), rematchAsk: null };
        break;
    }
    this.summary = next;
    return true;
  }

  private setClocks(c: Clocks): void {
    this.clocks = c;
    this.clocksAt = performance.now();
  }

  // ------------------------------------------------------------------ moves

  private sendMove(uci: string, ply: number, id: string): void {
    this.pending = { uci, ply, id };
    this.socket.send({ type: 'move', uci, ply, id });
  }

  private boardMove(from: string, to: string, promotion?: string): void {
    const ctl = this.ctl;
    if (!ctl) return;
    this.closePromotion();
    const r = ctl.move(from, to, promotion);
    if (r.kind === 'promotion') {
      this.askPromotion(from, to, r.choices);
      return;
    }
    if (r.kind === 'played') {
      const ply = ctl.history.length - 1;
      this.sendMove(r.move.uci, ply, `m${ply}-${Date.now()}`);
      if (this.summary) this.summary = { ...this.summary, turn: other(this.summary.turn) };
    }
    this.render();
  }

  private askPromotion(from: string, to: string, choices: readonly string[]): void {
    const ctl = this.ctl as GameController;
    this.promotion.open(
      ctl.def,
      ctl.snapshot.liveTurn,
      choices,
      this.board?.squareBox(to) ?? { left: 0, top: 0, width: 0, height: 0 },
      (letter) => this.boardMove(from, to, letter),
      () => this.render(),
    );
  }

  private closePromotion(): void {
    this.promotion.close();
  }

  private act(type: string): void {
    this.errorLine.textContent = '';
    this.socket.send({ type, id: type });
  }

  // ------------------------------------------------------------------ view

  private makeBoard(): void {
    this.board?.destroy();
    const ctl = this.ctl as GameController;
    this.board = new Board(
      this.boardEl,
      ctl.def,
      {
        orientation: this.bottomSide(),
        coordinates: true,
        onMove: (from, to) => this.boardMove(from, to),
      },
      ctl.snapshot.fen,
    );
    this.holder.style.setProperty('--files', String(ctl.def.files));
    this.holder.style.setProperty('--ranks', String(ctl.def.ranks));
  }

  private render(): void {
    const s = this.summary;
    const ctl = this.ctl;
    if (!s || !ctl) return;
    const def = ctl.def;
    this.title.textContent = def.name;
    this.info.textContent = `${timeControlText(s.clock)} · ${this.you ? `you play ${word(this.you)}` : 'watching'}`;
    const myTurn = s.status === 'started' && this.you !== null && s.turn === this.you && !this.pending;
    const last = ctl.history[ctl.history.length - 1];
    this.board?.set({
      fen: ctl.snapshot.fen,
      turn: ctl.snapshot.liveTurn,
      lastMove: last ? [last.from, last.to] : undefined,
      check: last?.check,
      dests: myTurn ? ctl.snapshot.dests : new Map(),
      movable: s.status === 'started' && this.you ? this.you : undefined,
      premove: s.status === 'started' && this.you !== null && !myTurn,
    });
    this.status.textContent = this.statusText(s, def);
    this.status.dataset.result = s.status === 'ended' ? s.result : '';
    this.renderMoves(s);
    this.renderActions(s);
    this.renderLinks(s);
    this.renderClocks();
    this.notifyTurn(s, myTurn);
  }

  private statusText(s: GameSummary, def: GameController['def']): string {
    if (s.status === 'ended') return `${endInWords(def, s.result, s.reason)} (${s.result})`;
    if (s.status === 'waiting') return 'Waiting for the opponent to open the invite link.';
    const parts = [this.you ? (s.turn === this.you ? 'Your turn' : 'Opponent’s turn') : `${word(s.turn)} to move`];
    if (s.drawOffer && s.drawOffer !== this.you) parts.push(`${word(s.drawOffer)} offers a draw`);
    if (s.takebackAsk && s.takebackAsk !== this.you) parts.push(`${word(s.takebackAsk)} asks to take back a move`);
    if (s.clock.kind === 'correspondence' && s.deadline !== null)
      parts.push(`move due in ${durationText(s.deadline - s.now)}`);
    return parts.join(' · ');
  }

  private renderMoves(s: GameSummary): void {
    this.moves.textContent = '';
    for (let i = 0; i < s.moves.length; i += 2) {
      const w = s.moves[i];
      const b = s.moves[i + 1];
      this.moves.append(
        h('li', {}, [
          h('span.num', {}, `${i / 2 + 1}.`),
          h('span.san', { 'data-ply': i }, w?.san ?? ''),
          b ? h('span.san', { 'data-ply': i + 1 }, b.san) : h('span.san', {}, ''),
        ]),
      );
    }
    this.moves.scrollTop = this.moves.scrollHeight;
  }

  private renderActions(s: GameSummary): void {
    this.actions.textContent = '';
    const add = (id: string, label: string, type: string) =>
      this.actions.append(h('button', { type: 'button', id, onclick: () => this.act(type) }, label));
    if (this.you) {
      const them = other(this.you);
      const movedYet = this.you === 'white' ? s.ply >= 1 : s.ply >= 2;
      if (s.status !== 'ended' && !movedYet) add('act-abort', 'Abort', 'abort');
      if (s.status === 'started') {
        add('act-resign', 'Resign', 'resign');
        if (s.drawOffer === them) {
          add('act-draw-accept', 'Accept draw', 'draw-accept');
          add('act-draw-decline', 'Decline draw', 'draw-decline');
        } else if (s.drawOffer !== this.you) add('act-draw-offer', 'Offer draw', 'draw-offer');
        if (s.takebackAsk === them) {
          add('act-takeback-accept', 'Accept takeback', 'takeback-accept');
          add('act-takeback-decline', 'Decline takeback', 'takeback-decline');
        } else if (movedYet && s.takebackAsk !== this.you) add('act-takeback-ask', 'Ask takeback', 'takeback-ask');
        if (s.clock.kind === 'realtime' && !s.players[them].online) add('act-claim', 'Claim victory', 'claim-victory');
      }
      if (s.status === 'ended' && !s.rematchId && s.rematchAsk !== this.you)
        add('act-rematch', s.rematchAsk === them ? 'Accept rematch' : 'Rematch', 'rematch');
    }
    if (s.rematchId) {
      const href = this.you && this.secret ? `#/g/${s.rematchId}/${this.secret}` : `#/g/${s.rematchId}`;
      this.actions.append(h('a.button', { id: 'rematch-link', href }, 'Go to the rematch'));
    }
    this.actions.append(h('button', { type: 'button', id: 'act-flip', onclick: () => this.flip() }, 'Flip board'));
    if ('Notification' in window && Notification.permission === 'default' && this.you && s.status !== 'ended')
      this.actions.append(
        h(
          'button',
          {
            type: 'button',
            id: 'act-notify',
            onclick: () => void Notification.requestPermission().then(() => this.render()),
          },
          'Notify me of my turn',
        ),
      );
  }

  private flip(): void {
    this.flipped = !this.flipped;
    this.board?.setOrientation(this.bottomSide());
    this.renderClocks();
  }

  /** The side shown at the bottom: the player's own (White for spectators), unless flipped. */
  private bottomSide(): Color {
    const mine = this.you ?? 'white';
    return this.flipped ? other(mine) : mine;
  }

  private renderLinks(s: GameSummary): void {
    this.links.textContent = '';
    const base = `${location.origin}${location.pathname}`;
    this.links.append(
      h('div', {}, [
        h('strong', {}, 'Watch link '),
        h('input', { readonly: true, id: 'watch-link', value: `${base}#/g/${s.id}` }),
      ]),
      h('a', { id: 'pgn-download', href: `/api/games/${s.id}/pgn`, download: `caravan-${s.id}.pgn` }, 'Download PGN'),
    );
  }

  private bar(el: HTMLElement, side: Color, s: GameSummary): void {
    const p = s.players[side];
    const left = this.clockOf(side);
    el.dataset.side = side;
    el.textContent = '';
    el.append(
      ...[
        h(
          'span.presence',
          { class: p.online ? 'online' : 'offline', title: p.online ? 'online' : 'offline', id: `presence-${side}` },
          p.online ? '●' : '○',
        ),
        h('span.name', {}, `${word(side)}${side === this.you ? ' (you)' : ''}`),
        s.clock.kind === 'realtime'
          ? h(
              'span.clock',
              {
                id: `clock-${side}`,
                class: this.clocks.running === side && s.status === 'started' ? 'running' : undefined,
              },
              clockText(left),
            )
          : '',
      ],
    );
  }

  private clockOf(side: Color): number {
    const c = this.clocks;
    const s = this.summary;
    if (c.running === side && s?.status === 'started')
      return Math.max(0, c[side] - (performance.now() - this.clocksAt));
    return c[side];
  }

  private renderClocks(): void {
    const s = this.summary;
    if (!s) return;
    const bottom = this.bottomSide();
    this.bar(this.bottomBar, bottom, s);
    this.bar(this.topBar, other(bottom), s);
  }

  /** "Your turn" in the title, and as a notification when the page is in the background. */
  private notifyTurn(s: GameSummary, myTurn: boolean): void {
    document.title = myTurn ? `Your turn — ${this.baseTitle}` : this.baseTitle;
    if (!myTurn || this.notifiedPly === s.ply) return;
    this.notifiedPly = s.ply;
    if (document.hidden && 'Notification' in window && Notification.permission === 'granted')
      new Notification('Caravan: your turn', {
        body: `${this.ctl?.def.name ?? ''} — ${s.moves[s.moves.length - 1]?.san ?? ''}`,
        tag: s.id,
      });
  }
}
