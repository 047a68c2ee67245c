/**
 * A later page of the 24,000 spans (`spansJson(24_000)`, about 7.6 M
 * characters of JSON) through `createResultPager({ cache: { store:
 * memoryStore(...) } }).run` (what `paginate` calls), at 20,000 tokens: the
 * page from the middle of the walk, and every later page of a walk (median
 * and p90). First a walk asked for at once after the first page, while its
 * elements are priced in the background; then, the pricing done, each round
 * runs every way, alternately in this one process:
 *
 * - "priced": the elements' estimates kept (src/cut/prices.ts);
 * - "repriced": every element estimated again on each page (what a page did
 *   before): the same entries read through another store object, as by an
 *   isolate that did not keep the result (it learns where elements start on
 *   a first walk, not timed);
 * - "checked" and "unchecked": the page served from the store
 *   (`servePage`, what `run` calls before the tool) with every value's MAC
 *   checked (src/cache/_seal.ts, no secret), and with a seal that signs
 *   nothing: what the checks cost a page.
 *
 * Then one `Deno.bench` of each.
 *
 *   deno bench -A --config deno.dev.json bench/later_page_bench.ts
 *   LATER_ROUNDS=9 deno bench -A --config deno.dev.json bench/later_page_bench.ts
 */
import { type CacheStore, createResultPager, memoryStore, type ToolResult } from "../mod.ts";
import { spansJson } from "../dev/cache_data.ts";
import type { Cache } from "../src/cache/cache.ts";
import { resolveCache } from "../src/cache/resolve.ts";
import { keepSource, servePage } from "../src/cache/serve.ts";
import type { Seal } from "../src/cache/_seal.ts";
import { createCore, cursorState, openCursor, prepareSource } from "../src/paging/core.ts";

const ROUNDS = Number(Deno.env.get("LATER_ROUNDS") ?? 5);
const scope = 'search_traces {"q":"*"}';
const spans = spansJson(24_000);
const tool = (): ToolResult => ({ content: [{ type: "text", text: spans }] });
const cursorOf = (result: ToolResult) =>
  /cursor=\\?"([A-Za-z0-9_-]+)\\?"/.exec(String(result.content?.at(-1)?.text ?? ""))?.[1];

const background: Promise<unknown>[] = [];
const store = memoryStore({ maxBytes: 64 << 20 });
const pager = createResultPager({
  maxTokens: 20_000,
  cache: { store, waitUntil: (task) => void background.push(task) },
});
// The same entries through another store object: nothing remembered of them.
const elsewhere: CacheStore = { ...store, limits: store.limits };
const reader = createResultPager({ maxTokens: 20_000, cache: { store: elsewhere } });
const firstStarted = performance.now();
let result = await pager.run(tool, { scope });
const firstPage = performance.now() - firstStarted;
const cursors: string[] = [];
const pages: string[] = [];
const during: number[] = [];
for (let cursor = cursorOf(result); cursor; cursor = cursorOf(result)) {
  cursors.push(cursor);
  const started = performance.now();
  result = await pager.run(tool, { scope, cursor });
  during.push(performance.now() - started);
  pages.push(JSON.stringify(result));
  // A model's next call comes after the event loop has run (a network read).
  await new Promise((resolve) => setTimeout(resolve, 0));
}
const pricingStarted = performance.now();
await Promise.all(background);
const pricingLeft = performance.now() - pricingStarted;
const middle = cursors[cursors.length >> 1];
// The reader learns where the elements start, as another isolate would on its first walk.
for (const cursor of cursors) await reader.run(tool, { scope, cursor });

// The page served from the store, with and without the checks: each way
// keeps the result in a store of its own, priced, as `run` keeps it.
const core = createCore({ maxTokens: 20_000 });
const prepared = await prepareSource(core, spans, true);
if (!("source" in prepared)) throw new Error("the spans fit one page");
const { source, fingerprint } = prepared;
const owner = { identity: "", scope, layout: '""' };
const UNSIGNED: Seal = {
  sign: () => Promise.resolve("A".repeat(22)),
  id: () => Promise.resolve("unsigned"),
};
async function keptWith(seal?: Seal): Promise<Cache> {
  const tasks: Promise<unknown>[] = [];
  const cache = resolveCache({
    store: memoryStore({ maxBytes: 64 << 20 }),
    waitUntil: (task) => void tasks.push(task),
  }, () => {})!;
  const kept = seal ? { ...cache, seal } : cache;
  await keepSource(kept, owner, source, fingerprint, null, true);
  await Promise.all(tasks);
  return kept;
}
const caches = { checked: await keptWith(), unchecked: await keptWith(UNSIGNED) };
async function served(way: keyof typeof caches, cursor: string): Promise<[number, string]> {
  const started = performance.now();
  const opened = await openCursor(core, cursor, scope);
  const page = await servePage(
    caches[way],
    owner,
    cursorState(opened),
    opened,
    core.limits.maxChars,
    () => core,
  );
  if (!page) throw new Error(`${way}: a miss`);
  return [performance.now() - started, page.page.text];
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => sorted(values)[values.length >> 1];
const p90 = (values: number[]) => sorted(values)[Math.floor(values.length * 0.9)];

async function run(way: "priced" | "repriced", cursor: string): Promise<[number, string]> {
  const started = performance.now();
  const page = await (way === "priced" ? pager : reader).run(tool, { scope, cursor });
  return [performance.now() - started, JSON.stringify(page)];
}

type Way = "priced" | "repriced" | "checked" | "unchecked";
const timed = (way: Way, cursor: string) =>
  way === "priced" || way === "repriced" ? run(way, cursor) : served(way, cursor);
const figures = Object.fromEntries(
  (["priced", "repriced", "checked", "unchecked"] as const).map((way) => [
    way,
    { middle: [] as number[], walk: [] as number[], texts: [] as string[] },
  ]),
) as Record<Way, { middle: number[]; walk: number[]; texts: string[] }>;
for (let round = 0; round < ROUNDS; round++) {
  const ways: Way[] = round % 2
    ? ["repriced", "priced", "unchecked", "checked"]
    : ["priced", "repriced", "checked", "unchecked"];
  for (const way of ways) {
    for (let i = 0; i < 100; i++) figures[way].middle.push((await timed(way, middle))[0]);
    for (let i = 0; i < cursors.length; i++) {
      const [ms, page] = await timed(way, cursors[i]);
      if (way === "priced" || way === "repriced") {
        if (page !== pages[i]) throw new Error(`${way}: page ${i + 2} differs`);
      } else if (round === 0) {
        figures[way].texts.push(page);
      } else if (page !== figures[way].texts[i]) {
        throw new Error(`${way}: page ${i + 2} differs`);
      }
      figures[way].walk.push(ms);
    }
  }
}
if (figures.checked.texts.some((text, i) => text !== figures.unchecked.texts[i])) {
  throw new Error("checked and unchecked pages differ");
}
console.log(
  `\n${
    cursors.length + 1
  } pages; ${ROUNDS} rounds, alternating; every page of every walk identical`,
);
console.log(
  `first page ${firstPage.toFixed(1)} ms; the walk asked for at once, while pricing: median ${
    median(during).toFixed(2)
  } ms, p90 ${p90(during).toFixed(2)} ms; pricing went on ${pricingLeft.toFixed(0)} ms after it`,
);
console.log("| later page | middle: median | middle: p90 | walk: median | walk: p90 |");
console.log("| --- | --- | --- | --- | --- |");
for (const way of ["repriced", "priced", "unchecked", "checked"] as const) {
  const f = figures[way];
  console.log(
    `| ${way} | ${median(f.middle).toFixed(2)} ms | ${p90(f.middle).toFixed(2)} ms | ${
      median(f.walk).toFixed(2)
    } ms | ${p90(f.walk).toFixed(2)} ms |`,
  );
}

Deno.bench("later page from the middle: priced", { group: "later page" }, async () => {
  await pager.run(tool, { scope, cursor: middle });
});
Deno.bench("later page from the middle: repriced", { group: "later page" }, async () => {
  await reader.run(tool, { scope, cursor: middle });
});
Deno.bench("served from the store, the middle page: checked", { group: "checks" }, async () => {
  await served("checked", middle);
});
Deno.bench("served from the store, the middle page: unchecked", { group: "checks" }, async () => {
  await served("unchecked", middle);
});
