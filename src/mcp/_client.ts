// Which client sent a request, by the name it gives itself: the request's
// own `_meta` (MCP 2026-07-28 puts `clientInfo` on every request), the
// session's `initialize` (carried in a session id of `withClientSession` on a
// stateless server; read from the server of a stateful session or the stdio
// proxy), then a User-Agent a client is known to send. First found wins.

import { requestHeader } from "./_request.ts";
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
}

/** The calling client's `clientInfo.name`, as it told it; undefined when it did not. */
export function clientNameOf(
  request: RequestLike | undefined,
  extra: unknown,
  server?: object,
): string | undefined {
  const given = (extra ?? {}) as ExtraLike;
  // A session id of withClientSession is this request's own; a server's
  // initialize is the last one it saw (one server may be shared).
  return nameIn(request?.params?._meta) ?? nameIn(given._meta) ??
    nameIn(given.mcpReq?.envelope) ?? sessionIdClient(extra) ?? sessionClient(server) ??
    userAgentClient(extra);
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

function sessionIdClient(extra: unknown): string | undefined {
  return readClientSessionId(requestHeader(extra, "mcp-session-id"))?.name;
}

function userAgentClient(extra: unknown): string | undefined {
  const agent = requestHeader(extra, "user-agent");
  if (agent === undefined) return undefined;
  for (const [pattern, name] of USER_AGENTS) if (pattern.test(agent)) return name;
  return undefined;
}
