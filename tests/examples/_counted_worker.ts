/**
 * The demo Worker with one route more, for the cache tests: `GET /test/runs`
 * answers how often each tool has run in this isolate, once every write
 * handed to `ctx.waitUntil` so far has settled. Bundled by wrangler from
 * examples/cloudflare (its wrangler.jsonc) in place of `worker.ts`; the
 * Worker itself has no such route.
 */
import worker from "../../examples/cloudflare/worker.ts";
import type { WorkerContext, WorkerEnv } from "../../examples/cloudflare/options.ts";
import { toolRuns } from "../../examples/shared/tools.ts";

const pending = new Set<Promise<unknown>>();

export default {
  async fetch(request: Request, env: WorkerEnv, ctx: WorkerContext): Promise<Response> {
    if (new URL(request.url).pathname === "/test/runs") {
      await Promise.allSettled(pending);
      return Response.json(toolRuns);
    }
    return await worker.fetch(request, env, {
      waitUntil(promise) {
        pending.add(promise);
        promise.then(() => pending.delete(promise), () => pending.delete(promise));
        ctx.waitUntil(promise);
      },
    });
  },
};
