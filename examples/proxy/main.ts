/**
 * The proxy on Deno Deploy (or `deno serve`): pagewise in front of the MCP
 * server at `UPSTREAM_URL`, served at `/mcp`.
 *
 *     UPSTREAM_URL=https://mcp.example.com/mcp \
 *       deno serve --allow-env --allow-net --host 127.0.0.1 --port 8000 examples/proxy/main.ts
 *
 * @module
 */

import { proxyFromEnv } from "./proxy.ts";

/** Deno Deploy's own host names: nobody else can point them at a loopback address. */
const DENO_DEPLOY_SUFFIXES = [".deno.dev", ".deno.net"];

const handle = proxyFromEnv((name) => Deno.env.get(name), DENO_DEPLOY_SUFFIXES);

export default { fetch: (request: Request) => handle(request) } satisfies Deno.ServeDefaultExport;
