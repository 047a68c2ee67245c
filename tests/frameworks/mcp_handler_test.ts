import { createMcpHandler } from "mcp-handler";
import { paginate } from "@pagewise/mcp";
import { LIMITS, recordsResult, TOOL } from "./_records.ts";
import { serving } from "./_serve.ts";
import { assertListsCursor, assertPagedRecords, walkRecords } from "./_walk.ts";

// Vercel's mcp-handler 2.4 builds an SDK v2 McpServer (@modelcontextprotocol/server)
// for each request and hands it to this callback; its handler is a Web-standard
// `(request) => Promise<Response>`, served here by Deno.serve.
const handler = createMcpHandler((server) => {
  paginate(server, LIMITS);
  server.registerTool(
    TOOL,
    { description: "Every record, as one JSON list." },
    () => recordsResult(),
  );
}, { serverInfo: { name: "records-mcp-handler", version: "1.0.0" } });

Deno.test("mcp-handler createMcpHandler: tools/list gives the tool an optional cursor", () =>
  serving(handler, (origin) => assertListsCursor(`${origin}/mcp`)));

Deno.test("mcp-handler createMcpHandler: every page fits and the pages join into the records", () =>
  serving(handler, async (origin) => assertPagedRecords(await walkRecords(`${origin}/mcp`))));
