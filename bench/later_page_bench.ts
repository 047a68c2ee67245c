/**
 * A later page of the 24,000 spans (`spansJson(24_000)`, about 7.6 M
 * characters of JSON) through `createResultPager({ cache: { store:
 * memoryStore(...) } }).run` (what `paginate` calls), at 20,000 tokens: the
 * page from the middle of the walk, and every later page of a walk (median
 * and p90). First a walk asked for at once after the first page, while its
 * elements are priced in the background; then, the pricing done, each round
 * runs both ways, alternately in this one process: "priced", the elements'
 * estimates kept (src/cut/prices.ts), and "repriced", every element
 * estimated again on each page (what a page did before; the kept prices
 * hidden from the page builder). Then one `Deno.bench` of each.
 *
 *   deno bench -A --config deno.dev.json bench/later_page_bench.ts
 *   LATER_ROUNDS=9 deno bench -A --config deno.dev.json bench/later_page_bench.ts
 */
import { createResultPager, memoryStore, type ToolResult } from "../mod.ts";
import { spansJson } from "../dev/cache_data.ts";
import { knownPrices } from "../src/cut/prices.ts";

const ROUNDS = Number(Deno.env.get("LATER_ROUNDS") ?? 5);
const scope = 'search_traces {"q":"*"}';
const spans = spansJson(24_000);
const tool = (): ToolResult => ({ content: [{ type: "text", text: spans }] });
const cursorOf = (result: ToolResult) =>
  /cursor=\\?"([A-Za-z0-9_-]+)\\?"/.exec(String(result.content?.at(-1)?.text ?? ""))?.[1];

const get = knownPrices.get.bind(knownPrices);
/** Hides the kept prices (`false`): every element is estimated again, as before. */
function usePrices(on: boolean): void {
  knownPrices.get = on ? get : () => undefined;
}

const background: Promise<unknown>[] = [];
const pager = createResultPager({
  maxTokens: 20_000,
  cache: {
    store: memoryStore({ maxBytes: 64 << 20 }),
    waitUntil: (task) => void background.push(task),
  },
});
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

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => sorted(values)[values.length >> 1];
const p90 = (values: number[]) => sorted(values)[Math.floor(values.length * 0.9)];

async function timed(cursor: string): Promise<[number, string]> {
  const started = performance.now();
  const page = await pager.run(tool, { scope, cursor });
  return [performance.now() - started, JSON.stringify(page)];
}

const figures = {
  priced: { middle: [] as number[], walk: [] as number[] },
  repriced: { middle: [] as number[], walk: [] as number[] },
};
for (let round = 0; round < ROUNDS; round++) {
  for (const way of round % 2 ? ["repriced", "priced"] as const : ["priced", "repriced"] as const) {
    usePrices(way === "priced");
    for (let i = 0; i < 100; i++) figures[way].middle.push((await timed(middle))[0]);
    for (let i = 0; i < cursors.length; i++) {
      const [ms, page] = await timed(cursors[i]);
      if (page !== pages[i]) throw new Error(`${way}: page ${i + 2} differs`);
      figures[way].walk.push(ms);
    }
  }
}
usePrices(true);
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
for (const way of ["repriced", "priced"] as const) {
  const f = figures[way];
  console.log(
    `| ${way} | ${median(f.middle).toFixed(2)} ms | ${p90(f.middle).toFixed(2)} ms | ${
      median(f.walk).toFixed(2)
    } ms | ${p90(f.walk).toFixed(2)} ms |`,
  );
}

Deno.bench("later page from the middle: priced", { group: "later page" }, async () => {
  usePrices(true);
  await pager.run(tool, { scope, cursor: middle });
});
Deno.bench("later page from the middle: repriced", { group: "later page" }, async () => {
  usePrices(false);
  await pager.run(tool, { scope, cursor: middle });
  usePrices(true);
});
