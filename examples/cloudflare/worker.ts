/**
 * The demo as a Cloudflare Worker: a stateless Streamable HTTP MCP server at
 * `/mcp` whose big tool results pagewise pages. Runs without `nodejs_compat`.
 *
 *     npx wrangler dev      # http://127.0.0.1:8787/mcp
 *
 * @module
 */

import { handleRequest } from "../shared/server.ts";
import { type WorkerContext, workerDemoOptions, type WorkerEnv } from "./options.ts";

export default {
  fetch(request: Request, env: WorkerEnv, ctx: WorkerContext): Promise<Response> {
    return handleRequest(request, workerDemoOptions(env, ctx));
  },
};
