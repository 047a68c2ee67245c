/**
 * The proxy both entries serve: pagewise in front of a remote Streamable HTTP
 * MCP server, at `/mcp`, with its tools' results paged. Settings come from
 * the environment:
 *
 * | variable | meaning | default |
 * | --- | --- | --- |
 * | `UPSTREAM_URL` | the server's MCP endpoint, e.g. `https://mcp.example.com/mcp` | required |
 * | `UPSTREAM_AUTHORIZATION` | `Authorization` the proxy sends the server (its own credential; a secret) | none |
 * | `FORWARD_HEADERS` | client headers passed on to the server, comma-separated, e.g. `authorization` | none |
 * | `PROXY_TOKEN` | when set, clients must send `Authorization: Bearer <PROXY_TOKEN>` (a secret) | open |
 * | `PAGEWISE_MAX_TOKENS` | tokens a page may hold, for every client | each client's |
 * | `PAGEWISE_MAX_CHARS` | characters a page may hold, for every client | each client's |
 * | `ALLOWED_HOSTS` | host names to answer besides loopback and the platform's, comma-separated | none |
 *
 * @module
 */

import { memoryStore } from "@pagewise/mcp";
import { proxyHandler } from "@pagewise/mcp/proxy";
import { rejectForeignHost } from "../shared/guard.ts";
import { integer } from "../shared/env.ts";

/** Reads one variable; `undefined` when unset. */
export type EnvReader = (name: string) => string | undefined;

/**
 * The proxy for `env`. Throws at once, naming the variable, when a setting is
 * missing or wrong. `platformSuffixes`: the platform's own host names
 * (`.workers.dev`), served besides loopback and `ALLOWED_HOSTS`.
 */
export function proxyFromEnv(
  env: EnvReader,
  platformSuffixes: string[] = [],
): (request: Request) => Promise<Response> {
  const upstream = upstreamUrl(env("UPSTREAM_URL"));
  const authorization = env("UPSTREAM_AUTHORIZATION");
  const token = env("PROXY_TOKEN");
  const forwardHeaders = list(env("FORWARD_HEADERS"));
  if (token && forwardHeaders.includes("authorization")) {
    throw new Error(
      "PROXY_TOKEN and FORWARD_HEADERS=authorization clash: the server would get the proxy's token. Set one.",
    );
  }
  const handler = proxyHandler({
    upstream,
    headers: authorization ? { authorization } : undefined,
    forwardHeaders,
    // Unset: each page sized for the client in front (its preset, or 20,000 tokens).
    maxTokens: integer(env, "PAGEWISE_MAX_TOKENS"),
    maxChars: integer(env, "PAGEWISE_MAX_CHARS"),
    announceMaxChars: true,
    // This instance's memory (32 MiB): a later page served by another
    // instance runs the tool again, and is the same page.
    cache: { store: memoryStore() },
  });
  const hosts = { hosts: list(env("ALLOWED_HOSTS")), suffixes: platformSuffixes };
  const expected = token ? `Bearer ${token}` : undefined;

  // Answers the proxy gives itself, before any MCP.
  const refuse = (request: Request): Response | undefined => {
    const foreign = rejectForeignHost(request, hosts);
    if (foreign) return foreign;
    const { pathname } = new URL(request.url);
    if (pathname === "/" && request.method === "GET") {
      return new Response(`pagewise proxy: MCP at /mcp, in front of ${upstream.origin}\n`);
    }
    if (pathname !== "/mcp") return new Response("Not found: MCP is at /mcp.\n", { status: 404 });
    if (expected && !sameText(request.headers.get("authorization") ?? "", expected)) {
      const error = {
        code: -32001,
        message: "Send Authorization: Bearer <the proxy's PROXY_TOKEN>.",
      };
      return new Response(JSON.stringify({ jsonrpc: "2.0", id: null, error }), {
        status: 401,
        headers: { "content-type": "application/json", "www-authenticate": "Bearer" },
      });
    }
    return undefined;
  };

  return async (request) => {
    const refused = refuse(request);
    if (!refused) return await handler(request);
    // Read off what the client sent (workerd otherwise breaks the connection).
    await request.body?.cancel();
    return refused;
  };
}

function upstreamUrl(raw: string | undefined): URL {
  const text = raw?.trim();
  if (!text) {
    throw new Error(
      "UPSTREAM_URL is not set: set it to the MCP server's endpoint, e.g. https://mcp.example.com/mcp.",
    );
  }
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) {
    throw new Error(`UPSTREAM_URL must be an http(s) URL; got ${JSON.stringify(text)}.`);
  }
  return url;
}

function list(raw: string | undefined): string[] {
  return (raw ?? "").split(",").map((item) => item.trim().toLowerCase()).filter(Boolean);
}

// Compares in time that depends on the length only, so that the token cannot
// be guessed one character at a time.
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
