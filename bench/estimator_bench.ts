/**
 * Speed of the token estimator: the whole corpus text (mostly ASCII), and
 * generated text of scripts that go through the table (CJK, Devanagari,
 * emoji) and of a data kind. Target: 100 M characters a second. Also short
 * texts one call each, where what a call costs beyond its characters shows.
 */
import { estimateTokens } from "../mod.ts";
import { corpusTexts } from "../dev/corpus.ts";
import { generate, type TextKind } from "../dev/generate.ts";

const all = (await corpusTexts()).map(([, text]) => text).join("\n");
Deno.bench(
  `estimateTokens over the whole corpus (${(all.length / 1e6).toFixed(1)} M chars)`,
  () => {
    estimateTokens(all);
  },
);

for (
  const kind of [
    "english",
    "chinese",
    "japanese",
    "hindi",
    "russian",
    "emoji",
    "base64Blob",
  ] as TextKind[]
) {
  const text = generate(kind, 4_000_000, 3);
  Deno.bench(`estimateTokens over ${kind} (${(text.length / 1e6).toFixed(1)} M chars)`, () => {
    estimateTokens(text);
  });
}

const pieces = Array.from({ length: 100_000 }, (_, i) => {
  const at = (i * 7919) % (all.length - 40);
  return all.slice(at, at + 40);
});
Deno.bench(`estimateTokens of 100,000 corpus pieces of 40 chars, one call each`, () => {
  for (const piece of pieces) estimateTokens(piece);
});
