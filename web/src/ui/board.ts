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
  /**
   * Editor board: any piece may be dragged anywhere or off the board, new ones dropped on it;
   * `onChange` gets the placement (FEN's first field) after every change.
   */
  readonly onChange?: (placement: string) => void;
  /** Move animation (ms; 0 = none) and the legal-move dots. */
  readonly animationMs?: number;
  readonly showDests?: boolean;
  /** What a screen reader hears as the board's name. */
  readonly label?: string;
}

const toKey = (square: string) => squareToKey(square) as cg.Key;
const toSquare = (key: string) => keyToSquare(key);

/** A chessgroundx board for a variant, sized by CSS from the board's files and ranks. */
export class Board {
  readonly def: VariantDefinition;
  readonly api: Api;
  readonly element: HTMLElement;
  private options: BoardOptions;
  /** Keyboard mode's cursor square (square name), once the board has had the focus. */
  private cursor: string | undefined;
  private readonly onKey = (e: KeyboardEvent): void => this.key(e);
  private readonly onFocus = (): void => this.showCursor();
  private readonly onBlur = (): void => this.drawShapes([]);
  /**
   * Shapes asked for while the board had no area (not laid out yet, or hidden): chessgroundx would
   * place them from a 0 × 0 box, at NaN. They are drawn when the board has a size.
   */
  private pendingShapes: DrawShape[] | undefined;
  private readonly sizeWatcher: ResizeObserver;

  constructor(element: HTMLElement, def: VariantDefinition, options: BoardOptions, fen?: string) {
    this.def = def;
    this.element = element;
    this.options = options;
    element.classList.add('board', `board-${def.files}x${def.ranks}`);
    element.classList.toggle('odd-files', def.files % 2 === 1);
    element.style.setProperty('--files', String(def.files));
    element.style.setProperty('--ranks', String(def.ranks));
    const editing = options.onChange !== undefined;
    const animationMs = options.animationMs ?? 160;
    this.api = Chessground(element, {
      fen: (fen ?? def.startFen).split(' ')[0],
      dimensions: { width: def.files, height: def.ranks },
      orientation: options.orientation,
      coordinates: options.coordinates,
      viewOnly: options.viewOnly ?? false,
      autoCastle: false,
      animation: { enabled: animationMs > 0, duration: animationMs },
      highlight: { lastMove: true, check: true },
      movable: {
        free: editing,
        color: editing ? 'both' : undefined,
        showDests: options.showDests ?? true,
        events: { after: (orig, dest, meta) => this.options.onMove?.(toSquare(orig), toSquare(dest), meta.premove) },
      },
      premovable: {
        enabled: true,
        castle: true,
        premoveFunc: (state, key) => this.premoveDests(state, key),
      },
      draggable: { enabled: !(options.viewOnly ?? false), showGhost: true, deleteOnDropOff: editing },
      events: {
        select: (key) => this.options.onSelect?.(toSquare(key)),
        change: () => this.options.onChange?.(this.placement()),
      },
      drawable: { enabled: true, visible: true },
    });
    this.sizeWatcher = new ResizeObserver(() => {
      const { width, height } = element.getBoundingClientRect();
      if (width > 0 && height > 0) {
        const shapes = this.pendingShapes;
        if (shapes) this.drawShapes(shapes);
      } else if (this.api.state.drawable.autoShapes.length > 0) {
        // Hidden: chessgroundx has just dropped its measure, and its next redraw (a new
        // position while hidden) would place the shapes from a 0 × 0 box, at NaN. Hold them back.
        this.drawShapes([...this.api.state.drawable.autoShapes]);
      }
    });
    this.sizeWatcher.observe(element);
  }

  /** Auto shapes (marks, arrows, the keyboard cursor), held back while the board has no area. */
  private drawShapes(shapes: DrawShape[]): void {
    const bounds = this.api.state.dom.bounds;
    bounds.clear(); // the box may have moved or grown since chessgroundx last measured it
    const { width, height } = bounds();
    if (shapes.length === 0 || (width > 0 && height > 0)) {
      this.pendingShapes = undefined;
      this.api.setAutoShapes(shapes);
    } else {
      this.pendingShapes = shapes;
      // The measure just taken (0 × 0) is now chessgroundx's: any redraw of the shapes still
      // up would place them at NaN. None stay while it lasts.
      if (this.api.state.drawable.autoShapes.length > 0) this.api.setAutoShapes([]);
    }
  }

  /**
   * Keyboard mode (issue 13, fix 8): the board takes the focus; arrows move a cursor over the
   * squares, Enter or Space picks the piece under it and drops it on the square chosen next
   * (exactly as two clicks), Escape lets go. `announce` hears what is under the cursor.
   */
  enableKeyboard(label: string, announce: (text: string) => void): void {
    const el = this.element;
    el.tabIndex = 0;
    el.setAttribute('role', 'application');
    el.setAttribute('aria-roledescription', 'board');
    el.setAttribute('aria-label', label);
    this.announce = announce;
    el.addEventListener('keydown', this.onKey);
    el.addEventListener('focus', this.onFocus);
    el.addEventListener('blur', this.onBlur);
  }

  private announce: (text: string) => void = () => {};

  private showCursor(): void {
    const corner =
      this.api.state.orientation === 'white' ? 'a1' : `${String.fromCharCode(96 + this.def.files)}${this.def.ranks}`;
    const sq = this.cursor ?? corner;
    this.cursor = sq;
    this.drawShapes([{ orig: toKey(sq), brush: 'blue' }]);
    const piece = this.api.state.boardState.pieces.get(toKey(sq));
    const name = piece && this.def.pieces.find((p) => `${p.letter.toLowerCase()}-piece` === piece.role)?.name;
    const selected = this.api.state.selectable.selected;
    const picked = typeof selected === 'string' ? `, holding the piece from ${toSquare(selected)}` : '';
    this.announce(`${sq}: ${piece ? `${piece.color} ${name ?? piece.role}` : 'empty'}${picked}`);
  }

  private key(e: KeyboardEvent): void {
    const white = this.api.state.orientation === 'white';
    const steps: Record<string, [number, number]> = {
      ArrowUp: [0, 1],
      ArrowDown: [0, -1],
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
    };
    const step = steps[e.key];
    if (step) {
      e.preventDefault();
      e.stopPropagation(); // the page's ←/→ (move list) keys are not meant while on the board
      const sq = this.cursor ?? 'a1';
      const file = sq.charCodeAt(0) - 97 + (white ? step[0] : -step[0]);
      const rank = Number(sq.slice(1)) + (white ? step[1] : -step[1]);
      if (file >= 0 && file < this.def.files && rank >= 1 && rank <= this.def.ranks) {
        this.cursor = `${String.fromCharCode(97 + file)}${rank}`;
      }
      this.showCursor();
      return;
    }
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      e.stopPropagation();
      if (this.cursor) this.api.selectSquare(toKey(this.cursor));
      this.showCursor();
    } else if (e.key === 'Escape') {
      this.api.selectSquare(null);
      this.showCursor();
    }
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

  /** The pieces as a FEN placement (the editor reads it). */
  placement(): string {
    return this.api.getFen().split(' ')[0] as string;
  }

  /** Show a placement as it is (editor: no turn, no moves). */
  setPlacement(placement: string): void {
    this.api.set({ fen: placement, lastMove: undefined, check: false });
    this.api.state.lastMove = undefined;
  }

  /** Start dragging a new piece (from the editor's palette) with the pointer event that began it. */
  dragNew(letter: string, color: Color, event: MouseEvent | TouchEvent): void {
    this.api.dragNewPiece({ role: `${letter.toLowerCase()}-piece` as cg.Role, color }, false, event, true);
  }

  /** Put a piece on a square, or take the one there off (`letter` undefined). */
  putPiece(square: string, piece: { letter: string; color: Color } | undefined): void {
    const diff: cg.PiecesDiff = new Map();
    diff.set(toKey(square), piece && { role: `${piece.letter.toLowerCase()}-piece` as cg.Role, color: piece.color });
    this.api.setPieces(diff);
    this.options.onChange?.(this.placement());
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
    this.drawShapes(shapes);
  }

  /** Arrows from square to square (the engine's best move), replacing any marks. */
  setArrows(arrows: ReadonlyArray<{ from: string; to: string; brush: string }>): void {
    this.drawShapes(arrows.map((a) => ({ orig: toKey(a.from), dest: toKey(a.to), brush: a.brush })));
  }

  /** Select a square (its legal dots appear). */
  select(square: string | null): void {
    this.api.selectSquare(square === null ? null : toKey(square));
  }

  destroy(): void {
    this.element.removeEventListener('keydown', this.onKey);
    this.element.removeEventListener('focus', this.onFocus);
    this.element.removeEventListener('blur', this.onBlur);
    this.sizeWatcher.disconnect();
    this.api.destroy();
    this.element.textContent = '';
  }
}
