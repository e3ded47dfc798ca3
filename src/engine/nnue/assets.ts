/**
 * Which variants have a trained network, the weights file (in assets/nnue/) and whether it is
 * used by default. A network is switched on by default only once it has beaten the hand-written
 * evaluation in self-play (bench/README.md, "Learned evaluation"); CARAVAN_NNUE=on|off overrides
 * in the CLI engine (src/engine/nnue/node-loader.ts).
 */

export interface NetworkAsset {
  readonly file: string;
  readonly enabled: boolean;
}

export const NETWORK_ASSETS: Readonly<Record<string, NetworkAsset>> = {
  'camel-decimal': { file: 'camel-decimal.nnue', enabled: false },
  'shatranj-kamil': { file: 'shatranj-kamil.nnue', enabled: false },
};
