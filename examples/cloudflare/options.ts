/**
 * The Worker's options, from its `env` (vars and secrets in wrangler.jsonc or
 * the dashboard). This is the one place that decides what the Worker runs
 * with: page limits, cursor signing and allowed hosts now; the cache (Upstash
 * through `@upstash/redis/cloudflare`, or Workers KV, written through
 * `ctx.waitUntil`) will be switched on here.
 *
 * @module
 */

import { demoOptionsFromEnv } from "../shared/env.ts";
import type { DemoOptions } from "../shared/server.ts";

/** The Worker's bindings: every var and secret is a string. */
export type WorkerEnv = Record<string, unknown>;

/** What the Workers runtime passes as the third argument of `fetch`. */
export interface WorkerContext {
  waitUntil(promise: Promise<unknown>): void;
}

/** workers.dev names belong to Cloudflare: nobody can point them at a loopback address. */
const WORKERS_SUFFIXES = [".workers.dev"];

// One `env` object serves every request of an isolate: read it once.
const byEnv = new WeakMap<WorkerEnv, DemoOptions>();

/** The options for one request. */
export function workerDemoOptions(env: WorkerEnv, _ctx: WorkerContext): DemoOptions {
  let options = byEnv.get(env);
  if (options) return options;
  const read = (name: string) => (typeof env[name] === "string" ? env[name] as string : undefined);
  options = demoOptionsFromEnv(read, WORKERS_SUFFIXES);
  byEnv.set(env, options);
  // The cache is switched on here (not wired yet), e.g.:
  //   import { Redis } from "@upstash/redis/cloudflare";
  //   import { upstashStore } from "@pagewise/mcp/upstash";
  //   import { workersKvStore } from "@pagewise/mcp/workers-kv";
  //   const store = env.UPSTASH_REDIS_REST_URL
  //     ? upstashStore(new Redis({ url: env.UPSTASH_REDIS_REST_URL, token: env.UPSTASH_REDIS_REST_TOKEN }))
  //     : env.PAGEWISE_KV ? workersKvStore(env.PAGEWISE_KV) : undefined;
  //   if (store) options.pagewise.cache = { store, waitUntil: (p) => ctx.waitUntil(p) };
  // (`waitUntil` belongs to one request: with the cache on, build the options per request
  // instead of once per `env`.)
  return options;
}
