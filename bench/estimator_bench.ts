/**
 * Speed of the token estimator: the whole corpus text (mostly ASCII), and
 * generated text of scripts that go through the table (CJK, Devanagari,
 * emoji) and of a data kind. Target: 100 M characters a second.
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
  const kind of ["chinese", "japanese", "hindi", "russian", "emoji", "base64Blob"] as TextKind[]
) {
  const text = generate(kind, 4_000_000, 3);
  Deno.bench(`estimateTokens over ${kind} (${(text.length / 1e6).toFixed(1)} M chars)`, () => {
    estimateTokens(text);
  });
}
