/**
 * The settings both examples read from their environment. Each runtime's
 * `options.ts` calls {@linkcode demoOptionsFromEnv} and adds what only it has
 * (the cache store, `waitUntil`).
 *
 * | variable | meaning | default |
 * | --- | --- | --- |
 * | `PAGEWISE_MAX_TOKENS` | tokens a page may hold | 20000 |
 * | `PAGEWISE_MAX_CHARS` | characters a page may hold | 50000 |
 * | `PAGEWISE_SECRET` | signs cursors (HMAC); every instance needs the same one | unsigned |
 * | `PAGEWISE_CURSOR_TTL` | seconds a signed cursor stays valid | no expiry |
 * | `ALLOWED_HOSTS` | host names to answer besides loopback and the platform's, comma-separated | |
 *
 * @module
 */

import { createPager, type PaginateOptions } from "@pagewise/mcp";
import type { DemoOptions } from "./server.ts";

/** Reads one variable; `undefined` when unset. */
export type EnvReader = (name: string) => string | undefined;

function integer(env: EnvReader, name: string): number | undefined {
  const raw = env(name)?.trim();
  if (!raw) return undefined;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new Error(`${name} must be a positive whole number; got ${JSON.stringify(raw)}.`);
  }
  return value;
}

/**
 * The demo's options from the environment. Pages default to 20,000 tokens
 * and 50,000 characters: within Claude Code's 25,000-token limit and below
 * the 50,000 characters above which it saves a result to a file.
 */
export function demoOptionsFromEnv(env: EnvReader, platformSuffixes: string[] = []): DemoOptions {
  const pagewise: PaginateOptions = {
    maxTokens: integer(env, "PAGEWISE_MAX_TOKENS") ?? 20_000,
    maxChars: integer(env, "PAGEWISE_MAX_CHARS") ?? 50_000,
    announceMaxChars: true,
  };
  const secret = env("PAGEWISE_SECRET");
  if (secret) pagewise.secret = secret;
  const ttl = integer(env, "PAGEWISE_CURSOR_TTL");
  if (ttl !== undefined) {
    if (!secret) throw new Error("PAGEWISE_CURSOR_TTL needs PAGEWISE_SECRET: set both.");
    pagewise.cursorTtlSeconds = ttl;
  }
  createPager(pagewise); // throws now, with the limit's name, when a limit is too small
  const hosts = (env("ALLOWED_HOSTS") ?? "").split(",").map((h) => h.trim()).filter(Boolean);
  return { pagewise, hosts: { hosts, suffixes: platformSuffixes } };
}
