/**
 * Home: pick a variant (the six, as players know them), read its summary, choose hotseat or a
 * game against the computer (colour, strength; Bachelor Kamil: marriage mode), the clocks, start.
 * The game in progress is never lost by starting another: it stays in the archive (Games).
 */

import type { Color } from '../../../src/core/outcome.js';
import { MAX_LEVEL, MIN_LEVEL } from '../../../src/engine/levels.js';
import { DEFAULT_VARIANT_ID, findVariant } from '../../../src/variants/index.js';
import type { VariantDefinition } from '../../../src/variants/schema.js';
import { CLOCK_PRESETS, parseTimeControl, type TimeControl, timeControlText } from '../model/clock.js';
import { GameController } from '../model/controller.js';
import { MENU_VARIANTS } from '../model/menu.js';
import { rulesHash } from '../model/route.js';
import { defaultSettings, type GameSettings } from '../model/settings.js';
import { h, pieceIcon } from './dom.js';
import type { MountedPage, MountPage } from './page.js';
import { loadGame, saveGame } from './storage.js';

/** The pieces that make a variant what it is, for its card. */
function signaturePieces(def: VariantDefinition): string[] {
  const special = def.pieces.map((p) => p.letter).filter((l) => !'KQRBNP'.includes(l));
  return special.slice(0, 3);
}

export const mountHome: MountPage = (app) => new HomePage(app);

class HomePage implements MountedPage {
  private readonly root: HTMLElement;

  constructor(app: HTMLElement) {
    const saved = loadGame();
    // The last game's choices come back; a first visit gets the computer (most people play alone).
    const last = saved?.settings ?? { ...defaultSettings(), mode: 'engine' };
    const initial = last.variantId;
    const summary = h('p');
    const rulesLink = h('a', { href: '#' }, 'Rules and piece moves');
    const summaryName = h('h2', {}, '');
    const marriage = h('fieldset', { id: 'marriage-options' }, [
      h('legend', {}, 'Marriage and taming'),
      radio('marriage', 'immediate', 'Immediate win (default)', last.marriageMode !== 'delayed'),
      radio(
        'marriage',
        'delayed',
        'Delayed: must still stand at the start of the next turn',
        last.marriageMode === 'delayed',
      ),
    ]);
    const engineOptions = h('div', { id: 'engine-options' }, [
      h('fieldset', {}, [
        h('legend', {}, 'You play'),
        radio('color', 'white', 'White', last.humanColor === 'white'),
        radio('color', 'black', 'Black', last.humanColor === 'black'),
        radio('color', 'random', 'Random', false),
      ]),
      h('fieldset', {}, [
        h('legend', {}, 'Computer strength'),
        h('label', {}, [
          h('input', {
            type: 'range',
            name: 'level',
            min: String(MIN_LEVEL),
            max: String(MAX_LEVEL),
            step: '1',
            value: String(last.level),
            id: 'level',
          }),
          h('output', { id: 'level-out', for: 'level' }, String(last.level)),
        ]),
        h('div.note', {}, `${MIN_LEVEL} = beginner … ${MAX_LEVEL} = full strength`),
      ]),
    ]);
    const lastClock = last.timeControl ? timeControlText(last.timeControl) : '';
    const customClock = h('input', {
      type: 'text',
      id: 'clock-custom',
      size: 6,
      placeholder: '7+2',
      'aria-label': 'Custom time control: minutes + seconds per move',
      value: lastClock !== '' && !CLOCK_PRESETS.includes(lastClock) ? lastClock : '',
    });
    const clocks = h('fieldset', { id: 'clock-options' }, [
      h('legend', {}, 'Clock'),
      radio('clock', '', 'None', lastClock === ''),
      ...CLOCK_PRESETS.map((p) => radio('clock', p, p, p === lastClock)),
      h('label', {}, [
        h('input', {
          type: 'radio',
          name: 'clock',
          value: 'custom',
          checked: lastClock !== '' && !CLOCK_PRESETS.includes(lastClock),
        }),
        'Other ',
        customClock,
      ]),
      h('div.note', {}, 'minutes + seconds added per move'),
    ]);
    customClock.addEventListener('focus', () => {
      const other = clocks.querySelector('input[value="custom"]') as HTMLInputElement;
      other.checked = true;
    });
    const inProgress = saved && saved.moves.length > 0 && !saved.verdict;
    const error = h('p.error', { role: 'alert' });
    const form = h('form', { id: 'new-game' }, [
      h('fieldset.variant-list', {}, [
        h('legend.visually-hidden', {}, 'Variant'),
        ...MENU_VARIANTS.map((id) => {
          const def = findVariant(id) as VariantDefinition;
          return h('label.variant-card', { 'data-variant': id }, [
            h('input', { type: 'radio', name: 'variant', value: id, checked: id === initial }),
            h(
              'span.icons',
              {},
              signaturePieces(def).map((l) => pieceIcon(l, 'white')),
            ),
            h('span', {}, [h('strong', {}, def.name), h('small', {}, `${def.files}×${def.ranks}`)]),
          ]);
        }),
      ]),
      h('div.setup', {}, [
        h('div.summary', {}, [summaryName, summary, h('p', {}, rulesLink)]),
        h('div.options', {}, [
          h('fieldset', {}, [
            h('legend', {}, 'Opponent'),
            radio('mode', 'engine', 'The computer', last.mode === 'engine'),
            radio('mode', 'hotseat', 'Two players on this device', last.mode === 'hotseat'),
          ]),
          engineOptions,
          marriage,
          clocks,
          h('div.start-row', {}, [
            h('button.primary', { type: 'submit', id: 'start' }, 'Start game'),
            saved ? h('a', { href: '#/play', id: 'continue' }, 'Continue the game in progress') : null,
          ]),
          inProgress
            ? h('p.note', { id: 'kept-note' }, [
                'A new game does not replace the one in progress: it stays under ',
                h('a', { href: '#/games' }, 'Games'),
                '.',
              ])
            : null,
          error,
        ]),
      ]),
    ]);
    this.root = h('section.home', {}, [h('h1', {}, 'Play a camel chess variant'), form]);
    app.append(this.root);

    const value = (name: string) =>
      (form.querySelector(`input[name="${name}"]:checked`) as HTMLInputElement | null)?.value;
    const level = form.querySelector('#level') as HTMLInputElement;
    const levelOut = form.querySelector('#level-out') as HTMLOutputElement;
    const refresh = () => {
      const def = findVariant(value('variant') ?? DEFAULT_VARIANT_ID) as VariantDefinition;
      summaryName.textContent = def.name;
      summary.textContent = def.summary;
      rulesLink.href = rulesHash(def.id);
      marriage.hidden = !def.end.marriage;
      engineOptions.hidden = value('mode') !== 'engine';
      levelOut.textContent = level.value;
    };
    form.addEventListener('change', refresh);
    level.addEventListener('input', refresh);
    refresh();

    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const clockChoice = value('clock') ?? '';
      let timeControl: TimeControl | undefined;
      if (clockChoice !== '') {
        const tc = parseTimeControl(clockChoice === 'custom' ? customClock.value : clockChoice);
        if (typeof tc === 'string') {
          error.textContent = `Clock: ${tc}`;
          return;
        }
        timeControl = tc;
      }
      const color = value('color');
      const humanColor: Color =
        color === 'black' ? 'black' : color === 'random' ? (Math.random() < 0.5 ? 'white' : 'black') : 'white';
      const settings: GameSettings = {
        variantId: value('variant') ?? DEFAULT_VARIANT_ID,
        marriageMode: value('marriage') === 'delayed' ? 'delayed' : 'immediate',
        mode: value('mode') === 'engine' ? 'engine' : 'hotseat',
        humanColor,
        level: Number(level.value),
        ...(timeControl ? { timeControl } : {}),
      };
      const c = GameController.create(settings);
      if (!c.ok) {
        error.textContent = c.error;
        return;
      }
      saveGame(c.value.record());
      location.hash = '#/play';
    });
  }

  unmount(): void {
    this.root.remove();
  }
}

function radio(name: string, value: string, label: string, checked: boolean): HTMLElement {
  return h('label', {}, [h('input', { type: 'radio', name, value, checked }), label]);
}
