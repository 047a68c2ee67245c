/**
 * What one code point costs the real tokenizers: the largest count of
 * o200k_base, cl100k_base and the Claude tokenizer (after its NFKC) for the
 * code point alone, and for it after a space (a space that merges with the
 * code point costs nothing more; one that cannot merge costs a token of its
 * own). A lone surrogate is given as its code unit, the way a JS string can
 * hold one; the tokenizers read it as U+FFFD.
 */
import { max3 } from "./tokenizers.ts";

/** Tokens of one code point alone and after a space, the largest of the three. */
export interface CodePointCost {
  alone: number;
  afterSpace: number;
}

/** The tokenizers' cost of the code point `cp` (0 to 0x10FFFF). */
export function codePointCost(cp: number): CodePointCost {
  const text = cp >= 0xd800 && cp <= 0xdfff ? String.fromCharCode(cp) : String.fromCodePoint(cp);
  return { alone: max3(text), afterSpace: max3(" " + text) };
}
