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
    // Read until the response is complete: some servers keep the connection
    // open for a while despite "connection: close".
    const decoder = new TextDecoder();
    const buffer = new Uint8Array(65_536);
    let text = "";
    for (;;) {
      const n = await conn.read(buffer);
      if (n === null) break;
      text += decoder.decode(buffer.subarray(0, n), { stream: true });
      const split = text.indexOf("\r\n\r\n");
      if (split < 0) continue;
      const head = text.slice(0, split).toLowerCase();
      const length = /\r\ncontent-length: *(\d+)/.exec(head)?.[1];
      const rest = new TextEncoder().encode(text.slice(split + 4)).length;
      if (length !== undefined && rest >= Number(length)) break;
      if (/\r\ntransfer-encoding: *chunked/.test(head) && text.endsWith("\r\n0\r\n\r\n")) break;
    }
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
  } finally {
    conn.close();
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
