/**
 * proxyHandler, the Web-standard HTTP proxy, in front of a Streamable HTTP
 * server on Deno.serve (SDK v1, stateless, JSON or event-stream answers) and
 * in front of the real server-everything in its Streamable HTTP mode.
 */
import assert from "node:assert/strict";
// @ts-types="@modelcontextprotocol/sdk/server/webStandardStreamableHttp"
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
// @ts-types="@modelcontextprotocol/sdk/client/streamableHttp"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { z } from "zod";
import { max3 } from "../../dev/tokenizers.ts";
import { proxyHandler, type ProxyHandlerOptions } from "../../src/proxy/handler.ts";
import { Client, McpServer } from "../support/mcp_v1.ts";
import { everythingOverHttp } from "../support/npm_servers.ts";
import { CreateMessageRequestSchema } from "../support/sdk_types.ts";
import { type CallResult, rebuild, textOf, walkTool } from "../support/tool_pages.ts";

const LINES = Array.from(
  { length: 6_000 },
  (_, i) => `2026-11-30T01:${String(i % 60).padStart(2, "0")}:00Z worker-${i % 9} handled job ${i}`,
).join("\n");

function serve(handler: (request: Request) => Response | Promise<Response>) {
  const abort = new AbortController();
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, signal: abort.signal, onListen() {} },
    handler,
  );
  return {
    url: `http://127.0.0.1:${server.addr.port}/mcp`,
    async stop() {
      abort.abort();
      await server.finished;
    },
  };
}

// A stateless SDK v1 server, built per request, as on an edge runtime.
function upstream(json: boolean) {
  return serve(async (request) => {
    if (request.method !== "POST") return new Response(null, { status: 405 });
    const mcp = new McpServer({ name: "upstream", version: "1.0.0" });
    mcp.registerTool("lines", { description: "Many lines." }, () => ({
      content: [{ type: "text", text: LINES }],
    }));
    mcp.registerTool("whoami", { description: "The request's Authorization." }, (extra) => ({
      content: [{
        type: "text",
        text: JSON.stringify({
          authorization: extra.requestInfo?.headers.authorization ?? null,
          key: extra.requestInfo?.headers["x-api-key"] ?? null,
        }),
      }],
    }));
    mcp.registerTool(
      "steps",
      { description: "Reports progress.", inputSchema: { n: z.number() } },
      async ({ n }, extra) => {
        for (let i = 1; i <= n; i++) {
          await extra.sendNotification({
            method: "notifications/progress",
            params: { progressToken: extra._meta?.progressToken!, progress: i, total: n },
          });
        }
        return { content: [{ type: "text", text: `${n} steps` }] };
      },
    );
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: json,
    });
    await mcp.connect(transport);
    return transport.handleRequest(request);
  });
}

async function rig(json: boolean, options: Omit<ProxyHandlerOptions, "upstream"> = {}) {
  const server = upstream(json);
  const proxy = serve(proxyHandler({ upstream: server.url, ...options }));
  const client = new Client({ name: "http-client", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(proxy.url), {
      requestInit: { headers: { authorization: "Bearer client-secret" } },
    }) as never,
  );
  return {
    client,
    async close() {
      await client.close();
      await proxy.stop();
      await server.stop();
    },
  };
}

for (const json of [true, false]) {
  const answers = json ? "JSON answers" : "event-stream answers";

  Deno.test(`HTTP proxy, ${answers}: a long result comes in pages within the limits that rebuild it`, async () => {
    const { client, close } = await rig(json, { maxTokens: 3_000 });
    try {
      const { tools } = await client.listTools();
      assert.ok(tools.every((tool) => "cursor" in (tool.inputSchema.properties ?? {})));
      const pages = await walkTool(client, "lines", {});
      assert.ok(pages.length >= 5, `${pages.length} pages`);
      for (const page of pages) assert.ok(max3(page) <= 3_000, `${max3(page)} tokens`);
      assert.equal(rebuild(pages, false), LINES);
    } finally {
      await close();
    }
  });

  Deno.test(`HTTP proxy, ${answers}: progress notifications reach the client`, async () => {
    const { client, close } = await rig(json);
    try {
      const progress: number[] = [];
      const result = await client.callTool(
        { name: "steps", arguments: { n: 3 } },
        undefined,
        { onprogress: (p) => progress.push(p.progress) },
      );
      assert.deepEqual(result.content, [{ type: "text", text: "3 steps" }]);
      if (!json) assert.deepEqual(progress, [1, 2, 3]);
    } finally {
      await close();
    }
  });
}

Deno.test("HTTP proxy: the client's Authorization goes upstream only when forwardHeaders names it", async () => {
  const seen = async (options: Omit<ProxyHandlerOptions, "upstream">) => {
    const { client, close } = await rig(true, options);
    try {
      const result = await client.callTool({ name: "whoami", arguments: {} }) as CallResult;
      return JSON.parse(textOf(result));
    } finally {
      await close();
    }
  };
  assert.deepEqual(await seen({}), { authorization: null, key: null });
  assert.deepEqual(await seen({ forwardHeaders: ["Authorization"] }), {
    authorization: "Bearer client-secret",
    key: null,
  });
  assert.deepEqual(await seen({ headers: { "x-api-key": "proxy-key" } }), {
    authorization: null,
    key: "proxy-key",
  });
});

Deno.test("HTTP proxy: a forged cursor is an isError result the model can act on", async () => {
  const { client, close } = await rig(true, { maxTokens: 3_000 });
  try {
    const result = await client.callTool({ name: "lines", arguments: { cursor: "forged" } });
    assert.equal(result.isError, true);
    assert.match(textOf(result as CallResult), /without a cursor/);
  } finally {
    await close();
  }
});

/** A POST of `body` to a proxy in front of a port nothing listens on. */
function postToUnreachable(body: unknown): Promise<Response> {
  const handler = proxyHandler({ upstream: "http://127.0.0.1:9/mcp" });
  return handler(
    new Request("http://proxy/mcp", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify(body),
    }),
  );
}

const UNREACHABLE = /cannot reach the MCP server at http:\/\/127\.0\.0\.1:9/;

for (const method of ["tools/list", "tools/call", "ping", "initialize"]) {
  Deno.test(`HTTP proxy: an unreachable server is a 502 for ${method}, with its id`, async () => {
    const params = method === "tools/call" ? { name: "any", arguments: {} } : undefined;
    const response = await postToUnreachable({ jsonrpc: "2.0", id: 7, method, params });
    assert.equal(response.status, 502);
    const body = await response.json();
    assert.equal(body.id, 7);
    assert.match(body.error.message, UNREACHABLE);
  });
}

Deno.test("HTTP proxy: an unreachable server is an error for each request of a batch", async () => {
  const response = await postToUnreachable([
    { jsonrpc: "2.0", id: 1, method: "ping" },
    { jsonrpc: "2.0", method: "notifications/initialized" },
    { jsonrpc: "2.0", id: "two", method: "ping" },
  ]);
  assert.equal(response.status, 502);
  const body = await response.json();
  assert.deepEqual(body.map((answer: { id: unknown }) => answer.id), [1, "two"]);
  for (const answer of body) assert.match(answer.error.message, UNREACHABLE);
});

Deno.test("HTTP proxy in front of server-everything (sessions, streams, sampling)", async (t) => {
  const everything = await everythingOverHttp();
  const proxy = serve(proxyHandler({ upstream: everything.url, maxTokens: 20_000 }));
  const client = new Client({ name: "http-client", version: "1.0.0" }, {
    capabilities: { sampling: {} },
  });
  const sampled: unknown[] = [];
  client.setRequestHandler(CreateMessageRequestSchema, (request) => {
    sampled.push(request.params);
    return {
      role: "assistant",
      content: { type: "text", text: "pong over http" },
      model: "test-model",
    };
  });
  const transport = new StreamableHTTPClientTransport(new URL(proxy.url));
  try {
    await client.connect(transport as never);
    await t.step("the session is the server's own, wrapped in one that names the client", () => {
      const [, name, upstream] = /^pagewise\.([\w-]+)\.s([0-9a-f-]{36})$/.exec(
        transport.sessionId ?? "",
      ) ?? [];
      assert.equal(atob(name.replaceAll("-", "+").replaceAll("_", "/")), "http-client");
      assert.ok(upstream, transport.sessionId);
      assert.equal(client.getServerVersion()?.name, "mcp-servers/everything");
    });
    await t.step("tools answer through the proxy", async () => {
      const { tools } = await client.listTools();
      assert.ok(tools.some((tool) => tool.name === "echo"));
      const echo = await client.callTool({ name: "echo", arguments: { message: "over http" } });
      assert.match(textOf(echo as CallResult), /over http/);
    });
    await t.step("prompts and resources pass through", async () => {
      const { prompts } = await client.listPrompts();
      assert.ok(prompts.length > 0);
      const { resources } = await client.listResources();
      const read = await client.readResource({ uri: resources[0].uri });
      assert.equal(read.contents[0].uri, resources[0].uri);
    });
    await t.step("progress notifications arrive", async () => {
      const progress: number[] = [];
      await client.callTool(
        { name: "trigger-long-running-operation", arguments: { duration: 0.3, steps: 3 } },
        undefined,
        { onprogress: (p) => progress.push(p.progress) },
      );
      assert.deepEqual(progress, [1, 2, 3]);
    });
    await t.step("a sampling request reaches the client and its answer goes back", async () => {
      const result = await client.callTool({
        name: "trigger-sampling-request",
        arguments: { prompt: "ping over http", maxTokens: 10 },
      });
      assert.match(JSON.stringify(sampled.at(-1)), /ping over http/);
      assert.match(textOf(result as CallResult), /pong over http/);
    });
  } finally {
    await transport.terminateSession().catch(() => {});
    await client.close();
    await proxy.stop();
    await everything.stop();
  }
});

Deno.test("proxyHandler checks its options when it is made, each with a message that says what to pass", () => {
  const made = (options: Record<string, unknown>) => () =>
    proxyHandler({ upstream: "http://127.0.0.1:9/mcp", ...options } as never);
  assert.throws(made({ upstream: "ftp://x/mcp" }), /upstream must be the server's http\(s\) URL/);
  assert.throws(made({ upstream: "not a url" }), /upstream must be/);
  assert.throws(made({ forwardHeaders: "authorization" }), /forwardHeaders must be/);
  assert.throws(made({ headers: 5 }), /headers must be headers/);
  assert.throws(made({ fetch: "nope" }), /fetch must be/);
  assert.throws(made({ maxBodyBytes: -1 }), /maxBodyBytes must be a whole number of bytes/);
  assert.throws(made({ maxMessageBytes: "big" }), /maxMessageBytes must be a whole number/);
  assert.equal(
    typeof made({ headers: { "x-api-key": "k" }, forwardHeaders: ["authorization"] })(),
    "function",
  );
});
