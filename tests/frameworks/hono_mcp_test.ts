import { Hono } from "hono";
import { StreamableHTTPTransport } from "@hono/mcp";
import { paginate, withClientSession } from "@pagewise/mcp";
import { McpServer } from "../support/mcp_v1.ts";
import { recordsResult, TOOL } from "./_records.ts";
import { serving } from "./_serve.ts";
import { ALL_CLIENTS, assertListsCursor, walkAsEach } from "./_walk.ts";

// @hono/mcp 0.3 with hono 4: its transport speaks Streamable HTTP for an SDK
// v1 McpServer inside a hono route; served by Deno.serve. Stateless, a server
// and a transport for each request: its README's wiring (one server and one
// transport for every client) answers two clients' calls of the same JSON-RPC
// id on one stream, so that one of them never gets its answer, and its one
// server remembers only the last client's initialize. The app's fetch is
// wrapped in withClientSession, so that each request names its client.
function app(): Hono {
  const hono = new Hono();
  hono.all("/mcp", async (c) => {
    const server = paginate(new McpServer({ name: "records-hono", version: "1.0.0" }));
    server.registerTool(
      TOOL,
      { description: "Every record, as one JSON list." },
      () => recordsResult(),
    );
    const transport = new StreamableHTTPTransport();
    await server.connect(transport);
    return transport.handleRequest(c);
  });
  return hono;
}

const fetch = withClientSession(app().fetch);

Deno.test("@hono/mcp StreamableHTTPTransport: tools/list gives the tool an optional cursor", () =>
  serving(fetch, (origin) => assertListsCursor(`${origin}/mcp`)));

Deno.test("@hono/mcp StreamableHTTPTransport behind withClientSession: each client walks the records in pages sized for it", (t) =>
  serving(fetch, (origin) => walkAsEach(t, `${origin}/mcp`, ALL_CLIENTS)));
