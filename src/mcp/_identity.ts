// Who is calling, as an MCP request tells it: the cache keeps each caller's
// results apart under this identity.

import type { CacheOptions } from "../cache/cache_options.ts";
import type { PagerEvent } from "../paging/events.ts";
import { emitter, onceFor } from "../paging/emit.ts";
import { requestHeader } from "./_request.ts";
import { readClientSessionId } from "./session_id.ts";

/**
 * The identity of the caller of a request (see {@linkcode CacheOptions}), or
 * undefined when the cache must not be used for it: an `identify` that
 * throws, rejects, or returns anything but a non-empty string or undefined,
 * which `onEvent` hears of (a `cache_warning`), and the console once.
 */
export async function identityOf(
  options: CacheOptions | undefined,
  extra: unknown,
  onEvent?: (event: PagerEvent) => void,
): Promise<string | undefined> {
  if (options?.identify) {
    let identity: unknown;
    try {
      identity = await options.identify(extra);
    } catch (error) {
      identifyFailed(options.identify, `threw ${String(error)}`, onEvent);
      return undefined;
    }
    if (typeof identity === "string" && identity !== "") return `user:${identity}`;
    if (identity !== undefined) {
      const got = typeof identity === "string" ? "an empty string" : `a ${typeof identity}`;
      identifyFailed(options.identify, `returned ${identity === null ? "null" : got}`, onEvent);
      return undefined;
    }
  }
  const request = extra as {
    authInfo?: { token?: unknown; clientId?: unknown };
    http?: { authInfo?: { token?: unknown; clientId?: unknown } };
    sessionId?: unknown;
  } | undefined;
  const auth = request?.authInfo ?? request?.http?.authInfo;
  if (typeof auth?.token === "string" && auth.token) return `token:${auth.token}`;
  if (typeof auth?.clientId === "string" && auth.clientId) return `client:${auth.clientId}`;
  if (typeof request?.sessionId === "string" && request.sessionId) {
    return `session:${request.sessionId}`;
  }
  // A stateless server's session: the one withClientSession (or the HTTP proxy) gave.
  const given = requestHeader(extra, "mcp-session-id");
  if (readClientSessionId(given)) return `session:${given}`;
  return "";
}

function identifyFailed(
  identify: object,
  what: string,
  onEvent: ((event: PagerEvent) => void) | undefined,
): void {
  const message = `pagewise: cache.identify ${what}: this call is not cached (its page is made ` +
    "as without a cache). Return the caller's id as a non-empty string, or undefined to use " +
    "the request's own identity (its token, client id or session).";
  emitter(onEvent)({ type: "cache_warning", key: "", warning: "identify_failed", message });
  onceFor(identify, () => console.warn(message));
}
