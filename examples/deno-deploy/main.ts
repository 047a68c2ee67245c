/**
 * The demo as a Deno Deploy app (or `deno serve`): a stateless Streamable
 * HTTP MCP server at `/mcp` whose big tool results pagewise pages.
 *
 *     deno serve --allow-env --host 127.0.0.1 --port 8000 examples/deno-deploy/main.ts
 *
 * With the cache (see `options.ts`), add `--allow-net=NAME.upstash.io` for
 * Upstash or `--unstable-kv` for Deno KV.
 *
 * @module
 */

import { type DemoOptions, handleRequest } from "../shared/server.ts";
import { denoDemoOptions } from "./options.ts";

/** What this instance runs with, read from the environment at start-up. */
export const options: DemoOptions = await denoDemoOptions((name) => Deno.env.get(name));

export default {
  fetch: (request: Request): Promise<Response> => handleRequest(request, options),
} satisfies Deno.ServeDefaultExport;
