// @ts-types="@modelcontextprotocol/sdk/server/mcp"
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
// @ts-types="@modelcontextprotocol/sdk/server/webStandardStreamableHttp"
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { paginate, withClientSession } from "@pagewise/mcp";

// 5,000 orders, 353 KB of JSON: far more than an MCP client takes in one result.
const orders = Array.from({ length: 5_000 }, (_, i) => ({
  id: 10_000 + i,
  customer: `customer-${(i * 7_919) % 1_000}`,
  status: ["open", "paid", "shipped"][i % 3],
  total: ((i * 3_571) % 100_000) / 100,
}));

// Stateless: a server and a transport for each request; paginate pages every tool's results.
async function handle(request: Request): Promise<Response> {
  // No event stream to offer (GET) and no session to end (DELETE).
  if (request.method !== "POST") {
    return new Response(null, { status: 405, headers: { allow: "POST" } });
  }
  const server = paginate(new McpServer({ name: "orders", version: "1.0.0" }));
  server.registerTool("list_orders", { description: "Every order, as a JSON list." }, () => ({
    content: [{ type: "text", text: JSON.stringify(orders) }],
  }));
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  return transport.handleRequest(request);
}

// Each page sized for the client that asked (Claude Code, Codex, VS Code, …):
// withClientSession gives each client a session id that holds its name.
export default { fetch: withClientSession(handle) };
