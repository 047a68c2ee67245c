/**
 * Peak memory above the result while one page is cut, for its first and a
 * middle page (a collection between them, as between two requests): resident
 * set size sampled every millisecond, for a 53 MB list given as a value and
 * as JSON text (what an MCP tool returns).
 *
 *     deno run --v8-flags=--expose-gc bench/memory.ts [value|text]
 */
import { createPager } from "../mod.ts";

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const mb = (n: number) => `${(n / 1e6).toFixed(0)} MB`;
const as = Deno.args[0] === "text" ? "text" : "value";
gc();
const rows = Array.from({ length: 400_000 }, (_, i) => ({
  id: i,
  title: `Row ${i}: the request timed out after the upgrade to v2`,
  tags: ["alpha", "beta", String(i % 7)],
  score: i / 3,
}));
const text = as === "text" ? JSON.stringify(rows) : undefined;
const input = text ?? rows;
const size = text?.length ?? JSON.stringify(rows).length;
gc();
const built = Deno.memoryUsage().rss;
let peak = built;
const sample = setInterval(() => (peak = Math.max(peak, Deno.memoryUsage().rss)), 1);
const pager = createPager();
const first = await pager.page(input, { scope: "mem", json: as === "text" });
const firstPeak = Math.max(peak, Deno.memoryUsage().rss);
gc();
peak = built;
const middle = await pager.page(input, {
  scope: "mem",
  json: as === "text",
  cursor: first.nextCursor,
});
clearInterval(sample);
const middlePeak = Math.max(peak, Deno.memoryUsage().rss);
const over = (peak: number) =>
  `+${mb(peak - built)}, ${((peak - built) / size).toFixed(2)}× its JSON`;
console.log(
  `${as}: JSON ${mb(size)}; rss with the result: ${mb(built)}; peak above it while a page is ` +
    `cut: first page ${over(firstPeak)}; middle page ${over(middlePeak)}; ` +
    `pages of ${first.to} and ${middle.to - middle.from + 1} items`,
);
