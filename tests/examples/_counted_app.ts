/**
 * The Deno example with one route more, for the cache tests: `GET
 * /test/runs` answers how often each tool has run in this instance. Served by
 * `deno serve` as the example is; the example itself has no such route.
 */
import app from "../../examples/deno-deploy/main.ts";
import { toolRuns } from "../../examples/shared/tools.ts";

export default {
  fetch(request: Request): Promise<Response> {
    if (new URL(request.url).pathname === "/test/runs") {
      return Promise.resolve(Response.json(toolRuns));
    }
    return app.fetch(request);
  },
} satisfies Deno.ServeDefaultExport;
