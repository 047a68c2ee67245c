/**
 * The demo's HTTP face, the same in every runtime: a stateless Streamable
 * HTTP MCP server at `/mcp`, its tools paged by pagewise.
 *
 * - Host and Origin are checked first (see `guard.ts`): 403 otherwise.
 * - `POST /mcp` is MCP. `GET` and `DELETE /mcp` are 405: a stateless server
 *   has no stream to offer and no session to end, and an SDK client that gets
 *   an open SSE stream for its `GET` keeps its process alive after `close()`.
 * - `GET /` says where to connect; anything else is 404.
 *
 * @module
 */

import { createMcpHandler, McpServer } from "@modelcontextprotocol/server";
import { paginate, type PaginateOptions, withClientSession } from "@pagewise/mcp";
import { type HostPolicy, rejectForeignHost } from "./guard.ts";
import { registerTools } from "./tools.ts";

/** What a runtime's wiring passes to {@linkcode handleRequest}. */
export interface DemoOptions {
  /** pagewise's options: page limits, cursor secret, the cache. */
  pagewise: PaginateOptions;
  /** Which hosts to answer besides loopback. */
  hosts: HostPolicy;
  /** Which cache store serves later pages, for people: `off` without one. */
  cache: string;
}

/** A fresh server for one request: nothing survives between pages. */
export function createServer(pagewise: PaginateOptions): McpServer {
  const server = new McpServer({ name: "pagewise-demo", version: "0.1.0" });
  paginate(server, pagewise);
  registerTools(server);
  return server;
}

type Handler = (request: Request) => Promise<Response>;

// One handler for each options object: one in all for Deno, one a request for
// a Worker with the cache (its `waitUntil` belongs to the request). The
// client's name rides in the session id withClientSession gives it, so that
// each page is sized for the client that asked.
const handlers = new WeakMap<PaginateOptions, Handler>();

function mcpHandler(pagewise: PaginateOptions): Handler {
  let handler = handlers.get(pagewise);
  if (!handler) {
    const mcp = createMcpHandler(() => createServer(pagewise));
    handler = withClientSession((request: Request) => mcp.fetch(request));
    handlers.set(pagewise, handler);
  }
  return handler;
}

/** Answers one HTTP request. */
export async function handleRequest(request: Request, options: DemoOptions): Promise<Response> {
  const rejected = rejectForeignHost(request, options.hosts);
  if (rejected) return rejected;
  const { pathname } = new URL(request.url);
  if (pathname === "/mcp") {
    if (request.method !== "POST") {
      return new Response("Method not allowed: this stateless MCP server takes POST only.\n", {
        status: 405,
        headers: { allow: "POST" },
      });
    }
    if (await isBatch(request)) {
      // MCP 2025-06-18 removed JSON-RPC batches; one request of a hundred
      // tool calls would cost a hundred tools' CPU.
      return Response.json(
        {
          jsonrpc: "2.0",
          error: { code: -32600, message: "Batches are not accepted: send one message at a time." },
          id: null,
        },
        { status: 400 },
      );
    }
    return await mcpHandler(options.pagewise)(request);
  }
  if (pathname === "/" && (request.method === "GET" || request.method === "HEAD")) {
    const url = new URL("/mcp", request.url);
    return new Response(
      `pagewise demo: an MCP server whose tools return far more than a client accepts,\n` +
        `paged by pagewise. Connect an MCP client (Streamable HTTP) to ${url}\n`,
      { headers: { "content-type": "text/plain; charset=utf-8" } },
    );
  }
  return new Response("Not found. The MCP endpoint is /mcp.\n", { status: 404 });
}

/** Whether the body is a JSON array, from its first bytes only (the body stays readable). */
async function isBatch(request: Request): Promise<boolean> {
  const reader = request.clone().body?.getReader();
  if (!reader) return false;
  try {
    for (let read = 0; read < 4;) {
      const { value, done } = await reader.read();
      if (done) return false;
      for (const byte of value) {
        if (byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09) continue;
        return byte === 0x5b; // "["
      }
      read++;
    }
    return false;
  } finally {
    reader.cancel().catch(() => {});
  }
}
