/**
 * The models behind issue 13's games-and-play features, without a browser: clocks, the verdicts
 * of resignation / agreement / flag fall (a flag loses unless the other side cannot win by the
 * variant's dead-position rules), pending results asked of the rules core, the board editor's
 * checks, the archive's storage format, the share link with moves and opponent, and the PGN tags.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Position } from '../../src/core/position.js';
import { readPgn } from '../../src/notation/pgn.js';
import { findVariant } from '../../src/variants/index.js';
import type { VariantDefinition } from '../../src/variants/schema.js';
import { archiveEntry, parseArchive, serializeArchive, upsertGame } from '../../web/src/model/archive.js';
import { engineMoveTime, formatClock, GameClock, parseTimeControl, timeControlTag } from '../../web/src/model/clock.js';
import { GameController } from '../../web/src/model/controller.js';
import { describePosition } from '../../web/src/model/describe.js';
import { checkSetup, setupFromFen } from '../../web/src/model/editor.js';
import { pendingResults } from '../../web/src/model/pending.js';
import { parseGame, parsePrefs, serializeGame } from '../../web/src/model/persist.js';
import { parseRoute, shareHash } from '../../web/src/model/route.js';
import { engineAcceptsDraw } from '../../web/src/model/score.js';
import { defaultSettings, type GameSettings } from '../../web/src/model/settings.js';
import { flagVerdict } from '../../web/src/model/verdict.js';

const def = (id: string) => findVariant(id) as VariantDefinition;

function controller(settings: Partial<GameSettings> = {}, fen?: string, moves: string[] = []): GameController {
  const r = GameController.create({ ...defaultSettings(), ...settings }, fen, moves);
  assert.ok(r.ok, r.ok ? '' : r.error);
  return r.value;
}

/** The snapshot's pending results for a position (the controller asks the rules core). */
function notes(variantId: string, fen: string, marriage?: 'delayed'): readonly string[] {
  const g = GameController.create({ ...defaultSettings(variantId), marriageMode: marriage ?? 'immediate' }, fen);
  assert.ok(g.ok, g.ok ? '' : g.error);
  return g.value.snapshot.notes;
}

describe('clocks', () => {
  it('reads time controls as players write them and refuses nonsense with a reason', () => {
    assert.deepEqual(parseTimeControl('5+3'), { baseMs: 300_000, incMs: 3000 });
    assert.deepEqual(parseTimeControl(' 0.5 + 0 '), { baseMs: 30_000, incMs: 0 });
    assert.deepEqual(parseTimeControl('3 2'), { baseMs: 180_000, incMs: 2000 }, "a URL's + read as a space");
    assert.match(parseTimeControl('five') as string, /not a time control like 5\+3/);
    assert.match(parseTimeControl('0+2') as string, /at least one second/);
    assert.match(parseTimeControl('200+0') as string, /at most 180 minutes/);
    assert.equal(timeControlTag({ baseMs: 300_000, incMs: 3000 }), '300+3');
  });

  it('charges the side that moved, adds its increment and runs the other side', () => {
    const c = new GameClock({ baseMs: 60_000, incMs: 2000 });
    c.run('white', 0);
    assert.equal(c.remaining('white', 5000), 55_000);
    c.moved('white', 5000);
    assert.equal(c.remaining('white', 9000), 57_000, 'increment added, white stopped');
    assert.equal(c.remaining('black', 9000), 56_000, 'black runs from the move on');
    assert.equal(c.flagged(9000), undefined);
    assert.equal(c.flagged(65_000), 'black');
    assert.deepEqual(new GameClock({ baseMs: 1000, incMs: 0 }, { white: 400, black: 900 }).state(0), {
      white: 400,
      black: 900,
    });
  });

  it('shows tenths under ten seconds, and the computer never spends more than a third of its time', () => {
    assert.equal(formatClock(299_500), '5:00');
    assert.equal(formatClock(9_340), '0:09.3');
    assert.equal(formatClock(-5), '0:00.0');
    assert.equal(formatClock(3_720_000), '1:02:00');
    assert.ok(engineMoveTime(3000, 60_000) <= 1000);
    assert.equal(engineMoveTime(400_000, 0), 10_000);
  });
});

describe('verdicts: resignation, agreement, flag fall', () => {
  it('a flag loses while the other side keeps men that can win (Wildebeest start)', () => {
    assert.deepEqual(flagVerdict(def('wildebeest'), def('wildebeest').startFen, 'black'), {
      winner: 'white',
      reason: 'time-forfeit',
    });
  });

  it('a flag draws when the other side has only its king left', () => {
    const fen = 'k10/11/11/11/11/11/11/11/11/Q4K5 w - - 0 1';
    assert.deepEqual(flagVerdict(def('wildebeest'), fen, 'white'), { winner: null, reason: 'time-draw' });
  });

  it('a flag draws when the other side’s men are a dead position against a bare king (Camel Decimal K+N)', () => {
    const fen = 'k9/10/10/10/10/10/10/10/10/Q3K1n3 w - - 0 1';
    assert.deepEqual(flagVerdict(def('camel-decimal'), fen, 'white'), { winner: null, reason: 'time-draw' });
    // The same knight in Shatranj Kamil can bare the king: no dead position there (RULES.md §3).
    const sk = 'k9/10/10/10/10/10/10/10/10/R3K1n3 w - - 0 1';
    assert.equal(flagVerdict(def('shatranj-kamil'), sk, 'white').reason, 'time-forfeit');
  });

  it('resign, agree a draw and flag end the game: no more moves, no take back, kept in the record', () => {
    const c = controller({ mode: 'engine', humanColor: 'white' }, undefined, ['f2f5', 'e9e6']);
    assert.ok(c.resign('white'));
    assert.equal(c.snapshot.end?.result, '0-1');
    assert.match(c.snapshot.end?.text ?? '', /White resigns — Black wins/);
    assert.equal(c.snapshot.engineToMove, false);
    assert.equal(c.snapshot.canTakeBack, false);
    assert.equal(c.takeback(), 0);
    assert.equal(c.move('g1', 'g4').kind, 'illegal');
    assert.equal(c.agreeDraw(), false, 'a finished game is not ended twice');
    const again = GameController.fromRecord(parseGame(serializeGame(c.record())) as never);
    assert.ok(again.ok);
    assert.deepEqual(again.value.verdict, { winner: 'black', reason: 'resignation' });
    assert.equal(again.value.id, c.id);

    const d = controller({}, undefined, ['f2f5']);
    assert.ok(d.agreeDraw());
    assert.equal(d.snapshot.end?.text, 'Draw agreed');
    const f = controller({}, undefined, ['f2f5']);
    assert.ok(f.flagFell('black'));
    assert.equal(f.snapshot.end?.result, '1-0');
  });
});

describe('PGN tags of a played game', () => {
  it('fills Date, the players (the engine by name and level), TimeControl, Result and Termination', () => {
    const c = controller(
      { mode: 'engine', humanColor: 'black', level: 3, timeControl: { baseMs: 180_000, incMs: 2000 } },
      undefined,
      ['f2f5'],
    );
    c.started = Date.UTC(2026, 11, 1, 12);
    c.flagFell('black');
    const pgn = c.pgn();
    assert.match(pgn, /\[Date "2026\.12\.01"\]/);
    assert.match(pgn, /\[White "Caravan \(level 3\)"\]/);
    assert.match(pgn, /\[Black "You"\]/);
    assert.match(pgn, /\[TimeControl "180\+2"\]/);
    assert.match(pgn, /\[Result "1-0"\]/);
    assert.match(pgn, /\[Termination "time forfeit"\]/);
    const back = readPgn(pgn);
    assert.ok(back.ok, back.ok ? '' : back.error.message);
    assert.equal(back.value.result, '1-0');
    assert.match(controller().pgn(), /\[Termination "unterminated"\]/);
  });
});

describe('pending results, asked of the rules core', () => {
  it('a bared king that must take the last man back now (Shatranj Kamil, RULES.md §3)', () => {
    const n = notes('shatranj-kamil', '4k5/10/10/10/10/10/10/10/R9/4K5 b - - 0 1');
    assert.deepEqual(n, ["Black's king is bare: it must take White's last man now, or lose."]);
  });

  it('a delayed marriage the side to move must break (Bachelor Kamil, RULES.md §4)', () => {
    const fen = '4k4/9/9/9/9/9/9/3QK4 b - - 0 1';
    assert.match(notes('bachelor-kamil', fen, 'delayed')[0] ?? '', /White stands married: Black must break it/);
    assert.deepEqual(notes('bachelor-kamil', '4k4/9/9/9/9/9/9/3Q1K3 b - - 0 1', 'delayed'), []);
  });

  it('few legal moves where stalemate wins (Wildebeest, RULES.md §1), nothing where it draws', () => {
    const fen = 'k10/11/11/2Q8/11/11/11/11/11/5K5 b - - 0 1';
    assert.deepEqual(notes('wildebeest', fen), [
      'Black has only 2 legal moves — stalemate wins in this variant: the stalemated side loses.',
    ]);
    const pos = Position.fromFen('camel-decimal', 'k9/10/10/2Q7/10/10/10/10/10/5K4 b - - 0 1');
    assert.ok(pos.ok);
    assert.deepEqual(pendingResults(pos.value, 2), []);
  });
});

describe('board editor checks', () => {
  it('refuses two kings of one colour with the library message', () => {
    const s = setupFromFen('rnccwkqbbnr/ppppppppppp/11/11/11/5K5/11/11/PPPPPPPPPPP/RNBBQKWCCNR w KQkq - 0 1');
    const r = checkSetup(def('wildebeest'), s);
    assert.ok(!r.ok);
    assert.equal(r.error, 'White has 2 kings, needs exactly 1');
  });

  it('accepts an edited position, says which castling rights were dropped, and plays from it', () => {
    const s = setupFromFen('rnccwkqbbnr/ppppppppppp/11/11/11/11/11/11/PPPPPPPPPPP/1NBBQKWCCNR b KQkq - 0 1');
    const r = checkSetup(def('wildebeest'), s);
    assert.ok(r.ok, r.ok ? '' : r.error);
    assert.deepEqual(r.value.notes, ['castling right Q dropped: king and rook are not at home']);
    assert.equal(r.value.fen.split(' ')[2], 'Kkq');
    const c = controller({}, r.value.fen);
    assert.equal(c.snapshot.turn, 'black');
    assert.equal(c.playSan('e6').ok, true);
  });

  it('describes a position for a screen reader, from rank 1 up', () => {
    assert.equal(
      describePosition(def('shatranj-kamil'), '4k5/10/10/10/10/10/10/10/R9/4K5 b - - 0 1'),
      'White: King e1, Rook a2. Black: King e10. Black to move.',
    );
  });
});

describe('archive, share link, preferences, draw offers', () => {
  it('keeps games by id, newest first, and drops entries that are not games', () => {
    const a = archiveEntry(controller({}, undefined, ['f2f5']).record(), undefined, 1000);
    const b = archiveEntry({ ...controller({}, undefined, ['f2f4']).record(), started: 2000 }, undefined, 2000);
    let games = upsertGame(upsertGame([], a), b);
    games = upsertGame(games, { ...a, result: '1-0', ending: 'White wins' });
    assert.equal(games.length, 2);
    const text = serializeArchive(games).replace('"games":[', '"games":[{"record":{"moves":3}},');
    const back = parseArchive(text);
    assert.equal(back.length, 2);
    assert.equal(back.find((g) => g.record.id === a.record.id)?.result, '1-0');
    assert.deepEqual(parseArchive('not json'), []);
  });

  it('a share link carries the moves and the opponent settings', () => {
    const s: GameSettings = {
      ...defaultSettings('wildebeest'),
      mode: 'engine',
      humanColor: 'black',
      level: 6,
      timeControl: { baseMs: 300_000, incMs: 3000 },
    };
    const route = parseRoute(
      shareHash('wildebeest', def('wildebeest').startFen, 'immediate', { moves: ['f2f5', 'e9e6'], settings: s }),
    );
    assert.equal(route.page, 'play');
    const start = route.page === 'play' ? route.start : undefined;
    assert.deepEqual(start?.moves, ['f2f5', 'e9e6']);
    assert.equal(start?.mode, 'engine');
    assert.equal(start?.humanColor, 'black');
    assert.equal(start?.level, 6);
    assert.deepEqual(start?.timeControl, { baseMs: 300_000, incMs: 3000 });
  });

  it('reads looks from storage, ignoring values it does not know', () => {
    const p = parsePrefs(JSON.stringify({ dark: true, boardTheme: 'neon', animationMs: 250, sound: false }));
    assert.equal(p.dark, true);
    assert.equal(p.boardTheme, 'wood');
    assert.equal(p.animationMs, 250);
    assert.equal(p.sound, false);
  });

  it('the computer takes a draw only when it is not better', () => {
    assert.equal(engineAcceptsDraw(undefined), false);
    assert.equal(engineAcceptsDraw({ kind: 'cp', value: 20 }), true);
    assert.equal(engineAcceptsDraw({ kind: 'cp', value: -400 }), true);
    assert.equal(engineAcceptsDraw({ kind: 'cp', value: 180 }), false);
    assert.equal(engineAcceptsDraw({ kind: 'mate', value: 3 }), false);
    assert.equal(engineAcceptsDraw({ kind: 'mate', value: -2 }), true);
  });
});
