// The quick start without pagewise: the cold-start benchmark's baseline
// (bench/cold_start.ts). The same as paged_worker.ts but for `paginate`.
// @ts-types="@modelcontextprotocol/sdk/server/mcp"
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
// @ts-types="@modelcontextprotocol/sdk/server/webStandardStreamableHttp"
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { resultText } from "./_result.ts";

export default {
  async fetch(request: Request): Promise<Response> {
    if (request.method !== "POST") {
      return new Response(null, { status: 405, headers: { allow: "POST" } });
    }
    const server = new McpServer({ name: "messages", version: "1.0.0" });
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
