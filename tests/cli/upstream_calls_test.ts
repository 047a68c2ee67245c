/**
 * `pagewise proxy` in front of a server that counts what it is asked: the
 * tool runs once per walk (the proxy keeps its last 16 results), an older
 * result runs again and still pages exactly, and a cancellation reaches it.
 */
import assert from "node:assert/strict";
import { max3 } from "../../dev/tokenizers.ts";
import type { Client } from "../support/mcp_v1.ts";
import { countingCommand, type Counts, rowsOf } from "../support/counting_server.ts";
import { startProxy } from "../support/proxy_rig.ts";
import { type CallResult, nextCursor, rebuild, textOf, walkTool } from "../support/tool_pages.ts";

async function countsOf(client: Client): Promise<Counts> {
  const result = await client.callTool({ name: "counts", arguments: {} });
  return JSON.parse(textOf(result as CallResult));
}

async function page(client: Client, args: Record<string, unknown>): Promise<string> {
  const result = await client.callTool({ name: "rows", arguments: args }) as CallResult;
  assert.ok(!result.isError, textOf(result));
  return textOf(result);
}

Deno.test("a walk runs the tool upstream once; every page within the limits by real tokenizers, rebuilt exactly", async () => {
  const proxy = await startProxy(
    ["--max-tokens", "3000", "--max-chars", "9000", "--quiet"],
    countingCommand(),
  );
  try {
    const pages = await walkTool(proxy.client, "rows", { seed: 1, n: 1_500 });
    assert.ok(pages.length >= 10, `${pages.length} pages`);
    for (const [i, text] of pages.entries()) {
      assert.ok(max3(text) <= 3_000, `page ${i + 1}: ${max3(text)} tokens`);
      assert.ok(text.length <= 9_000, `page ${i + 1}: ${text.length} characters`);
    }
    assert.deepEqual(rebuild(pages, true), rowsOf(1, 1_500));
    assert.equal((await countsOf(proxy.client)).calls["rows:1"], 1);
  } finally {
    await proxy.close();
  }
});

Deno.test("16 results are kept; the 17th evicts the oldest, whose walk runs the tool once more and still rebuilds exactly", async () => {
  const proxy = await startProxy(["--max-tokens", "1000", "--quiet"], countingCommand());
  const client = proxy.client;
  try {
    const args = (seed: number) => ({ seed, n: 150 });
    const first = await page(client, args(1));
    for (let seed = 2; seed <= 16; seed++) await page(client, args(seed));
    const second = await page(client, { ...args(1), cursor: nextCursor(first) });
    assert.equal((await countsOf(client)).calls["rows:1"], 1, "16 results: the first is kept");

    await page(client, args(17));
    const rest = await walkTool(client, "rows", { ...args(1), cursor: nextCursor(second) });
    assert.ok(rest.length >= 2, `${rest.length} pages`);
    assert.deepEqual(rebuild([first, second, ...rest], true), rowsOf(1, 150));
    const counts = await countsOf(client);
    assert.equal(counts.calls["rows:1"], 2, "evicted: run again once, then kept again");
    assert.equal(counts.calls["rows:17"], 1);
  } finally {
    await proxy.close();
  }
});

Deno.test("a call the client cancels is cancelled upstream, with the client's reason", async () => {
  const proxy = await startProxy([], countingCommand());
  try {
    const abort = new AbortController();
    const call = proxy.client.callTool({ name: "wait", arguments: {} }, undefined, {
      signal: abort.signal,
    });
    setTimeout(() => abort.abort("changed my mind"), 300);
    await assert.rejects(call, /changed my mind/);
    let counts = await countsOf(proxy.client);
    for (let i = 0; i < 100 && !counts.cancelled.length; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      counts = await countsOf(proxy.client);
    }
    assert.equal(counts.calls.wait, 1);
    assert.deepEqual(counts.cancelled.length, 1);
    assert.match(counts.cancelled[0], /changed my mind/);
  } finally {
    await proxy.close();
  }
});
