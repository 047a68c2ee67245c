/**
 * proxyHandler, with no limit set, pages for the client in front of it: the
 * client's name rides in the session id the proxy gives it (the upstream's
 * own session wrapped inside, or a random one for a stateless upstream), or
 * in each request's `_meta` (2026-07-28). Seven clients each walk 1.3 MB
 * exactly, every page within that client's own limit.
 */
import assert from "node:assert/strict";
import * as v2 from "@modelcontextprotocol/server";
import * as v2Client from "@modelcontextprotocol/client";
// @ts-types="@modelcontextprotocol/sdk/server/webStandardStreamableHttp"
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
// @ts-types="@modelcontextprotocol/sdk/client/streamableHttp"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { issues } from "../../dev/records.ts";
import { proxyHandler } from "../../src/proxy/handler.ts";
import { Client, McpServer } from "../support/mcp_v1.ts";
import { serveInProcess } from "../support/serve_in_process.ts";
import { CLIENT_CASES, type ClientCase, walkItemPages } from "../support/client_cases.ts";

const ITEMS = issues(4_200);
const TEXT = JSON.stringify(ITEMS);
const TOOL = { description: "Every issue, as one JSON list." };
const result = () => ({ content: [{ type: "text" as const, text: TEXT }] });

// A stateless upstream of SDK v2: it speaks 2025-11-25 and 2026-07-28.
const stateless = v2.createMcpHandler(() => {
  const server = new v2.McpServer({ name: "upstream", version: "1.0.0" });
  server.registerTool("list_issues", TOOL, result);
  return server;
});

// A stateful upstream of SDK v1: one server per session.
function stateful() {
  const sessions = new Map<string, WebStandardStreamableHTTPServerTransport>();
  const handle = async (request: Request): Promise<Response> => {
    const id = request.headers.get("mcp-session-id");
    const known = sessions.get(id ?? "");
    if (known) return known.handleRequest(request);
    if (id) return new Response("unknown session", { status: 404 });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      enableJsonResponse: true,
      onsessioninitialized: (sessionId) => void sessions.set(sessionId, transport),
    });
    const server = new McpServer({ name: "upstream", version: "1.0.0" });
    server.registerTool("list_issues", TOOL, result);
    await server.connect(transport);
    return transport.handleRequest(request);
  };
  return { handle, sessions };
}

async function v1Walk(url: string, client: ClientCase): Promise<string | undefined> {
  const sdk = new Client({ name: client.name, version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(url));
  await sdk.connect(transport as never);
  try {
    await walkItemPages(
      client,
      (args) => sdk.callTool({ name: "list_issues", arguments: args }) as never,
      ITEMS,
    );
    return transport.sessionId;
  } finally {
    await sdk.close();
  }
}

Deno.test("proxyHandler pages each client for its own limit in front of a stateless server", async (t) => {
  await serveInProcess((request) => stateless.fetch(request), async (upstream) => {
    await serveInProcess(proxyHandler({ upstream }), async (url) => {
      for (const client of CLIENT_CASES) {
        await t.step(`${client.name}, SDK v1 (2025-11-25)`, async () => {
          const session = await v1Walk(url, client);
          assert.match(session ?? "", /^pagewise\.[\w-]+\.r[\w-]{22}$/);
        });
      }
      for (const client of CLIENT_CASES.filter((c) => /^(claude-code|Visual)/.test(c.name))) {
        await t.step(`${client.name}, SDK v2 pinned to 2026-07-28`, async () => {
          const sdk = new v2Client.Client({ name: client.name, version: "1.0.0" }, {
            versionNegotiation: { mode: { pin: "2026-07-28" } },
          } as never);
          await sdk.connect(new v2Client.StreamableHTTPClientTransport(new URL(url)));
          try {
            await walkItemPages(
              client,
              (args) => sdk.callTool({ name: "list_issues", arguments: args }) as never,
              ITEMS,
            );
          } finally {
            await sdk.close();
          }
        });
      }
    });
  });
});

Deno.test("proxyHandler pages each client for its own limit in front of a stateful server, whose session it wraps", async (t) => {
  const upstream = stateful();
  await serveInProcess(upstream.handle, async (upstreamUrl) => {
    await serveInProcess(proxyHandler({ upstream: upstreamUrl }), async (url) => {
      for (const client of CLIENT_CASES.filter((c) => /^(codex|claude-ai|gemini)/.test(c.name))) {
        await t.step(client.name, async () => {
          const session = await v1Walk(url, client);
          const inner = /^pagewise\.[\w-]+\.s(.+)$/.exec(session ?? "")?.[1];
          assert.ok(
            inner && upstream.sessions.has(inner),
            `${session}: not the server's own inside`,
          );
        });
      }
    });
  });
  for (const transport of upstream.sessions.values()) await transport.close();
});

/** A raw MCP 2026-07-28 tools/call, as a client pinned to it sends one: envelope and headers. */
function call2026(name: string, tool: string, args: Record<string, unknown>, id = 1) {
  return {
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": "tools/call",
      "mcp-name": tool,
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id,
      method: "tools/call",
      params: {
        name: tool,
        arguments: args,
        _meta: {
          "io.modelcontextprotocol/protocolVersion": "2026-07-28",
          "io.modelcontextprotocol/clientInfo": { name, version: "1.0.0" },
          "io.modelcontextprotocol/clientCapabilities": {},
        },
      },
    }),
  };
}

Deno.test("proxyHandler: a 2026-07-28 tools/call that comes first, with no tools/list before it, is paged for its client", async () => {
  await serveInProcess((request) => stateless.fetch(request), async (upstream) => {
    await serveInProcess(proxyHandler({ upstream }), async (url) => {
      const response = await fetch(url, {
        method: "POST",
        ...call2026("Visual Studio Code", "list_issues", {}),
      });
      assert.equal(response.status, 200);
      const text = (await response.text()).match(/\{"jsonrpc".*\}|\{"result".*\}/s)![0];
      const answer = JSON.parse(text);
      assert.equal(answer.error, undefined, JSON.stringify(answer.error));
      const page = answer.result.content[0].text as string;
      assert.ok(new TextEncoder().encode(page).length <= 8_192);
      assert.ok(JSON.parse(page).page.next_cursor);
    });
  });
});

Deno.test("proxyHandler: a tools/call in a session the server has ended gets the server's own 404", async () => {
  const upstream = stateful();
  await serveInProcess(upstream.handle, async (upstreamUrl) => {
    await serveInProcess(proxyHandler({ upstream: upstreamUrl }), async (url) => {
      const client = new Client({ name: "codex-mcp-client", version: "1.0.0" });
      const transport = new StreamableHTTPClientTransport(new URL(url));
      await client.connect(transport as never);
      const session = transport.sessionId!;
      for (const [id, ended] of upstream.sessions) {
        upstream.sessions.delete(id);
        await ended.close();
      }
      // A tools/call the proxy has not seen the tools of: its own tools/list meets the 404.
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-session-id": session,
          "mcp-protocol-version": "2025-11-25",
        },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 7,
          method: "tools/call",
          params: { name: "list_issues", arguments: {} },
        }),
      });
      assert.equal(response.status, 404);
      await response.body?.cancel();
      await client.close().catch(() => {});
    });
  });
});
