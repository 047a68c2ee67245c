import { Hono } from "hono";
import { StreamableHTTPTransport } from "@hono/mcp";
import { paginate } from "@pagewise/mcp";
import { McpServer } from "../support/mcp_v1.ts";
import { LIMITS, recordsResult, TOOL } from "./_records.ts";
import { serving } from "./_serve.ts";
import { assertListsCursor, assertPagedRecords, walkRecords } from "./_walk.ts";

// @hono/mcp 0.3 with hono 4: its transport speaks Streamable HTTP for an SDK
// v1 McpServer inside a hono route, the way its README wires it (one server
// and one transport, connected on the first request); served by Deno.serve.
function app(): Hono {
  const server = paginate(new McpServer({ name: "records-hono", version: "1.0.0" }), LIMITS);
  server.registerTool(
    TOOL,
    { description: "Every record, as one JSON list." },
    () => recordsResult(),
  );
  const transport = new StreamableHTTPTransport();
  const hono = new Hono();
  hono.all("/mcp", async (c) => {
    if (!server.isConnected()) await server.connect(transport);
    return transport.handleRequest(c);
  });
  return hono;
}

Deno.test("@hono/mcp StreamableHTTPTransport: tools/list gives the tool an optional cursor", () =>
  serving(app().fetch, (origin) => assertListsCursor(`${origin}/mcp`)));

Deno.test("@hono/mcp StreamableHTTPTransport: every page fits and the pages join into the records", () =>
  serving(app().fetch, async (origin) => assertPagedRecords(await walkRecords(`${origin}/mcp`))));
