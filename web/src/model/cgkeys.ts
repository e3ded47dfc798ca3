/**
 * Square names ⇄ chessgroundx keys. chessgroundx writes a square as its file letter plus the
 * character `48 + rank` (rank 1 → '1', rank 10 → ':', rank 11 → ';'). The rest of the app uses
 * the rules library's names (`a10`); only the board adapter calls these two functions.
 */

/** `a10` → `a:` */
export function squareToKey(square: string): string {
  const m = /^([a-z])(\d{1,2})$/.exec(square);
  if (!m) throw new Error(`not a square name: ${square}`);
  return (m[1] as string) + String.fromCharCode(48 + Number(m[2]));
}

/** `a:` → `a10` */
export function keyToSquare(key: string): string {
  if (key.length !== 2) throw new Error(`not a board key: ${key}`);
  return (key[0] as string) + String(key.charCodeAt(1) - 48);
}
