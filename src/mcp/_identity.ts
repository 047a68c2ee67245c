// Who is calling, as an MCP request tells it: the cache keeps each caller's
// results apart under this identity.

import type { CacheOptions } from "../cache/cache_options.ts";
import { requestHeader } from "./_request.ts";
import { readClientSessionId } from "./session_id.ts";

/**
 * The identity of the caller of a request (see {@linkcode CacheOptions}), or
 * undefined when the cache must not be used for it: an `identify` that
 * throws, rejects, or returns anything but a non-empty string or undefined.
 */
export async function identityOf(
  options: CacheOptions | undefined,
  extra: unknown,
): Promise<string | undefined> {
  if (options?.identify) {
    let identity: unknown;
    try {
      identity = await options.identify(extra);
    } catch {
      return undefined;
    }
    if (typeof identity === "string" && identity !== "") return `user:${identity}`;
    if (identity !== undefined) return undefined;
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
