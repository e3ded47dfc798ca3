/**
 * The storage contract of the game server: one repository interface, two implementations
 * (embedded SQLite, PostgreSQL) over the same portable SQL (queries.ts). Everything the server
 * knows about a game is in these rows; the in-memory state of a process is only a cache of them.
 */

export type Color = 'white' | 'black';
export type GameStatus = 'waiting' | 'started' | 'ended';
export type TimeControlKind = 'realtime' | 'correspondence' | 'none';

/** One game's row. `seq` is the number of the game's last event: every change adds events. */
export interface GameRow {
  readonly id: string;
  readonly variant: string;
  /** Bachelor Kamil's marriage mode, null for the other variants. */
  readonly marriage: 'immediate' | 'delayed' | null;
  readonly tcKind: TimeControlKind;
  readonly baseMs: number;
  readonly incMs: number;
  readonly days: number;
  readonly status: GameStatus;
  /** PGN result: '1-0', '0-1', '1/2-1/2', '*' (aborted or going on). */
  readonly result: string;
  readonly reason: string | null;
  readonly ply: number;
  readonly seq: number;
  /** Clock of each side in ms (real-time games), as of `turnStartedAt` for the side to move. */
  readonly whiteMs: number;
  readonly blackMs: number;
  readonly turnStartedAt: number | null;
  /** When the side to move runs out of time (or a correspondence move is due); null = no deadline. */
  readonly deadline: number | null;
  readonly drawOffer: Color | null;
  readonly takebackAsk: Color | null;
  readonly rematchAsk: Color | null;
  readonly rematchId: string | null;
  readonly rematchOf: string | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export interface SeatRow {
  readonly gameId: string;
  readonly color: Color;
  /** SHA-256 (hex) of the seat's secret; the secret itself is never stored. */
  readonly secretHash: string;
  readonly joinedAt: number | null;
  /** The seat counts as online until this time (refreshed while a socket of it is open). */
  readonly presentUntil: number | null;
}

export interface MoveRow {
  /** 0 for White's first move. */
  readonly ply: number;
  readonly uci: string;
  /** The mover's clock after the move (real-time games), else null. */
  readonly clockMs: number | null;
  readonly at: number;
}

export interface EventRow {
  readonly seq: number;
  readonly type: string;
  /** The event's fields as JSON text. */
  readonly data: string;
  readonly at: number;
}

export interface StoredGame {
  readonly game: GameRow;
  readonly seats: readonly SeatRow[];
  readonly moves: readonly MoveRow[];
}

/** One atomic change: the new game row (written only if the stored `seq` is still `expectedSeq`). */
export interface GameChange {
  readonly game: GameRow;
  readonly expectedSeq: number;
  readonly events: readonly EventRow[];
  readonly addMoves?: readonly MoveRow[];
  /** Delete the moves from this ply on (a takeback). */
  readonly dropMovesFrom?: number;
  readonly joined?: { readonly color: Color; readonly at: number };
}

export interface Repository {
  readonly kind: 'sqlite' | 'postgres';
  /** The schema version after migrating. */
  readonly schemaVersion: number;
  createGame(game: GameRow, seats: readonly SeatRow[], events: readonly EventRow[]): Promise<void>;
  loadGame(id: string): Promise<StoredGame | undefined>;
  /** The game's events with seq > afterSeq, in order. */
  eventsAfter(id: string, afterSeq: number): Promise<EventRow[]>;
  /** Apply a change if nobody else changed the game since expectedSeq; false = lost the race. */
  commit(change: GameChange): Promise<boolean>;
  setPresence(gameId: string, color: Color, until: number): Promise<void>;
  /** Games in play whose deadline is at or before `now`. */
  dueGames(now: number, limit: number): Promise<string[]>;
  /** Called with {game, ply} whenever any process commits a change (PostgreSQL LISTEN/NOTIFY). */
  onChange(listener: (gameId: string, ply: number) => void): Promise<void>;
  close(): Promise<void>;
}
