/**
 * The learned evaluation (issue 12): the incremental accumulators equal a from-scratch
 * computation after any sequence of moves, null moves and take-backs in every variant; the
 * weights file round-trips and a truncated, foreign or corrupt one is refused with a clear
 * error; a colour-flipped position gets the same score for the side to move (the negated score
 * from White's view); the trainer lowers the loss on a small self-play set.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { CaravanError } from '../../src/core/errors.js';
import type { Move } from '../../src/core/move.js';
import { Position } from '../../src/core/position.js';
import { unwrap } from '../../src/core/result.js';
import { EMPTY, variantTables } from '../../src/core/tables.js';
import { BENCH_POSITIONS } from '../../src/engine/bench-positions.js';
import { Evaluator } from '../../src/engine/evaluate.js';
import { createEngine } from '../../src/engine/index.js';
import { NnueEvaluator } from '../../src/engine/nnue/accumulator.js';
import { NETWORK_ASSETS, networkAsset } from '../../src/engine/nnue/assets.js';
import { bucketCount, type FeatureLayout, kingBucketOf, layoutOf } from '../../src/engine/nnue/features.js';
import { crc32, decodeWeights, encodeWeights, type NetworkWeights } from '../../src/engine/nnue/format.js';
import { loadNetworks, readWeightsFile } from '../../src/engine/nnue/node-loader.js';
import { registerNetwork, unregisterNetwork } from '../../src/engine/nnue/registry.js';
import { EngineProcess } from '../../src/match/engine-process.js';
import { legalMoveList } from '../../src/notation/uci.js';
import { findVariant, VARIANTS } from '../../src/variants/index.js';
import type { VariantDefinition } from '../../src/variants/schema.js';
import type { Sample } from '../../tools/nnue/data.js';
import { relabelGame, sampleFen } from '../../tools/nnue/relabel.js';
import { scaleNetwork } from '../../tools/nnue/scale.js';
import { caravanSearcher, type Searcher, selfPlayGame, uciSearcher } from '../../tools/nnue/selfplay.js';
import {
  buildDataset,
  type Dataset,
  FloatNetwork,
  lossByStage,
  sigmoid,
  trainingTarget,
  trainNetwork,
} from '../../tools/nnue/trainer.js';
import { CLI } from '../helpers/cli-driver.js';
import { writeLostTrackEngine } from '../helpers/lost-track-engine.js';
import { REPO_ROOT } from '../helpers/paths.js';
import { makeRng } from '../helpers/rng.js';
import { position } from './support.js';

/**
 * A network with random weights (seeded) in the real format, quantised as the trainer does;
 * `zones` = king buckets, file zones × rank zones (1 × 1: none).
 */
function randomWeights(
  def: VariantDefinition,
  seed: number,
  hidden = 16,
  zones: readonly [number, number] = [1, 1],
): NetworkWeights {
  const layout = layoutOf(variantTables(def), zones[0], zones[1]);
  const net = new FloatNetwork(
    layout,
    hidden,
    200,
    seed,
    def.pieces.map((_, i) => 100 + 50 * i),
  );
  const rng = makeRng(seed + 1);
  for (let i = 0; i < net.w.length; i++) net.w[i] = (rng.next() - 0.5) * 0.6;
  for (let i = 0; i < net.p.length; i++) net.p[i] = (net.p[i] as number) + (rng.next() - 0.5);
  return net.quantise(def.id, false);
}

/** 0-based (file, rank) of a padded square. */
function fileRank(pos: Position, sq: number): [number, number] {
  const i = pos.t.squares.indexOf(sq);
  return [i % pos.t.files, Math.floor(i / pos.t.files)];
}

/** The position seen from the other side: ranks mirrored, colours swapped, the other side to move. */
function colourFlipped(pos: Position): Position {
  const t = pos.t;
  const board = new Uint8Array(t.files * t.ranks).fill(EMPTY);
  for (let i = 0; i < t.squares.length; i++) {
    const code = pos.board[t.squares[i] as number] as number;
    const file = i % t.files;
    const rank = (i - file) / t.files;
    if (code !== EMPTY) board[(t.ranks - 1 - rank) * t.files + file] = code ^ 1;
  }
  return Position.fromSetup(pos.variant, {
    board,
    turn: pos.turn ^ 1,
    castling: 0,
    epSquares: [],
    epVictim: -1,
    halfmove: 0,
    fullmove: 1,
  });
}

describe('NNUE accumulators', () => {
  for (const def of VARIANTS) {
    for (const zones of [[1, 1] as const, [3, 3] as const]) {
      it(`equal a from-scratch computation, brought up to date lazily, after random make/unmake/null sequences in ${def.id} (king buckets ${zones.join('×')})`, () => {
        const rng = makeRng(7 + def.files * 31 + def.ranks);
        const pos = position(def);
        const nnue = new NnueEvaluator(randomWeights(def, 3, 16, zones), pos.t);
        const buckets = new Set<number>();
        let checked = 0;
        for (let game = 0; game < 6; game++) {
          nnue.refresh(pos);
          const start = pos.depth;
          for (let ply = 0; ply < 120; ply++) {
            const moves = legalMoveList(pos);
            const r = rng.next();
            if ((moves.length === 0 || r < 0.15) && pos.depth > start) {
              if (pos.lastMove() === 0) pos.unmakeNull();
              else pos.unmake();
            } else if (moves.length === 0) break;
            else if (r < 0.2 && !pos.inCheck()) {
              nnue.pushNull(pos);
              pos.makeNull();
            } else {
              // Prefer captures now and then, so that exchanges and promotions come up.
              const captures = moves.filter((m) => pos.board[(m >>> 8) & 0xff] !== EMPTY || ((m >>> 16) & 0xf) > 0);
              const pool = captures.length > 0 && rng.next() < 0.5 ? captures : moves;
              const m = pool[rng.int(pool.length)] as number;
              nnue.push(pos, m);
              pos.make(m);
            }
            // Evaluated now and then, as the search does: levels in between are brought up to
            // date lazily, several at once, across king moves.
            if (rng.next() < 0.35) {
              assert.ok(nnue.matchesFresh(pos), `${def.id}: accumulator differs after ${pos.toFen()}`);
              checked++;
            }
            buckets.add(kingBucketOf(nnue.weights.layout, 0, ...fileRank(pos, pos.kingSq[0] as number)));
          }
          while (pos.depth > start) {
            if (pos.lastMove() === 0) pos.unmakeNull();
            else pos.unmake();
            assert.ok(nnue.matchesFresh(pos));
          }
        }
        assert.ok(checked > 100);
        // With buckets, White's king must have crossed into another one: the refresh on a king move was exercised.
        assert.ok(zones[0] === 1 || buckets.size > 1, `the king stayed in bucket ${[...buckets]}`);
      });
    }
  }

  it('follow castling moves (Wildebeest and Camel Decimal, rights kept)', () => {
    for (const [id, fen] of [
      ['wildebeest', 'r4k4r/11/11/11/11/11/11/11/11/R4K4R w KQkq - 0 1'],
      ['camel-decimal', '10/1r3k2r1/10/10/10/10/10/10/1R3K2R1/10 w KQkq - 0 1'],
    ] as const) {
      const def = findVariant(id)!;
      const pos = unwrap(Position.fromFen(def, fen));
      // King buckets cut between the files the king castles from and to.
      const nnue = new NnueEvaluator(randomWeights(def, 5, 16, [5, 2]), pos.t);
      nnue.refresh(pos);
      let castles = 0;
      for (const m of legalMoveList(pos)) {
        if (((m >>> 20) & 3) !== 2) continue;
        castles++;
        nnue.push(pos, m);
        pos.make(m);
        assert.ok(nnue.matchesFresh(pos), `${id}: after castling to ${pos.toFen()}`);
        pos.unmake();
      }
      assert.ok(castles > 0, `${id}: no castling move in the test position`);
    }
  });

  it('refuse weights for another board', () => {
    const w = randomWeights(findVariant('camel-decimal')!, 1);
    const sk = position(findVariant('wildebeest')!);
    assert.throws(
      () => new NnueEvaluator(w, sk.t),
      (e: unknown) => e instanceof CaravanError && e.kind === 'invalid-weights',
    );
  });
});

describe('NNUE weights file', () => {
  const def = findVariant('shatranj-kamil')!;
  const weights = randomWeights(def, 11);
  const bytes = encodeWeights(weights);

  it('round-trips every field', () => {
    const back = unwrap(decodeWeights(bytes));
    assert.equal(back.variant, 'shatranj-kamil');
    assert.equal(back.residual, false);
    assert.equal(unwrap(decodeWeights(encodeWeights({ ...weights, residual: true }))).residual, true);
    assert.deepEqual(back.layout, weights.layout);
    assert.equal(back.hidden, weights.hidden);
    assert.deepEqual(back.inputWeights, weights.inputWeights);
    assert.deepEqual(back.psqt, weights.psqt);
    assert.deepEqual(back.outputWeights, weights.outputWeights);
    assert.equal(back.outputBias, weights.outputBias);
    const bucketed = randomWeights(def, 12, 8, [2, 2]);
    assert.deepEqual(unwrap(decodeWeights(encodeWeights(bucketed))), bucketed, 'with king buckets');
  });

  it('a gain scales the whole score a network adds (tools/nnue/scale.ts), up to rounding', () => {
    // The hidden part through OUT, the piece-square part by its weights: both × gain.
    const scaled = unwrap(decodeWeights(encodeWeights(scaleNetwork(weights, 0.75))));
    assert.equal(scaled.outScale, weights.outScale * 0.75);
    for (let i = 0; i < weights.psqt.length; i++) {
      assert.ok(Math.abs((scaled.psqt[i] as number) - 0.75 * (weights.psqt[i] as number)) <= 0.5);
    }
    const middlegames = BENCH_POSITIONS.filter((b) => b.variant === def.id).map((b) => position(def, b.fen));
    for (const p of [position(def), ...middlegames]) {
      const original = new NnueEvaluator(weights, p.t);
      const smaller = new NnueEvaluator(scaled, p.t);
      original.refresh(p);
      smaller.refresh(p);
      const want = 0.75 * original.evaluate(p);
      // Each rounded piece-square weight moves the score by at most ½ of ½ per man on the board.
      const slack = 1 + p.pcount[0]! / 4 + p.pcount[1]! / 4;
      assert.ok(Math.abs(smaller.evaluate(p) - want) <= slack, `${smaller.evaluate(p)} against ${want}`);
    }
    assert.throws(() => scaleNetwork(weights, 0), /gain must be a positive number/);
  });

  it('still reads a version 1 file (no king buckets), as the shipped networks were written', () => {
    const v2 = encodeWeights(weights);
    const idLen = v2[7] as number;
    const cells = weights.layout.files * weights.layout.ranks;
    const at = 8 + idLen + 3;
    const v1 = new Uint8Array(v2.length - cells);
    v1.set(v2.subarray(0, at));
    v1.set(v2.subarray(at + cells, v2.length - 4), at);
    v1[4] = 1;
    new DataView(v1.buffer).setUint32(v1.length - 4, crc32(v1, v1.length - 4), true);
    assert.deepEqual(unwrap(decodeWeights(v1)), weights);
  });

  const refused = (b: Uint8Array, pattern: RegExp) => {
    const r = decodeWeights(b);
    assert.equal(r.ok, false);
    if (r.ok) return;
    assert.ok(r.error instanceof CaravanError);
    assert.equal(r.error.kind, 'invalid-weights');
    assert.match(r.error.message, pattern);
  };

  it('refuses a truncated file', () => {
    refused(bytes.subarray(0, bytes.length - 100), /truncated/);
    refused(bytes.subarray(0, 12), /truncated|too short/);
    refused(new Uint8Array(0), /too short/);
  });

  it('refuses a file with a bad magic or version', () => {
    const b = bytes.slice();
    b[0] = 'X'.charCodeAt(0);
    refused(b, /bad magic/);
    const v = bytes.slice();
    v[4] = 9;
    refused(v, /version 9/);
    const f = bytes.slice();
    f[6] = 4;
    refused(f, /unknown flags 4/);
  });

  it('refuses a corrupt file by its checksum', () => {
    const b = bytes.slice();
    b[Math.floor(b.length / 2)] ^= 0x10;
    refused(b, /checksum/);
  });

  it('is reported with its path when loaded from disk, and a bad file stops the load', () => {
    const r = readWeightsFile('/nonexistent/x.nnue');
    assert.equal(r.ok, false);
    if (!r.ok) assert.match(r.error.message, /cannot read network weights \/nonexistent\/x\.nnue/);
    const l = loadNetworks('/nonexistent/x.nnue');
    assert.equal(l.ok, false);
    assert.deepEqual(unwrap(loadNetworks('off')), []);
  });
});

describe('the shipped networks (assets/nnue)', () => {
  for (const asset of NETWORK_ASSETS) {
    it(`${asset.file} reads, is a network of the variant it is named after, and evaluates its start position`, () => {
      const weights = unwrap(readWeightsFile(join(REPO_ROOT, 'assets', 'nnue', asset.file)));
      assert.equal(`${weights.variant}.nnue`, asset.file);
      assert.equal(networkAsset(weights.variant), asset);
      const pos = position(weights.variant);
      const nnue = new NnueEvaluator(weights, pos.t);
      nnue.refresh(pos);
      // The start is about level: a network that says otherwise is not the one trained.
      assert.ok(Math.abs(nnue.evaluate(pos)) < 100, `start position ${nnue.evaluate(pos)} cp`);
    });
  }
});

describe('NNUE symmetry', () => {
  // Arrays that are their own mirror image with colours swapped.
  for (const id of ['camel-decimal', 'shatranj-kamil', 'shatranj-kamil-2', 'bachelor-kamil-reflective']) {
    it(`gives a colour-flipped ${id} position the same score for the side to move`, () => {
      const def = findVariant(id)!;
      const rng = makeRng(21);
      const pos = position(def);
      const nnue = new NnueEvaluator(randomWeights(def, 9), pos.t);
      const flippedStart = colourFlipped(pos);
      // The start array is symmetric: the flipped start is the start with Black to move.
      assert.equal(flippedStart.toFen().split(' ')[0], pos.toFen().split(' ')[0]);
      for (let ply = 0; ply < 60; ply++) {
        nnue.refresh(pos);
        const score = nnue.evaluate(pos);
        const flipped = colourFlipped(pos);
        nnue.refresh(flipped);
        assert.equal(nnue.evaluate(flipped), score, `${id}: ${pos.toFen()}`);
        const moves = legalMoveList(pos);
        if (moves.length === 0) break;
        pos.make(moves[rng.int(moves.length)] as number);
      }
    });
  }
});

describe('NNUE in the search', () => {
  for (const residual of [false, true]) {
    it(`is used at full strength once registered, not at level 3 (${residual ? 'residual' : 'full'} network)`, () => {
      const def = findVariant('camel-decimal')!;
      const engine = createEngine(1);
      const search = (level?: number) => {
        engine.newGame();
        const pos = position(def);
        const r = engine.search(pos, { limits: { depth: 5, ...(level ? { level } : {}) }, seed: 1 });
        assert.ok(legalMoveList(pos).includes(r.bestMove));
        return `${r.score.kind} ${r.score.value} ${r.nodes}`;
      };
      const hand = [search(), search(3)];
      registerNetwork({ ...randomWeights(def, 17), residual });
      try {
        const net = [search(), search(3)];
        assert.notEqual(net[0], hand[0], 'the network changes the full-strength search');
        assert.equal(net[1], hand[1], 'level 3 keeps the hand-written evaluation');
      } finally {
        unregisterNetwork(def.id);
      }
      assert.equal(search(), hand[0]);
    });
  }
});

describe('NNUE and endings with a known technique', () => {
  it('knows the mop-up and no-win endings from the piece counts (the hand-written terms apply there)', () => {
    const cd = findVariant('camel-decimal')!;
    const ev = new Evaluator(cd);
    const knows = (fen: string) => ev.knowsEnding(position(cd, fen));
    assert.equal(knows('10/4K5/10/10/5R4/10/3k6/10/10/10 b - - 0 1'), true, 'K + R v K: mop-up');
    assert.equal(knows('6r3/10/10/C9/10/5k4/K9/2Q7/10/10 b - - 0 1'), true, 'K + Q + C v K + R: mop-up');
    assert.equal(knows('10/10/10/10/10/N9/5k4/10/4K5/10 w - - 0 1'), true, 'K + N v K: cannot win');
    assert.equal(knows('10/10/10/10/5p4/10/5k4/10/3RK5/10 w - - 0 1'), false, 'K + R v K + P: a real fight');
    assert.equal(knows(cd.startFen), false, 'the start');
  });

  it('leaves them to the hand-written evaluation: K + R v K searches the same with a network or without', () => {
    const def = findVariant('camel-decimal')!;
    const engine = createEngine(1);
    const search = (fen: string) => {
      engine.newGame();
      const r = engine.search(position(def, fen), { limits: { depth: 6 }, seed: 1 });
      return `${r.score.kind} ${r.score.value} ${r.nodes} ${r.bestMove}`;
    };
    const krk = '10/4K5/10/10/5R4/10/3k6/10/10/10 w - - 0 1';
    const middlegame = '10/1rn1qk1nr1/1pp2cppp1/1c1p6/3b2b3/1P2C5/3P1PN1C1/2P1P1PPP1/1R1BQKB1R1/10 w KQkq - 1 11';
    const hand = [search(krk), search(middlegame)];
    registerNetwork({ ...randomWeights(def, 17), residual: true });
    try {
      assert.equal(search(krk), hand[0]);
      assert.notEqual(search(middlegame), hand[1], 'elsewhere the network evaluates');
    } finally {
      unregisterNetwork(def.id);
    }
  });
});

describe('NNUE training', () => {
  it('lowers the loss on a small self-play set (deterministic seed)', async () => {
    const def = findVariant('camel-decimal')!;
    const engine = createEngine(1);
    const options = { nodes: 300, seed: 5, openingPlies: 6, randomRate: 0.05, maxPlies: 60, adjudicate: 1500 };
    const samples: Sample[] = [];
    for (const g of [0, 1, 2]) samples.push(...(await selfPlayGame(def, caravanSearcher(engine), g, options)).samples);
    assert.ok(samples.length > 60, `only ${samples.length} samples`);
    const layout = layoutOf(variantTables(def));
    const data = buildDataset(layout, variantTables(def).kingType, samples, 0.75);
    const run = () =>
      trainNetwork(layout, data, data, { hidden: 8, epochs: 4, batch: 16, lr: 0.003, seed: 1, outScale: 200 });
    const a = run();
    assert.ok(a.validLoss < a.startValidLoss * 0.9, `loss ${a.startValidLoss} → ${a.validLoss}`);
    assert.equal(run().validLoss, a.validLoss, 'the same seed gives the same network');
  });

  it("teaches the peer's score blended with the game's result: --lambda of the score, --draw-lambda in a drawn game", () => {
    // A won game pulls its positions toward a win (the outcome shows what a 5 000-node score
    // misses); a drawn one may keep the score alone, as a game the peer shuffled to the ply cap
    // says little about its positions.
    const sample = (score: number, result: number): Sample => ({
      squares: new Uint8Array(0),
      codes: new Uint8Array(0),
      turn: 0,
      score,
      result,
    });
    const even = sigmoid(0);
    const near = (actual: number, expected: number, what: string) =>
      assert.ok(Math.abs(actual - expected) < 1e-12, `${what}: ${actual}, expected ${expected}`);
    assert.equal(trainingTarget(sample(0, 1), 1), even, 'lambda 1: the score alone');
    near(trainingTarget(sample(0, 1), 0.7), 0.7 * even + 0.3, 'a won game: toward 1');
    near(trainingTarget(sample(0, -1), 0.7), 0.7 * even, 'a lost game: toward 0');
    near(trainingTarget(sample(200, 0), 0.7), 0.7 * sigmoid(200) + 0.15, 'a drawn game: toward 1/2');
    assert.equal(trainingTarget(sample(200, 0), 0.7, 1), sigmoid(200), 'a drawn game with --draw-lambda 1: its score');
    near(trainingTarget(sample(200, 1), 0.7, 1), 0.7 * sigmoid(200) + 0.3, 'a won game is still blended');
    const layout = layoutOf(variantTables(findVariant('camel-decimal')!));
    const data = buildDataset(layout, 0, [sample(200, 0), sample(200, -1)], 0.7, undefined, 1);
    assert.deepEqual(Array.from(data.target), [
      Math.fround(sigmoid(200)),
      Math.fround(trainingTarget(sample(200, -1), 0.7)),
    ]);
  });

  it('splits the loss by stage of the game, each position placed by its index in its game', () => {
    // train.js reports where a network fits: a network can fit the openings it was taught and
    // still mislead the search in the long endings that decide the games.
    const index = [0, 49, 50, 120, 300];
    const predicted = [0.5, 0.6, 0.5, 0.9, 0.1];
    const target = [0.5, 0.5, 0.7, 0.5, 0.5];
    const stages = lossByStage([0, 50, 100, 200], index, predicted, target);
    const near = (actual: number, expected: number) => assert.ok(Math.abs(actual - expected) < 1e-12, `${actual}`);
    assert.deepEqual(
      stages.map((s) => [s.from, s.to, s.count]),
      [
        [0, 50, 2],
        [50, 100, 1],
        [100, 200, 1],
        [200, Infinity, 1],
      ],
    );
    near(stages[0]!.loss, (0 + 0.01) / 2);
    near(stages[1]!.loss, 0.04);
    near(stages[2]!.loss, 0.16);
    near(stages[3]!.loss, 0.16);
    assert.ok(Number.isNaN(lossByStage([0, 10], [1], [0.5], [0.5])[1]!.loss), 'a stage without positions has no loss');
  });

  it('fine-tunes from an engine network: the float model scores as the engine does, and training goes on from there', () => {
    // train.js --init: a shipped network's weights, dequantised, are the starting point, so new
    // data refines it instead of starting again (the data it was first trained on may be gone).
    const def = findVariant('camel-decimal')!;
    const t = variantTables(def);
    const layout = layoutOf(t);
    const weights = randomWeights(def, 11, 8);
    const net = FloatNetwork.fromWeights(weights);
    assert.deepEqual(net.quantise(def.id, false), weights, 'dequantised and quantised again, the same weights');
    const nnue = new NnueEvaluator(weights, t);
    const rng = makeRng(12);
    const pos = position(def);
    const samples: Sample[] = [];
    for (let ply = 0; ply < 40; ply++) {
      const moves = legalMoveList(pos);
      pos.make(moves[Math.floor(rng.next() * moves.length)]!);
      const squares: number[] = [];
      const codes: number[] = [];
      t.squares.forEach((sq, i) => {
        const code = pos.board[sq] as number;
        if (code !== EMPTY) [squares.push(i), codes.push(code)];
      });
      nnue.refresh(pos);
      samples.push({
        squares: Uint8Array.from(squares),
        codes: Uint8Array.from(codes),
        turn: pos.turn,
        score: nnue.evaluate(pos) + 40,
        result: 0,
      });
    }
    const data = buildDataset(layout, t.kingType, samples, 1);
    const scratch = [new Float32Array(8), new Float32Array(8)] as const;
    samples.forEach((s, i) => {
      const engineScore = s.score - 40;
      const floatScore = net.forward(data, i, scratch[0], scratch[1]);
      assert.ok(Math.abs(floatScore - engineScore) <= 2, `sample ${i}: float ${floatScore}, engine ${engineScore}`);
    });
    // Into a layout with king buckets: every bucket starts as the given network, so the scores stay.
    const bucketed = buildDataset(layoutOf(t, 3, 2), t.kingType, samples, 1);
    const grown = FloatNetwork.fromWeights(weights, layoutOf(t, 3, 2));
    assert.ok(bucketed.stmFeat.length > data.stmFeat.length, 'the bucketed samples carry the shared factor');
    samples.forEach((s, i) => {
      const floatScore = grown.forward(bucketed, i, scratch[0], scratch[1]);
      assert.ok(Math.abs(floatScore - (s.score - 40)) <= 2, `bucketed sample ${i}: float ${floatScore}`);
    });
    const engineGrown = new NnueEvaluator(grown.quantise(def.id, false), t);
    engineGrown.refresh(pos);
    nnue.refresh(pos);
    assert.ok(Math.abs(engineGrown.evaluate(pos) - nnue.evaluate(pos)) <= 2, 'quantised with buckets, the same score');
    const fineTune = (into: FeatureLayout, set: Dataset) =>
      trainNetwork(into, set, set, {
        hidden: 8,
        epochs: 3,
        batch: 8,
        lr: 0.001,
        seed: 1,
        outScale: 200,
        init: weights,
      });
    const tuned = fineTune(layout, data);
    assert.ok(Math.abs(tuned.startValidLoss - net.loss(data)) < 1e-9, 'training starts from the given network');
    assert.ok(tuned.validLoss < tuned.startValidLoss, `loss ${tuned.startValidLoss} → ${tuned.validLoss}`);
    const tunedGrown = fineTune(layoutOf(t, 3, 2), bucketed);
    assert.ok(Math.abs(tunedGrown.startValidLoss - net.loss(data)) < 1e-6, 'king buckets start from the given network');
    assert.ok(
      tunedGrown.validLoss < tunedGrown.startValidLoss,
      `loss ${tunedGrown.startValidLoss} → ${tunedGrown.validLoss}`,
    );
    assert.equal(bucketCount(tunedGrown.net.layout), 6);
  });

  it("labels positions with the scores of a UCI engine process (Caravan's own CLI as the peer)", async () => {
    // tools/nnue/datagen.ts --engine: the same game loop, played and scored by a child process
    // (in the benchmarks native Fairy-Stockfish); Caravan's rules still decide quietness and the end.
    const def = findVariant('shatranj-kamil')!;
    const peer = new EngineProcess(`node ${JSON.stringify(CLI)} uci`);
    try {
      peer.send('uci');
      await peer.waitFor((l) => l === 'uciok', 30_000);
      peer.send(`setoption name UCI_Variant value ${def.id}`);
      const options = { nodes: 400, seed: 3, openingPlies: 4, randomRate: 0, maxPlies: 24, adjudicate: 1500 };
      const { samples, plies } = await selfPlayGame(def, uciSearcher(peer), 0, options);
      assert.ok(plies >= 4 + 10, `the game stopped at ply ${plies}`);
      assert.ok(samples.length >= 5, `only ${samples.length} samples`);
      for (const s of samples) {
        assert.ok(Number.isInteger(s.score) && Math.abs(s.score) < 20000, `score ${s.score}`);
        assert.ok([-1, 0, 1].includes(s.result));
      }
      assert.ok(
        samples.some((s) => s.score !== 0),
        "the scores are the engine's, not a default",
      );
    } finally {
      await peer.close();
    }
  });

  it('relabels every third position of a game with a deeper search, keeping its men, side and result (tools/nnue/relabel.ts)', async () => {
    const def = findVariant('shatranj-kamil')!;
    const options = { nodes: 200, seed: 5, openingPlies: 4, randomRate: 0, maxPlies: 40, adjudicate: 1500 };
    const { samples } = await selfPlayGame(def, caravanSearcher(createEngine(1)), 2, options);
    assert.ok(samples.length >= 12, `only ${samples.length} samples`);
    const t = variantTables(def);
    for (const s of samples) {
      // The sample's FEN holds exactly its men on their squares, and its side to move.
      const pos = unwrap(Position.fromFen(def, sampleFen(def, s)));
      assert.equal(pos.turn, s.turn);
      const men = t.squares.filter((sq) => pos.board[sq] !== EMPTY).length;
      assert.equal(men, s.squares.length);
      for (let i = 0; i < s.squares.length; i++) {
        assert.equal(pos.board[t.squares[s.squares[i]!]!], s.codes[i]);
      }
    }
    const peer = new EngineProcess(`node ${JSON.stringify(CLI)} uci`);
    try {
      peer.send('uci');
      await peer.waitFor((l) => l === 'uciok', 30_000);
      peer.send(`setoption name UCI_Variant value ${def.id}`);
      const frame = { game: 2, samples };
      const deeper = await relabelGame(def, peer, frame, 3, 2000);
      // Game 2 starts at offset 2 % 3: positions 2, 5, 8, … searched, each kept or dropped.
      const searched = Math.ceil((samples.length - 2) / 3);
      assert.equal(deeper.samples.length + deeper.dropped, searched);
      assert.ok(deeper.samples.length >= searched / 2, `${deeper.dropped} of ${searched} dropped`);
      for (const s of deeper.samples) {
        const k = samples.findIndex((o) => o.squares === s.squares);
        assert.ok(k >= 0 && k % 3 === 2, `position ${k} is not one of every third from 2`);
        assert.equal(s.result, samples[k]!.result, "the game's result is kept");
        assert.ok(Number.isInteger(s.score) && Math.abs(s.score) < 20000, `score ${s.score}`);
      }
      assert.ok(
        deeper.samples.some((s) => s.score !== samples.find((o) => o.squares === s.squares)!.score),
        'the scores are the new search (2 000 nodes), not the old labels (200)',
      );
    } finally {
      await peer.close();
    }
  });

  it('with an opponent, the opponent moves for one side (Black in even games, White in odd) and the player labels every position', async () => {
    // tools/nnue/datagen.ts --opponent: positions of games against another engine (Caravan
    // against Fairy-Stockfish in the benchmarks), still scored by the labelling player.
    const def = findVariant('camel-decimal')!;
    const labeller = caravanSearcher(createEngine(1));
    const options = { nodes: 300, seed: 4, openingPlies: 4, randomRate: 0, maxPlies: 30, adjudicate: 100_000 };
    for (const g of [0, 1]) {
      const opponentColor = g % 2 === 0 ? 1 : 0;
      const labelled: number[] = [];
      let opponentMoves = 0;
      let expected: Move | null = null;
      const player: Searcher = {
        newGame: () => labeller.newGame(),
        search(game, nodes, seed) {
          // The move before this one was the opponent's own choice, not the labeller's.
          if (expected !== null) assert.equal(game.moves.at(-1), expected, `ply ${game.moves.length}`);
          expected = null;
          labelled.push(game.moves.length);
          return labeller.search(game, nodes, seed);
        },
      };
      // The opponent: always the last legal move, which the labeller would rarely choose.
      const opponent: Searcher = {
        newGame: () => undefined,
        search(game) {
          assert.equal(game.position.turn, opponentColor, 'the opponent moves only for its own side');
          const legal = game.legalMoves();
          expected = legal[legal.length - 1]!;
          opponentMoves++;
          return { move: expected, score: { kind: 'cp', value: 0 } };
        },
      };
      const { plies } = await selfPlayGame(def, player, g, options, { searcher: opponent, nodes: 300 });
      assert.equal(plies, 30);
      assert.deepEqual(
        labelled,
        Array.from({ length: 26 }, (_, i) => 4 + i),
        'every position after the opening',
      );
      assert.equal(opponentMoves, 13, "half of the moves are the opponent's");
    }
  });

  it("a peer that answers with a move illegal under Caravan's rules voids the game: no positions kept", async () => {
    // Fairy-Stockfish's wildebeest-c4 knows one castling distance; after a random move castles
    // another it searches the wrong position. Its positions would carry the wrong labels, so the
    // game is dropped (and datagen writes it as an empty frame, so a resume does not replay it).
    const dir = mkdtempSync(join(tmpdir(), 'caravan-lost-'));
    const peer = new EngineProcess(writeLostTrackEngine(dir));
    try {
      peer.send('uci');
      await peer.waitFor((l) => l === 'uciok', 30_000);
      const def = findVariant('shatranj-kamil')!;
      const options = { nodes: 400, seed: 3, openingPlies: 4, randomRate: 0, maxPlies: 24, adjudicate: 1500 };
      const { samples, plies, reason } = await selfPlayGame(def, uciSearcher(peer), 0, options);
      assert.deepEqual(samples, []);
      assert.match(reason, /^void: .* played 'a2a3' in /);
      assert.ok(plies >= 4 && plies <= 5, `stopped at ply ${plies}`);
    } finally {
      await peer.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
