/**
 * Peak memory when paging a 50 MB list: resident set size before building
 * the list, after building it, and after serving its first and a middle page.
 *
 *     deno run --v8-flags=--expose-gc bench/memory.ts
 */
import { createPager } from "../mod.ts";

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const mb = (n: number) => `${(n / 1e6).toFixed(0)} MB`;
gc();
const base = Deno.memoryUsage().rss;
const rows = Array.from({ length: 400_000 }, (_, i) => ({
  id: i,
  title: `Row ${i}: the request timed out after the upgrade to v2`,
  tags: ["alpha", "beta", String(i % 7)],
  score: i / 3,
}));
const size = JSON.stringify(rows).length;
gc();
const built = Deno.memoryUsage().rss;
let peak = built;
const sample = setInterval(() => (peak = Math.max(peak, Deno.memoryUsage().rss)), 1);
const pager = createPager();
const first = await pager.page(rows, { scope: "mem" });
const middle = await pager.page(rows, { scope: "mem", cursor: first.nextCursor });
clearInterval(sample);
peak = Math.max(peak, Deno.memoryUsage().rss);
console.log(
  `list JSON: ${mb(size)}; rss before: ${mb(base)}; with the list: ${mb(built)}; ` +
    `peak while paging: ${mb(peak)} (+${mb(peak - built)} over the list, ${
      ((peak - built) / size).toFixed(2)
    }× its JSON); ` +
    `pages: ${first.to} and ${middle.to - middle.from + 1} items`,
);
