import { createMcpHandler } from "mcp-handler";
import { paginate, withClientSession } from "@pagewise/mcp";
import { recordsResult, TOOL } from "./_records.ts";
import { serving } from "./_serve.ts";
import { assertListsCursor, THREE_CLIENTS, walkAsEach } from "./_walk.ts";

// Vercel's mcp-handler 2.4 builds an SDK v2 McpServer (@modelcontextprotocol/server)
// for each request and hands it to this callback; its handler is a Web-standard
// `(request) => Promise<Response>`, served here by Deno.serve. Stateless: a
// client of MCP 2025-11-25 is named in a tools/call only by the session id
// withClientSession gives it; one of 2026-07-28 names itself in its `_meta`.
const handler = withClientSession(createMcpHandler((server) => {
  paginate(server);
  server.registerTool(
    TOOL,
    { description: "Every record, as one JSON list." },
    () => recordsResult(),
  );
}, { serverInfo: { name: "records-mcp-handler", version: "1.0.0" } }));

Deno.test("mcp-handler createMcpHandler: tools/list gives the tool an optional cursor", () =>
  serving(handler, (origin) => assertListsCursor(`${origin}/mcp`)));

Deno.test("mcp-handler createMcpHandler behind withClientSession: each client walks the records in pages sized for it", (t) =>
  serving(
    handler,
    (origin) => walkAsEach(t, `${origin}/mcp`, THREE_CLIENTS, ["codex-mcp-client"]),
  ));
