/**
 * `caravan <command>` manners (issue 14 item 10): `--help` for every command, unknown flags
 * and stray arguments are errors (exit status 2), boolean flags read `=true` / `=false`, and
 * `perft --marriage` checks the delayed marriage rule of Bachelor Kamil (RULES.md §4).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { caravan } from '../helpers/cli-driver.js';

describe('caravan <command> --help', () => {
  for (const command of ['perft', 'uci', 'xboard', 'match', 'bench']) {
    it(`${command} --help prints its usage and exits 0`, () => {
      const r = caravan(command, '--help');
      assert.equal(r.status, 0, r.stderr);
      assert.match(r.stdout, new RegExp(`^usage: caravan ${command}`));
      assert.equal(caravan(command, '-h').stdout, r.stdout);
    });
  }
});

describe('caravan: bad arguments are errors', () => {
  const cases: Array<[string[], RegExp]> = [
    [['perft', '--depth', '1', '--frob'], /unknown option --frob/],
    [['perft', '--depth', '1', 'extra'], /unexpected argument 'extra'/],
    [['perft', '--depth', '1', '--time=maybe'], /--time is on or off/],
    [['perft', '--depth', '1', '-x'], /unknown option -x/],
    [['perft', '--variant', 'chess', '--depth', '1', '--marriage', 'delayed'], /Chess has no marriage rule/],
    [['perft', '--variant', 'bachelor-kamil', '--depth', '1', '--marriage', 'later'], /immediate or delayed/],
    [['bench', '--depth', '1', 'extra'], /unexpected argument 'extra'/],
    [['bench', '--nodes', '5'], /unknown option --nodes/],
    [['uci', 'extra'], /takes no arguments/],
    [['xboard', '--frob'], /takes no arguments/],
  ];
  for (const [args, message] of cases) {
    it(args.join(' '), () => {
      const r = caravan(...args);
      assert.equal(r.status, 2, r.stdout);
      assert.match(r.stderr, message);
      assert.equal(r.stdout, '');
    });
  }
});

describe('caravan perft flags', () => {
  it('--time=false is off and --time=true is on', () => {
    assert.equal(caravan('perft', '--variant', 'chess', '--depth', '2', '--time=false').stdout, 'nodes 400\n');
    assert.match(caravan('perft', '--variant', 'chess', '--depth', '2', '--time=true').stdout, /^time \d+ ms/);
  });

  it('--marriage delayed: a promotion beside the own King no longer ends the game (RULES.md §4)', () => {
    const fen = '4k4/KP7/9/9/9/9/7p1/9 w - - 0 1';
    const count = (mode: string): string =>
      caravan('perft', '--variant', 'bachelor-kamil', '--fen', fen, '--marriage', mode, '--depth', '2').stdout;
    // Immediate: b8q and b8w win at once (no replies); delayed: Black may still reply to both.
    assert.equal(count('immediate'), 'nodes 78\n');
    assert.equal(count('delayed'), 'nodes 90\n');
    assert.equal(caravan('perft', '--variant', 'bachelor-kamil', '--fen', fen, '--depth', '2').stdout, 'nodes 78\n');
  });
});
