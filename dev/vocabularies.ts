/**
 * The vocabularies of the three tokenizers the estimator is measured against,
 * token by token: for tools/code_point_prices.ts and tools/punctuation_tokens.ts, which make the
 * estimator's tables from them.
 */
import { decode as decodeO200k } from "gpt-tokenizer/encoding/o200k_base";
import { decode as decodeCl100k } from "gpt-tokenizer/encoding/cl100k_base";
import { getTokenizer } from "@anthropic-ai/tokenizer";

/** A vocabulary: how many token ids it has, and the text of an id (throws for an unused id). */
export type Vocabulary = [size: number, decode: (id: number) => string];

/**
 * The decoders of o200k_base, cl100k_base and the Claude tokenizer, by token
 * id (an id is also its rank), and `free` for the Claude tokenizer's memory.
 */
export function vocabularies(): { all: Vocabulary[]; free(): void } {
  const claude = getTokenizer();
  const utf8 = new TextDecoder();
  return {
    all: [
      [200_019, (id) => decodeO200k([id])],
      [100_277, (id) => decodeCl100k([id])],
      [64_739, (id) => utf8.decode(claude.decode(Uint32Array.of(id)))],
    ],
    free: () => claude.free(),
  };
}

/** Each token of `vocabulary` in the order of its ids (its ranks), skipping ids it does not use. */
export function* tokensOf([size, decode]: Vocabulary): Generator<string> {
  for (let id = 0; id < size; id++) {
    let text: string;
    try {
      text = decode(id);
    } catch {
      continue; // an id the vocabulary does not use
    }
    yield text;
  }
}
