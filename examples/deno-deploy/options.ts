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
  // The cache is switched on here (not wired yet), e.g.:
  //   import { Redis } from "@upstash/redis";
  //   import { upstashStore } from "@pagewise/mcp/upstash";
  //   import { denoKvStore } from "@pagewise/mcp/deno-kv";
  //   const url = env("UPSTASH_REDIS_REST_URL"), token = env("UPSTASH_REDIS_REST_TOKEN");
  //   const store = url && token ? upstashStore(new Redis({ url, token }))
  //     : env("PAGEWISE_DENO_KV") ? denoKvStore(await Deno.openKv()) : undefined;
  //   if (store) options.pagewise.cache = { store };
  // (`Deno.openKv` is async: this function and `main.ts` then await.)
  return options;
}
