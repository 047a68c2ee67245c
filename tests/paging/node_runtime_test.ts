// The library runs unchanged in Node, which keeps the __proto__ setter that
// Deno removed: keys named "__proto__" survive paging there too.
import assert from "node:assert/strict";
import { runInNode } from "../support/node.ts";

Deno.test("in Node, a list and fields under __proto__ keys are paged as valid JSON, every item kept", async () => {
  const run = await runInNode(new URL("../support/node/proto_pages.ts", import.meta.url));
  assert.equal(run.code, 0, run.stderr);
  const report = JSON.parse(run.stdout);
  for (const name of ["text", "value"]) {
    assert.deepEqual(
      report[name],
      { valid: true, items: 300, first: '{"x":0}', last: '{"x":299}' },
      name,
    );
  }
  assert.deepEqual(report.structured, ["page", "__proto__", "meta"]);
});
