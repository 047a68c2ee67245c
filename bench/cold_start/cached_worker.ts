// paged_worker.ts with a cache (memoryStore, one per isolate): what
// bench/bundle_size.ts measures beside it, for what a cache adds to a Worker.
// @ts-types="@modelcontextprotocol/sdk/server/mcp"
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
// @ts-types="@modelcontextprotocol/sdk/server/webStandardStreamableHttp"
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { type CacheStore, memoryStore, paginate } from "../../mod.ts";
import { resultText } from "./_result.ts";

// One store per isolate: every request's later pages are read from it.
let store: CacheStore | undefined;

export default {
  async fetch(request: Request): Promise<Response> {
    if (request.method !== "POST") {
      return new Response(null, { status: 405, headers: { allow: "POST" } });
    }
    store ??= memoryStore();
    const server = paginate(new McpServer({ name: "messages", version: "1.0.0" }), {
      cache: { store },
    });
    server.registerTool("list_messages", { description: "Every message, as JSON." }, () => ({
      content: [{ type: "text", text: resultText() }],
    }));
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    return transport.handleRequest(request);
  },
};
