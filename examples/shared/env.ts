/**
 * The settings both examples read from their environment. Each runtime's
 * `options.ts` calls {@linkcode demoOptionsFromEnv}, picks its cache store
 * and hands it to {@linkcode cacheFromEnv}.
 *
 * | variable | meaning | default |
 * | --- | --- | --- |
 * | `PAGEWISE_MAX_TOKENS` | tokens a page may hold, for every client | each client's own |
 * | `PAGEWISE_MAX_CHARS` | characters a page may hold, for every client | each client's own |
 * | `PAGEWISE_SECRET` | signs cursors (HMAC); every instance needs the same one | unsigned |
 * | `PAGEWISE_CURSOR_TTL` | seconds a signed cursor stays valid | no expiry |
 * | `ALLOWED_HOSTS` | host names to answer besides loopback and the platform's, comma-separated | |
 * | `UPSTASH_REDIS_REST_URL`, `UPSTASH_REDIS_REST_TOKEN` | the cache on Upstash Redis | no cache |
 * | `PAGEWISE_CACHE_TTL` | seconds a cached result is kept | 600 |
 *
 * @module
 */

import {
  type CacheOptions,
  type CacheStore,
  createPager,
  createResultPager,
  type PaginateOptions,
} from "@pagewise/mcp";
import type { DemoOptions } from "./server.ts";

/** Reads one variable; `undefined` when unset. */
export type EnvReader = (name: string) => string | undefined;

/** A positive whole number from the environment; undefined when unset. */
export function integer(env: EnvReader, name: string): number | undefined {
  const raw = env(name)?.trim();
  if (!raw) return undefined;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new Error(`${name} must be a positive whole number; got ${JSON.stringify(raw)}.`);
  }
  return value;
}

/**
 * The demo's options from the environment. With no limit set, each page is
 * sized for the client that asked (Claude Code 25,000 tokens, Codex 10,000,
 * VS Code 8 KiB, …; an unknown client 20,000 tokens and 50,000 characters);
 * `PAGEWISE_MAX_TOKENS` and `PAGEWISE_MAX_CHARS` are a ceiling for all.
 */
export function demoOptionsFromEnv(env: EnvReader, platformSuffixes: string[] = []): DemoOptions {
  const pagewise: PaginateOptions = { announceMaxChars: true };
  const maxTokens = integer(env, "PAGEWISE_MAX_TOKENS");
  const maxChars = integer(env, "PAGEWISE_MAX_CHARS");
  if (maxTokens !== undefined) pagewise.maxTokens = maxTokens;
  if (maxChars !== undefined) pagewise.maxChars = maxChars;
  const secret = env("PAGEWISE_SECRET");
  if (secret) pagewise.secret = secret;
  const ttl = integer(env, "PAGEWISE_CURSOR_TTL");
  if (ttl !== undefined) {
    if (!secret) throw new Error("PAGEWISE_CURSOR_TTL needs PAGEWISE_SECRET: set both.");
    pagewise.cursorTtlSeconds = ttl;
  }
  // Throws now, with the limit's name, when a limit is too small.
  createPager({ maxTokens, maxChars, secret: pagewise.secret, cursorTtlSeconds: ttl });
  const hosts = (env("ALLOWED_HOSTS") ?? "").split(",").map((h) => h.trim()).filter(Boolean);
  for (const host of hosts) {
    // A host name only: a port, a scheme or a wildcard would never match, silently.
    if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(host)) {
      throw new Error(
        `ALLOWED_HOSTS: ${
          JSON.stringify(host)
        } is not a host name (no port, scheme or wildcard), ` +
          `e.g. ALLOWED_HOSTS=mcp.example.com,api.example.com.`,
      );
    }
  }
  return { pagewise, hosts: { hosts, suffixes: platformSuffixes }, cache: "off" };
}

/** An Upstash Redis database's REST endpoint and token. */
export interface UpstashSettings {
  url: string;
  token: string;
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * `UPSTASH_REDIS_REST_URL` and `UPSTASH_REDIS_REST_TOKEN` (the database's
 * REST API, from console.upstash.com): both or neither. The URL must be
 * https, except on loopback (a local test server), so that the token never
 * crosses a network in clear.
 */
export function upstashFromEnv(env: EnvReader): UpstashSettings | undefined {
  const url = env("UPSTASH_REDIS_REST_URL")?.trim();
  const token = env("UPSTASH_REDIS_REST_TOKEN")?.trim();
  if (!url && !token) return undefined;
  if (!url || !token) {
    const missing = url ? "UPSTASH_REDIS_REST_TOKEN" : "UPSTASH_REDIS_REST_URL";
    throw new Error(
      `${missing} is missing: set both UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN ` +
        "(the database's REST API in the Upstash console), or neither.",
    );
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(
      `UPSTASH_REDIS_REST_URL must be a URL such as https://NAME.upstash.io; got ${
        JSON.stringify(url)
      }.`,
    );
  }
  if (
    parsed.protocol !== "https:" && !(parsed.protocol === "http:" && LOOPBACK.has(parsed.hostname))
  ) {
    throw new Error(
      `UPSTASH_REDIS_REST_URL must use https (http only on loopback); got ${JSON.stringify(url)}.`,
    );
  }
  return { url, token };
}

/**
 * Switches the cache on in `options`: results in `store`, kept
 * `PAGEWISE_CACHE_TTL` seconds (default 600); `label` says which store, for
 * logs. Store failures are logged: the cache never fails a call (a failed
 * read re-runs the tool, a failed write leaves the next page to do the same),
 * so without a log nobody would notice that it is not working.
 *
 * No `identify`: pagewise keys each result by the request's auth token, else
 * its MCP session id. This demo has neither (no auth, stateless), so a cached
 * result is shared by every caller that holds one of its cursors, which is
 * safe only because every caller gets the same results. A server whose tools
 * answer per user must authenticate its callers (or pass `identify`).
 */
export function useCache(
  options: DemoOptions,
  env: EnvReader,
  store: CacheStore,
  label: string,
): void {
  const cache: CacheOptions = { store, ttlSeconds: integer(env, "PAGEWISE_CACHE_TTL") ?? 600 };
  options.pagewise.cache = cache;
  options.pagewise.onEvent = (event) => {
    if (event.type === "cache_error" || event.type === "cache_timeout") {
      // Not the key: it holds the caller's identity (an auth token, on a server that has one).
      const what = event.type === "cache_error"
        ? `failed: ${reason(event.error)}`
        : `took over ${event.timeoutMs} ms`;
      const then = event.op === "write" ? "later pages run the tool" : "the tool runs instead";
      console.warn(`pagewise cache (${label}): ${event.op} ${what}; ${then}.`);
    } else if (event.type === "cache_breaker") {
      const now = event.state === "open"
        ? `left alone for ${event.coolDownMs} ms (pages run the tool)`
        : event.state === "half_open"
        ? "probed by one call"
        : "answering again";
      console.warn(`pagewise cache (${label}): the store is ${now}.`);
    }
  };
  options.cache = label;
  // Throws now, naming the option, on a bad TTL.
  const { announceMaxChars: _, ...pagerOptions } = options.pagewise;
  createResultPager(pagerOptions);
}

/**
 * An error's first words: @upstash/redis quotes the whole command in its
 * messages, stored values included, and a log is no place for results.
 */
function reason(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const cut = text.replace(/, command was: [\s\S]*$/, "");
  return cut.length > 200 ? `${cut.slice(0, 200)}…` : cut;
}
