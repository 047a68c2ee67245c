/**
 * Raw HTTP/1.1 over TCP, for requests `fetch` will not send: a forged Host
 * header (fetch always sends the URL's).
 */

/** Status, headers (lowercased names) and body of a response. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends one request to `url`'s host and port with exactly these headers. */
export async function rawRequest(
  url: string,
  method: string,
  headers: Record<string, string>,
  body = "",
): Promise<RawResponse> {
  const { hostname, port, pathname } = new URL(url);
  const conn = await Deno.connect({ hostname, port: Number(port) });
  try {
    const lines = [`${method} ${pathname} HTTP/1.1`];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    lines.push(`content-length: ${new TextEncoder().encode(body).length}`, "connection: close");
    await conn.write(new TextEncoder().encode(`${lines.join("\r\n")}\r\n\r\n${body}`));
    const text = await new Response(conn.readable).text();
    const [head, ...rest] = text.split("\r\n\r\n");
    const [status, ...fields] = head.split("\r\n");
    return {
      status: Number(status.split(" ")[1]),
      headers: Object.fromEntries(fields.map((f) => {
        const at = f.indexOf(":");
        return [f.slice(0, at).toLowerCase(), f.slice(at + 1).trim()];
      })),
      body: rest.join("\r\n\r\n"),
    };
  } catch (error) {
    try {
      conn.close();
    } catch {
      // Closed by reading to the end.
    }
    throw error;
  }
}

/** A JSON-RPC `initialize` request body. */
export const INITIALIZE = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "raw", version: "1.0.0" },
  },
});

/** Headers of an MCP POST. */
export const MCP_POST = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
};
