/**
 * The pagewise proxy: page the tool results of an MCP server you did not
 * write. {@linkcode proxyHandler} is a Web-standard HTTP handler in front of
 * a Streamable HTTP server (a Worker, Deno Deploy); {@linkcode connectProxy}
 * joins any two MCP transports (the CLI's stdio proxy is built on it);
 * {@linkcode StreamTransport} reads MCP's stdio framing from Web streams,
 * with messages far over the SDK's 10 MiB.
 *
 * @example
 * Not run as a doc test: it needs an MCP server on the network to forward to
 * (see {@linkcode connectProxy} for one that runs in memory).
 * ```ts ignore no-assert
 * import { proxyHandler } from "@pagewise/mcp/proxy";
 *
 * export default {
 *   fetch: proxyHandler({ upstream: "https://mcp.example.com/mcp", maxTokens: 20_000 }),
 * };
 * ```
 *
 * @module
 */

export { connectProxy, DEFAULT_TIMEOUT_MS } from "./bridge.ts";
export type { ProxyConnection, ProxyOptions } from "./bridge.ts";
export { proxyHandler } from "./handler.ts";
export type { ProxyHandlerOptions } from "./handler.ts";
export { DEFAULT_MAX_MESSAGE_BYTES, StreamTransport } from "./stream_transport.ts";
export type { StreamTransportOptions } from "./stream_transport.ts";
export type { JsonRpcMessage, McpTransport } from "./types.ts";
