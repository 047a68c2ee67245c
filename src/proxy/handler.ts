/**
 * The HTTP proxy: a Web-standard `(request) => Promise<Response>` in front of
 * a remote Streamable HTTP MCP server, with its tools paged. It runs unchanged
 * in a Cloudflare Worker, on Deno Deploy, in Deno, Bun or Node.
 *
 * Requests pass to the server as they are (sessions, server-sent event
 * streams, resumption, `DELETE`, the answers to the server's own requests),
 * and only `tools/list` and `tools/call` go through {@linkcode paginate}, on
 * a server built for that one request. What it keeps between requests: the
 * results in `cache.store` when a cache is given, and for a minute which
 * tools have a cursor argument of their own.
 *
 * @module
 */

// @ts-types="@modelcontextprotocol/sdk/types"
import { ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import { paginate, PAGINATE_KEYS, type PaginateOptions } from "../mcp/paginate.ts";
import { initializeClientName } from "../mcp/client_session.ts";
import { type ClientSession, clientSessionId, readClientSessionId } from "../mcp/session_id.ts";
import { checkFunction, checkKeys, checkStringList, invalid } from "../paging/options.ts";
import { pageThrough, pagingServer, post, type Upstream } from "./_exchange.ts";
import { isRequest, jsonRpcError, parseJson, readText, relay, unreachable } from "./_http.ts";
import { ToolMemory } from "./_tool_memory.ts";

/**
 * Options of {@linkcode proxyHandler}: where the server is, and `paginate`'s.
 *
 * `cache` keeps results after their first page, so that later pages do not
 * run the tool upstream again. The handler builds a server for each request,
 * so the store is the one thing shared between requests: make it once, next
 * to the handler. Callers are kept apart by default by a SHA-256 of what the
 * server can tell them apart by: the headers sent to it (`mcp-session-id`,
 * forwarded headers, those of `headers`) and the client's `Authorization`,
 * forwarded or not. Requests with none of these (a stateless server without
 * authorization) are one caller. `cache.identify` replaces this; it gets the
 * client's headers as `extra.requestInfo.headers`. Pass it too when `headers`
 * adds a value that changes on every request (a request id, a signature):
 * each request would otherwise be a caller of its own, and never hit.
 */
export interface ProxyHandlerOptions extends PaginateOptions {
  /** The server's MCP endpoint, e.g. `https://mcp.example.com/mcp`. */
  upstream: string | URL;
  /**
   * Headers added to every request to the server (an API key, say), or a
   * function of the client's request that returns them.
   */
  headers?: HeadersInit | ((request: Request) => HeadersInit | Promise<HeadersInit>);
  /**
   * Names of the client's own headers passed on to the server, e.g.
   * `["authorization"]`. Default: none. MCP's own headers (`accept`,
   * `content-type`, `mcp-session-id`, `mcp-protocol-version`,
   * `last-event-id`) always pass.
   */
  forwardHeaders?: string[];
  /** The `fetch` used to reach the server (a service binding's, say). */
  fetch?: (request: Request) => Promise<Response>;
  /** Largest request body accepted from a client, in bytes. Default 4 MiB. */
  maxBodyBytes?: number;
  /** Largest tool answer read from the server, in bytes. Default 128 MiB. */
  maxMessageBytes?: number;
}

const PROXY_HANDLER_KEYS = [
  ...PAGINATE_KEYS,
  "upstream",
  "headers",
  "forwardHeaders",
  "fetch",
  "maxBodyBytes",
  "maxMessageBytes",
] as const;

// MCP's own headers: those of the transport, and those MCP 2026-07-28 adds to
// every request for routing (SEP-2243: Mcp-Method, Mcp-Name, Mcp-Param-*).
const MCP_HEADERS = [
  "accept",
  "content-type",
  "mcp-session-id",
  "mcp-protocol-version",
  "last-event-id",
  "mcp-method",
  "mcp-name",
];
const MCP_PARAM_HEADER = /^mcp-param-/;
const PAGED_METHODS = new Set(["tools/list", "tools/call"]);

/** The server's endpoint: an http(s) URL. */
function checkedUpstream(upstream: unknown): URL {
  let url: URL | undefined;
  try {
    url = new URL(upstream as string | URL);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
    throw invalid(
      "upstream",
      "the server's http(s) URL, e.g. https://mcp.example.com/mcp",
      upstream,
    );
  }
  return url;
}

function checkBytes(name: string, value: unknown): void {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1024 || value > 2 ** 31) {
    throw invalid(name, "a whole number of bytes from 1,024 to 2 GiB", value);
  }
}

/**
 * A Web-standard handler that proxies a Streamable HTTP MCP server and pages
 * its tools' results, each page sized for the client that asked (see
 * `clientLimits`): the client's name is read from its `initialize` and
 * carried in the session id the proxy gives it (the server's own session id,
 * when it has one, wrapped inside and handed on unwrapped), or from each
 * request's `_meta` (MCP 2026-07-28). The client's own `Authorization` is not
 * passed on unless `forwardHeaders` names it. Options are checked here: a bad
 * one throws now, not at the first request.
 *
 * @example
 * Not run as a doc test: it needs an MCP server on the network to forward to
 * (tests/proxy/ runs the handler against local servers).
 * ```ts ignore no-assert
 * import { memoryStore } from "@pagewise/mcp";
 * import { proxyHandler } from "@pagewise/mcp/proxy";
 *
 * const handler = proxyHandler({
 *   upstream: "https://mcp.example.com/mcp",
 *   forwardHeaders: ["authorization"],
 *   cache: { store: memoryStore() }, // one store for every request
 * });
 * export default { fetch: handler }; // a Worker, or `deno serve` on Deno Deploy
 * ```
 */
export function proxyHandler(
  options: ProxyHandlerOptions,
): (request: Request) => Promise<Response> {
  const settings = settingsOf(options);
  return (request) => handle(settings, request);
}

/** The proxy's checked options, and what it keeps between requests. */
interface Settings extends Upstream {
  target: URL;
  headers: ProxyHandlerOptions["headers"];
  /** The client's headers passed on, lower case. */
  passed: Set<string>;
  send: (request: Request) => Promise<Response>;
  maxBodyBytes: number;
  maxMessageBytes: number;
  pageOptions: PaginateOptions;
  toolMemory: ToolMemory;
}

function settingsOf(options: ProxyHandlerOptions): Settings {
  if (options === null || typeof options !== "object") {
    throw invalid("proxyHandler's options", "an object with upstream", options);
  }
  checkKeys("proxyHandler", options, PROXY_HANDLER_KEYS);
  const {
    upstream,
    headers,
    forwardHeaders = [],
    fetch: send = (request: Request) => fetch(request),
    maxBodyBytes = 4 * 1024 * 1024,
    maxMessageBytes = 128 * 1024 * 1024,
    ...pageOptions
  } = options;
  const target = checkedUpstream(upstream);
  checkStringList("forwardHeaders", forwardHeaders);
  checkFunction("fetch", send);
  if (typeof headers !== "function" && headers !== undefined) {
    try {
      new Headers(headers);
    } catch {
      throw invalid("headers", "headers (an object, pairs or Headers) or a function", headers);
    }
  }
  checkBytes("maxBodyBytes", maxBodyBytes);
  checkBytes("maxMessageBytes", maxMessageBytes);
  // paginate checks its options when it is called: call it once now, so that
  // a bad option is an error here rather than a failed request later.
  paginate(pagingServer(), pageOptions);
  return {
    target,
    headers,
    passed: new Set([...MCP_HEADERS, ...forwardHeaders.map((name) => name.toLowerCase())]),
    send,
    maxBodyBytes,
    maxMessageBytes,
    pageOptions,
    toolMemory: new ToolMemory(pageOptions.cursorParam ?? "cursor"),
  };
}

/**
 * One request, answered; a server that cannot be reached is a 502 for the
 * request's id (for each request's id, in a batch).
 */
async function handle(settings: Settings, request: Request): Promise<Response> {
  let owed: Owed = null;
  try {
    return await route(settings, request, (ids) => (owed = ids));
  } catch (error) {
    if (request.signal.aborted) throw error;
    // The server cannot be reached (refused, reset, DNS): say so, as JSON-RPC.
    return jsonRpcError(502, owed, unreachable(settings.target, error), ErrorCode.InternalError);
  }
}

/** The id a request's answer is owed, or each of a batch's requests' ids. */
type Owed = string | number | null | (string | number)[];

async function route(
  settings: Settings,
  request: Request,
  owe: (ids: Owed) => void,
): Promise<Response> {
  // A session id of ours names the client, and wraps the server's own one (if any).
  const session = readClientSessionId(request.headers.get("mcp-session-id"));
  const outHeaders = await upstreamHeaders(settings, request, session);
  const forgetTools = () => settings.toolMemory.forget();
  if (request.method !== "POST") {
    const init = { method: request.method, headers: outHeaders, signal: request.signal };
    const response = await settings.send(new Request(settings.target, init));
    return withNamedSession(relay(response, forgetTools), session?.name, false);
  }
  const body = await readText(request.body, settings.maxBodyBytes);
  if (body === undefined) {
    return jsonRpcError(413, null, `The request body is over ${settings.maxBodyBytes} bytes.`);
  }
  const message = parseJson(body);
  if (Array.isArray(message) && message.some((m) => PAGED_METHODS.has(m?.method))) {
    return jsonRpcError(
      400,
      null,
      "pagewise proxy: send tools/list and tools/call each in a request of its own " +
        "(JSON-RPC batches are not paged; MCP 2025-06-18 removed them).",
    );
  }
  if (isRequest(message)) owe(message.id!);
  else if (Array.isArray(message)) owe(message.filter(isRequest).map((m) => m.id!));
  const initializing = isRequest(message) && message.method === "initialize";
  const client = session?.name ?? (initializing ? initializeClientName(body) : undefined);
  if (!isRequest(message) || !PAGED_METHODS.has(message.method!)) {
    const response = await post(settings, { headers: outHeaders, body, signal: request.signal });
    return withNamedSession(relay(response, forgetTools), client, initializing);
  }
  const paged = await pageThrough(settings, message, outHeaders, request);
  return withNamedSession(paged, client, false);
}

/** The headers sent to the server: MCP's, those forwarded, `headers`; our session id unwrapped. */
async function upstreamHeaders(
  settings: Settings,
  request: Request,
  session: ClientSession | undefined,
): Promise<Headers> {
  const out = new Headers();
  for (const [name, value] of request.headers) {
    if (settings.passed.has(name) || MCP_PARAM_HEADER.test(name)) out.set(name, value);
  }
  if (session) {
    if (session.upstream === undefined) out.delete("mcp-session-id");
    else out.set("mcp-session-id", session.upstream);
  }
  const { headers } = settings;
  const extra = typeof headers === "function" ? await headers(request) : headers;
  for (const [name, value] of new Headers(extra)) out.set(name, value);
  return out;
}

/**
 * The response with the session id the client keeps: the server's own,
 * wrapped in one that names the client; a new one for an `initialize` the
 * server answered without (a stateless server).
 */
function withNamedSession(
  response: Response,
  client: string | undefined,
  initializing: boolean,
): Response {
  if (client === undefined) return response;
  const own = response.headers.get("mcp-session-id");
  if (own === null && !(initializing && response.ok)) return response;
  response.headers.set("mcp-session-id", clientSessionId(client, own ?? undefined));
  return response;
}
