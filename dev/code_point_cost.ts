/**
 * What one code point costs each real tokenizer: o200k_base, cl100k_base and
 * the Claude tokenizer (after its NFKC), for the code point alone and for it
 * after a space (a space that merges with the code point costs nothing more;
 * one that cannot merge costs a token of its own). A lone surrogate is given
 * as its code unit, the way a JS string can hold one; the tokenizers read it
 * as U+FFFD.
 */
import { cl100k, claude2, o200k } from "./tokenizers.ts";

/** The tokenizers, in the order of {@linkcode CodePointCost}'s arrays. */
export const TOKENIZERS = ["o200k_base", "cl100k_base", "claude"] as const;

/** Tokens of one code point alone and after a space, per tokenizer. */
export interface CodePointCost {
  alone: [number, number, number];
  afterSpace: [number, number, number];
}

/** The tokenizers' cost of the code point `cp` (0 to 0x10FFFF). */
export function codePointCost(cp: number): CodePointCost {
  const text = cp >= 0xd800 && cp <= 0xdfff ? String.fromCharCode(cp) : String.fromCodePoint(cp);
  const spaced = " " + text;
  return {
    alone: [o200k(text), cl100k(text), claude2(text)],
    afterSpace: [o200k(spaced), cl100k(spaced), claude2(spaced)],
  };
}
