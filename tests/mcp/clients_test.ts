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
import { type PagerEvent, paginate, type ToolResult, withClientSession } from "../../mod.ts";
import { issues } from "../../dev/records.ts";
import { Client, McpServer } from "../support/mcp_v1.ts";
import { serveInProcess } from "../support/serve_in_process.ts";
import { checkPages, CLIENT_CASES } from "../support/client_cases.ts";

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
    const pages: string[] = [];
    const seen: unknown[] = [];
    let cursor: string | undefined;
    do {
      const page = await caller.call(cursor ? { cursor } : {});
      assert.equal(page.isError, undefined, String(page.content?.[0]?.text).slice(0, 300));
      const text = String(page.content?.[0]?.text);
      pages.push(text);
      const json = JSON.parse(text);
      seen.push(...json.items);
      cursor = json.page.next_cursor;
      assert.ok(pages.length < 1_000, `${name}: no end`);
    } while (cursor);
    assert.equal(seen.length, ITEMS.length, `${name}: items lost or repeated`);
    assert.deepEqual(seen, ITEMS);
    checkPages(client, pages);
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
