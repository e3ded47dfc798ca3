/**
 * Readings of a move typed by a person that differ from it only in letter case (issue 13: "nf3"
 * was refused): all lower case, with the piece letter capitalised (`Nf3`), and castling's letter O
 * (`O-O:h1`). Squares and files are lower case in SAN, piece letters and castling upper case; the
 * controller plays a reading only when exactly one legal move fits them all, so `bxc3` meaning a
 * pawn or a bishop is never guessed.
 */
export function caseReadings(text: string): string[] {
  const lower = text.trim().toLowerCase();
  const readings = [lower, lower.charAt(0).toUpperCase() + lower.slice(1)];
  const castle = /^([o0])-([o0])(-([o0]))?/.exec(lower);
  if (castle) readings.push(lower.replace(/^[o0]-[o0](-[o0])?/, castle[3] ? 'O-O-O' : 'O-O'));
  return [...new Set(readings)];
}
