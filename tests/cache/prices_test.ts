/**
 * Elements priced in the background once a result is kept (src/cache/_pricing.ts):
 * a window read back by the isolate that kept the result carries those
 * estimates (src/cut/prices.ts), and every page built with them is the page
 * built with each element estimated again (by an isolate that did not keep
 * the result), and the uncached page.
 */
import { assert, assertEquals } from "@std/assert";
import { type CacheStore, createResultPager, memoryStore, type ToolResult } from "../../mod.ts";
import { spansJson } from "../../dev/cache_data.ts";
import { element } from "../../src/json/envelope.ts";
import { estimate } from "../../src/limits/measure.ts";
import { createCore, prepareSource } from "../../src/paging/core.ts";
import { resolveCache } from "../../src/cache/resolve.ts";
import { saveSource } from "../../src/cache/_save.ts";
import { loadSource } from "../../src/cache/_load.ts";
import { knownPrices } from "../../src/cut/prices.ts";
import type { ElementsSource } from "../../src/source/source.ts";

const cursorOf = (result: ToolResult) =>
  /cursor=\\?"([A-Za-z0-9_-]+)\\?"/.exec(String(result.content?.at(-1)?.text ?? ""))?.[1];

type Options = Parameters<typeof createResultPager>[0];

/**
 * A walk with a cache on `store`: the first page, then each cursor in turn;
 * with `settle`, the first page's background work (its write, the pricing)
 * is waited for before the later pages are asked for. `readers` pages every
 * cursor again with a pager over another store object on the same entries:
 * another isolate, which did not keep the result and prices nothing ahead.
 */
async function walk(
  options: Options,
  text: string,
  scope: string,
  settle = true,
): Promise<{ pages: string[]; readers: string[] }> {
  const tasks: Promise<unknown>[] = [];
  const store = memoryStore();
  const waitUntil = (task: Promise<unknown>) => void tasks.push(task);
  const pager = createResultPager({ ...options, cache: { store, waitUntil } });
  // The same entries, through another store object: nothing remembered of them.
  const elsewhere: CacheStore = { ...store, limits: store.limits };
  const reader = createResultPager({ ...options, cache: { store: elsewhere } });
  const tool = (): ToolResult => ({ content: [{ type: "text", text }] });
  let result = await pager.run(tool, { scope });
  if (settle) await Promise.all(tasks);
  const pages = [JSON.stringify(result)];
  const cursors: string[] = [];
  for (let cursor = cursorOf(result); cursor; cursor = cursorOf(result)) {
    cursors.push(cursor);
    result = await pager.run(tool, { scope, cursor });
    pages.push(JSON.stringify(result));
  }
  // The readers come once the write has landed, whenever the walk came.
  await Promise.all(tasks);
  const readers = [pages[0]];
  for (const cursor of cursors) {
    readers.push(JSON.stringify(await reader.run(() => assert(false, "ran"), { scope, cursor })));
  }
  return { pages, readers };
}

async function uncached(options: Options, text: string, scope: string): Promise<string[]> {
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
      const { pages, readers } = await walk(limit, text, "search");
      assert(pages.length > 3);
      assertEquals(pages, readers);
      assertEquals(pages, await uncached(limit, text, "search"));
    });
  }
}

Deno.test("kept prices: a window read back where the result was kept carries each element's estimate", async () => {
  const tasks: Promise<unknown>[] = [];
  const cache = resolveCache({
    store: memoryStore(),
    waitUntil: (task) => void tasks.push(task),
  }, () => {})!;
  const core = createCore({ maxTokens: 2_000 });
  const prepared = await prepareSource(core, spansJson(300, 5), true);
  assert("source" in prepared && prepared.source.kind === "elements");
  await saveSource(cache, "k", prepared.source, prepared.fingerprint, null, true);
  await Promise.all(tasks);
  const loaded = await loadSource(cache, "k", prepared.fingerprint, "elements", 40, 0, 8_000);
  const { shape } = loaded!.source as ElementsSource;
  const prices = knownPrices(shape.container);
  assert(prices !== undefined && shape.container.count > 5);
  // The first element of a page is priced as the first (not by the prices).
  assertEquals(prices(0), undefined);
  for (let i = 1; i < shape.container.count; i++) {
    assertEquals(prices(i), estimate(element(shape, i, false)), `element ${i}`);
  }
});

Deno.test("kept prices: the result kept again while its first write is in flight keeps the first's prices", async () => {
  const base = memoryStore();
  let release!: () => void;
  const paused = new Promise<void>((resolve) => release = resolve);
  const store: CacheStore = {
    ...base,
    setMany: async (entries, ttl) => {
      await paused;
      await base.setMany!(entries, ttl);
    },
  };
  const tasks: Promise<unknown>[] = [];
  const cache = resolveCache({ store, waitUntil: (task) => void tasks.push(task) }, () => {})!;
  const prepared = await prepareSource(createCore({ maxTokens: 2_000 }), spansJson(300, 5), true);
  assert("source" in prepared);
  await saveSource(cache, "k", prepared.source, prepared.fingerprint, null, true);
  // A later page asked for before the write lands runs the tool, and keeps its result again.
  await saveSource(cache, "k", prepared.source, prepared.fingerprint, null, true);
  release();
  await Promise.all(tasks);
  const loaded = await loadSource(cache, "k", prepared.fingerprint, "elements", 40, 0, 8_000);
  const { shape } = loaded!.source as ElementsSource;
  assertEquals(knownPrices(shape.container)?.(1), estimate(element(shape, 1, false)));
});

Deno.test("kept prices: a window read back by another isolate carries none", async () => {
  const store = memoryStore();
  const tasks: Promise<unknown>[] = [];
  const writer = resolveCache({ store, waitUntil: (task) => void tasks.push(task) }, () => {})!;
  const reader = resolveCache({ store: { ...store, limits: store.limits } }, () => {})!;
  const prepared = await prepareSource(createCore({ maxTokens: 2_000 }), spansJson(300, 5), true);
  assert("source" in prepared);
  await saveSource(writer, "k", prepared.source, prepared.fingerprint, null, true);
  await Promise.all(tasks);
  const loaded = await loadSource(reader, "k", prepared.fingerprint, "elements", 40, 0, 8_000);
  assertEquals(knownPrices((loaded!.source as ElementsSource).shape.container), undefined);
});

const text = spansJson(300, 5);

Deno.test("kept prices: pages asked for while the result is being priced are the uncached pages", async () => {
  const { pages } = await walk({ maxTokens: 2_000 }, text, "s", false);
  assertEquals(pages, await uncached({ maxTokens: 2_000 }, text, "s"));
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
