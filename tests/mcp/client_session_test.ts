/**
 * withClientSession: a stateless server's `initialize` answered with a
 * session id that names the client; every other request handed on as it is.
 */
import assert from "node:assert/strict";
// @ts-types="@modelcontextprotocol/sdk/server/webStandardStreamableHttp"
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
// @ts-types="@modelcontextprotocol/sdk/client/streamableHttp"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { memoryStore, paginate, type ToolResult, withClientSession } from "../../mod.ts";
import { issues } from "../../dev/records.ts";
import { Client, McpServer } from "../support/mcp_v1.ts";
import { serveInProcess } from "../support/serve_in_process.ts";
import { readClientSessionId } from "../../src/mcp/session_id.ts";

const URL_ = "http://localhost/mcp";
const initialize = (name: unknown) =>
  JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name, version: "1" } },
  });
const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request(URL_, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });
const ok = () => Response.json({ jsonrpc: "2.0", id: 1, result: {} });

Deno.test("an initialize is answered with a session id that names the client, and 16 random bytes", async () => {
  const handler = withClientSession(ok);
  const one = (await handler(post(initialize("codex-mcp-client")))).headers.get("mcp-session-id");
  const two = (await handler(post(initialize("codex-mcp-client")))).headers.get("mcp-session-id");
  assert.deepEqual(readClientSessionId(one), { name: "codex-mcp-client" });
  assert.match(one!, /^pagewise\.[\w-]+\.r[\w-]{22}$/);
  assert.notEqual(one, two);
});

Deno.test("a handler that keeps sessions of its own keeps its session id", async () => {
  const handler = withClientSession(() =>
    new Response("{}", { headers: { "mcp-session-id": "the-servers-own" } })
  );
  const response = await handler(post(initialize("claude-code")));
  assert.equal(response.headers.get("mcp-session-id"), "the-servers-own");
});

Deno.test("an initialize that fails gets no session id", async () => {
  const handler = withClientSession(() => new Response("no", { status: 500 }));
  const response = await handler(post(initialize("claude-code")));
  assert.equal(response.status, 500);
  assert.equal(response.headers.get("mcp-session-id"), null);
});

Deno.test("an initialize without a client name gets no session id", async () => {
  const handler = withClientSession(ok);
  for (const name of [undefined, "", 5, { name: "x" }]) {
    const response = await handler(post(initialize(name)));
    assert.equal(response.headers.get("mcp-session-id"), null, String(name));
  }
});

Deno.test("a request of a session, or that names its protocol version, is handed on unread", async () => {
  const seen: Request[] = [];
  const handler = withClientSession((request: Request) => (seen.push(request), ok()));
  const inSession = post(initialize("x"), { "mcp-session-id": "abc" });
  const versioned = post("{}", { "mcp-protocol-version": "2025-11-25" });
  const get = new Request(URL_);
  for (const request of [inSession, versioned, get]) {
    const response = await handler(request);
    assert.equal(response.headers.get("mcp-session-id"), null);
  }
  assert.deepEqual(seen, [inSession, versioned, get]);
  assert.equal(inSession.bodyUsed, false);
});

Deno.test("a large body it reads is handed on whole, every byte", async () => {
  const body = JSON.stringify({
    jsonrpc: "2.0",
    id: 2,
    method: "tools/call",
    params: { x: "y".repeat(300_000) },
  });
  let received = "";
  const handler = withClientSession(async (request: Request) => {
    received = await request.text();
    return ok();
  });
  const response = await handler(post(body));
  assert.equal(received, body);
  assert.equal(response.headers.get("mcp-session-id"), null);
});

Deno.test("arguments after the request (a Worker's env and ctx) are handed on", async () => {
  const handler = withClientSession((_request: Request, env: { a: number }, ctx: string) =>
    Response.json({ a: env.a, ctx })
  );
  const response = await handler(new Request(URL_), { a: 1 }, "ctx");
  assert.deepEqual(await response.json(), { a: 1, ctx: "ctx" });
});

Deno.test("a session id that is not ours, or is forged, names no client", () => {
  for (
    const id of [
      "",
      "abc",
      "pagewise.",
      "pagewise..r0",
      "pagewise.%%%.rabc",
      "pagewise.bm9wZQ.x",
      "pagewise.bm9wZQ.r",
      `pagewise.${"A".repeat(3_000)}.rabc`,
      "pagewise.__8.rabc", // not UTF-8
      "pagewise.bm9wZQ.r\u0000",
    ]
  ) {
    assert.equal(readClientSessionId(id), undefined, id);
  }
  assert.deepEqual(readClientSessionId("pagewise.bm9wZQ.rabc"), { name: "nope" });
  assert.deepEqual(readClientSessionId("pagewise.bm9wZQ.sUP.STREAM"), {
    name: "nope",
    upstream: "UP.STREAM",
  });
});

Deno.test("withClientSession refuses what is not a handler", () => {
  assert.throws(
    () => withClientSession("handler" as never),
    /withClientSession's handler must be a function/,
  );
});

Deno.test("with a cache, each session withClientSession gives is a caller of its own", async () => {
  let runs = 0;
  const store = memoryStore();
  const handle = withClientSession(async (request: Request) => {
    if (request.method !== "POST") return new Response(null, { status: 405 });
    const server = paginate(new McpServer({ name: "s", version: "1.0.0" }), {
      maxTokens: 1_000,
      cache: { store },
    });
    server.registerTool("rows", {}, () => {
      runs++;
      return { content: [{ type: "text", text: JSON.stringify(issues(300)) }] };
    });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    return transport.handleRequest(request);
  });
  await serveInProcess(handle, async (url) => {
    const connect = async () => {
      const client = new Client({ name: "claude-code", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)) as never);
      return client;
    };
    const [one, two] = [await connect(), await connect()];
    const call = (client: Client, cursor?: string) =>
      client.callTool({ name: "rows", arguments: cursor ? { cursor } : {} }) as Promise<ToolResult>;
    const first = JSON.parse(String((await call(one)).content?.[0].text));
    await call(two, first.page.next_cursor);
    assert.equal(runs, 2, "the other session's page ran the tool");
    await call(one, first.page.next_cursor);
    assert.equal(runs, 2, "its own session's page came from the cache");
    await one.close();
    await two.close();
  });
});
