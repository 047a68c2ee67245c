/**
 * The proxy as a Cloudflare Worker: pagewise in front of the MCP server at
 * the var `UPSTREAM_URL`, served at `/mcp`. Runs without `nodejs_compat`.
 *
 *     npx wrangler dev --var UPSTREAM_URL:https://mcp.example.com/mcp
 *
 * @module
 */

import { proxyFromEnv } from "./proxy.ts";

/** workers.dev names belong to Cloudflare: nobody can point them at a loopback address. */
const WORKERS_SUFFIXES = [".workers.dev"];

// An isolate's env does not change: the proxy (and its cache) is made once.
let handle: ((request: Request) => Promise<Response>) | undefined;

export default {
  fetch(request: Request, env: Record<string, unknown>): Promise<Response> {
    handle ??= proxyFromEnv(
      (name) => (typeof env[name] === "string" ? env[name] as string : undefined),
      WORKERS_SUFFIXES,
    );
    return handle(request);
  },
};
