/**
 * Pages sized for each client on a stateless HTTP server.
 *
 * @module
 */

import { readAtMost } from "../bytes/bytes.ts";
import { invalid } from "../paging/options.ts";
import { clientSessionId } from "./session_id.ts";

// An initialize request is small; a larger body is not one (and is not read).
const MAX_INITIALIZE_BYTES = 64 * 1024;
// From this protocol version on, every request names its client in `_meta`.
const CLIENT_INFO_ON_EVERY_REQUEST = "2026-07-28";

/**
 * Wraps the HTTP handler of a stateless MCP server (a new server for each
 * request, as on Workers and Deno Deploy) so that {@linkcode paginate} sizes
 * each page for the client that asked. Clients of MCP 2025-11-25 and before
 * name themselves only in `initialize`, which a stateless server sees in a
 * request of its own: this answers it with an `Mcp-Session-Id` that holds the
 * client's name (and 16 random bytes), which the client sends back on every
 * later request, where `paginate` reads it. Nothing is kept on the server.
 *
 * It changes nothing else: a handler that keeps sessions of its own (its
 * `initialize` answer has a session id) is left as it is (`paginate` then
 * reads the client from the session), and MCP 2026-07-28 requests name their
 * client themselves.
 *
 * @example
 * ```ts
 * import { assertEquals, assertMatch } from "@std/assert";
 * import { withClientSession } from "@pagewise/mcp";
 *
 * // A stateless handler (here a stand-in that answers initialize).
 * const handler = withClientSession((_request: Request) =>
 *   Response.json({ jsonrpc: "2.0", id: 1, result: {} })
 * );
 * const initialize = {
 *   jsonrpc: "2.0",
 *   id: 1,
 *   method: "initialize",
 *   params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "codex-mcp-client", version: "1" } },
 * };
 * const response = await handler(
 *   new Request("http://localhost/mcp", {
 *     method: "POST",
 *     headers: { "content-type": "application/json" },
 *     body: JSON.stringify(initialize),
 *   }),
 * );
 * assertEquals(response.status, 200);
 * assertMatch(response.headers.get("mcp-session-id")!, /^pagewise\.[\w-]+\.r[\w-]{22}$/);
 * ```
 */
export function withClientSession<A extends unknown[]>(
  handler: (request: Request, ...rest: A) => Response | Promise<Response>,
): (request: Request, ...rest: A) => Promise<Response> {
  if (typeof handler !== "function") {
    throw invalid("withClientSession's handler", "a function of a Request", handler);
  }
  return async (request, ...rest) => {
    const client = await initializingClient(request);
    const response = await handler(request, ...rest);
    if (client === undefined || !response.ok || response.headers.has("mcp-session-id")) {
      return response;
    }
    const headers = new Headers(response.headers);
    headers.set("mcp-session-id", clientSessionId(client));
    return new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };
}

/**
 * The client name of an `initialize` request (read from a copy of its
 * body); undefined for any other request, which is not read at all.
 */
export async function initializingClient(request: Request): Promise<string | undefined> {
  if (request.method !== "POST" || request.headers.has("mcp-session-id") || !request.body) {
    return undefined;
  }
  const version = request.headers.get("mcp-protocol-version");
  if (version !== null && version >= CLIENT_INFO_ON_EVERY_REQUEST) return undefined;
  const bytes = await readAtMost(request.clone().body!, MAX_INITIALIZE_BYTES).catch(() =>
    undefined
  );
  if (!bytes) return undefined;
  return initializeClientName(new TextDecoder().decode(bytes));
}

/** The `clientInfo.name` of a JSON-RPC `initialize` request, from its text. */
export function initializeClientName(body: string): string | undefined {
  let message: unknown;
  try {
    message = JSON.parse(body);
  } catch {
    return undefined;
  }
  const { method, params } = (message ?? {}) as {
    method?: unknown;
    params?: { clientInfo?: { name?: unknown } };
  };
  if (method !== "initialize") return undefined;
  const name = params?.clientInfo?.name;
  return typeof name === "string" && name !== "" ? name : undefined;
}
