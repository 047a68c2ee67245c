// A session id that carries the client's name: how a stateless HTTP server
// knows, on every request of a session, which client it pages for, with no
// state of its own. MCP clients send the `Mcp-Session-Id` an `initialize`
// answer gave them on every later request (the transport requires it), so
// the name travels with them:
//
//   pagewise.<the name, UTF-8, base64url>.r<16 random bytes, base64url>
//   pagewise.<the name, UTF-8, base64url>.s<the server's own session id>
//
// The second form is the HTTP proxy's: it wraps the session id of the server
// behind it and hands that on unwrapped. The name is what the client said of
// itself, as its `clientInfo` is: it only ever chooses among the presets.

import { fromBase64Url, toBase64Url } from "../bytes/base64.ts";
import { MAX_CLIENT_NAME_LENGTH } from "../limits/client_limits.ts";

const PREFIX = "pagewise.";
// A longer header is not one of ours (and is not read).
const MAX_ID_LENGTH = 2_048;
// Visible ASCII: what the transport allows in a session id.
const VISIBLE_ASCII = /^[\x21-\x7e]+$/;
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** What a session id of ours says: the client's name, and the server's own session id. */
export interface ClientSession {
  name: string;
  /** The session id of the server behind the proxy; none for a random one. */
  upstream?: string;
}

/** A new session id naming `name` (cut to its first 256 characters), random or wrapping `upstream`. */
export function clientSessionId(name: string, upstream?: string): string {
  const named = toBase64Url(new TextEncoder().encode(name.slice(0, MAX_CLIENT_NAME_LENGTH)));
  if (upstream !== undefined) return `${PREFIX}${named}.s${upstream}`;
  return `${PREFIX}${named}.r${toBase64Url(crypto.getRandomValues(new Uint8Array(16)))}`;
}

/** What `id` says when it is a session id of ours; undefined for any other. */
export function readClientSessionId(id: string | null | undefined): ClientSession | undefined {
  if (typeof id !== "string" || !id.startsWith(PREFIX) || id.length > MAX_ID_LENGTH) {
    return undefined;
  }
  const dot = id.indexOf(".", PREFIX.length);
  if (dot === -1 || !VISIBLE_ASCII.test(id)) return undefined;
  const bytes = fromBase64Url(id.slice(PREFIX.length, dot));
  if (!bytes || bytes.length === 0) return undefined;
  let name: string;
  try {
    name = strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
  const rest = id.slice(dot + 1);
  if (rest.startsWith("s") && rest.length > 1) return { name, upstream: rest.slice(1) };
  if (rest.startsWith("r") && rest.length > 1) return { name };
  return undefined;
}
