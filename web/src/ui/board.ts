/**
 * The chessgroundx adapter: the one place where square names (`a10`) become chessgroundx keys
 * (`a:`) and back. Views hand it what the controller says (position, last move, check, legal
 * destinations); it reports the squares a person moved between. It never decides legality.
 */

import { Chessground } from 'chessgroundx';
import type { Api } from 'chessgroundx/api.js';
import type { DrawShape } from 'chessgroundx/draw.js';
import type * as cg from 'chessgroundx/types.js';
import type { Color } from '../../../src/core/outcome.js';
import type { VariantDefinition } from '../../../src/variants/schema.js';
import { keyToSquare, squareToKey } from '../model/cgkeys.js';
import { premoveDests } from '../model/diagram.js';

export interface BoardState {
  /** A FEN (only the placement is used). */
  readonly fen: string;
  readonly turn: Color;
  readonly lastMove?: readonly [string, string];
  /** Square of a king in check. */
  readonly check?: string;
  /** Legal destinations by origin (square names); empty when nobody may move. */
  readonly dests: ReadonlyMap<string, readonly string[]>;
  /** Who may move pieces: the side(s) at the board, or none. */
  readonly movable: Color | 'both' | undefined;
  /** Allow premoves for `movable` while the other side is to move. */
  readonly premove: boolean;
}

export interface BoardOptions {
  readonly orientation: Color;
  readonly coordinates: boolean;
  readonly viewOnly?: boolean;
  readonly onMove?: (from: string, to: string, premove: boolean) => void;
  /** A square was clicked / selected (for diagrams). */
  readonly onSelect?: (square: string) => void;
}

const toKey = (square: string) => squareToKey(square) as cg.Key;
const toSquare = (key: string) => keyToSquare(key);

/** A chessgroundx board for a variant, sized by CSS from the board's files and ranks. */
export class Board {
  readonly def: VariantDefinition;
  readonly api: Api;
  readonly element: HTMLElement;
  private options: BoardOptions;

  constructor(element: HTMLElement, def: VariantDefinition, options: BoardOptions, fen?: string) {
    this.def = def;
    this.element = element;
    this.options = options;
    element.classList.add('board', `board-${def.files}x${def.ranks}`);
    element.classList.toggle('odd-files', def.files % 2 === 1);
    element.style.setProperty('--files', String(def.files));
    element.style.setProperty('--ranks', String(def.ranks));
    this.api = Chessground(element, {
      fen: (fen ?? def.startFen).split(' ')[0],
      dimensions: { width: def.files, height: def.ranks },
      orientation: options.orientation,
      coordinates: options.coordinates,
      viewOnly: options.viewOnly ?? false,
      autoCastle: false,
      animation: { enabled: true, duration: 160 },
      highlight: { lastMove: true, check: true },
      movable: {
        free: false,
        color: undefined,
        showDests: true,
        events: { after: (orig, dest, meta) => this.options.onMove?.(toSquare(orig), toSquare(dest), meta.premove) },
      },
      premovable: {
        enabled: true,
        castle: true,
        premoveFunc: (state, key) => this.premoveDests(state, key),
      },
      draggable: { enabled: !(options.viewOnly ?? false), showGhost: true },
      events: { select: (key) => this.options.onSelect?.(toSquare(key)) },
      drawable: { enabled: true, visible: true },
    });
  }

  private premoveDests(state: cg.BoardState, key: cg.Key): cg.Key[] {
    const piece = state.pieces.get(key);
    if (!piece) return [];
    // Roles are `<letter>-piece`; this app never marks pieces as promoted.
    const letter = piece.role.slice(0, piece.role.indexOf('-'));
    return premoveDests(this.def, letter.toUpperCase(), piece.color, toSquare(key)).map(toKey);
  }

  /** Show a position and who may move. */
  set(s: BoardState): void {
    const dests: cg.Dests = new Map();
    for (const [from, tos] of s.dests) dests.set(toKey(from), tos.map(toKey));
    this.api.set({
      fen: s.fen.split(' ')[0],
      turnColor: s.turn,
      lastMove: s.lastMove ? [toKey(s.lastMove[0]), toKey(s.lastMove[1])] : undefined,
      check: s.check ? [toKey(s.check)] : false,
      movable: { color: s.movable, dests },
      premovable: { enabled: s.premove },
    });
    if (!s.lastMove) this.api.state.lastMove = undefined;
  }

  /** Where a square is drawn, in px from the board element's top-left corner. */
  squareBox(square: string): { left: number; top: number; width: number; height: number } {
    const files = this.def.files;
    const ranks = this.def.ranks;
    const container = this.element.querySelector('cg-container') ?? this.element;
    const box = container.getBoundingClientRect();
    const origin = this.element.getBoundingClientRect();
    const file = square.charCodeAt(0) - 97;
    const rank = Number(square.slice(1)) - 1;
    const white = this.api.state.orientation === 'white';
    const col = white ? file : files - 1 - file;
    const row = white ? ranks - 1 - rank : rank;
    const width = box.width / files;
    const height = box.height / ranks;
    return { left: box.left - origin.left + col * width, top: box.top - origin.top + row * height, width, height };
  }

  setOrientation(side: Color): void {
    if (this.api.state.orientation !== side) this.api.toggleOrientation();
  }

  /** Play the stored premove if it is legal now (chessgroundx checks against the dests). */
  playPremove(): boolean {
    return this.api.playPremove();
  }

  cancelPremove(): void {
    this.api.cancelPremove();
  }

  /** Circles on squares, e.g. capture-only squares of a move diagram (brush: green/red/blue/yellow). */
  setMarks(marks: ReadonlyArray<{ square: string; brush: string }>): void {
    const shapes: DrawShape[] = marks.map((m) => ({ orig: toKey(m.square), brush: m.brush }));
    this.api.setAutoShapes(shapes);
  }

  /** Select a square (its legal dots appear). */
  select(square: string | null): void {
    this.api.selectSquare(square === null ? null : toKey(square));
  }

  destroy(): void {
    this.api.destroy();
    this.element.textContent = '';
  }
}
