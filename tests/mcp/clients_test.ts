/**
 * Each page sized for the client that asked, with `paginate` and no options:
 * clients that name themselves as Claude Code, Codex, Gemini CLI, VS Code,
 * Claude Desktop (directly and through mcp-remote) and an unknown client
 * each walk a 1.3 MB result exactly, every page within that client's own
 * limit, none sized for a smaller client. The client is found from the
 * request's `_meta` (a v2 client pinned to 2026-07-28, stateless), from the
 * session's initialize (a v1 client, stateful), and from the session id
 * `withClientSession` gives a stateless server (a v1 client, 2025-11-25).
 */
import assert from "node:assert/strict";
import * as v2 from "@modelcontextprotocol/server";
import * as v2Client from "@modelcontextprotocol/client";
// @ts-types="@modelcontextprotocol/sdk/server/webStandardStreamableHttp"
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
// @ts-types="@modelcontextprotocol/sdk/client/streamableHttp"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  clients,
  createResultPager,
  memoryStore,
  type PagerEvent,
  paginate,
  type ToolResult,
  withClientSession,
} from "../../mod.ts";
import { issues } from "../../dev/records.ts";
import { Client, InMemoryTransport, McpServer } from "../support/mcp_v1.ts";
import { serveInProcess } from "../support/serve_in_process.ts";
import { CLIENT_CASES, walkItemPages } from "../support/client_cases.ts";

const ITEMS = issues(4_200);
const TEXT = JSON.stringify(ITEMS);
const TOOL = { description: "Every issue, as one JSON list." };
const result = () => ({ content: [{ type: "text" as const, text: TEXT }] });

interface Caller {
  call(args: Record<string, unknown>): Promise<ToolResult>;
  close(): Promise<void>;
}

/** Every page of list_issues as `connect(name)`'s client follows them; checks them and the items. */
async function walkAs(name: string, connect: (name: string) => Promise<Caller>) {
  const client = CLIENT_CASES.find((c) => c.name === name)!;
  const caller = await connect(name);
  try {
    await walkItemPages(client, (args) => caller.call(args), ITEMS);
  } finally {
    await caller.close();
  }
}

function v2Server(): v2.McpServer {
  const server = paginate(new v2.McpServer({ name: "issues", version: "1.0.0" }));
  server.registerTool("list_issues", TOOL, result);
  return server;
}

function v1Server(): McpServer {
  const server = paginate(new McpServer({ name: "issues", version: "1.0.0" }));
  server.registerTool("list_issues", TOOL, result);
  return server;
}

Deno.test("a v2 client pinned to 2026-07-28 on a stateless server gets pages sized for it, from its _meta", async (t) => {
  const handler = v2.createMcpHandler(() => v2Server());
  await serveInProcess((request) => handler.fetch(request), async (url) => {
    for (const { name } of CLIENT_CASES) {
      await t.step(name, () =>
        walkAs(name, async (name) => {
          const client = new v2Client.Client({ name, version: "1.0.0" }, {
            versionNegotiation: { mode: { pin: "2026-07-28" } },
          } as never);
          await client.connect(new v2Client.StreamableHTTPClientTransport(new URL(url)));
          return {
            call: (args) => client.callTool({ name: "list_issues", arguments: args }) as never,
            close: () => client.close(),
          };
        }));
    }
  });
});

Deno.test("a v1 client on a stateful session gets pages sized for it, from its initialize", async (t) => {
  const sessions = new Map<string, WebStandardStreamableHTTPServerTransport>();
  const handle = async (request: Request): Promise<Response> => {
    const known = sessions.get(request.headers.get("mcp-session-id") ?? "");
    if (known) return known.handleRequest(request);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      enableJsonResponse: true,
      onsessioninitialized: (id) => void sessions.set(id, transport),
    });
    await v1Server().connect(transport);
    return transport.handleRequest(request);
  };
  await serveInProcess(handle, async (url) => {
    for (const { name } of CLIENT_CASES) {
      await t.step(name, () => walkAs(name, (name) => v1Caller(url, name)));
    }
  });
  for (const transport of sessions.values()) await transport.close();
});

Deno.test("a v1 client on a stateless server behind withClientSession gets pages sized for it", async (t) => {
  const handle = withClientSession(async (request: Request) => {
    if (request.method !== "POST") return new Response(null, { status: 405 });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await v1Server().connect(transport);
    return transport.handleRequest(request);
  });
  await serveInProcess(handle, async (url) => {
    for (const { name } of CLIENT_CASES) {
      await t.step(name, () => walkAs(name, (name) => v1Caller(url, name)));
    }
  });
});

async function v1Caller(url: string, name: string): Promise<Caller> {
  const client = new Client({ name, version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)) as never);
  return {
    call: (args) => client.callTool({ name: "list_issues", arguments: args }) as never,
    close: () => client.close(),
  };
}

Deno.test("without withClientSession a stateless server cannot tell its clients apart: default pages", async () => {
  const events: PagerEvent[] = [];
  const handle = async (request: Request) => {
    if (request.method !== "POST") return new Response(null, { status: 405 });
    const server = paginate(new McpServer({ name: "issues", version: "1.0.0" }), {
      onEvent: (event) => events.push(event),
    });
    server.registerTool("list_issues", TOOL, result);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    return transport.handleRequest(request);
  };
  await serveInProcess(handle, async (url) => {
    const caller = await v1Caller(url, "Visual Studio Code");
    await caller.call({});
    await caller.close();
  });
  const page = events.find((e) => e.type === "page");
  assert.ok(page?.type === "page");
  assert.equal(page.client, undefined);
  assert.equal(page.limits.maxTokens, 20_000);
});

Deno.test("a result kept for a large client's pages goes on for a small client, exactly, when its fields leave no room there", async () => {
  const value = {
    meta: "m".repeat(12_000),
    items: Array.from({ length: 3_000 }, (_, id) => ({ id, title: `issue number ${id}` })),
    tail: 1,
  };
  let runs = 0;
  const results = createResultPager({ cache: { store: memoryStore() } });
  const run = (client: string, cursor?: string) =>
    results.run(() => (runs++, value), { scope: "t {}", client, cursor });
  const first = JSON.parse(String((await run("claude-ai")).content?.[0].text));
  assert.equal(first.items.length > 100, true);
  const text: string[] = [];
  let cursor: string | undefined = first.page.next_cursor;
  while (cursor) {
    const page = await run("Visual Studio Code", cursor);
    const shown = String(page.content?.[0].text);
    assert.ok(new TextEncoder().encode(shown).length <= 8_192);
    const [, chunk, next] = /^([\s\S]*)\n\n\[Output cut: .*cursor="([^"]+)"/.exec(shown) ??
      [, shown.replace(/\n\n\[Output cut: [^\]]*\]$/, ""), undefined];
    text.push(chunk!);
    cursor = next;
  }
  const whole = JSON.stringify(value);
  const from = whole.indexOf(JSON.stringify(value.items[first.items.length]));
  assert.deepEqual(first.items, value.items.slice(0, first.items.length));
  assert.equal(text.join(""), whole.slice(from));
  assert.equal(runs, 2, "the kept result could not be paged there: the tool ran once more");
});

Deno.test("the page event says which client and which limits; the model sees the same page as with the preset set", async () => {
  const events: PagerEvent[] = [];
  const server = paginate(new McpServer({ name: "issues", version: "1.0.0" }), {
    onEvent: (event) => events.push(event),
  });
  server.registerTool("list_issues", TOOL, result);
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: "claude-ai (via mcp-remote 0.1.38)", version: "1.0.0" });
  await client.connect(b);
  const shown = await client.callTool({ name: "list_issues", arguments: {} }) as ToolResult;
  await client.close();
  const page = events.find((event) => event.type === "page");
  assert.ok(page?.type === "page");
  assert.deepEqual(page.client, {
    name: "claude-ai (via mcp-remote 0.1.38)",
    preset: "claudeDesktop",
  });
  assert.deepEqual(page.limits, {
    maxTokens: 25_000,
    maxChars: Infinity,
    maxBytes: 1_048_576,
    maxLines: Infinity,
  });
  const preset = await createResultPager({ ...clients.claudeDesktop }).page(result(), {
    scope: "list_issues {}",
    narrowable: { grep: "grep", fields: "fields" },
  });
  assert.equal(shown.content?.[0].text, preset.content?.[0].text);
});

Deno.test("an unknown client is named in the event, with the default limits", async () => {
  const events: PagerEvent[] = [];
  const results = createResultPager({ onEvent: (event) => events.push(event) });
  await results.page(ITEMS, { scope: "t {}", client: "some-new-agent" });
  const page = events.find((event) => event.type === "page");
  assert.ok(page?.type === "page");
  assert.deepEqual(page.client, { name: "some-new-agent" });
  assert.equal(page.limits.maxTokens, 20_000);
});

Deno.test("with clientLimits: false every client gets the options' limits, and is still named", async () => {
  const events: PagerEvent[] = [];
  const results = createResultPager({ clientLimits: false, onEvent: (e) => events.push(e) });
  await results.page(ITEMS, { scope: "t {}", client: "Visual Studio Code" });
  const page = events.find((event) => event.type === "page");
  assert.ok(page?.type === "page");
  assert.deepEqual(page.client, { name: "Visual Studio Code" });
  assert.equal(page.limits.maxBytes, Infinity);
});

Deno.test("the author's limits are a ceiling for every client", () => {
  const results = createResultPager({ maxChars: 20_000 });
  assert.deepEqual(results.limitsFor("claude-ai"), {
    maxTokens: 25_000,
    maxChars: 20_000,
    maxBytes: 1_048_576,
    maxLines: Infinity,
  });
  assert.deepEqual(results.limitsFor("codex-mcp-client"), {
    maxTokens: 10_000,
    maxChars: 20_000,
    maxBytes: 40_000,
    maxLines: Infinity,
  });
  assert.equal(results.limitsFor(undefined).maxChars, 20_000);
  assert.equal(results.limitsFor("some-new-agent").maxTokens, 20_000);
});

Deno.test("an author's name maps a client to limits; a client cannot ask for a number", async () => {
  const results = createResultPager({
    clientLimits: { names: { "my-agent": { maxChars: 2_000 } } },
  });
  const shown = await results.page(ITEMS, { scope: "t {}", client: "my-agent" });
  assert.ok(String(shown.content?.[0].text).length <= 2_000);
  // A name that looks like limits is just an unknown name.
  assert.equal(results.limitsFor('{"maxTokens":1000000000}').maxTokens, 20_000);
});

Deno.test("a client's name with line breaks or control characters reaches the event without them", async () => {
  const events: PagerEvent[] = [];
  const results = createResultPager({ onEvent: (event) => events.push(event) });
  await results.page(ITEMS, {
    scope: "t {}",
    client: "evil\r\n2026-12-02 INFO forged\u0000\u2028\u202e",
  });
  const page = events.find((event) => event.type === "page");
  assert.ok(page?.type === "page");
  assert.equal(page.client?.name, "evil\uFFFD\uFFFD2026-12-02 INFO forged\uFFFD\uFFFD\uFFFD");
});
