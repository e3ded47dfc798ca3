/** A text helper shared by the protocols: a board diagram (how a game ended: notation/outcome-text.ts). */

import type { Game } from '../core/game.js';
import { codeColor, codeType, EMPTY } from '../core/tables.js';

/** An ASCII diagram of the position (White at the bottom), then the FEN. */
export function boardDiagram(game: Game): string[] {
  const pos = game.position;
  const t = pos.t;
  const lines: string[] = [];
  for (let r = t.ranks - 1; r >= 0; r--) {
    let row = `${String(r + 1).padStart(2)} `;
    for (let f = 0; f < t.files; f++) {
      const code = pos.board[t.squares[r * t.files + f] as number] as number;
      if (code === EMPTY) row += ' .';
      else {
        const letter = t.letters[codeType(code)] as string;
        row += ` ${codeColor(code) === 0 ? letter : letter.toLowerCase()}`;
      }
    }
    lines.push(row);
  }
  let files = '   ';
  for (let f = 0; f < t.files; f++) files += ` ${String.fromCharCode(97 + f)}`;
  lines.push(files);
  lines.push(`Fen: ${game.fen()}`);
  return lines;
}
