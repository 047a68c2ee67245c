/**
 * The Worker's options, from its `env` (vars, secrets and bindings in
 * wrangler.jsonc or the dashboard). This is the one place that decides what
 * the Worker runs with: page limits, cursor signing, allowed hosts and the
 * cache.
 *
 * The cache (later pages read from a store instead of re-running the tool):
 * - the secrets `UPSTASH_REDIS_REST_URL` and `UPSTASH_REDIS_REST_TOKEN`:
 *   Upstash Redis, through `@upstash/redis/cloudflare`;
 * - else a KV namespace bound as `PAGEWISE_KV`: Workers KV;
 * - else none: every page re-runs its tool.
 *
 * Writes go through the request's `ctx.waitUntil`: the first page is answered
 * before its result is stored, and the write is not cut off when it is.
 *
 * @module
 */

import { Redis } from "@upstash/redis/cloudflare";
import { upstashStore } from "@pagewise/mcp/upstash";
import { type WorkersKvNamespace, workersKvStore } from "@pagewise/mcp/workers-kv";
import { demoOptionsFromEnv, upstashFromEnv, useCache } from "../shared/env.ts";
import type { DemoOptions } from "../shared/server.ts";

/** The Worker's bindings: vars and secrets are strings, `PAGEWISE_KV` a KV namespace. */
export type WorkerEnv = Record<string, unknown>;

/** What the Workers runtime passes as the third argument of `fetch`. */
export interface WorkerContext {
  waitUntil(promise: Promise<unknown>): void;
}

/** workers.dev names belong to Cloudflare: nobody can point them at a loopback address. */
const WORKERS_SUFFIXES = [".workers.dev"];

// One `env` object serves every request of an isolate: read it, and build the
// store, once.
const byEnv = new WeakMap<WorkerEnv, DemoOptions>();

/** The options for one request. */
export function workerDemoOptions(env: WorkerEnv, ctx: WorkerContext): DemoOptions {
  let options = byEnv.get(env);
  if (!options) {
    options = fromEnv(env);
    byEnv.set(env, options);
  }
  const cache = options.pagewise.cache;
  if (!cache) return options;
  // `waitUntil` belongs to this request.
  const waitUntil = ctx.waitUntil.bind(ctx);
  return { ...options, pagewise: { ...options.pagewise, cache: { ...cache, waitUntil } } };
}

function fromEnv(env: WorkerEnv): DemoOptions {
  const read = (name: string) => (typeof env[name] === "string" ? env[name] as string : undefined);
  const options = demoOptionsFromEnv(read, WORKERS_SUFFIXES);
  const upstash = upstashFromEnv(read);
  if (upstash) {
    // responseEncoding: false: pagewise's values are text already, base64 only adds size.
    const redis = new Redis({ ...upstash, responseEncoding: false });
    useCache(options, read, upstashStore(redis), `Upstash Redis at ${new URL(upstash.url).host}`);
  } else if (env.PAGEWISE_KV !== undefined) {
    useCache(options, read, workersKvStore(kvNamespace(env.PAGEWISE_KV)), "Workers KV");
  }
  return options;
}

function kvNamespace(binding: unknown): WorkersKvNamespace {
  const kv = binding as Partial<WorkersKvNamespace> | null;
  if (typeof kv?.get !== "function" || typeof kv.put !== "function") {
    throw new Error(
      "PAGEWISE_KV must be a KV namespace binding (kv_namespaces in wrangler.jsonc), " +
        `not a ${typeof binding}: see examples/cloudflare/README.md.`,
    );
  }
  return kv as WorkersKvNamespace;
}
