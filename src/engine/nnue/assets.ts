/**
 * The trained networks in assets/nnue/ and whether each is used by default. A file is named
 * after its variant (`<variant id>.nnue`), and its header names the variant too (format.ts),
 * so no variant id is written here. A network is switched on by default only once it has
 * beaten the hand-written evaluation, in self-play or against the same opponent on the same
 * openings (bench/README.md, "Learned evaluation" and the sessions after it);
 * CARAVAN_NNUE=on|off overrides in the CLI engine (src/engine/nnue/node-loader.ts).
 */

export interface NetworkAsset {
  readonly file: string;
  readonly enabled: boolean;
}

export const NETWORK_ASSETS: readonly NetworkAsset[] = [
  // Residual network taught by native Fairy-Stockfish; +48 ± 72 Elo at 10 s + 0.1 s in self-play
  // (80 games, LOS 91 %), bench/README.md "Networks taught by native Fairy-Stockfish"; fine-tuned
  // on 2.5× the peer's labels in the ninth session ("Fine-tuning the network, king buckets"), then
  // on its scores blended with the games' results (λ 0.7) in the fourteenth ("The outcome
  // teaches what the score misses"): against the peer +0.093 ± 0.047 a game at 20 000 nodes
  // (189 paired openings), 31.7 % against 19.6 % at 10 s + 0.1 s (120 paired openings).
  { file: 'camel-decimal.nnue', enabled: true },
  // Residual network taught by native Fairy-Stockfish (342 k positions of games capped at 200
  // plies); against the peer at 20 000 nodes a move, 39.0 % against the hand-written
  // evaluation's 28.3 % on the same 136 openings: bench/README.md, tenth session.
  { file: 'shatranj-kamil.nnue', enabled: true },
  // Residual network taught by native Fairy-Stockfish (227 k positions of its wildebeest-c4
  // games, labels × 0.5, the scale at which the hand-written evaluation fits them); against the
  // peer at 20 000 nodes a move, 27.8 % against the hand-written evaluation's 15.2 % on the same
  // 115 openings: bench/README.md, twelfth session.
  { file: 'wildebeest.nnue', enabled: true },
];

/** The network file of a variant, if one is shipped. */
export function networkAsset(variantId: string): NetworkAsset | undefined {
  return NETWORK_ASSETS.find((a) => a.file === `${variantId}.nnue`);
}
