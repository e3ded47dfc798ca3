/**
 * A FEN placement field as rows of cells and back (multi-digit empty runs, as the boards of
 * 10 and 11 files need). Text only: which letters are pieces is the variant's business.
 */

/** Rows from the top rank down; each cell a piece letter or '' for an empty square. */
export function placementRows(placement: string): string[][] {
  return placement.split('/').map((row) => {
    const cells: string[] = [];
    for (const token of row.match(/\d+|[^\d]/g) ?? []) {
      if (/^\d+$/.test(token)) for (let i = 0; i < Number(token); i++) cells.push('');
      else cells.push(token);
    }
    return cells;
  });
}

export function rowsPlacement(rows: readonly (readonly string[])[]): string {
  return rows
    .map((cells) => {
      let out = '';
      let empty = 0;
      for (const c of cells) {
        if (c === '') empty++;
        else {
          if (empty > 0) out += String(empty);
          empty = 0;
          out += c;
        }
      }
      return empty > 0 ? out + String(empty) : out;
    })
    .join('/');
}

/** Square name (a1 …) of a cell: `row` counted from the top of `ranks` ranks. */
export const cellSquare = (ranks: number, row: number, col: number): string =>
  `${String.fromCharCode(97 + col)}${ranks - row}`;
