/** Small text helpers shared by the protocols: a board diagram and how a game ended. */

import type { Game } from '../core/game.js';
import type { Outcome } from '../core/outcome.js';
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

/** PGN result token of an outcome. */
export function resultToken(o: Outcome): '1-0' | '0-1' | '1/2-1/2' {
  return o.winner === 'white' ? '1-0' : o.winner === 'black' ? '0-1' : '1/2-1/2';
}

/** A short English reason, as XBoard result comments and PGN Termination texts use. */
export function outcomeText(o: Outcome, game?: Game): string {
  const w = o.winner === 'white' ? 'White' : 'Black';
  const l = o.winner === 'white' ? 'Black' : 'White';
  switch (o.reason) {
    case 'checkmate':
      return `${w} mates`;
    case 'stalemate':
      return o.winner ? `${w} wins by stalemate` : 'Stalemate';
    case 'bare-king':
      return `${w} wins: ${l} has a bare king`;
    case 'counter-bare':
      return 'Draw: both kings are bare';
    case 'marriage':
      return `${w} wins by marriage`;
    case 'taming':
      return `${w} wins by taming`;
    case 'threefold-repetition':
      return 'Draw by repetition';
    case 'fifty-move':
      return `Draw by ${game ? game.variant.draws.moveRule : 50}-move rule`;
    case 'insufficient-material':
      return 'Draw: insufficient material';
  }
}
