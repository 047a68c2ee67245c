/**
 * Elements priced in the background once a result is kept (src/cut/prices.ts):
 * a later page served from the cache uses those estimates, and every page is
 * the page built with each element estimated again, and the uncached page.
 */
import { assert, assertEquals } from "@std/assert";
import { createResultPager, memoryStore, type ToolResult } from "../../mod.ts";
import { knownPrices } from "../../src/cut/prices.ts";
import { spansJson } from "../../dev/cache_data.ts";

const cursorOf = (result: ToolResult) =>
  /cursor=\\?"([A-Za-z0-9_-]+)\\?"/.exec(String(result.content?.at(-1)?.text ?? ""))?.[1];

// Pages of a walk; with `settle`, the first page's background work (its write,
// the pricing) is waited for before the later pages are asked for.
async function walk(
  options: Parameters<typeof createResultPager>[0],
  text: string,
  scope: string,
  settle = true,
): Promise<string[]> {
  const tasks: Promise<unknown>[] = [];
  const cache = options?.cache
    ? { ...options.cache, waitUntil: (task: Promise<unknown>) => void tasks.push(task) }
    : undefined;
  const pager = createResultPager({ ...options, cache });
  const tool = (): ToolResult => ({ content: [{ type: "text", text }] });
  let result = await pager.run(tool, { scope });
  if (settle) await Promise.all(tasks);
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

const text = spansJson(300, 5);

Deno.test("kept prices: pages asked for while the result is being priced are the uncached pages", async () => {
  const pages = await walk({ maxTokens: 2_000, cache: { store: memoryStore() } }, text, "s", false);
  assertEquals(pages, await walk({ maxTokens: 2_000 }, text, "s"));
});

// The background tasks a first page hands to waitUntil: its write, and its pricing.
async function tasksOfFirstPage(
  options: Parameters<typeof createResultPager>[0],
  run: Parameters<ReturnType<typeof createResultPager>["run"]>[1],
): Promise<number> {
  const tasks: Promise<unknown>[] = [];
  const waitUntil = (task: Promise<unknown>) => void tasks.push(task);
  const pager = createResultPager({ ...options, cache: { store: memoryStore(), waitUntil } });
  await pager.run((): ToolResult => ({ content: [{ type: "text", text }] }), run);
  await Promise.all(tasks);
  return tasks.length;
}

Deno.test("kept prices: a result paged by the estimate is written and priced in the background", async () => {
  assertEquals(await tasksOfFirstPage({ maxTokens: 2_000 }, { scope: "s" }), 2);
});

Deno.test("kept prices: a pager that counts tokens itself prices nothing ahead", async () => {
  const countTokens = (t: string) => Math.ceil(t.length / 3);
  assertEquals(await tasksOfFirstPage({ maxTokens: 2_000, countTokens }, { scope: "s" }), 1);
});

Deno.test("kept prices: a narrowed result is not priced ahead (its pages list positions too)", async () => {
  assertEquals(await tasksOfFirstPage({ maxTokens: 2_000 }, { scope: "s", grep: "span" }), 1);
});

Deno.test("kept prices: the first page is answered before its result is priced", async () => {
  const tasks: Promise<unknown>[] = [];
  const waitUntil = (task: Promise<unknown>) => void tasks.push(task);
  const pager = createResultPager({ maxTokens: 2_000, cache: { store: memoryStore(), waitUntil } });
  const big = spansJson(2_000, 5);
  await pager.run((): ToolResult => ({ content: [{ type: "text", text: big }] }), { scope: "s" });
  const settled = tasks.map(() => false);
  tasks.forEach((task, i) => task.then(() => settled[i] = true));
  await Promise.resolve();
  assertEquals(tasks.length, 2);
  assertEquals(settled[1], false, "the pricing was done before the page was answered");
  await Promise.all(tasks);
});
