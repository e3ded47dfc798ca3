/**
 * Game trees and their PGN (issue 13, "PGN export and import keep variations, comments and
 * NAGs"): a move from an earlier position starts a variation; promote and delete; the PGN
 * written holds every variation, comment and NAG and reads back to the same tree.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { unwrap } from '../../src/core/result.js';
import { GameTree, type TreeNode } from '../../src/notation/game-tree.js';
import { readPgn, readPgnTree, writePgnTree } from '../../src/notation/pgn.js';
import { parseSan } from '../../src/notation/san.js';
import { findVariant } from '../../src/variants/index.js';

function playSan(tree: GameTree, at: TreeNode, ...sans: string[]): TreeNode {
  let node = at;
  for (const san of sans) {
    const game = tree.gameAt(node);
    node = unwrap(tree.play(node, unwrap(parseSan(game.position, san)), game));
  }
  return node;
}

/** The tree as nested text, for comparing two trees. */
function shape(node: TreeNode): string {
  const own = `${node.san}${node.nags.map((n) => `$${n}`).join('')}${node.comment ? `{${node.comment}}` : ''}`;
  return node.children.length === 0 ? own : `${own}[${node.children.map(shape).join('|')}]`;
}

describe('game tree', () => {
  const chess = findVariant('chess')!;

  it('a move from an earlier position starts a variation; the same move again goes to its node', () => {
    const tree = unwrap(GameTree.create(chess));
    const e5 = playSan(tree, tree.root, 'e4', 'e5', 'Nf3');
    const e4 = tree.root.children[0]!;
    const c5 = playSan(tree, e4, 'c5');
    assert.deepEqual(
      e4.children.map((c) => c.san),
      ['e5', 'c5'],
    );
    assert.equal(playSan(tree, e4, 'e5'), e4.children[0], 'no duplicate node');
    assert.equal(e5.san, 'Nf3');
    assert.ok(tree.isMainline(e5) && !tree.isMainline(c5));
    assert.deepEqual(
      tree.mainline().map((n) => n.san),
      ['e4', 'e5', 'Nf3'],
    );
  });

  it('refuses an illegal move and leaves the tree as it was', () => {
    const tree = unwrap(GameTree.create(chess));
    const r = tree.play(tree.root, 12345);
    assert.equal(r.ok, false);
    assert.equal(tree.root.children.length, 0);
  });

  it('promote makes a variation the main line; delete removes it with its moves', () => {
    const tree = unwrap(GameTree.create(chess));
    playSan(tree, tree.root, 'e4', 'e5');
    const e4 = tree.root.children[0]!;
    const nc6 = playSan(tree, e4, 'c5', 'Nf3', 'Nc6');
    assert.ok(tree.promote(nc6));
    assert.deepEqual(
      tree.mainline().map((n) => n.san),
      ['e4', 'c5', 'Nf3', 'Nc6'],
    );
    assert.equal(tree.promote(nc6), false, 'already the main line');
    assert.equal(tree.delete(e4.children[1]!), e4);
    assert.deepEqual(
      e4.children.map((c) => c.san),
      ['c5'],
    );
  });
});

describe('PGN with variations, comments and NAGs', () => {
  const chess = findVariant('chess')!;

  it('writes a variation made from an earlier move and reads it back to the same tree', () => {
    const tree = unwrap(GameTree.create(chess));
    const nf3 = playSan(tree, tree.root, 'e4', 'e5', 'Nf3');
    const e4 = tree.root.children[0]!;
    const d4 = playSan(tree, e4, 'c5', 'd4');
    const c5 = e4.children[1]!;
    c5.nags.push(5);
    c5.comment = 'the Sicilian';
    nf3.nags.push(1);
    playSan(tree, nf3.parent!, 'Nc3'); // a second variation, for the same move
    d4.comment = 'open';
    tree.root.comment = 'a test game';
    const pgn = writePgnTree(tree, { Event: 'Tree test' });
    assert.match(
      pgn.replace(/\s+/g, ' '),
      /\{a test game\} 1\. e4 e5 \(1\.\.\. c5 \$5 \{the Sicilian\} 2\. d4 \{open\}\) 2\. Nf3 \$1 \(2\. Nc3\) \*/,
    );
    const back = unwrap(readPgnTree(pgn));
    assert.equal(shape(back.tree.root), shape(tree.root));
    assert.equal(back.tags.Event, 'Tree test');
    // The plain reader still reads the main line of the same text.
    assert.deepEqual(
      unwrap(readPgn(pgn)).game.moves,
      tree.mainline().map((n) => n.move),
    );
  });

  it('reads nested variations, suffix annotations and Black-first variations in a variant', () => {
    const pgn = `[Variant "wildebeest"]

1. f4 {start} (1. g4 f7 (1... e7 2. e4?!) 2. g5!) 1... f7 $2 2. e4 *`;
    const r = unwrap(readPgnTree(pgn));
    const root = r.tree.root;
    assert.equal(root.children.length, 2);
    const [f4, g4] = root.children as [TreeNode, TreeNode];
    assert.equal(f4.comment, 'start');
    assert.deepEqual(
      g4.children.map((c) => c.san),
      ['f7', 'e7'],
    );
    assert.deepEqual(g4.children[1]!.children[0]!.nags, [6]);
    assert.deepEqual(g4.children[0]!.children[0]!.nags, [1]);
    assert.deepEqual(f4.children[0]!.nags, [2]);
    assert.equal(r.variant.id, 'wildebeest');
    // And it survives a round trip.
    assert.equal(shape(unwrap(readPgnTree(writePgnTree(r.tree))).tree.root), shape(root));
  });

  it('names the move of a bad variation and an unclosed one', () => {
    const bad = readPgnTree('1. e4 (1. e5) *');
    assert.equal(bad.ok, false);
    assert.match(bad.ok ? '' : bad.error.message, /move 1 \(white\)/);
    const open = readPgnTree('1. e4 (1. d4 d5 *');
    assert.equal(open.ok, false);
    const first = readPgnTree('(1. e4) *');
    assert.match(first.ok ? '' : first.error.message, /variation needs a move before it/);
  });
});
