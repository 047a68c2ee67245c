/**
 * Narrowing 24,000 generated trace spans (7.6 MB of JSON text, what a
 * trace-search tool returns):
 *
 * - a narrowed first page against its floor, one SHA-256 of the text and one
 *   scan of it (a stateless pager must do both to bind its cursor);
 * - a walk of the narrowed result through the cache (`createResultPager` with
 *   `memoryStore`, what `paginate` calls) against the walk of the whole result.
 *
 *   deno bench --config deno.dev.json -A bench/narrow_bench.ts
 */
import { createPager, createResultPager, memoryStore, type ToolResult } from "../mod.ts";
import { scanJson } from "../src/json/scan.ts";
import { spansJson } from "../dev/cache_data.ts";

const text = spansJson(24_000);
const encoder = new TextEncoder();
const pager = createPager();
// One span's id: a grep that keeps one item of 24,000.
const oneId = /"spanId":"([0-9a-f]{16})"/.exec(text.slice(200_000))![1];

const group = `narrowed first page, ${(text.length / 1e6).toFixed(1)} MB of spans`;
Deno.bench("floor: SHA-256 + scan", { group, baseline: true }, async () => {
  await crypto.subtle.digest("SHA-256", encoder.encode(text));
  scanJson(text);
});
Deno.bench("first page, no narrowing", { group }, async () => {
  await pager.page(text, { json: true });
});
Deno.bench('grep "ERROR" (10 % match)', { group }, async () => {
  await pager.page(text, { json: true, grep: "ERROR" });
});
Deno.bench("grep one span id (1 match)", { group }, async () => {
  await pager.page(text, { json: true, grep: oneId });
});
Deno.bench('fields ["spanId", "status"]', { group }, async () => {
  await pager.page(text, { json: true, fields: ["spanId", "status"] });
});
Deno.bench('grep "(a+)+$|x*y" (no match, two alternatives)', { group }, async () => {
  await pager.page(text, { json: true, grep: "(a+)+$|x*y" });
});

const cursorOf = (result: ToolResult) =>
  /cursor=\\?"([A-Za-z0-9_-]+)\\?"/.exec(String(result.content?.at(-1)?.text ?? ""))?.[1];

/** Every page of the call through a cache, the tool run counted. */
async function walk(narrow: { grep?: string; fields?: string[] }) {
  const results = createResultPager({
    cache: { store: memoryStore({ maxBytes: 64 << 20 }) },
  });
  let runs = 0;
  const tool = () => (runs++, { content: [{ type: "text", text }] });
  let pages = 0;
  let cursor: string | undefined;
  do {
    const page = await results.run(tool, { scope: 'search {"q":"*"}', cursor, ...narrow });
    pages++;
    cursor = cursorOf(page);
  } while (cursor);
  return { pages, runs };
}

const walks = "a cached walk to the end";
Deno.bench("the whole result", { group: walks, baseline: true, n: 3, warmup: 1 }, async () => {
  await walk({});
});
Deno.bench('grep "ERROR"', { group: walks, n: 3, warmup: 1 }, async () => {
  await walk({ grep: "ERROR" });
});
Deno.bench(
  'grep "ERROR", fields ["spanId", "status"]',
  { group: walks, n: 3, warmup: 1 },
  async () => {
    await walk({ grep: "ERROR", fields: ["spanId", "status"] });
  },
);

const whole = await walk({});
const narrowed = await walk({ grep: "ERROR" });
console.log(
  `pages and tool runs: the whole result ${whole.pages} pages, ${whole.runs} run; ` +
    `grep "ERROR" ${narrowed.pages} pages, ${narrowed.runs} run`,
);
