/**
 * A game: a position plus its history, for repetition draws, takebacks and the record.
 * Moves are integers (see move.ts); text formats live in ../notation.
 */

import type { VariantDefinition } from '../variants/schema.js';
import { CaravanError } from './errors.js';
import { makeFen } from './fen.js';
import type { Move } from './move.js';
import { generateLegal, MAX_MOVES } from './movegen.js';
import { type Outcome, positionOutcome } from './outcome.js';
import { Position } from './position.js';
import { err, ok, type Result } from './result.js';

export class Game {
  readonly variant: VariantDefinition;
  readonly startFen: string;
  /** The current position (mutated by play/undo; clone it to keep a copy). */
  readonly position: Position;
  private readonly played: Move[] = [];
  /** Hash (as "hi:lo") of every position so far, the start included. */
  private readonly hashes: string[] = [];
  private readonly buf = new Int32Array(MAX_MOVES);

  private constructor(variant: VariantDefinition, startFen: string, position: Position) {
    this.variant = variant;
    this.startFen = startFen;
    this.position = position;
    this.hashes.push(this.hashKey());
  }

  /** A new game of a variant (definition or id), from its start position or a FEN. */
  static create(variant: VariantDefinition | string, fen?: string): Result<Game, CaravanError> {
    const parsed = Position.fromFen(variant, fen);
    if (!parsed.ok) return parsed;
    const pos = parsed.value;
    return ok(new Game(pos.variant, makeFen(pos), pos));
  }

  private hashKey(): string {
    return `${this.position.hashHi >>> 0}:${this.position.hashLo >>> 0}`;
  }

  get moves(): readonly Move[] {
    return this.played;
  }

  fen(): string {
    return makeFen(this.position);
  }

  /** Legal moves now; none once the game is over. */
  legalMoves(): Move[] {
    if (this.outcome()) return [];
    const n = generateLegal(this.position, this.buf, 0);
    return Array.from(this.buf.subarray(0, n));
  }

  isLegal(m: Move): boolean {
    return this.legalMoves().includes(m);
  }

  /** Play a legal move; an illegal one or a finished game is refused and nothing changes. */
  play(m: Move): Result<void, CaravanError> {
    const over = this.outcome();
    if (over) return err(new CaravanError('game-over', `the game is over (${over.reason})`));
    // The outcome is known to be open here: generate directly (isLegal would ask for it again).
    const n = generateLegal(this.position, this.buf, 0);
    if (this.buf.subarray(0, n).indexOf(m) < 0)
      return err(new CaravanError('illegal-move', 'that move is not legal in this position'));
    this.position.make(m);
    this.played.push(m);
    this.hashes.push(this.hashKey());
    return ok(undefined);
  }

  /** Take back the last move; false if there is none. */
  undo(): boolean {
    if (this.played.length === 0) return false;
    this.position.unmake();
    this.played.pop();
    this.hashes.pop();
    return true;
  }

  /** How many times the current position has occurred (same placement, side, castling and e.p. rights). */
  repetitions(): number {
    const key = this.hashes[this.hashes.length - 1];
    let n = 0;
    // Only positions since the last capture or pawn move can repeat.
    const from = Math.max(0, this.hashes.length - 1 - this.position.halfmove);
    for (let i = this.hashes.length - 1; i >= from; i -= 2) if (this.hashes[i] === key) n++;
    return n;
  }

  /** The game's outcome, or undefined while it goes on (RULES.md §0 draws, §§1–4 ends). */
  outcome(): Outcome | undefined {
    const o = positionOutcome(this.position);
    if (o && o.reason !== 'fifty-move' && o.reason !== 'insufficient-material') return o;
    const reps = this.variant.draws.repetitions;
    if (reps > 0 && this.repetitions() >= reps) return { winner: null, reason: 'threefold-repetition' };
    return o;
  }
}
