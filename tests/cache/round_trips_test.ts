// What a later page costs with Upstash, through a real MCP server: one
// request to the REST bridge (the record and the page's chunks in one MGET),
// moving about one page of data, not the result.
import assert from "node:assert/strict";
import { mixedLog, spansJson } from "./_data.ts";
import { call, connectInMemory, nextCursor, startUpstash, textOf, toolServer } from "./_rig.ts";

const countTokens = (text: string) => Math.ceil(new TextEncoder().encode(text).length / 2);

for (
  const [name, output] of [
    ["a list (spans in an object)", spansJson(3_000)],
    ["a text (a log)", mixedLog(12_000)],
  ] as const
) {
  Deno.test(`Upstash, ${name}: each later page is one request of about one page`, async () => {
    const upstash = await startUpstash();
    const served = toolServer(
      { maxTokens: 5_000, countTokens, cache: { store: upstash.store } },
      () => output,
    );
    const client = await connectInMemory(served.server);
    try {
      let text = textOf(await call(client, { q: "*" }));
      let pages = 1;
      for (let cursor = nextCursor(text); cursor; cursor = nextCursor(text)) {
        upstash.bridge.resetCounts();
        text = textOf(await call(client, { q: "*", cursor }));
        pages++;
        assert.deepEqual(upstash.bridge.log, [["mget"]], `page ${pages}`);
        const moved = upstash.bridge.bytesIn + upstash.bridge.bytesOut;
        // A page shows at most ~10K characters here; chunks are 32K: at most
        // two text chunks and two index chunks, compressed, twice base64.
        assert.ok(moved < 100_000, `page ${pages}: ${moved} bytes`);
        assert.ok(moved < output.length / 5, `page ${pages}: ${moved} bytes`);
      }
      assert.ok(pages > 20, `${pages} pages`);
      assert.equal(served.runs(), 1);
    } finally {
      await client.close();
      await upstash.close();
    }
  });
}
