/**
 * Pages sized for each client on a stateless HTTP server.
 *
 * @module
 */

import { peekAtMost } from "../bytes/bytes.ts";
import { invalid } from "../paging/options.ts";
import { clientSessionId } from "./session_id.ts";

// An initialize request is small (a large one has many capabilities); a larger
// body is not one, and is handed on unread.
const MAX_INITIALIZE_BYTES = 1024 * 1024;

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
    const read = await readInitialize(request);
    const response = await handler(read?.request ?? request, ...rest);
    if (!read?.client || !response.ok || response.headers.has("mcp-session-id")) return response;
    const headers = new Headers(response.headers);
    headers.set("mcp-session-id", clientSessionId(read.client));
    return new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };
}

/**
 * For what can only be an `initialize` (a POST that has no session yet and
 * names no protocol version, which clients send on every later request): the
 * client's name, and the request to hand on in place of the one whose body
 * was read. Any other request is not read at all.
 */
async function readInitialize(
  request: Request,
): Promise<{ client?: string; request: Request } | undefined> {
  if (
    request.method !== "POST" || !request.body || request.headers.has("mcp-session-id") ||
    request.headers.has("mcp-protocol-version")
  ) {
    return undefined;
  }
  // Read from the request itself, not a clone: a clone takes its signal, which
  // Deno.serve warns of; an initialize has nothing to cancel.
  const { bytes, stream } = await peekAtMost(request.body, MAX_INITIALIZE_BYTES);
  const client = bytes ? initializeClientName(new TextDecoder().decode(bytes)) : undefined;
  const copy = new Request(request.url, {
    method: "POST",
    headers: request.headers,
    body: stream,
    duplex: "half",
  } as RequestInit);
  return { client, request: copy };
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
