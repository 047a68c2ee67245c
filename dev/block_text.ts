/**
 * Random text of one Unicode block: `n` code points drawn uniformly from the
 * block's assigned code points, with a space in about one place in seven,
 * so that words of every length start after a space. No word list can make
 * such text look cheap.
 */
export function blockText(codePoints: readonly number[], n: number, rng: () => number): string {
  let s = "";
  for (let i = 0; i < n; i++) {
    s += rng() < 0.15
      ? " "
      : String.fromCodePoint(codePoints[Math.floor(rng() * codePoints.length)]);
  }
  return s;
}
