/**
 * examples/proxy end to end: the Deno entry on Deno.serve and the Worker in
 * real workerd (wrangler's bundle, Miniflare), each in front of an upstream
 * MCP server on Deno.serve that counts its tool runs.
 */
import assert from "node:assert/strict";
// @ts-types="@modelcontextprotocol/sdk/client/streamableHttp"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { max3 } from "../../dev/tokenizers.ts";
import { proxyFromEnv } from "../../examples/proxy/proxy.ts";
import { Client } from "../support/mcp_v1.ts";
import { type Counts, rowsOf, serveCounting } from "../support/counting_server.ts";
import { type CallResult, rebuild, textOf, walkTool } from "../support/tool_pages.ts";
import { bundleWorker, startWorker } from "../support/workerd.ts";

const MAX_TOKENS = 3_000;

async function connect(url: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: "example-client", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers },
    }) as never,
  );
  return client;
}

/** Walks `rows` through the proxy at `url`: pages within the limits, rebuilt exactly, run once. */
async function walkRows(url: string, counts: Counts, headers: Record<string, string> = {}) {
  const client = await connect(url, headers);
  try {
    const pages = await walkTool(client, "rows", { seed: 4, n: 1_000 });
    assert.ok(pages.length >= 8, `${pages.length} pages`);
    for (const [i, page] of pages.entries()) {
      assert.ok(max3(page) <= MAX_TOKENS, `page ${i + 1}: ${max3(page)} tokens`);
    }
    assert.deepEqual(rebuild(pages, true), rowsOf(4, 1_000));
    assert.equal(counts.calls["rows:4"], 1, "later pages came from the proxy's cache");
    return client;
  } catch (error) {
    await client.close();
    throw error;
  }
}

Deno.test("proxy example: a missing or wrong setting stops it at start, naming the variable", () => {
  const env = (vars: Record<string, string>) => (name: string) => vars[name];
  assert.throws(() => proxyFromEnv(env({})), /UPSTREAM_URL is not set/);
  assert.throws(
    () => proxyFromEnv(env({ UPSTREAM_URL: "ftp://mcp.example.com/" })),
    /UPSTREAM_URL must be an http\(s\) URL/,
  );
  assert.throws(
    () => proxyFromEnv(env({ UPSTREAM_URL: "https://a.example/mcp", PAGEWISE_MAX_TOKENS: "many" })),
    /PAGEWISE_MAX_TOKENS must be a positive whole number/,
  );
  assert.throws(
    () =>
      proxyFromEnv(env({
        UPSTREAM_URL: "https://a.example/mcp",
        PROXY_TOKEN: "t",
        FORWARD_HEADERS: "Authorization",
      })),
    /PROXY_TOKEN and FORWARD_HEADERS=authorization clash/,
  );
});

Deno.test("proxy example, Deno entry on Deno.serve: pages within the limits, rebuilt exactly, the tool run once; the server gets the proxy's credential", async () => {
  const upstream = serveCounting();
  const vars = {
    UPSTREAM_URL: upstream.url,
    UPSTREAM_AUTHORIZATION: "Bearer proxy-key",
    PAGEWISE_MAX_TOKENS: String(MAX_TOKENS),
  };
  for (const [name, value] of Object.entries(vars)) Deno.env.set(name, value);
  // main.ts reads its environment once, when it is loaded.
  const app = (await import("../../examples/proxy/main.ts")).default;
  for (const name of Object.keys(vars)) Deno.env.delete(name);
  const abort = new AbortController();
  const served = Deno.serve(
    { hostname: "127.0.0.1", port: 0, signal: abort.signal, onListen() {} },
    app.fetch,
  );
  const origin = `http://127.0.0.1:${served.addr.port}`;
  try {
    const client = await walkRows(`${origin}/mcp`, upstream.counts, {
      authorization: "Bearer client",
    });
    const mine = await client.callTool({ name: "mine", arguments: { n: 1 } }) as CallResult;
    assert.equal(JSON.parse(textOf(mine))[0].owner, "Bearer proxy-key");
    await client.close();

    const home = await fetch(`${origin}/`);
    assert.match(await home.text(), new RegExp(`in front of http://127\\.0\\.0\\.1:`));
    const foreign = await fetch(`${origin}/mcp`, {
      method: "POST",
      headers: { origin: "http://evil.example", "content-type": "application/json" },
      body: "{}",
    });
    await foreign.body?.cancel();
    assert.equal(foreign.status, 403);
  } finally {
    abort.abort();
    await served.finished;
    await upstream.stop();
  }
});

Deno.test("proxy example, Worker in workerd (wrangler bundle, Miniflare): pages within the limits, rebuilt exactly, the tool run once; PROXY_TOKEN required", async () => {
  const bundle = await bundleWorker("examples/proxy");
  assert.doesNotMatch(bundle.script, /from\s*["']node:/, "no Node imports without nodejs_compat");
  const upstream = serveCounting();
  const worker = await startWorker(bundle, {
    UPSTREAM_URL: upstream.url,
    PAGEWISE_MAX_TOKENS: String(MAX_TOKENS),
    PROXY_TOKEN: "worker-token",
  });
  try {
    const refused = await fetch(worker.url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    assert.equal(refused.status, 401);
    assert.match((await refused.json()).error.message, /PROXY_TOKEN/);

    const client = await walkRows(worker.url, upstream.counts, {
      authorization: "Bearer worker-token",
    });
    await client.close();
  } finally {
    await worker.close();
    await upstream.stop();
  }
});
