/**
 * Elements priced when a result is written (src/cut/_prices.ts): a later
 * page served from the cache uses those estimates, and every page is the page
 * built with each element estimated again, and the uncached page.
 */
import { assert, assertEquals } from "@std/assert";
import { createResultPager, memoryStore, type ToolResult } from "../../mod.ts";
import { knownPrices } from "../../src/cut/_prices.ts";
import { spansJson } from "../../dev/cache_data.ts";

const cursorOf = (result: ToolResult) =>
  /cursor=\\?"([A-Za-z0-9_-]+)\\?"/.exec(String(result.content?.at(-1)?.text ?? ""))?.[1];

async function walk(
  options: Parameters<typeof createResultPager>[0],
  text: string,
  scope: string,
): Promise<string[]> {
  const pager = createResultPager(options);
  const tool = (): ToolResult => ({ content: [{ type: "text", text }] });
  let result = await pager.run(tool, { scope });
  const pages = [JSON.stringify(result)];
  for (let cursor = cursorOf(result); cursor; cursor = cursorOf(result)) {
    result = await pager.run(tool, { scope, cursor });
    pages.push(JSON.stringify(result));
  }
  return pages;
}

const limits = [
  { maxTokens: 2_000 },
  { maxTokens: 1_500, maxBytes: 3_000 },
  { maxTokens: 4_000, maxChars: 5_000, maxLines: 40 },
];

for (const [n, pretty] of [[300, false], [200, true]] as const) {
  const text = pretty ? JSON.stringify(JSON.parse(spansJson(n, 5)), null, 2) : spansJson(n, 5);
  for (const limit of limits) {
    Deno.test(`kept prices: ${n} spans${pretty ? ", indented" : ""}, ${JSON.stringify(limit)}: every page is the repriced and the uncached page`, async () => {
      const get = knownPrices.get.bind(knownPrices);
      let used = 0;
      knownPrices.get = (container) => {
        const prices = get(container);
        if (prices) used++;
        return prices;
      };
      try {
        const priced = await walk({ ...limit, cache: { store: memoryStore() } }, text, "search");
        assert(used > 0, "no later page used kept prices");
        knownPrices.get = () => undefined;
        const repriced = await walk({ ...limit, cache: { store: memoryStore() } }, text, "search");
        knownPrices.get = get;
        const uncached = await walk(limit, text, "search");
        assert(priced.length > 3);
        assertEquals(priced, repriced);
        assertEquals(priced, uncached);
      } finally {
        knownPrices.get = get;
      }
    });
  }
}
