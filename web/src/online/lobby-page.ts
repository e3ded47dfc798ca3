/** Play online: create a game (variant, colour, time) and get its links; my games, my turn first. */

import { findVariant, MENU_VARIANT_IDS } from '../../../src/variants/index.js';
import { h } from '../ui/dom.js';
import {
  clockText,
  durationText,
  type GameSummary,
  type Listed,
  loadMyGames,
  orderMyGames,
  rememberGame,
  timeControlText,
  timeLeft,
} from './model.js';
import './online.css';

const PRESETS = ['3+2', '5+3', '10+5', '15+10', '30+20'];
const DAYS = [1, 2, 3, 5, 7, 14];

interface Created {
  id: string;
  color: 'white' | 'black';
  secret: string;
  links: Record<'private' | 'invite' | 'watch', { path: string; url: string }>;
}

export class OnlineLobbyPage {
  private readonly root: HTMLElement;
  private readonly result = h('div.panel.online-created', { id: 'created' });
  private readonly list = h('ul.my-games', { id: 'my-games' });
  private readonly error = h('p.page-error', { id: 'create-error', role: 'alert' });
  private destroyed = false;

  constructor(app: HTMLElement) {
    const variant = h(
      'select',
      { id: 'online-variant', name: 'variant' },
      MENU_VARIANT_IDS.map((id) => h('option', { value: id }, findVariant(id)?.name ?? id)),
    );
    const marriage = h('select', { id: 'online-marriage', name: 'marriage' }, [
      h('option', { value: 'immediate' }, 'immediate (the move that marries wins)'),
      h('option', { value: 'delayed' }, 'delayed (still married at your next turn)'),
    ]);
    const marriageRow = h('label', { id: 'marriage-row' }, ['Marriage ', marriage]);
    const color = h('select', { id: 'online-color', name: 'color' }, [
      h('option', { value: 'random' }, 'random'),
      h('option', { value: 'white' }, 'White'),
      h('option', { value: 'black' }, 'Black'),
    ]);
    const time = h('select', { id: 'online-time', name: 'time' }, [
      ...PRESETS.map((p) => h('option', { value: `rt:${p}` }, `${p.replace('+', ' min + ')} s`)),
      h('option', { value: 'custom' }, 'custom real-time…'),
      ...DAYS.map((d) => h('option', { value: `corr:${d}` }, `${d} day${d === 1 ? '' : 's'} per move`)),
      h('option', { value: 'none' }, 'no clock'),
    ]);
    const baseMin = h('input', {
      id: 'custom-base',
      type: 'number',
      min: '0.25',
      max: '180',
      step: '0.25',
      value: '10',
    });
    const incSec = h('input', { id: 'custom-inc', type: 'number', min: '0', max: '180', step: '1', value: '5' });
    const custom = h('span', { id: 'custom-row' }, [' minutes ', baseMin, ' + seconds ', incSec]);
    const sync = () => {
      marriageRow.hidden = !findVariant(variant.value)?.end.marriage;
      custom.hidden = time.value !== 'custom';
    };
    variant.addEventListener('change', sync);
    time.addEventListener('change', sync);
    sync();
    const form = h('form.panel.online-form', { id: 'create-form' }, [
      h('label', {}, ['Variant ', variant]),
      marriageRow,
      h('label', {}, ['Your colour ', color]),
      h('label', {}, ['Time ', time, custom]),
      h('button', { type: 'submit', id: 'create-game' }, 'Create game'),
    ]);
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const t = time.value;
      let clock: Record<string, unknown> = { kind: 'none' };
      if (t.startsWith('rt:')) {
        const [b, i] = t.slice(3).split('+').map(Number);
        clock = { kind: 'realtime', baseSeconds: (b ?? 5) * 60, incrementSeconds: i ?? 0 };
      } else if (t === 'custom')
        clock = {
          kind: 'realtime',
          baseSeconds: Math.round(Number(baseMin.value) * 60),
          incrementSeconds: Math.round(Number(incSec.value)),
        };
      else if (t.startsWith('corr:')) clock = { kind: 'correspondence', days: Number(t.slice(5)) };
      const body: Record<string, unknown> = { variant: variant.value, color: color.value, clock };
      if (!marriageRow.hidden) body.marriage = marriage.value;
      void this.create(body);
    });
    this.root = h('section.online-lobby', {}, [
      h('h1', {}, 'Play a friend online'),
      h(
        'p',
        {},
        'Create a game, send the invite link to your opponent, keep your own link. No account needed: your links are your seats.',
      ),
      form,
      this.error,
      this.result,
      h('h2', {}, 'My games'),
      this.list,
    ]);
    app.append(this.root);
    void this.showMyGames();
  }

  destroy(): void {
    this.destroyed = true;
    this.root.remove();
  }

  private async create(body: Record<string, unknown>): Promise<void> {
    this.error.textContent = '';
    try {
      const r = await fetch('/api/games', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      const data = (await r.json()) as Created & { error?: { message: string } };
      if (!r.ok) {
        this.error.textContent = data.error?.message ?? `the server said ${r.status}`;
        return;
      }
      rememberGame(localStorage, {
        id: data.id,
        secret: data.secret,
        color: data.color,
        variant: String(body.variant),
        addedAt: Date.now(),
      });
      const base = `${location.origin}${location.pathname}`;
      const row = (label: string, id: string, path: string) =>
        h('div.link-row', {}, [
          h('strong', {}, label),
          h('input', { readonly: true, id, value: `${base}${path}` }),
          h('button', { type: 'button', onclick: () => void navigator.clipboard?.writeText(`${base}${path}`) }, 'Copy'),
        ]);
      this.result.textContent = '';
      this.result.append(
        h('p', {}, `Game created — you play ${data.color === 'white' ? 'White' : 'Black'}.`),
        row('Invite link (send it to your opponent) ', 'invite-link', data.links.invite.path),
        row('Your private link (keep it) ', 'private-link', data.links.private.path),
        row('Watch link ', 'watch-link', data.links.watch.path),
        h('a.button', { id: 'go-to-game', href: data.links.private.path }, 'Go to the game'),
      );
      void this.showMyGames();
    } catch {
      this.error.textContent = 'The game server cannot be reached (offline play still works).';
    }
  }

  private async showMyGames(): Promise<void> {
    const mine = loadMyGames(localStorage);
    const listed: Listed[] = await Promise.all(
      mine.map(async (g) => {
        try {
          const r = await fetch(`/api/games/${g.id}`);
          return { mine: g, summary: r.ok ? ((await r.json()) as GameSummary) : undefined };
        } catch {
          return { mine: g, summary: undefined };
        }
      }),
    );
    if (this.destroyed) return;
    this.list.textContent = '';
    if (listed.length === 0) this.list.append(h('li.empty', {}, 'No online games in this browser yet.'));
    for (const l of orderMyGames(listed)) {
      const s = l.summary;
      const name = findVariant(l.mine.variant)?.name ?? l.mine.variant;
      let state = 'not reachable';
      if (s) {
        const left = timeLeft(s);
        if (s.status === 'ended') state = `over (${s.result})`;
        else if (s.status === 'waiting') state = 'waiting for the opponent';
        else state = s.turn === l.mine.color ? 'your turn' : 'their turn';
        if (left !== undefined)
          state += ` · ${s.clock.kind === 'realtime' ? clockText(left) : durationText(left)} left`;
        state += ` · ${timeControlText(s.clock)}`;
      }
      this.list.append(
        h('li', { class: s?.status === 'started' && s.turn === l.mine.color ? 'my-turn' : undefined }, [
          h(
            'a',
            { href: `#/g/${l.mine.id}/${l.mine.secret}` },
            `${name} as ${l.mine.color === 'white' ? 'White' : 'Black'}`,
          ),
          h('span', {}, ` — ${state}`),
        ]),
      );
    }
  }
}
