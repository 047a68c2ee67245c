/**
 * The real tokenizers that pages are checked against: o200k_base and
 * cl100k_base (gpt-tokenizer) and the only published Claude tokenizer.
 * Special-token text such as `<|endoftext|>` is counted as plain text, as a
 * tool result would be.
 */
import { countTokens as countO200k } from "gpt-tokenizer/encoding/o200k_base";
import { countTokens as countCl100k } from "gpt-tokenizer/encoding/cl100k_base";
import { getTokenizer } from "@anthropic-ai/tokenizer";

const plain = { disallowedSpecial: new Set<string>() };
const claude = getTokenizer();

/** o200k_base tokens of `text`. */
export function o200k(text: string): number {
  return countO200k(text, plain);
}

/** cl100k_base tokens of `text`. */
export function cl100k(text: string): number {
  return countCl100k(text, plain);
}

/** Claude 2 tokens of `text` (the tokenizer applies NFKC first). */
export function claude2(text: string): number {
  return claude.encode(text.normalize("NFKC"), "all").length;
}

/** The largest count of the three tokenizers. */
export function max3(text: string): number {
  return Math.max(o200k(text), cl100k(text), claude2(text));
}
