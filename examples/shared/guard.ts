/**
 * DNS-rebinding protection: a request is served only when its Host, and its
 * Origin when it has one, name a host this server answers to.
 *
 * A web page on evil.example can make a browser resolve evil.example to
 * 127.0.0.1 and post to a local MCP server; the browser then sends
 * `Host: evil.example` and `Origin: http://evil.example`. Loopback names are
 * allowed on any port; other names only when listed, or when they end with a
 * platform's suffix (`.workers.dev`, `.deno.dev`), whose DNS nobody else can
 * point at 127.0.0.1. An Origin must be loopback, listed, or the request's
 * own host: a page on any other `*.deno.dev` is refused. Clients that are
 * not browsers send no Origin.
 *
 * @module
 */

/** Which hosts a server answers to. */
export interface HostPolicy {
  /** Host names (no port) allowed besides loopback, e.g. `mcp.example.com`. */
  hosts?: readonly string[];
  /** Suffixes of allowed host names, with their leading dot, e.g. `.workers.dev`. */
  suffixes?: readonly string[];
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** The host name of a `Host` header value (`name` or `name:port`), lowercased. */
function hostname(host: string): string | undefined {
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/i.exec(host);
  if (match?.[2] !== undefined && Number(match[2]) > 65_535) return undefined;
  return match?.[1].toLowerCase();
}

function allowed(name: string | undefined, policy: HostPolicy): boolean {
  if (!name) return false;
  if (LOOPBACK.has(name)) return true;
  if (policy.hosts?.some((host) => host.toLowerCase() === name)) return true;
  return policy.suffixes?.some((suffix) => name.endsWith(suffix.toLowerCase())) ?? false;
}

/**
 * A 403 JSON-RPC error response when the request's Host or Origin is not
 * allowed, else `undefined`.
 */
export function rejectForeignHost(request: Request, policy: HostPolicy): Response | undefined {
  const host = request.headers.get("host");
  if (host === null || !allowed(hostname(host), policy)) {
    return forbidden(`Host ${JSON.stringify(host)} is not allowed. Set ALLOWED_HOSTS to serve it.`);
  }
  const origin = request.headers.get("origin");
  if (origin !== null) {
    let name: string | undefined;
    try {
      const url = new URL(origin);
      if (url.protocol === "http:" || url.protocol === "https:") name = url.hostname;
    } catch {
      // Not a URL ("null" from a sandboxed page, a file: page): not allowed.
    }
    // A platform suffix is no guard for an Origin (anyone can publish a page
    // there): an Origin must be loopback, listed, or this very host.
    const same = name !== undefined && name === hostname(host);
    if (!same && !allowed(name, { hosts: policy.hosts })) {
      return forbidden(
        `Origin ${JSON.stringify(origin)} is not allowed. Set ALLOWED_HOSTS to serve it.`,
      );
    }
  }
  return undefined;
}

function forbidden(message: string): Response {
  return Response.json(
    { jsonrpc: "2.0", error: { code: -32000, message }, id: null },
    { status: 403 },
  );
}
