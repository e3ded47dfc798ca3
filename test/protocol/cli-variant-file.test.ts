/**
 * A variant Caravan does not ship, given to the engine as a file (issue 10: "a variant is one
 * data file"): Camel Ten's definition written as JSON, then `caravan uci --variants <file>`,
 * UCI's `VariantPath` option, `caravan xboard --variants <file>` and `caravan perft --variants
 * <file>` run as real processes offer it, play it and count it; a bad file is a clear error on
 * stderr with exit status 2 (or an `info string error` from VariantPath, the engine working on).
 * Waits have generous guards; nothing asserts on timing.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Game } from '../../src/core/game.js';
import { perft } from '../../src/core/perft.js';
import { Position } from '../../src/core/position.js';
import { unwrap } from '../../src/core/result.js';
import { parseUciMove } from '../../src/notation/uci.js';
import { CAMEL_TEN } from '../helpers/camel-ten.js';
import { CliDriver, caravan } from '../helpers/cli-driver.js';

let dir: string;
/** The path of a file in the test's folder holding `text`. */
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** Is `move` legal after `moves` from Camel Ten's start? */
function legalAfter(moves: readonly string[], move: string): boolean {
  const game = unwrap(Game.create(CAMEL_TEN));
  for (const t of moves) unwrap(game.play(unwrap(parseUciMove(game.position, t))));
  return parseUciMove(game.position, move).ok;
}

const OPENING = ['e2e4', 'e7e5', 'b1c4'];
let camelTen: string;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'caravan-variant-file-'));
  camelTen = file('camel-ten.json', JSON.stringify([CAMEL_TEN], null, 2));
});
after(() => rmSync(dir, { recursive: true, force: true }));

describe('caravan uci --variants <file>', { timeout: 120_000 }, () => {
  let d: CliDriver;
  before(() => {
    d = new CliDriver(`uci --variants ${JSON.stringify(camelTen)}`);
  });
  after(() => d.proc.close('quit', 3000));

  it("lists the file's variant in UCI_Variant after the shipped ones, the default unchanged", async () => {
    d.send('uci');
    await d.expect(/^uciok$/);
    const combo = d.lines.find((l) => l.startsWith('option name UCI_Variant '));
    assert.match(
      combo ?? '',
      /^option name UCI_Variant type combo default wildebeest var wildebeest .* var camel-ten$/,
    );
  });

  it('selects it and answers go depth 3 with a legal bestmove, searched on the definition', async () => {
    d.send('setoption name UCI_Variant value camel-ten');
    assert.equal(
      await d.expect(/^info string variant /),
      `info string variant camel-ten files 10 ranks 8 startpos ${CAMEL_TEN.startFen}`,
    );
    const from = d.lines.length;
    d.send(`position startpos moves ${OPENING.join(' ')}`);
    d.send('go depth 3');
    const best = (await d.expect(/^bestmove /)).split(' ')[1] as string;
    const answer = d.lines.slice(from);
    assert.deepEqual(
      answer.filter((l) => l.startsWith('info string error')),
      [],
    );
    assert.ok(
      answer.some((l) => /^info depth 3 /.test(l)),
      answer.join('\n'),
    );
    assert.ok(legalAfter(OPENING, best), `${best} is legal`);
  });
});

describe('UCI VariantPath (as Fairy-Stockfish): a GUI loads the file by option', { timeout: 120_000 }, () => {
  let d: CliDriver;
  before(() => {
    d = new CliDriver('uci');
  });
  after(() => d.proc.close('quit', 3000));

  /** Send `isready`; the lines that came before `readyok`. */
  async function sync(): Promise<string[]> {
    const from = d.lines.length;
    d.send('isready');
    await d.expect(/^readyok$/);
    return d.lines.slice(from, -1);
  }

  it('is offered as a string option', async () => {
    d.send('uci');
    await d.expect(/^uciok$/);
    assert.ok(d.lines.includes('option name VariantPath type string default <empty>'));
  });

  it('a bad file is reported and changes nothing; the engine keeps working', async () => {
    d.send(`setoption name VariantPath value ${join(dir, 'absent.json')}`);
    const [line] = await sync();
    assert.match(
      line ?? '',
      /^info string error VariantPath: cannot read variants file '.*absent\.json': no such file/,
    );
    d.send('setoption name UCI_Variant value camel-ten');
    assert.match((await sync())[0] ?? '', /^info string error unknown variant 'camel-ten'/);
    d.send('position startpos moves e2e4');
    d.send('go depth 1');
    assert.match(await d.expect(/^bestmove /), /^bestmove [a-k]\d+[a-k]\d+/);
  });

  it('a good file adds its variants to the combo, and they play', async () => {
    d.send(`setoption name VariantPath value ${camelTen}`);
    assert.deepEqual(await sync(), ['info string VariantPath: loaded camel-ten']);
    const from = d.lines.length;
    d.send('uci');
    await d.expect(/^uciok$/);
    assert.ok(
      d.lines.slice(from).some((l) => /^option name UCI_Variant .* var camel-ten$/.test(l)),
      d.lines.slice(from).join('\n'),
    );
    d.send('setoption name UCI_Variant value Camel 10x8'); // its alias
    await d.expect(/^info string variant camel-ten /);
    d.send(`position startpos moves ${OPENING.join(' ')}`);
    d.send('go depth 2');
    const best = (await d.expect(/^bestmove /)).split(' ')[1] as string;
    assert.ok(legalAfter(OPENING, best), `${best} is legal`);
  });

  it('<empty> unloads them: the engine is back on the default variant', async () => {
    d.send('setoption name VariantPath value <empty>');
    assert.deepEqual(await sync(), ['info string VariantPath: no variant file']);
    d.send('setoption name UCI_Variant value camel-ten');
    assert.match((await sync())[0] ?? '', /^info string error unknown variant 'camel-ten'/);
    d.send('d');
    assert.ok((await sync()).some((l) => l.includes('rnccwkqbbnr/ppppppppppp/')));
  });
});

describe('caravan xboard --variants <file>', { timeout: 120_000 }, () => {
  let d: CliDriver;
  before(() => {
    d = new CliDriver(`xboard --variants ${JSON.stringify(camelTen)}`);
  });
  after(() => d.proc.close('quit', 3000));

  it('announces it in feature variants, sets it up and plays a legal move', async () => {
    // Lines can arrive together: look for each from where its command was sent (CliDriver.nth).
    let from = d.lines.length;
    d.send('xboard');
    d.send('protover 2');
    await d.nth(/^feature done=1$/, 1, from);
    const features = d.lines.slice(from).find((l) => l.includes('variants="'));
    assert.match(features ?? '', /variants="wildebeest,.*,camel-ten"/);
    from = d.lines.length;
    d.send('new');
    d.send('variant camel-ten');
    assert.match(await d.nth(/^setup /, 1, from), /^setup \(\S+\) 10x8\+0_fairy rczbqkbzcr\//);
    await d.nth(/^piece Z& Z$/, 1, from);
    d.send('force');
    d.send('usermove e2e4');
    d.send('sd 3');
    d.send('go');
    const move = (await d.expect(/^move /)).split(' ')[1] as string;
    assert.ok(legalAfter(['e2e4'], move), `${move} is legal`);
  });
});

describe('caravan xboard: a file variant whose name XBoard takes for its own', () => {
  it('is offered with a warning on stderr naming the fix', () => {
    // XBoard reads any name containing "shatranj" as its 8×8 shatranj (src/protocol/xboard-variants.ts).
    const path = file(
      'shatranj-ten.json',
      JSON.stringify({ ...CAMEL_TEN, id: 'shatranj-ten', name: 'Shatranj Ten', aliases: [] }),
    );
    const r = caravan('xboard', '--variants', path);
    assert.equal(r.status, 0, r.stderr);
    assert.match(
      r.stderr,
      /^caravan xboard: warning: XBoard takes variant name 'shatranj-ten' \(shatranj-ten\) for one of its built-in variants; give the definition an "xboardName"/,
    );
    const named = file(
      'kamil-ten.json',
      JSON.stringify({ ...CAMEL_TEN, id: 'shatranj-ten', name: 'Shatranj Ten', aliases: [], xboardName: 'kamilten' }),
    );
    assert.equal(caravan('xboard', '--variants', named).stderr, '');
  });
});

describe('caravan perft --variants <file>', () => {
  it("counts the file's variant as the rules library does in process", () => {
    const r = caravan('perft', '--variants', camelTen, '--variant', 'camel-ten', '--depth', '3');
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, `nodes ${perft(unwrap(Position.fromFen(CAMEL_TEN)), 3)}\n`);
  });

  it("names the variants it knows, the file's included, for an unknown --variant", () => {
    const r = caravan('perft', '--variants', camelTen, '--variant', 'camel-eleven', '--depth', '1');
    assert.equal(r.status, 2);
    assert.match(r.stderr, /unknown variant 'camel-eleven' \(known: wildebeest, .*, camel-ten\)/);
  });
});

describe('a bad variant file: a clear message on stderr, exit status 2, no crash', () => {
  const withZebra = (betza: string) => CAMEL_TEN.pieces.map((p) => (p.letter === 'Z' ? { ...p, betza } : p));
  const files: Array<[string, () => string, RegExp]> = [
    ['a missing file', () => join(dir, 'nowhere.json'), /cannot read variants file '.*nowhere\.json': no such file/],
    ['a folder', () => dir, /cannot read variants file '.*': it is a directory/],
    [
      'bad JSON (says where)',
      () => file('bad.json', '[\n  {\n    "id": "camel-ten",\n    "name": }\n]'),
      /variants file '.*bad\.json': not valid JSON: line 4, column 13: unexpected "}"/,
    ],
    [
      'two kings',
      () =>
        file(
          'two-kings.json',
          JSON.stringify({
            ...CAMEL_TEN,
            pieces: [...CAMEL_TEN.pieces, { name: 'Prince', letter: 'X', betza: 'K', royal: true }],
          }),
        ),
      /variants file '.*two-kings\.json': variant 'camel-ten': exactly one royal piece is needed \(got 2\)/,
    ],
    [
      'an unknown Betza atom (in the second definition)',
      () =>
        file(
          'betza.json',
          JSON.stringify([
            CAMEL_TEN,
            { ...CAMEL_TEN, id: 'camel-ten-y', name: 'Camel Ten Y', aliases: [], pieces: withZebra('Y') },
          ]),
        ),
      /variants file '.*betza\.json': definition 2: variant 'camel-ten-y': piece 6 \(Zebra\): unknown Betza atom 'Y'/,
    ],
    [
      'an id that is a shipped variant',
      () => file('clash.json', JSON.stringify({ ...CAMEL_TEN, id: 'wildebeest' })),
      /variants file '.*clash\.json': variant 'wildebeest': 'wildebeest' already names the shipped variant 'wildebeest'/,
    ],
  ];
  for (const [what, path, message] of files) {
    for (const command of [['uci'], ['xboard'], ['perft', '--depth', '1']]) {
      it(`${what}: caravan ${command[0]}`, () => {
        const r = caravan(...command, '--variants', path());
        assert.equal(r.status, 2, r.stderr);
        assert.match(r.stderr, new RegExp(`^caravan ${command[0]}: ${message.source}`));
        assert.equal(r.stderr.split('\n').filter((l) => l !== '').length, 1, r.stderr);
        assert.equal(r.stdout, '');
      });
    }
  }
});
