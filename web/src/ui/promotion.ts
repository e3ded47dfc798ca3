/**
 * The promotion chooser: a dialog over the board with the variant's choices (in its order) and
 * Cancel. It only reports the choice; the controller plays it.
 */

import type { Color } from '../../../src/core/outcome.js';
import type { VariantDefinition } from '../../../src/variants/schema.js';
import { h, pieceIcon } from './dom.js';

export class PromotionChooser {
  private box: HTMLElement | undefined;

  constructor(private readonly holder: HTMLElement) {}

  get isOpen(): boolean {
    return this.box !== undefined;
  }

  open(
    def: VariantDefinition,
    color: Color,
    choices: readonly string[],
    onPick: (letter: string) => void,
    onCancel: () => void,
  ): void {
    this.close();
    const cancel = h('button', { type: 'button', id: 'promotion-cancel' }, 'Cancel');
    cancel.addEventListener('click', () => {
      this.close();
      onCancel();
    });
    const buttons = choices.map((letter) => {
      const name = def.pieces.find((p) => p.letter === letter)?.name ?? letter;
      const b = h('button', { type: 'button', 'data-promote': letter, 'aria-label': name }, [
        pieceIcon(letter, color),
        h('span', {}, name),
      ]);
      b.addEventListener('click', () => {
        this.close();
        onPick(letter);
      });
      return b;
    });
    const box = h('div.promotion', { id: 'promotion', role: 'dialog', 'aria-label': 'Promote to' }, [
      h('div.box', {}, [h('strong', {}, 'Promote to'), h('div.choices', {}, buttons), cancel]),
    ]);
    this.box = box;
    this.holder.append(box);
    buttons[0]?.focus();
  }

  close(): void {
    this.box?.remove();
    this.box = undefined;
  }
}
