// Who is calling, as the HTTP proxy tells callers apart: by what the server
// behind it can tell them apart by (the headers the proxy sends it, MCP's
// session among them) and by the client's own Authorization, whether or not
// it is forwarded. Hashed, so that no credential is kept in a key.

import { toBase64Url } from "../bytes/base64.ts";
import { sha256 } from "../bytes/crypto.ts";

// Headers every caller sends alike, or that say what is asked rather than who
// asks (MCP 2026-07-28's Mcp-Method, Mcp-Name, Mcp-Param-*): they tell no one apart.
const SAME_FOR_ALL = new Set([
  "accept",
  "content-type",
  "mcp-protocol-version",
  "last-event-id",
  "mcp-method",
  "mcp-name",
]);
const MCP_PARAM_HEADER = /^mcp-param-/;

/**
 * A SHA-256 (base64url) of the caller's distinguishing headers, or `""` when
 * there are none (then every caller is the same one).
 */
export async function callerIdentity(client: Headers, upstream: Headers): Promise<string> {
  const parts: string[] = [];
  const authorization = client.get("authorization");
  if (authorization !== null) parts.push(`client authorization: ${authorization}`);
  for (const [name, value] of upstream) {
    if (!SAME_FOR_ALL.has(name) && !MCP_PARAM_HEADER.test(name)) parts.push(`${name}: ${value}`);
  }
  if (!parts.length) return "";
  return toBase64Url(await sha256(JSON.stringify(parts)));
}
