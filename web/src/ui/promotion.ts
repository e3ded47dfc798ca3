/**
 * The promotion chooser: a dialog over the board at the promotion square, with the variant's
 * choices (in its order) and Cancel; Escape cancels. It only reports the choice; the controller
 * plays it.
 */

import type { Color } from '../../../src/core/outcome.js';
import type { VariantDefinition } from '../../../src/variants/schema.js';
import { h, pieceIcon } from './dom.js';

/** A square's place in the board's box (px from its top-left corner). */
export interface SquareBox {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

export class PromotionChooser {
  private box: HTMLElement | undefined;
  private onKey: ((e: KeyboardEvent) => void) | undefined;

  constructor(private readonly holder: HTMLElement) {}

  open(
    def: VariantDefinition,
    color: Color,
    choices: readonly string[],
    at: SquareBox,
    onPick: (letter: string) => void,
    onCancel: () => void,
  ): void {
    this.close();
    const cancelNow = () => {
      this.close();
      onCancel();
    };
    const cancel = h('button', { type: 'button', id: 'promotion-cancel' }, 'Cancel');
    cancel.addEventListener('click', cancelNow);
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
    const dialog = h('div.box', {}, [h('strong', {}, 'Promote to'), h('div.choices', {}, buttons), cancel]);
    const box = h('div.promotion', { id: 'promotion', role: 'dialog', 'aria-label': 'Promote to' }, [dialog]);
    this.box = box;
    this.holder.append(box);
    this.place(dialog, at);
    this.onKey = (e) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      cancelNow();
    };
    document.addEventListener('keydown', this.onKey);
    buttons[0]?.focus();
  }

  /** Over the promotion square, reaching toward the middle of the board, inside the board. */
  private place(dialog: HTMLElement, at: SquareBox): void {
    const w = dialog.offsetWidth;
    const hgt = dialog.offsetHeight;
    const maxLeft = Math.max(0, this.holder.clientWidth - w);
    const maxTop = Math.max(0, this.holder.clientHeight - hgt);
    const upper = at.top + at.height / 2 < this.holder.clientHeight / 2;
    const left = at.left + at.width / 2 - w / 2;
    const top = upper ? at.top : at.top + at.height - hgt;
    dialog.style.left = `${Math.min(maxLeft, Math.max(0, left))}px`;
    dialog.style.top = `${Math.min(maxTop, Math.max(0, top))}px`;
  }

  close(): void {
    if (this.onKey) document.removeEventListener('keydown', this.onKey);
    this.onKey = undefined;
    this.box?.remove();
    this.box = undefined;
  }
}
