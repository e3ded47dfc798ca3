/**
 * A UCI engine that has lost track of the game, as Fairy-Stockfish does after a Wildebeest castle
 * its variant section cannot express: it answers every `go` with a score and the white pawn push
 * a2a3, legal or not. Written as a script into `dir`; returns the command that starts it.
 */

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function writeLostTrackEngine(dir: string): string {
  const script = join(dir, 'lost-track.mjs');
  writeFileSync(
    script,
    `import { createInterface } from 'node:readline';
createInterface({ input: process.stdin }).on('line', (line) => {
  const cmd = line.trim().split(/\\s+/)[0];
  if (cmd === 'uci') console.log('id name lost\\nuciok');
  else if (cmd === 'isready') console.log('readyok');
  else if (cmd === 'go') console.log('info depth 1 score cp 12\\nbestmove a2a3');
  else if (cmd === 'quit') process.exit(0);
});
`,
  );
  return `node ${JSON.stringify(script)}`;
}
