/**
 * proxyHandler with a cache, in front of a server on Deno.serve that counts
 * its tool runs and tool lists: a walk runs the tool once, callers never
 * share a result, and a tools/call does not cost a tools/list each.
 */
import assert from "node:assert/strict";
// @ts-types="@modelcontextprotocol/sdk/client/streamableHttp"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { max3 } from "../../dev/tokenizers.ts";
import { memoryStore } from "../../mod.ts";
import { proxyHandler, type ProxyHandlerOptions } from "../../src/proxy/handler.ts";
import { Client } from "../support/mcp_v1.ts";
import { rowsOf, serveCounting } from "../support/counting_server.ts";
import { ToolListChangedNotificationSchema } from "../support/sdk_types.ts";
import {
  type CallResult,
  nextCursor,
  pageInfo,
  rebuild,
  textOf,
  walkTool,
} from "../support/tool_pages.ts";

type Options = Omit<ProxyHandlerOptions, "upstream">;

/** The counting server, a proxy handler in front of it, and clients that call the handler. */
function rig(options: Options, { json = true } = {}) {
  const upstream = serveCounting({ json });
  const handler = proxyHandler({ upstream: upstream.url, ...options });
  const clients: Client[] = [];
  return {
    counts: upstream.counts,
    async client(headers: Record<string, string> = {}, sessionId?: string): Promise<Client> {
      const client = new Client({ name: "caller", version: "1.0.0" });
      await client.connect(
        new StreamableHTTPClientTransport(new URL("http://proxy.test/mcp"), {
          requestInit: { headers },
          sessionId,
          fetch: (url: string | URL, init?: RequestInit) => handler(new Request(url, init)),
        }) as never,
      );
      clients.push(client);
      return client;
    },
    async close() {
      for (const client of clients) await client.close();
      await upstream.stop();
    },
  };
}

async function call(client: Client, name: string, args: Record<string, unknown>) {
  return await client.callTool({ name, arguments: args }) as CallResult;
}

Deno.test("HTTP proxy with a cache: a walk runs the tool once; pages within the limits by real tokenizers, rebuilt exactly", async () => {
  const proxy = rig({ maxTokens: 2_500, cache: { store: memoryStore() } });
  try {
    const client = await proxy.client({ authorization: "Bearer a" });
    const pages = await walkTool(client, "rows", { seed: 3, n: 800 });
    assert.ok(pages.length >= 8, `${pages.length} pages`);
    for (const [i, text] of pages.entries()) {
      assert.ok(max3(text) <= 2_500, `page ${i + 1}: ${max3(text)} tokens`);
    }
    assert.deepEqual(rebuild(pages, true), rowsOf(3, 800));
    assert.equal(proxy.counts.calls["rows:3"], 1);
  } finally {
    await proxy.close();
  }
});

Deno.test("HTTP proxy with a cache: a caller with another Authorization never reads the first one's result", async () => {
  // The server answers each caller with rows that name its Authorization.
  const proxy = rig({
    maxTokens: 1_000,
    forwardHeaders: ["authorization"],
    cache: { store: memoryStore() },
  });
  try {
    const alice = await proxy.client({ authorization: "Bearer alice" });
    const bob = await proxy.client({ authorization: "Bearer bob" });
    const first = textOf(await call(alice, "mine", { n: 100 }));
    const cursor = nextCursor(first)!;
    assert.match(first, /Bearer alice/);

    // Bob's own result differs from Alice's: his page says so and shows his rows.
    const stolen = textOf(await call(bob, "mine", { n: 100, cursor }));
    assert.doesNotMatch(stolen, /Bearer alice/);
    assert.match(stolen, /Bearer bob/);
    assert.equal(pageInfo(stolen)!.changed, true);
    assert.equal(proxy.counts.calls.mine, 2, "Bob's call ran the tool for Bob");

    const second = await call(alice, "mine", { n: 100, cursor });
    assert.match(textOf(second), /Bearer alice/);
    assert.equal(proxy.counts.calls.mine, 2, "Alice's next page came from her cache entry");
  } finally {
    await proxy.close();
  }
});

Deno.test("HTTP proxy with a cache: the client's Authorization keeps callers apart even when it is not forwarded", async () => {
  const proxy = rig({ maxTokens: 1_000, cache: { store: memoryStore() } });
  try {
    const alice = await proxy.client({ authorization: "Bearer alice" });
    const bob = await proxy.client({ authorization: "Bearer bob" });
    const first = textOf(await call(alice, "rows", { seed: 5, n: 100 }));
    const cursor = nextCursor(first)!;
    const bobs = await call(bob, "rows", { seed: 5, n: 100, cursor });
    assert.equal(proxy.counts.calls["rows:5"], 2, "Bob's page ran the tool again");
    const alices = await call(alice, "rows", { seed: 5, n: 100, cursor });
    assert.equal(proxy.counts.calls["rows:5"], 2, "Alice's page came from the cache");
    assert.deepEqual(bobs, alices, "the same result, so the same page");
  } finally {
    await proxy.close();
  }
});

Deno.test("HTTP proxy with a cache: two sessions of one Authorization are two callers", async () => {
  const proxy = rig({ maxTokens: 1_000, cache: { store: memoryStore() } });
  try {
    const one = await proxy.client({ authorization: "Bearer same" }, "session-one");
    const two = await proxy.client({ authorization: "Bearer same" }, "session-two");
    const cursor = nextCursor(textOf(await call(one, "rows", { seed: 6, n: 100 })))!;
    await call(two, "rows", { seed: 6, n: 100, cursor });
    assert.equal(proxy.counts.calls["rows:6"], 2);
    await call(one, "rows", { seed: 6, n: 100, cursor });
    assert.equal(proxy.counts.calls["rows:6"], 2);
  } finally {
    await proxy.close();
  }
});

Deno.test("HTTP proxy with a cache: identify replaces the default identity", async () => {
  const proxy = rig({
    maxTokens: 1_000,
    cache: { store: memoryStore(), identify: () => "one team" },
  });
  try {
    const alice = await proxy.client({ authorization: "Bearer alice" });
    const bob = await proxy.client({ authorization: "Bearer bob" });
    const cursor = nextCursor(textOf(await call(alice, "rows", { seed: 8, n: 100 })))!;
    const page = await call(bob, "rows", { seed: 8, n: 100, cursor });
    assert.ok(!page.isError);
    assert.equal(proxy.counts.calls["rows:8"], 1, "one identity: Bob read Alice's entry");
  } finally {
    await proxy.close();
  }
});

Deno.test("HTTP proxy: a walk costs one tools/list upstream, not one per page", async () => {
  const proxy = rig({ maxTokens: 1_000 });
  try {
    const client = await proxy.client();
    const pages = await walkTool(client, "rows", { seed: 9, n: 150 });
    assert.ok(pages.length >= 4, `${pages.length} pages`);
    assert.equal(proxy.counts.calls["rows:9"], pages.length, "no cache: each page runs the tool");
    assert.equal(proxy.counts.lists, 1);
    await client.listTools();
    await call(client, "rows", { seed: 9, n: 10 });
    assert.equal(proxy.counts.lists, 2, "the client's own list goes upstream, and is learnt");
  } finally {
    await proxy.close();
  }
});

for (const via of ["a tools/call", "another request"]) {
  Deno.test(`HTTP proxy: notifications/tools/list_changed in the stream of ${via} makes the next call list again`, async () => {
    const proxy = rig({ maxTokens: 1_000 }, { json: false });
    try {
      const client = await proxy.client();
      let changed = 0;
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changed++);
      await call(client, "rows", { seed: 10, n: 10 });
      await call(client, "rows", { seed: 10, n: 10 });
      assert.equal(proxy.counts.lists, 1);
      if (via === "a tools/call") await call(client, "change_tools", {});
      else await client.readResource({ uri: "counting://change-tools" });
      assert.equal(changed, 1, "the notification reached the client");
      await call(client, "rows", { seed: 10, n: 10 });
      assert.equal(proxy.counts.lists, 2, "the tool list was forgotten");
      assert.deepEqual(textOf(await call(client, "extra", {})), '"extra"');
      assert.equal(proxy.counts.lists, 2, "and learnt again, with the new tool");
    } finally {
      await proxy.close();
    }
  });
}

Deno.test("HTTP proxy: a bad option throws when the handler is made", () => {
  assert.throws(
    () => proxyHandler({ upstream: "http://127.0.0.1:9/mcp", cache: { store: {} as never } }),
    /cache\.store/,
  );
  assert.throws(
    () => proxyHandler({ upstream: "http://127.0.0.1:9/mcp", mode: "skim" as never }),
    /mode/,
  );
});

Deno.test("HTTP proxy with a cache and nothing to tell callers apart: a walk still runs the tool once", async () => {
  const proxy = rig({ maxTokens: 1_000, cache: { store: memoryStore() } });
  try {
    const client = await proxy.client();
    const pages = await walkTool(client, "rows", { seed: 8, n: 300 });
    assert.ok(pages.length >= 3, `${pages.length} pages`);
    assert.deepEqual(rebuild(pages, true), rowsOf(8, 300));
    assert.equal(proxy.counts.calls["rows:8"], 1);
  } finally {
    await proxy.close();
  }
});

Deno.test("HTTP proxy with a cache: two clients of a stateless server are two sessions, two callers", async () => {
  const proxy = rig({ maxTokens: 1_000, cache: { store: memoryStore() } });
  try {
    const one = await proxy.client();
    const two = await proxy.client();
    const cursor = nextCursor(textOf(await call(one, "rows", { seed: 9, n: 100 })))!;
    await call(two, "rows", { seed: 9, n: 100, cursor });
    assert.equal(proxy.counts.calls["rows:9"], 2, "the other session's page ran the tool");
    await call(one, "rows", { seed: 9, n: 100, cursor });
    assert.equal(proxy.counts.calls["rows:9"], 2, "its own session's page came from the cache");
  } finally {
    await proxy.close();
  }
});
