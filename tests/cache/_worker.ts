/**
 * A Worker that serves a paged trace-search tool over stateless Streamable
 * HTTP, caching results in a KV namespace (`PAGES`) with `workersKvStore`
 * and writing through `ctx.waitUntil`. Bundled by the workerd test and run in
 * real workerd by Miniflare.
 *
 * `POST /mcp`: with the cache; `POST /mcp-plain`: without it. `GET /stats`:
 * this isolate's tool runs, the writes handed to waitUntil and how many of
 * them finished, and the cache events.
 */
// @ts-types="@modelcontextprotocol/sdk/server/mcp"
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
// @ts-types="@modelcontextprotocol/sdk/server/webStandardStreamableHttp"
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { z } from "zod";
import { paginate } from "../../mod.ts";
import { type WorkersKvNamespace, workersKvStore } from "../../src/stores/workers_kv.ts";
import { spansJson } from "../../dev/cache_data.ts";

interface Env {
  PAGES: WorkersKvNamespace;
}

interface Context {
  waitUntil(promise: Promise<unknown>): void;
}

const OUTPUT = spansJson(300);
const encoder = new TextEncoder();
const stats = { runs: 0, deferred: 0, landed: 0, events: [] as string[] };

export default {
  async fetch(request: Request, env: Env, ctx: Context): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === "/stats") return Response.json(stats);
    if (request.method !== "POST") return new Response(null, { status: 405 });
    const cached = url.pathname === "/mcp";
    const server = paginate(new McpServer({ name: "traces-worker", version: "1.0.0" }), {
      maxTokens: 2_000,
      // UTF-8 bytes / 2: above the real tokenizers on this output (the test checks).
      countTokens: (text) => Math.ceil(encoder.encode(text).length / 2),
      cache: cached
        ? {
          store: workersKvStore(env.PAGES),
          waitUntil: (promise) => {
            stats.deferred++;
            ctx.waitUntil(promise.then(() => stats.landed++));
          },
        }
        : undefined,
      onEvent: (event) => {
        if (event.type.startsWith("cache_")) {
          stats.events.push(
            event.type === "cache_miss" ? `cache_miss:${event.reason}` : event.type,
          );
        }
      },
    });
    server.registerTool(
      "search_traces",
      { description: "Trace spans matching a query.", inputSchema: { q: z.string() } },
      () => {
        stats.runs++;
        return { content: [{ type: "text" as const, text: OUTPUT }] };
      },
    );
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    const bearer = /^Bearer (.+)$/.exec(request.headers.get("authorization") ?? "")?.[1];
    const authInfo = bearer ? { token: bearer, clientId: "worker-test", scopes: [] } : undefined;
    return transport.handleRequest(request, { authInfo });
  },
};
