/** Speed of the token estimator over the whole corpus text. */
import { estimateTokens } from "../mod.ts";
import { corpusTexts } from "../dev/corpus.ts";

const all = (await corpusTexts()).map(([, text]) => text).join("\n");
Deno.bench(
  `estimateTokens over the whole corpus (${(all.length / 1e6).toFixed(1)} M chars)`,
  () => {
    estimateTokens(all);
  },
);
