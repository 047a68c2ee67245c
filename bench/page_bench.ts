/**
 * One page against the floor of a stateless page: one JSON.stringify plus one
 * SHA-256 of the whole value (a pager that keeps no state must do both to
 * bind its cursor to the result). Reads ../shared/corpus.
 *
 *     deno task bench
 */
import { createPager, estimateTokens } from "../mod.ts";
import { corpusTexts } from "./corpus.ts";

const FILES = [
  "synthetic-github-issues-5000.json.gz",
  "synthetic-search-results-dict.json",
  "memory-read_graph.json",
  "synthetic-app-log-2mb.json",
];

const texts = new Map(await corpusTexts());
const pager = createPager();

for (const name of FILES) {
  const text = texts.get(name)!;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = text;
  }
  const group = name.replace(/\.json(\.gz)?$/, "");
  const second = (await pager.page(value, { scope: "bench" })).nextCursor;

  Deno.bench("floor: JSON.stringify + SHA-256", { group, baseline: true }, async () => {
    const json = typeof value === "string" ? value : JSON.stringify(value);
    await crypto.subtle.digest("SHA-256", new TextEncoder().encode(json));
  });
  Deno.bench("first page", { group }, async () => {
    await pager.page(value, { scope: "bench" });
  });
  Deno.bench("second page (cursor)", { group }, async () => {
    await pager.page(value, { scope: "bench", cursor: second });
  });
}

const all = [...texts.values()].join("\n");
Deno.bench(`estimateTokens over the whole corpus (${(all.length / 1e6).toFixed(1)} M chars)`, {
  group: "estimator",
}, () => {
  estimateTokens(all);
});
