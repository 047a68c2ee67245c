import assert from "node:assert/strict";
import { bundleWorker, startWorker } from "../support/workerd.ts";
import { joinListPages } from "../support/tool_pages.ts";
import { connect, overLimits, walk } from "./_pages.ts";

// The README's quick start, examples/quickstart/worker.ts, as `wrangler deploy`
// bundles it, in real workerd: an SDK client walks every page of its tool.
const QUICKSTART = "examples/quickstart";
// Bundling waits on wrangler more than it computes: start it now, beside the first test.
bundleWorker(QUICKSTART).catch(() => {}); // a failure is reported by the tests that need it

/** What list_orders returns, built as worker.ts builds it. */
const ORDERS = Array.from({ length: 5_000 }, (_, i) => ({
  id: 10_000 + i,
  customer: `customer-${(i * 7_919) % 1_000}`,
  status: ["open", "paid", "shipped"][i % 3],
  total: ((i * 3_571) % 100_000) / 100,
}));

Deno.test("README.md shows examples/quickstart/worker.ts whole, as it is", async () => {
  const source = await Deno.readTextFile(`${QUICKSTART}/worker.ts`);
  const readme = await Deno.readTextFile("README.md");
  assert.ok(readme.includes("```ts\n" + source + "```\n"), "README.md quotes worker.ts verbatim");
  // The data the test checks against is the data the Worker serves.
  for (const line of ORDERS_SOURCE) assert.ok(source.includes(line), line);
});

// The lines of worker.ts that make the orders (ORDERS above copies them).
const ORDERS_SOURCE = [
  "const orders = Array.from({ length: 5_000 }, (_, i) => ({",
  "  id: 10_000 + i,",
  "  customer: `customer-${(i * 7_919) % 1_000}`,",
  '  status: ["open", "paid", "shipped"][i % 3],',
  "  total: ((i * 3_571) % 100_000) / 100,",
];

Deno.test("quick start in workerd: GET and DELETE get 405, and an SDK client walks every page, each within the limits, back to the exact orders", async (t) => {
  const worker = await startWorker(await bundleWorker(QUICKSTART));
  try {
    await t.step("GET and DELETE /mcp: 405, Allow: POST", async () => {
      for (const method of ["GET", "DELETE"]) {
        const response = await fetch(worker.url, { method });
        await response.body?.cancel();
        assert.equal(response.status, 405, method);
        assert.equal(response.headers.get("allow"), "POST", method);
      }
    });
    for (const sdk of ["v1", "v2"] as const) {
      await t.step(`SDK ${sdk} client`, async () => {
        const connection = await connect(worker.url, sdk);
        try {
          const [tool] = await connection.tools();
          assert.equal((tool as { name: string }).name, "list_orders");
          assert.equal(
            (tool.inputSchema.properties?.cursor as { type?: string } | undefined)?.type,
            "string",
            "tools/list gives list_orders an optional cursor",
          );
          const pages = await walk(connection, "list_orders");
          // 353 KB of JSON at 50,000 characters a page: at least 8 pages.
          assert.ok(pages.length >= 8, `${pages.length} pages`);
          for (const [k, page] of pages.entries()) {
            assert.equal(page.content.length, 1, `page ${k + 1}: one text block`);
            const over = overLimits(page, { maxTokens: 20_000, maxChars: 50_000 });
            assert.deepEqual(over, [], `page ${k + 1} of ${pages.length}`);
          }
          const texts = pages.map((page) => (page.content[0] as { text: string }).text);
          assert.equal(JSON.stringify(joinListPages(texts)), JSON.stringify(ORDERS));
        } finally {
          // The v1 client may still be reading the 405 of its GET when it closes: workerd then
          // logs a "Broken pipe" line, which is harmless.
          await connection.close();
        }
      });
    }
  } finally {
    await worker.close();
  }
});
