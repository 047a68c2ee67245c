// The cache in real workerd (Miniflare): a Worker serving a paged tool over
// Streamable HTTP with workersKvStore on a KV binding and the Worker's own
// ctx.waitUntil. The first page's answer does not wait for the write, the
// write is not dropped when the response ends, and the rest of the walk
// comes from KV: one tool run per walk, one per page without the cache.
import assert from "node:assert/strict";
// @ts-types="@modelcontextprotocol/sdk/client/streamableHttp"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Client } from "../support/mcp_v1.ts";
import { startKvWorker } from "../support/miniflare_kv.ts";
import { spansJson } from "../../dev/cache_data.ts";
import { assertReassembles, assertWithinLimits, call, nextCursor, textOf, walk } from "./_rig.ts";

const OUTPUT = spansJson(300); // what the Worker's tool returns
const args = { q: "service:gateway" };

interface Stats {
  runs: number;
  deferred: number;
  landed: number;
  events: string[];
}

Deno.test("Workers KV in workerd: waitUntil writes, one tool run per walk, pages exact and within limits", async (t) => {
  const { mf, base } = await startKvWorker("tests/cache/_worker.ts");
  const clients: Client[] = [];
  const connect = async (path: string, token: string) => {
    const client = new Client({ name: "workerd-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(path, base), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    clients.push(client);
    return client;
  };
  const stats = async (): Promise<Stats> =>
    await (await mf.dispatchFetch(new URL("/stats", base))).json() as Stats;
  try {
    let plainTexts: string[] = [];
    await t.step("without the cache every page runs the tool", async () => {
      const client = await connect("/mcp-plain", "alice");
      const before = (await stats()).runs;
      plainTexts = (await walk(client, args)).texts;
      assert.ok(plainTexts.length >= 8, `${plainTexts.length} pages`);
      assert.equal((await stats()).runs - before, plainTexts.length);
      assertWithinLimits(plainTexts, { maxTokens: 2_000 });
      assertReassembles(plainTexts, OUTPUT);
    });

    await t.step(
      "the first page answers at once and hands the KV write to waitUntil, which finishes it",
      async () => {
        const client = await connect("/mcp", "alice");
        const before = await stats();
        const first = textOf(await call(client, args));
        assert.equal(first, plainTexts[0]);
        const after = await stats();
        assert.equal(after.runs - before.runs, 1);
        assert.equal(after.deferred - before.deferred, 1, "the write was handed to waitUntil");
        // The response did not wait for the write: it lands after, kept alive by waitUntil.
        let landed = after;
        for (let i = 0; i < 200 && landed.landed === before.landed; i++) {
          await new Promise((r) => setTimeout(r, 25));
          landed = await stats();
        }
        assert.equal(landed.landed - before.landed, 1, "the deferred write never finished");
        assert.ok(landed.events.includes("cache_stored"), landed.events.join());
      },
    );

    await t.step(
      "with the cache, the rest of the walk comes from KV: one tool run in all",
      async () => {
        const client = await connect("/mcp", "alice");
        const before = await stats();
        const texts = [plainTexts[0]];
        let cursor = nextCursor(plainTexts[0]);
        while (cursor) {
          const result = await call(client, { ...args, cursor });
          assert.notEqual(result.isError, true, textOf(result));
          texts.push(textOf(result));
          cursor = nextCursor(texts.at(-1)!);
        }
        const after = await stats();
        assert.equal(after.runs - before.runs, 0, "a later page ran the tool");
        assert.deepEqual(texts, plainTexts);
        const events = after.events.slice(before.events.length);
        assert.deepEqual(new Set(events), new Set(["cache_hit"]));
        assert.equal(events.length, plainTexts.length - 1);
      },
    );

    await t.step(
      "another caller's token with the same cursor misses and runs the tool",
      async () => {
        const client = await connect("/mcp", "bob");
        const before = await stats();
        const page = textOf(await call(client, { ...args, cursor: nextCursor(plainTexts[0])! }));
        const after = await stats();
        assert.equal(page, plainTexts[1]);
        assert.equal(after.runs - before.runs, 1);
        assert.equal(after.events[before.events.length], "cache_miss:absent");
      },
    );
  } finally {
    for (const client of clients) await client.close();
    await mf.dispose();
  }
});
