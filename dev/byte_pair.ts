/**
 * Byte-pair encoding by text, the way the tokenizers describe it: the
 * reference that tools/punctuation_tokens.ts keeps the tokens a vocabulary makes
 * with, and that tests/tokens/punctuation_bpe_test.ts holds the scan's encoding by
 * token ids (src/tokens/_punctuation_bpe.ts) to.
 */

const PARTS: string[] = [];
const PAIR_RANK: number[] = [];

/**
 * The tokens of the byte-pair encoding of `piece` with the merges in
 * `ranks`, as the tokenizers do it: the pair of adjacent parts whose
 * concatenation has the lowest rank merges first.
 *
 * @example
 * ```ts
 * import { bytePairTokens } from "./byte_pair.ts";
 *
 * const ranks = new Map([["==", 0], ["===", 1], ["!=", 2]]);
 * console.log(bytePairTokens("!===", ranks)); // 2: "!=", "=="
 * ```
 */
export function bytePairTokens(piece: string, ranks: Map<string, number>): number {
  let n = piece.length;
  for (let i = 0; i < n; i++) PARTS[i] = piece[i];
  for (let i = 0; i + 1 < n; i++) PAIR_RANK[i] = ranks.get(piece[i] + piece[i + 1]) ?? Infinity;
  while (n > 1) {
    let best = Infinity;
    let at = -1;
    for (let i = 0; i + 1 < n; i++) {
      if (PAIR_RANK[i] < best) {
        best = PAIR_RANK[i];
        at = i;
      }
    }
    if (at < 0) break;
    PARTS[at] += PARTS[at + 1];
    for (let i = at + 1; i + 1 < n; i++) {
      PARTS[i] = PARTS[i + 1];
      PAIR_RANK[i] = PAIR_RANK[i + 1];
    }
    n--;
    if (at > 0) PAIR_RANK[at - 1] = ranks.get(PARTS[at - 1] + PARTS[at]) ?? Infinity;
    if (at + 1 < n) PAIR_RANK[at] = ranks.get(PARTS[at] + PARTS[at + 1]) ?? Infinity;
  }
  return n;
}
