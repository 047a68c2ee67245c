import { readCorpusFile, visibleText } from "./bench/corpus.ts";
import { createPager } from "./mod.ts";
import { serialize, toJson } from "./src/_values.ts";
for (
  const name of [
    "synthetic-search-results-dict.json",
    "memory-read_graph.json",
    "synthetic-github-issues-5000.json.gz",
  ]
) {
  const value = JSON.parse(visibleText(await readCorpusFile(name)));
  const pager = createPager();
  const time = async (label: string, f: () => unknown) => {
    for (let i = 0; i < 5; i++) await f();
    const t0 = performance.now();
    for (let i = 0; i < 20; i++) await f();
    console.log(
      name.slice(0, 20),
      label.padEnd(12),
      ((performance.now() - t0) / 20).toFixed(2),
      "ms",
    );
  };
  await time("stringify", () => JSON.stringify(value));
  await time(
    "sha",
    async () =>
      await crypto.subtle.digest("SHA-256", new TextEncoder().encode(JSON.stringify(value))),
  );
  await time("toJson", () => toJson(value));
  await time("serialize", () => serialize(value));
  await time("page", () => pager.page(value, { scope: "b" }));
  const prepared = await pager.prepare(value);
  await time("page(prep)", () => pager.page(prepared, { scope: "b" }));
}
