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

/** The options for one request. */
export function workerDemoOptions(env: WorkerEnv, _ctx: WorkerContext): DemoOptions {
  const read = (name: string) => (typeof env[name] === "string" ? env[name] as string : undefined);
  const options = demoOptionsFromEnv(read, WORKERS_SUFFIXES);
  // The cache goes here once pagewise has it, e.g.
  // `UPSTASH_REDIS_REST_URL` and `UPSTASH_REDIS_REST_TOKEN` set:
  //   options.pagewise.cache = { store: upstashStore(new Redis({ url, token })), ttlSeconds,
  //     waitUntil: (p) => ctx.waitUntil(p) };
  // a `PAGEWISE_KV` binding: `{ store: workersKvStore(env.PAGEWISE_KV), ttlSeconds, waitUntil }`.
  return options;
}
