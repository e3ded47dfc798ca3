/**
 * Resuming a match from the PGN it wrote (the project brief: long jobs must resume where they
 * stopped). Every game the match writes carries what makes it part of this match — `Variant`,
 * `TimeControl`, `MatchOpenings` (where the openings come from), `Round` (game index + 1) and
 * `White`/`Black` — so a resume reads the finished games back, checks each one belongs to the
 * match it is asked to continue, and leaves only the others to play. A game of another match, or
 * a game cut short while the file was written, is refused with the reason: mixing them silently
 * would make the score meaningless.
 */

import { CaravanError } from '../core/errors.js';
import { Game } from '../core/game.js';
import { err, ok, type Result } from '../core/result.js';
import { outcomeText, resultToken } from '../notation/outcome-text.js';
import { type PgnGame, readPgn, readPgnGames, writePgn } from '../notation/pgn.js';
import { moveToUci } from '../notation/uci.js';
import type { VariantDefinition } from '../variants/schema.js';
import type { GameRecord, Termination } from './match.js';
import type { Opening } from './openings.js';

/** The PGN tag naming the match's opening source (openings.ts, `randomOpeningsSource`). */
export const OPENINGS_TAG = 'MatchOpenings';

/** What a game of the match must agree with. */
export interface MatchIdentity {
  readonly variant: VariantDefinition;
  /** The TimeControl tag the match writes (`10+0.1`, `-` without a clock). */
  readonly timeControl: string;
  /** The MatchOpenings tag the match writes. */
  readonly openingsSource: string;
  readonly openings: readonly Opening[];
  readonly games: number;
}

export interface FinishedGames {
  /** The finished games, in PGN order. */
  readonly records: readonly GameRecord[];
  /** Display names of the first and second engine, as the games have them (none: no games). */
  readonly names: readonly [string, string] | undefined;
}

const RESULTS = new Set(['1-0', '0-1', '1/2-1/2']);
const TERMINATIONS: readonly Termination[] = ['time forfeit', 'rules infraction', 'abandoned', 'void', 'normal'];

function refuse(message: string): { ok: false; error: CaravanError } {
  return err(new CaravanError('invalid-pgn', message));
}

/** The opening a game index gets: each opening twice, as runMatch plays them. */
export function openingOf(openings: readonly Opening[], index: number): Opening {
  return openings[Math.floor(index / 2) % openings.length] as Opening;
}

/** The game's first moves in UCI text, as many as `count` (fewer when the game is shorter). */
function firstMoves(game: Game, count: number): string[] {
  const replay = Game.create(game.variant, game.startFen);
  if (!replay.ok) return [];
  const texts: string[] = [];
  for (const m of game.moves.slice(0, count)) {
    texts.push(moveToUci(replay.value.position, m));
    replay.value.play(m);
  }
  return texts;
}

/** Why game `g` (the n-th of the file) is not a finished game of the match, or its index. */
function checkGame(g: PgnGame, n: number, id: MatchIdentity): Result<number, CaravanError> {
  const where = `game ${n} of the PGN`;
  const round = g.tags.Round ?? '';
  if (!/^\d+$/.test(round) || Number(round) < 1)
    return refuse(`${where} has no game number (Round tag '${round}'): it was not written by caravan match`);
  const index = Number(round) - 1;
  if (index >= id.games)
    return refuse(`${where} is game ${round} of the match, but --games is ${id.games}: give at least --games ${round}`);
  if (g.variant.id !== id.variant.id)
    return refuse(`${where} is ${g.variant.id}, this match is ${id.variant.id} (another match's PGN?)`);
  const source = g.tags[OPENINGS_TAG];
  if (source !== id.openingsSource) {
    return refuse(
      `${where} was played from openings '${source ?? '(no MatchOpenings tag)'}', this match uses ` +
        `'${id.openingsSource}' (another --seed, --opening-plies or --openings file?)`,
    );
  }
  if (g.tags.TimeControl !== id.timeControl)
    return refuse(`${where} was played at --tc '${g.tags.TimeControl ?? '?'}', this match is '${id.timeControl}'`);
  // A game the process was writing when it died has no result, or fewer moves than it counted.
  // A void game (match.ts voidIllegal) is finished with result `*` and says so.
  const voided = g.result === '*' && g.tags.Termination?.startsWith('void: ') === true;
  if ((!RESULTS.has(g.result) && !voided) || g.tags.Result !== g.result)
    return refuse(`${where} (round ${round}) is incomplete: it has no result (the file was cut off?)`);
  if (g.tags.PlyCount !== String(g.game.moves.length)) {
    return refuse(
      `${where} (round ${round}) is incomplete: ${g.game.moves.length} moves read, PlyCount says ${g.tags.PlyCount ?? '?'}`,
    );
  }
  const over = g.game.outcome();
  if (g.tags.Termination === undefined && (!over || resultToken(over) !== g.result))
    return refuse(`${where} (round ${round}): result ${g.result} without a Termination tag, but the rules disagree`);
  const opening = openingOf(id.openings, index);
  const start = Game.create(id.variant, opening.fen);
  const startFen = start.ok ? start.value.startFen : undefined;
  const moves = firstMoves(g.game, opening.moves.length);
  if (g.game.startFen !== startFen || moves.join(' ') !== opening.moves.join(' ')) {
    return refuse(
      `${where} (round ${round}) did not start from the match's opening ${(Math.floor(index / 2) % id.openings.length) + 1} (the same tags, other openings?)`,
    );
  }
  return ok(index);
}

/**
 * The text of each game of a PGN the match wrote (games start with their Event tag on a new
 * line), so that a resumed game keeps its comments (the clocks); undefined when the split does
 * not give one text per game.
 */
function gameTexts(text: string, count: number): string[] | undefined {
  const texts = text
    .split(/\n(?=\[Event )/)
    .map((t) => t.trim())
    .filter((t) => t !== '');
  return texts.length === count ? texts.map((t) => `${t}\n`) : undefined;
}

/** The record of a finished game read back, as runMatch keeps the games it plays. */
function recordOf(g: PgnGame, index: number, text: string | undefined): GameRecord {
  const over = g.game.outcome();
  const termination = g.tags.Termination;
  const how = TERMINATIONS.find((t) => termination?.startsWith(`${t}: `)) ?? 'normal';
  const reason =
    termination !== undefined
      ? termination.slice(termination.indexOf(': ') + 2)
      : over
        ? outcomeText(g.variant, over)
        : '';
  return {
    index,
    white: index % 2,
    game: g.game,
    result: g.result as GameRecord['result'],
    reason,
    termination: how,
    pgn: text !== undefined && sameGame(text, g) ? text : writePgn(g.game, g.tags),
  };
}

/** Does this text read back as exactly game g (its tags and moves)? */
function sameGame(text: string, g: PgnGame): boolean {
  const r = readPgn(text);
  if (!r.ok) return false;
  const a = r.value;
  return JSON.stringify(a.tags) === JSON.stringify(g.tags) && a.game.moves.join(',') === g.game.moves.join(',');
}

/**
 * The finished games of the match in `text` (the PGN the match wrote), each checked against the
 * match: variant, opening source and time control tags, game number within --games, once each,
 * a result and all its moves, its opening, and the same two names on the sides the colour
 * schedule gives them (game 1: the first engine is White).
 */
export function readFinishedGames(text: string, id: MatchIdentity): Result<FinishedGames, CaravanError> {
  const read = readPgnGames(text);
  if (!read.ok) return refuse(`the PGN cannot be read: ${read.error.message}`);
  const records: GameRecord[] = [];
  const texts = gameTexts(text, read.value.length);
  const seen = new Set<number>();
  let names: [string, string] | undefined;
  for (const [i, g] of read.value.entries()) {
    const checked = checkGame(g, i + 1, id);
    if (!checked.ok) return checked;
    const index = checked.value;
    if (seen.has(index)) return refuse(`game ${i + 1} of the PGN: round ${index + 1} is in the file twice`);
    seen.add(index);
    const white = g.tags.White ?? '?';
    const black = g.tags.Black ?? '?';
    const these: [string, string] = index % 2 === 0 ? [white, black] : [black, white];
    names ??= these;
    if (these[0] !== names[0] || these[1] !== names[1]) {
      return refuse(
        `game ${i + 1} of the PGN (round ${index + 1}) is ${white} vs ${black}; ` +
          `the colour schedule needs ${index % 2 === 0 ? `${names[0]} vs ${names[1]}` : `${names[1]} vs ${names[0]}`}`,
      );
    }
    records.push(recordOf(g, index, texts?.[i]));
  }
  return ok({ records, names });
}
