/**
 * Cloudflare `agents` serving a paged tool, both ways the package offers:
 *
 * - `/mcp`: `createMcpHandler` of `agents/mcp/server` (stateless, SDK v2: a
 *   factory builds a fresh `McpServer` of `@modelcontextprotocol/server` per
 *   request), wrapped in `withClientSession` so that each request names its
 *   client;
 * - `/agent`: `McpAgent` of `agents/mcp` (SDK v1, sessionful, one Durable
 *   Object per session), its `server` a class field: `paginate` reads the
 *   client from the session's initialize, nothing to wrap.
 *
 * No limits are set: each page is sized for the client that asked.
 *
 * Bundled by wrangler (wrangler.jsonc maps `@pagewise/mcp` to the repository's
 * mod.ts) and run in workerd by tests/frameworks/agents_test.ts.
 *
 * @module
 */
import { createMcpHandler } from "agents/mcp/server";
import { McpAgent } from "agents/mcp";
import { McpServer as McpServerV2 } from "@modelcontextprotocol/server";
// @ts-types="@modelcontextprotocol/sdk/server/mcp"
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { paginate, withClientSession } from "@pagewise/mcp";
import { recordsResult, TOOL } from "../_records.ts";

const DESCRIPTION = "Every record, as one JSON list.";

const stateless = withClientSession(createMcpHandler(() => {
  const server = paginate(new McpServerV2({ name: "records-stateless", version: "1.0.0" }));
  server.registerTool(TOOL, { description: DESCRIPTION }, () => recordsResult());
  return server;
}, { route: "/mcp" }));

/** The sessionful server: a Durable Object per MCP session. */
export class RecordsAgent extends McpAgent {
  server = paginate(new McpServer({ name: "records-agent", version: "1.0.0" }));

  init(): Promise<void> {
    this.server.registerTool(TOOL, { description: DESCRIPTION }, () => recordsResult());
    return Promise.resolve();
  }
}

const agent = RecordsAgent.serve("/agent", { binding: "RECORDS_AGENT" });

export default {
  fetch(request: Request, env: unknown, ctx: Parameters<typeof stateless>[2]): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname === "/agent" || pathname.startsWith("/agent/")) {
      return agent.fetch(request, env, ctx);
    }
    return stateless(request, env, ctx);
  },
};
