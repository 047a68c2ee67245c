/**
 * The Deno example's options, from its environment. This is the one place
 * that decides what the server runs with: page limits, cursor signing,
 * allowed hosts and the cache.
 *
 * The cache (later pages read from a store instead of re-running the tool):
 * - `UPSTASH_REDIS_REST_URL` and `UPSTASH_REDIS_REST_TOKEN`: Upstash Redis;
 * - else `PAGEWISE_DENO_KV`: Deno KV, `1` for the default database (Deno
 *   Deploy's own, or one in Deno's cache folder locally), or a path (or
 *   `:memory:`); it needs `--unstable-kv` outside Deno Deploy;
 * - else none: every page re-runs its tool.
 *
 * @module
 */

import { Redis } from "@upstash/redis";
import { upstashStore } from "@pagewise/mcp/upstash";
import { denoKvStore } from "@pagewise/mcp/deno-kv";
import { demoOptionsFromEnv, type EnvReader, upstashFromEnv, useCache } from "../shared/env.ts";
import type { DemoOptions } from "../shared/server.ts";

/** Deno Deploy's own host names: its DNS cannot be pointed at anyone's loopback. */
const DENO_DEPLOY_SUFFIXES = [".deno.dev", ".deno.net"];

/**
 * The options for `env` (`Deno.env.get` in `main.ts`); opens Deno KV with
 * `openKv` (default `Deno.openKv`) when asked to.
 */
export async function denoDemoOptions(
  env: EnvReader,
  openKv: ((path?: string) => Promise<Deno.Kv>) | undefined = Deno.openKv,
): Promise<DemoOptions> {
  const options = demoOptionsFromEnv(env, DENO_DEPLOY_SUFFIXES);
  const upstash = upstashFromEnv(env);
  const kvPath = env("PAGEWISE_DENO_KV")?.trim();
  if (upstash) {
    const { host } = new URL(upstash.url);
    // A fetch the process may not make would fail every cache call, silently.
    const state = await Deno.permissions.query({ name: "net", host }).then(
      (status) => status.state,
      () => "granted", // a platform without the permissions API (Deno Deploy) allows the network
    );
    if (state !== "granted") {
      throw new Error(
        `UPSTASH_REDIS_REST_URL is set, but this process may not connect to ${host}: ` +
          `run it with --allow-net=${host} (deno serve, deno run) or unset the Upstash variables.`,
      );
    }
    // responseEncoding: false: pagewise's values are text already, base64 only adds size.
    const redis = new Redis({ ...upstash, responseEncoding: false });
    useCache(options, env, upstashStore(redis), `Upstash Redis at ${host}`);
  } else if (kvPath && kvPath !== "0") {
    if (typeof openKv !== "function") {
      throw new Error(
        "PAGEWISE_DENO_KV is set, but Deno KV is off: run with --unstable-kv " +
          "(deno serve --unstable-kv …), or unset PAGEWISE_DENO_KV.",
      );
    }
    const kv = await openKv(kvPath === "1" ? undefined : kvPath);
    useCache(options, env, denoKvStore(kv), kvPath === "1" ? "Deno KV" : `Deno KV at ${kvPath}`);
  }
  return options;
}
