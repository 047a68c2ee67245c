/**
 * The agents Worker in real workerd: bundled by `wrangler deploy --dry-run`
 * (tests/support/workerd.ts), then served by Miniflare with its Durable
 * Object and `nodejs_compat`, on a free loopback port.
 */
import { Miniflare } from "miniflare";
import { bundleWorker, readyOrClosed } from "../support/workerd.ts";

export const AGENTS_WORKER = "tests/frameworks/agents";

/** A running Worker: its origin, and `close` to stop workerd. */
export interface RunningWorker {
  origin: string;
  close(): Promise<void>;
}

/** Serves the agents Worker in a fresh workerd. */
export async function startAgentsWorker(): Promise<RunningWorker> {
  const bundle = await bundleWorker(AGENTS_WORKER);
  const miniflare = new Miniflare({
    // Given as contents: workerd refuses module paths outside its working directory.
    modules: [{ type: "ESModule", path: `${Deno.cwd()}/worker.js`, contents: bundle.script }],
    compatibilityDate: bundle.compatibilityDate,
    compatibilityFlags: ["nodejs_compat"], // as in wrangler.jsonc
    durableObjects: { RECORDS_AGENT: { className: "RecordsAgent", useSQLite: true } },
    host: "127.0.0.1",
    port: 0,
    cf: false,
  });
  const ready = await readyOrClosed(miniflare);
  return { origin: ready.origin, close: () => miniflare.dispose() };
}
