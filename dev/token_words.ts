/**
 * What the token estimator's word tables say of a word, for the tests and the
 * table tools (src/tokens/_word_tables.ts and _words.ts hold the tables and
 * the pricing; the scan asks them with the keys it builds as it reads).
 */

import {
  ensureWordTables,
  isKnownText,
  MAX_KNOWN,
  SHORT_FLOORS,
} from "../src/tokens/_word_tables.ts";
import { knownPieces, repeatsIn, shortIndex } from "../src/tokens/_words.ts";

export { MAX_KNOWN };

/**
 * Whether the scan prices `word` as a known word, one token in all three
 * tokenizers, where it stands as a word of its own: two to 15 ASCII letters,
 * not a lower-case word of three or fewer (priced about one token anyway).
 *
 * @example
 * ```ts
 * import { assertEquals } from "@std/assert";
 * import { isKnownWord } from "./token_words.ts";
 *
 * assertEquals(isKnownWord("include"), true);
 * assertEquals(isKnownWord("the"), false); // three lower-case letters: one token anyway
 * ```
 */
export function isKnownWord(word: string): boolean {
  return /^[A-Za-z]{2,15}$/.test(word) && !/^[a-z]{1,3}$/.test(word) && inTables(word);
}

/**
 * Whether `word` is in the list of known words (src/tokens/_known_words.ts),
 * which also holds the short lower-case words that only camel-case pieces
 * look up.
 *
 * @example
 * ```ts
 * import { assertEquals } from "@std/assert";
 * import { inWordList } from "./token_words.ts";
 *
 * assertEquals(inWordList("get"), true);
 * ```
 */
export function inWordList(word: string): boolean {
  return /^[A-Za-z]{1,15}$/.test(word) && inTables(word);
}

function inTables(word: string): boolean {
  ensureWordTables();
  return isKnownText(word, 0, word.length);
}

/**
 * What the scan's floor of a word of two or three letters (lower case, title
 * case or capitals) that is not a known word is made of: the most tokens the
 * three tokenizers give it after a space and bare (or glued to punctuation
 * before it), or undefined for any other word.
 *
 * @example
 * ```ts
 * import { assertEquals } from "@std/assert";
 * import { shortWordFloors } from "./token_words.ts";
 *
 * assertEquals(shortWordFloors("XQV"), { spaced: 3, bare: 3 });
 * assertEquals(shortWordFloors("the"), undefined); // a known word
 * ```
 */
export function shortWordFloors(word: string): { spaced: number; bare: number } | undefined {
  const at = /^[A-Za-z]{2,3}$/.test(word) ? shortIndex(word, 0, word.length) : -1;
  ensureWordTables();
  const short = at < 0 ? 0 : SHORT_FLOORS[at];
  return short === 0 ? undefined : { spaced: short >> 2, bare: short & 3 };
}

/**
 * The pieces the scan prices a camel-case run by, where it stands as a word
 * of its own: the pieces o200k_base cuts it into (before each capital that
 * follows a lower-case letter) when each is a known word, or else 0.
 *
 * @example
 * ```ts
 * import { assertEquals } from "@std/assert";
 * import { camelPieces } from "./token_words.ts";
 *
 * assertEquals(camelPieces("getElementById"), 4);
 * assertEquals(camelPieces("Include"), 0);
 * ```
 */
export function camelPieces(run: string): number {
  if (!/^[A-Za-z]+$/.test(run) || !/[a-z][A-Z]/.test(run)) return 0;
  ensureWordTables();
  return knownPieces(run, 0, run.length);
}

/**
 * What the floor of a letter run of lower or title case (or of known camel
 * pieces) counts rather than its length: its letters equal (case folded) to
 * one of the twelve before them.
 *
 * @example
 * ```ts
 * import { assertEquals } from "@std/assert";
 * import { letterRepeats } from "./token_words.ts";
 *
 * assertEquals(letterRepeats("gagagaga"), 6);
 * assertEquals(letterRepeats("include"), 0);
 * ```
 */
export function letterRepeats(run: string): number {
  return repeatsIn(run, 0, run.length);
}
