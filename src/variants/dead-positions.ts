/**
 * Dead positions several variants share (RULES.md): king against king, and king and one of
 * these minor pieces against a lone king — no sequence of legal moves can mate.
 */
export function kingAndOneOf(...letters: string[]): ReadonlyArray<readonly [string, string]> {
  return [['', ''], ...letters.map((letter) => [letter, ''] as const)];
}
