/**
 * What each engine did with its clock, read back from a match's UCI log (`caravan match --log`):
 * for every search, the engine's own time left when it was asked to move, and the nodes, depth
 * and time of its last report before `bestmove`. bench/README.md's tables of time left and nodes
 * a move by stage of the game come from here (bench/match-log.ts).
 *
 * A log line is `<ms since the start> <game slot>.<engine 1|2><'>' sent | '<' received> <text>`:
 * the searches of concurrent games interleave, and each is matched to the last `position` and
 * `info` lines of its own slot's engine. (Logs written before the slot was named are read as one
 * slot; with concurrent games their figures are then approximate.)
 *
 * Each engine's own score also says when it thought the game decided (`decidedAt`): the ply
 * from which it kept saying it was winning, or losing, to the end of the game. Set against the
 * other engine's, that shows how many plies later one evaluation sees what the other already
 * sees (bench/README.md, the sessions on Shatranj Kamil).
 */

export interface LoggedSearch {
  /** 1 or 2: the engine's place on the match's command line. */
  readonly engine: number;
  /** The game it belongs to, numbered from 0 in the order the games started. */
  readonly game: number;
  /** Plies from the game's start position (opening plies included) when the engine was asked. */
  readonly ply: number;
  /** The engine's own clock when asked (ms; undefined without `wtime`/`btime`). */
  readonly clockMs: number | undefined;
  /** From the last `info` line with a node count before `bestmove` (undefined if none came). */
  readonly nodes: number | undefined;
  readonly depth: number | undefined;
  readonly timeMs: number | undefined;
  /**
   * Its last reported score, in centipawns for the side to move (a mate in n is ±(MATE_CP − |n|));
   * undefined if it reported none.
   */
  readonly score: number | undefined;
}

/** Centipawns a reported mate counts as (less its distance). */
export const MATE_CP = 100_000;

export interface MatchLog {
  /** Each engine's name as it gave it (`id name`), by its number. */
  readonly names: ReadonlyMap<number, string>;
  readonly searches: LoggedSearch[];
}

const LINE = /^\s*\d+ (?:(\d+)\.)?([12])([<>]) (.*)$/;

function field(text: string, name: string): number | undefined {
  const m = text.match(new RegExp(`(?:^| )${name} (-?\\d+)`));
  return m ? Number(m[1]) : undefined;
}

/** The score of a UCI `info` line (`score cp n` or `score mate n`), undefined without one. */
function scoreOf(text: string): number | undefined {
  const cp = field(text, 'score cp');
  if (cp !== undefined) return cp;
  const mate = field(text, 'score mate');
  if (mate === undefined) return undefined;
  return mate > 0 ? MATE_CP - mate : -MATE_CP - mate;
}

/** Side to move (0 White, 1 Black) and plies played, from a UCI `position` command. */
function positionOf(text: string): { turn: number; ply: number } | undefined {
  const [head, moves] = text.split(' moves ');
  const ply = moves ? moves.trim().split(/\s+/).length : 0;
  if (head === 'position startpos') return { turn: ply % 2, ply };
  const fen = head?.match(/^position fen (.*)$/);
  if (!fen) return undefined;
  const start = fen[1]!.trim().split(/\s+/)[1] === 'b' ? 1 : 0;
  return { turn: (start + ply) % 2, ply };
}

/** Reads a match log; lines it does not know (another engine's chatter) are passed over. */
export function readMatchLog(text: string): MatchLog {
  const names = new Map<number, string>();
  const searches: LoggedSearch[] = [];
  // By engine process ('<slot>.<engine>').
  const position = new Map<string, { turn: number; ply: number }>();
  const asked = new Map<string, { ply: number; clockMs: number | undefined }>();
  const lastInfo = new Map<
    string,
    { nodes: number; depth: number | undefined; timeMs: number | undefined; score: number | undefined }
  >();
  // By slot: the game being played there, and whether a move has been searched in it yet (the
  // match sends `ucinewgame` to both engines before a game: the first of the pair starts it).
  const gameOf = new Map<string, { game: number; searched: boolean }>();
  let games = 0;
  for (const line of text.split('\n')) {
    const m = LINE.exec(line);
    if (!m) continue;
    const engine = Number(m[2]);
    const slot = m[1] ?? '1';
    const process = `${slot}.${engine}`;
    const sent = m[3] === '>';
    const body = m[4]!;
    if (sent && body === 'ucinewgame') {
      const current = gameOf.get(slot);
      if (!current || current.searched) gameOf.set(slot, { game: games++, searched: false });
    } else if (sent && body.startsWith('position ')) {
      const p = positionOf(body);
      if (p) position.set(process, p);
      else position.delete(process);
    } else if (sent && (body === 'go' || body.startsWith('go '))) {
      const p = position.get(process);
      if (!p) continue;
      const clockMs = field(body, p.turn === 0 ? 'wtime' : 'btime');
      asked.set(process, { ply: p.ply, clockMs });
      lastInfo.delete(process);
    } else if (!sent && body.startsWith('id name ')) {
      names.set(engine, body.slice('id name '.length).trim());
    } else if (!sent && body.startsWith('info ')) {
      const nodes = field(body, 'nodes');
      if (nodes !== undefined)
        lastInfo.set(process, {
          nodes,
          depth: field(body, 'depth'),
          timeMs: field(body, 'time'),
          score: scoreOf(body) ?? lastInfo.get(process)?.score,
        });
    } else if (!sent && body.startsWith('bestmove')) {
      const a = asked.get(process);
      if (!a) continue;
      const info = lastInfo.get(process);
      let current = gameOf.get(slot);
      if (!current) {
        // A log without `ucinewgame`: all of a slot's moves are one game.
        current = { game: games++, searched: true };
        gameOf.set(slot, current);
      }
      current.searched = true;
      searches.push({
        engine,
        game: current.game,
        ...a,
        nodes: info?.nodes,
        depth: info?.depth,
        timeMs: info?.timeMs,
        score: info?.score,
      });
      asked.delete(process);
    }
  }
  return { names, searches };
}

/** The median of the defined values (undefined if there are none). */
export function median(values: readonly (number | undefined)[]): number | undefined {
  const xs = values.filter((v): v is number => v !== undefined).sort((a, b) => a - b);
  if (xs.length === 0) return undefined;
  const mid = xs.length >> 1;
  return xs.length % 2 === 1 ? xs[mid] : (xs[mid - 1]! + xs[mid]!) / 2;
}

export interface PlyBandStats {
  /** First ply of the band; the band runs to the next band's first ply. */
  readonly from: number;
  readonly searches: number;
  readonly clockMs: number | undefined;
  readonly nodes: number | undefined;
  readonly depth: number | undefined;
  readonly timeMs: number | undefined;
  /** The mean of the node counts: the median hides how much the few long searches take. */
  readonly meanNodes: number | undefined;
  /**
   * All nodes over all search time, of the searches that reported both: the engine's speed on
   * the games' own positions, as the clock saw it (undefined when no time was reported).
   */
  readonly nodesPerSecond: number | undefined;
}

/** The mean of the defined values (undefined if there are none). */
export function mean(values: readonly (number | undefined)[]): number | undefined {
  const xs = values.filter((v): v is number => v !== undefined);
  return xs.length === 0 ? undefined : xs.reduce((a, b) => a + b, 0) / xs.length;
}

/** One engine's medians (and mean nodes, nodes per second) by band of plies (`starts`: the first ply of each band, ascending). */
export function byPlyBand(
  searches: readonly LoggedSearch[],
  engine: number,
  starts: readonly number[],
): PlyBandStats[] {
  return starts.map((from, k) => {
    const to = starts[k + 1] ?? Number.POSITIVE_INFINITY;
    const band = searches.filter((s) => s.engine === engine && s.ply >= from && s.ply < to);
    let nodes = 0;
    let ms = 0;
    for (const s of band) {
      if (s.nodes === undefined || s.timeMs === undefined) continue;
      nodes += s.nodes;
      ms += s.timeMs;
    }
    return {
      from,
      searches: band.length,
      clockMs: median(band.map((s) => s.clockMs)),
      nodes: median(band.map((s) => s.nodes)),
      depth: median(band.map((s) => s.depth)),
      timeMs: median(band.map((s) => s.timeMs)),
      meanNodes: mean(band.map((s) => s.nodes)),
      nodesPerSecond: ms > 0 ? (nodes * 1000) / ms : undefined,
    };
  });
}

/** When one engine thought one game decided (plies from the start, opening plies included). */
export interface Verdict {
  readonly game: number;
  readonly engine: number;
  /** It said it was winning. */
  readonly winning: boolean;
  /** From this ply on it said so to the end of the game (see decidedAt). */
  readonly ply: number;
}

/**
 * The verdicts of each engine in each game: the first search whose score is at least
 * `thresholdCp` (or at most −`thresholdCp`) after which every later search of that engine in that
 * game stays beyond half of it on the same side. A game an engine never saw decided that way has
 * no verdict from it. Searches without a score are passed over.
 */
export function decidedAt(searches: readonly LoggedSearch[], thresholdCp: number): Verdict[] {
  const byGameEngine = new Map<string, LoggedSearch[]>();
  for (const s of searches) {
    if (s.score === undefined) continue;
    const key = `${s.game}.${s.engine}`;
    const list = byGameEngine.get(key);
    if (list) list.push(s);
    else byGameEngine.set(key, [s]);
  }
  const verdicts: Verdict[] = [];
  for (const list of byGameEngine.values()) {
    list.sort((a, b) => a.ply - b.ply);
    for (const sign of [1, -1]) {
      // Walk back from the end while the score stays beyond half the threshold on this side.
      let from = -1;
      for (let k = list.length - 1; k >= 0 && sign * list[k]!.score! > thresholdCp / 2; k--) {
        if (sign * list[k]!.score! >= thresholdCp) from = k;
      }
      if (from >= 0) {
        const s = list[from]!;
        verdicts.push({ game: s.game, engine: s.engine, winning: sign > 0, ply: s.ply });
      }
    }
  }
  return verdicts.sort((a, b) => a.game - b.game || a.engine - b.engine);
}
