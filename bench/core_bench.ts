/**
 * The paging core on generated data (no corpus needed), each group against
 * its floor:
 *
 * - results that fit (most results): against JSON.stringify of the value;
 * - the first page of a JSON text (what MCP tools return): against one
 *   SHA-256 of the text plus one scan of it;
 * - a late page of CJK text with no ASCII: against its first page.
 */
import { createPager } from "../mod.ts";
import { scanJson } from "../src/json/scan.ts";
import { issues } from "../dev/records.ts";

const encoder = new TextEncoder();
const pager = createPager();

for (const [label, count] of [["1 KB", 6], ["10 KB", 60]] as const) {
  const value = issues(count);
  const group = `fits: ${label} value`;
  Deno.bench("JSON.stringify", { group, baseline: true }, () => {
    JSON.stringify(value);
  });
  Deno.bench("page (whole)", { group }, async () => {
    await pager.page(value);
  });
  const text = JSON.stringify(value);
  Deno.bench("page of the JSON text (whole)", { group }, async () => {
    await pager.page(text, { json: true });
  });
}

const pretty = JSON.stringify(issues(5_000), null, 2);
Deno.bench(
  "floor: SHA-256 + scan",
  { group: "JSON text, first page", baseline: true },
  async () => {
    await crypto.subtle.digest("SHA-256", encoder.encode(pretty));
    scanJson(pretty);
  },
);
Deno.bench(`first page of ${(pretty.length / 1e6).toFixed(1)} MB of JSON text`, {
  group: "JSON text, first page",
}, async () => {
  await pager.page(pretty, { json: true, scope: "bench" });
});

const cjk = Array.from({ length: 400_000 }, (_, i) => "漢字仮名交じり文한국어"[i % 11]).join("")
  .repeat(5);
const first = await pager.page(cjk, { scope: "cjk" });
let late = first;
while (late.nextCursor && late.to < cjk.length * 0.9) {
  late = await pager.page(cjk, { scope: "cjk", cursor: late.nextCursor });
}
Deno.bench("first page", { group: "CJK text, 2 MB", baseline: true }, async () => {
  await pager.page(cjk, { scope: "cjk" });
});
Deno.bench(
  `page at ${(late.from / 1e6).toFixed(1)} M characters`,
  { group: "CJK text, 2 MB" },
  async () => {
    await pager.page(cjk, { scope: "cjk", cursor: late.nextCursor });
  },
);
