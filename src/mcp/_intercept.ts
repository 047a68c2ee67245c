// Wraps an MCP server's request handlers at dispatch time. Both SDK
// generations keep handlers in a Map (`_requestHandlers`) on the low-level
// protocol object and look each request's handler up with `get`; wrapping that
// lookup covers handlers set before or after, by whatever registered them,
// and leaves `has` alone, so the SDK's own registration checks still hold.

/** A request handler as the SDKs store it. */
export type Handler = (request: JsonRpcRequest, extra: unknown) => Promise<unknown>;

/** A JSON-RPC request as handlers receive it. */
export interface JsonRpcRequest {
  method: string;
  params?: Record<string, unknown>;
  [key: string]: unknown;
}

/** Turns a handler into one that does more around it. */
export type Wrap = (inner: Handler) => Handler;

interface Interception {
  /** The stored handler for `method`, unwrapped. */
  original(method: string): Handler | undefined;
  wraps: Map<string, Wrap[]>;
}

const interceptions = new WeakMap<Map<string, Handler>, Interception>();

function handlerMap(server: unknown): Map<string, Handler> {
  for (const candidate of [server, (server as { server?: unknown } | undefined)?.server]) {
    const map = (candidate as { _requestHandlers?: unknown } | undefined)?._requestHandlers;
    if (map instanceof Map) return map as Map<string, Handler>;
  }
  throw new TypeError(
    "pagewise: this takes an McpServer or Server of @modelcontextprotocol/sdk (v1) or " +
      "@modelcontextprotocol/server (v2). For another server, page each result with " +
      "createResultPager().page().",
  );
}

/**
 * Adds `wrap` around the handler of `method` on `server`; later wraps go
 * outside earlier ones. Returns a way to reach the unwrapped handler.
 */
export function intercept(
  server: unknown,
  method: string,
  wrap: Wrap,
): { original(method: string): Handler | undefined } {
  const map = handlerMap(server);
  let interception = interceptions.get(map);
  if (!interception) {
    const get = map.get.bind(map);
    const cache = new WeakMap<Handler, { wraps: number; handler: Handler }>();
    const wraps = new Map<string, Wrap[]>();
    map.get = (name: string) => {
      const handler = get(name);
      const chain = wraps.get(name);
      if (!handler || !chain) return handler;
      let cached = cache.get(handler);
      if (!cached || cached.wraps !== chain.length) {
        cached = { wraps: chain.length, handler: chain.reduce((h, w) => w(h), handler) };
        cache.set(handler, cached);
      }
      return cached.handler;
    };
    interception = { original: get, wraps };
    interceptions.set(map, interception);
  }
  const chain = interception.wraps.get(method) ?? [];
  chain.push(wrap);
  interception.wraps.set(method, chain);
  return { original: interception.original };
}
