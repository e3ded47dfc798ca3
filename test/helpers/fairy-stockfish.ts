/**
 * Fairy-Stockfish as an independent referee for tests (both npm packages are GPL-3.0 dev
 * dependencies; see /work/shared/notes/fairy-stockfish.md).
 *
 * - `loadFfish()`: ffish-es6, Fairy-Stockfish as a synchronous rules library (legal moves, FEN).
 *   Loaded with `wasmBinary` read from disk, so it needs no fetch and runs under plain
 *   `node --test`.
 * - `startFsfEngine()`: the UCI engine (fairy-stockfish-nnue.wasm) for fast `go perft`. Its
 *   loader would fetch the .wasm (which fails under Node 20 unless `--no-experimental-fetch`);
 *   passing `wasmBinary` avoids that too.
 *
 * Both load `shared/peers/fairy-stockfish-variants.ini`, whose section names are Caravan's
 * variant ids plus `wildebeest-nocastle`, `wildebeest-c1..c4` (one castling distance each) and
 * `bachelor-kamil[-reflective]-nomarriage`.
 *
 * `fsfLegalKeys` translates Fairy-Stockfish's move text into the keys of ./positions.ts
 * (`from to [promo]`, castling as `castle:` + the king's from and to squares): it writes a
 * castle as the king's from/to squares, or as "king takes own rook" (`f1k1`) where the king's
 * destination is also an ordinary king step (Wildebeest's one-square castle).
 */

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FairyStockfish } from 'ffish-es6';
import { sharedFile } from './paths.js';

const require = createRequire(import.meta.url);

export type Ffish = FairyStockfish;

export function variantsIni(): string {
  return readFileSync(sharedFile('peers', 'fairy-stockfish-variants.ini'), 'utf8');
}

let ffishPromise: Promise<Ffish> | undefined;

/** ffish-es6 with Caravan's variant definitions loaded (loaded once per process). */
export function loadFfish(): Promise<Ffish> {
  ffishPromise ??= (async () => {
    const wasmBinary = readFileSync(require.resolve('ffish-es6/ffish.wasm'));
    // ffish.js is an ES module in a package without "type": "module"; TypeScript types it as
    // CommonJS, so the default export is taken from a dynamic import.
    const mod = (await import('ffish-es6')) as unknown as {
      default: (opts: { wasmBinary: Uint8Array }) => Promise<FairyStockfish>;
    };
    const ffish = await mod.default({ wasmBinary });
    ffish.loadVariantConfig(variantsIni());
    return ffish;
  })();
  return ffishPromise;
}

/** Castling geometry, only to recognise Fairy-Stockfish's castling text. */
interface CastleShape {
  readonly rank: number; // 0-based, White's; Black mirrors
  readonly kingFile: number;
  readonly rookFiles: readonly [number, number];
  readonly ranks: number;
}

const CASTLE_SHAPES: Readonly<Record<string, CastleShape>> = {
  wildebeest: { rank: 0, kingFile: 5, rookFiles: [0, 10], ranks: 10 },
  'camel-decimal': { rank: 1, kingFile: 5, rookFiles: [1, 8], ranks: 10 },
  'bachelor-kamil': { rank: 0, kingFile: 4, rookFiles: [0, 8], ranks: 8 },
  'bachelor-kamil-reflective': { rank: 0, kingFile: 4, rookFiles: [0, 8], ranks: 8 },
  chess: { rank: 0, kingFile: 4, rookFiles: [0, 7], ranks: 8 },
};

/** The Fairy-Stockfish sections whose legal moves, united, are the variant's raw piece moves. */
export function fsfSections(variantId: string, withMarriage = false): Array<{ section: string; kingDistance: number }> {
  switch (variantId) {
    case 'wildebeest':
      return [
        { section: 'wildebeest-nocastle', kingDistance: 0 },
        { section: 'wildebeest-c1', kingDistance: 1 },
        { section: 'wildebeest-c2', kingDistance: 2 },
        { section: 'wildebeest-c3', kingDistance: 3 },
        { section: 'wildebeest-c4', kingDistance: 4 },
      ];
    case 'bachelor-kamil':
    case 'bachelor-kamil-reflective':
      return [{ section: withMarriage ? variantId : `${variantId}-nomarriage`, kingDistance: 2 }];
    case 'camel-decimal':
    case 'chess':
      return [{ section: variantId, kingDistance: 2 }];
    case 'shatranj-kamil':
    case 'shatranj-kamil-2':
      return [{ section: variantId, kingDistance: 0 }];
    default:
      throw new Error(`no Fairy-Stockfish section for '${variantId}'`);
  }
}

function files(placement: string): string[][] {
  // rows top rank first, each a list of single-square tokens
  return placement.split('/').map((row) => {
    const out: string[] = [];
    for (const token of row.match(/\d+|[A-Za-z]/g) ?? []) {
      if (/\d/.test(token)) for (let i = 0; i < Number(token); i++) out.push('');
      else out.push(token);
    }
    return out;
  });
}

function parseSq(name: string): [number, number] {
  return [name.charCodeAt(0) - 97, Number(name.slice(1)) - 1];
}

const sqName = (f: number, r: number) => String.fromCharCode(97 + f) + String(r + 1);

/** Translates Fairy-Stockfish's move text of one position into move keys. */
export type MoveTranslator = (text: string, kingDistance: number) => string;

export function fsfMoveTranslator(variantId: string, fen: string): MoveTranslator {
  const shape = CASTLE_SHAPES[variantId];
  const rows = files(fen.split(' ')[0] as string);
  return (text, kingDistance) => {
    const m = /^([a-z]\d+)([a-z]\d+)([a-z]?)$/.exec(text);
    if (!m) throw new Error(`unexpected Fairy-Stockfish move '${text}'`);
    if (!shape || kingDistance === 0) return text;
    const [fromF, fromR] = parseSq(m[1] as string);
    const [toF, toR] = parseSq(m[2] as string);
    const at = (f: number, r: number) => rows[shape.ranks - 1 - r]?.[f] ?? '';
    const piece = at(fromF, fromR);
    if (piece.toUpperCase() !== 'K') return text;
    const white = piece === 'K';
    const rank = white ? shape.rank : shape.ranks - 1 - shape.rank;
    if (fromR !== rank || toR !== rank || fromF !== shape.kingFile) return text;
    // "King takes own rook": the castle whose king distance is the section's.
    const target = at(toF, toR);
    if (target === (white ? 'R' : 'r') && shape.rookFiles.includes(toF)) {
      const dir = toF > fromF ? 1 : -1;
      return `castle:${m[1]}${sqName(fromF + dir * kingDistance, rank)}`;
    }
    // A king move of two or more squares along its rank is a castle written king from/to.
    if (Math.abs(toF - fromF) >= 2) return `castle:${m[1]}${m[2]}`;
    return text;
  };
}

type FfishBoard = InstanceType<Ffish['Board']>;

/**
 * One reusable Board per section: constructing a Board costs milliseconds (variant set-up),
 * `setFen` on an existing one some microseconds.
 */
const boards = new Map<string, FfishBoard>();

function boardAt(ffish: Ffish, section: string, fen: string): FfishBoard {
  let board = boards.get(section);
  if (!board) {
    board = new ffish.Board(section, fen);
    boards.set(section, board);
  } else board.setFen(fen);
  return board;
}

/** Free the cached boards (optional: they live as long as the wasm module otherwise). */
export function releaseFsfBoards(): void {
  for (const b of boards.values()) b.delete();
  boards.clear();
}

/** Raw legal moves of one section for a FEN, as Fairy-Stockfish prints them. */
export function fsfMoves(ffish: Ffish, section: string, fen: string): string[] {
  const text = boardAt(ffish, section, fen).legalMoves();
  return text === '' ? [] : text.split(' ');
}

/** Sorted move keys of a position by Fairy-Stockfish (union of the variant's sections). */
export function fsfLegalKeys(ffish: Ffish, variantId: string, fen: string, withMarriage = false): string[] {
  const keys = new Set<string>();
  const translate = fsfMoveTranslator(variantId, fen);
  for (const { section, kingDistance } of fsfSections(variantId, withMarriage)) {
    for (const text of fsfMoves(ffish, section, fen)) keys.add(translate(text, kingDistance));
  }
  return [...keys].sort();
}

/**
 * The position after a move given by key, as Fairy-Stockfish plays it (the FEN it writes).
 * Castling keys are played in the section that has that king distance.
 */
export function fsfPlay(ffish: Ffish, variantId: string, fen: string, key: string, withMarriage = false): string {
  const translate = fsfMoveTranslator(variantId, fen);
  // Sections with castling first: wildebeest-nocastle would drop the castling rights.
  const sections = [...fsfSections(variantId, withMarriage)].sort((a, b) => b.kingDistance - a.kingDistance);
  for (const { section, kingDistance } of sections) {
    for (const text of fsfMoves(ffish, section, fen)) {
      if (translate(text, kingDistance) !== key) continue;
      const board = boardAt(ffish, section, fen);
      if (!board.push(text)) throw new Error(`Fairy-Stockfish refused its own move ${text}`);
      return board.fen();
    }
  }
  throw new Error(`Fairy-Stockfish has no move ${key} in ${fen}`);
}

/** Fairy-Stockfish's result of a position in a section: '1-0', '0-1', '1/2-1/2' or '*' (going on). */
export function fsfResult(ffish: Ffish, section: string, fen: string): string {
  return boardAt(ffish, section, fen).result();
}

/**
 * Every legal move of a position by key, with the FEN Fairy-Stockfish writes after it (castles
 * in their own section; other moves in a section that keeps castling rights).
 */
export function fsfChildren(ffish: Ffish, variantId: string, fen: string, withMarriage = false): Map<string, string> {
  const translate = fsfMoveTranslator(variantId, fen);
  const children = new Map<string, string>();
  const sections = [...fsfSections(variantId, withMarriage)].sort((a, b) => b.kingDistance - a.kingDistance);
  for (const { section, kingDistance } of sections) {
    const board = boardAt(ffish, section, fen);
    const text = board.legalMoves();
    for (const move of text === '' ? [] : text.split(' ')) {
      const key = translate(move, kingDistance);
      if (children.has(key)) continue;
      if (!board.push(move)) throw new Error(`Fairy-Stockfish refused its own move ${move}`);
      children.set(key, board.fen());
      board.pop();
    }
  }
  return children;
}

/** The UCI engine (fairy-stockfish-nnue.wasm) with Caravan's variants (or the ini given), for `go perft`. */
export interface FsfEngine {
  /** Leaf count of `go perft depth` in `section` from `fen`. */
  perft(section: string, fen: string, depth: number): Promise<number>;
  quit(): void;
}

interface StockfishWasm {
  FS: { writeFile(path: string, data: string): void };
  postMessage(line: string): void;
  addMessageListener(listener: (line: string) => void): void;
}

export async function startFsfEngine(ini = variantsIni()): Promise<FsfEngine> {
  const factory = require('fairy-stockfish-nnue.wasm/stockfish.js') as (opts: object) => Promise<StockfishWasm>;
  const wasmBinary = readFileSync(require.resolve('fairy-stockfish-nnue.wasm/stockfish.wasm'));
  const sf = await factory({ wasmBinary });
  sf.FS.writeFile('/variants.ini', ini);
  let waiter: ((line: string) => boolean) | undefined;
  sf.addMessageListener((line) => {
    if (waiter?.(line)) waiter = undefined;
  });
  const expect = (send: string[], match: RegExp): Promise<RegExpExecArray> =>
    new Promise((resolve) => {
      waiter = (line) => {
        const m = match.exec(line);
        if (m) resolve(m);
        return m !== null;
      };
      for (const l of send) sf.postMessage(l);
    });
  await expect(['uci'], /^uciok/);
  await expect(['setoption name VariantPath value /variants.ini', 'isready'], /^readyok/);
  let current = '';
  // One command at a time: the engine answers in order and `expect` has a single listener.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(job: () => Promise<T>): Promise<T> => {
    const run = queue.then(job);
    queue = run.catch(() => undefined);
    return run;
  };
  return {
    perft(section, fen, depth) {
      return serial(async () => {
        if (section !== current) {
          await expect([`setoption name UCI_Variant value ${section}`, 'isready'], /^readyok/);
          current = section;
        }
        const m = await expect([`position fen ${fen}`, `go perft ${depth}`], /^Nodes searched: (\d+)/);
        return Number(m[1]);
      });
    },
    quit() {
      sf.postMessage('quit');
    },
  };
}
