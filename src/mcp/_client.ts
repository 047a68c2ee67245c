// Which client sent a request, by the name it gives itself: the request's
// own `_meta` (MCP 2026-07-28 puts `clientInfo` on every request), the
// session's `initialize` (a stateful session; the stdio proxy), then its
// headers (a session id of `withClientSession`, or a User-Agent a client is
// known to send). First found wins.

import { readClientSessionId } from "./session_id.ts";

const CLIENT_INFO = "io.modelcontextprotocol/clientInfo";
// Claude Code's HTTP requests: "claude-code/2.1.204 (cli)".
const USER_AGENTS: ReadonlyArray<[RegExp, string]> = [[/^claude-code\//, "claude-code"]];

interface RequestLike {
  params?: { _meta?: unknown };
}

interface ExtraLike {
  /** SDK v1: the request's `_meta`. */
  _meta?: unknown;
  /** SDK v2: the request's envelope, where it keeps the reserved `_meta` keys. */
  mcpReq?: { envelope?: unknown };
  /** SDK v1 (and the HTTP proxy): the HTTP request's headers, by lower-case name. */
  requestInfo?: { headers?: unknown };
  /** SDK v2: the HTTP request. */
  http?: { req?: { headers?: unknown } };
}

/** The calling client's `clientInfo.name`, as it told it; undefined when it did not. */
export function clientNameOf(
  request: RequestLike | undefined,
  extra: unknown,
  server?: object,
): string | undefined {
  const given = (extra ?? {}) as ExtraLike;
  return nameIn(request?.params?._meta) ?? nameIn(given._meta) ??
    nameIn(given.mcpReq?.envelope) ?? sessionClient(server) ??
    headerClient(given.requestInfo?.headers ?? given.http?.req?.headers);
}

function nameIn(meta: unknown): string | undefined {
  if (meta === null || typeof meta !== "object") return undefined;
  const info = (meta as Record<string, unknown>)[CLIENT_INFO] as { name?: unknown } | undefined;
  return nonEmpty(info?.name);
}

function nonEmpty(name: unknown): string | undefined {
  return typeof name === "string" && name !== "" ? name : undefined;
}

/** The client the session's `initialize` named (SDK v1 and v2, `McpServer` or `Server`). */
function sessionClient(server: object | undefined): string | undefined {
  for (const candidate of [server, (server as { server?: object } | undefined)?.server]) {
    const read = (candidate as { getClientVersion?: unknown } | undefined)?.getClientVersion;
    if (typeof read !== "function") continue;
    try {
      return nonEmpty((read.call(candidate) as { name?: unknown } | undefined)?.name);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

function headerClient(headers: unknown): string | undefined {
  const session = header(headers, "mcp-session-id");
  const named = readClientSessionId(session)?.name;
  if (named) return named;
  const agent = header(headers, "user-agent");
  if (agent === undefined) return undefined;
  for (const [pattern, name] of USER_AGENTS) if (pattern.test(agent)) return name;
  return undefined;
}

/** One header from a `Headers` or a plain object of lower-case names. */
function header(headers: unknown, name: string): string | undefined {
  if (headers === null || typeof headers !== "object") return undefined;
  const get = (headers as { get?: unknown }).get;
  if (typeof get === "function") {
    const value: unknown = get.call(headers, name);
    return typeof value === "string" ? value : undefined;
  }
  const value = Object.hasOwn(headers, name)
    ? (headers as Record<string, unknown>)[name]
    : undefined;
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" ? first : undefined;
}
