// What a later page costs with Upstash, through a real MCP server: one
// request to the REST bridge (the record and the page's chunks in one MGET),
// moving about one page of data, not the result.
import assert from "node:assert/strict";
import { memoryStore } from "../../mod.ts";
import { mixedLog, spansJson } from "../../dev/cache_data.ts";
import {
  call,
  connectInMemory,
  countTokens,
  nextCursor,
  startUpstash,
  textOf,
  toolServer,
  walk,
} from "./_rig.ts";

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

Deno.test("a result stored in another store under the same key (other fields around the list) never gives a wrong page", async () => {
  // Both pagers serve the same caller, tool and arguments, and the same
  // items, so the same key; the second result has a 20,000-character field
  // before the list, so its items start elsewhere in its text. What this
  // isolate remembers of one must not spoil reading the other.
  const items = JSON.parse(spansJson(1_500)).spans;
  const near = JSON.stringify({ took_ms: 3, spans: items });
  const far = JSON.stringify({ note: "x".repeat(20_000), took_ms: 3, spans: items });
  const upstash = await startUpstash();
  const options = { maxTokens: 5_000, countTokens };
  const reference = toolServer(options, () => near);
  const a = toolServer({ ...options, cache: { store: upstash.store } }, () => near);
  const b = toolServer({ ...options, cache: { store: memoryStore() } }, () => far);
  const clients = await Promise.all([reference, a, b].map((s) => connectInMemory(s.server)));
  try {
    const [plain, viaA, viaB] = clients;
    const expected = (await walk(plain, { q: "*" })).texts;
    // A stores `near` in Upstash; then B stores `far` in memory under the same key.
    const first = textOf(await call(viaA, { q: "*" }));
    assert.equal(first, expected[0]);
    await call(viaB, { q: "*" });
    const texts = [first];
    for (let cursor = nextCursor(first); cursor; cursor = nextCursor(texts.at(-1)!)) {
      texts.push(textOf(await call(viaA, { q: "*", cursor })));
    }
    assert.deepEqual(texts, expected);
    assert.equal(a.runs(), 1);
  } finally {
    for (const client of clients) await client.close();
    await upstash.close();
  }
});

Deno.test("a walk by a field no item has: pages from the cache name the items' keys as the first does", async () => {
  const pagesOf = async (cached: boolean) => {
    const served = toolServer(
      { maxTokens: 500, cache: cached ? { store: memoryStore() } : undefined },
      () => spansJson(3_000),
    );
    const client = await connectInMemory(served.server);
    try {
      const texts: string[] = [];
      let cursor: string | undefined;
      do {
        const text = textOf(await call(client, { q: "*", fields: ["nosuch"], cursor }));
        texts.push(text);
        cursor = nextCursor(text);
      } while (cursor);
      return { texts, runs: served.runs() };
    } finally {
      await client.close();
    }
  };
  const cached = await pagesOf(true);
  const uncached = await pagesOf(false);
  assert.ok(cached.texts.length > 2);
  assert.equal(cached.runs, 1, "every later page came from the cache");
  assert.deepEqual(cached.texts, uncached.texts);
  for (const text of cached.texts) {
    assert.match(text, /No item on this page has \\"nosuch\\"; the items have/);
  }
});
