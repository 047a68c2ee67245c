/**
 * The Deno example's options, from its environment. This is the one place
 * that decides what the server runs with: page limits, cursor signing and
 * allowed hosts now; the cache (Upstash, Deno KV) will be switched on here.
 *
 * @module
 */

import { demoOptionsFromEnv, type EnvReader } from "../shared/env.ts";
import type { DemoOptions } from "../shared/server.ts";

/** Deno Deploy's own host names: its DNS cannot be pointed at anyone's loopback. */
const DENO_DEPLOY_SUFFIXES = [".deno.dev", ".deno.net"];

/** The options for `env` (`Deno.env.get` in `main.ts`). */
export function denoDemoOptions(env: EnvReader): DemoOptions {
  const options = demoOptionsFromEnv(env, DENO_DEPLOY_SUFFIXES);
  // The cache goes here once pagewise has it, e.g.
  // `UPSTASH_REDIS_REST_URL` and `UPSTASH_REDIS_REST_TOKEN` set:
  //   options.pagewise.cache = { store: upstashStore(new Redis({ url, token })), ttlSeconds };
  // `PAGEWISE_DENO_KV` set: `{ store: denoKvStore(await Deno.openKv()), ttlSeconds }`.
  return options;
}
