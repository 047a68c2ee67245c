/**
 * Serves a fetch handler with Deno.serve on a free loopback port for as long
 * as a test uses it.
 */

/** Serves `handler` until `use` (given the `/mcp` URL) is done, then stops the server. */
export async function serveInProcess<T>(
  handler: (request: Request) => Response | Promise<Response>,
  use: (url: string) => Promise<T>,
): Promise<T> {
  const abort = new AbortController();
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, signal: abort.signal, onListen() {} },
    handler,
  );
  try {
    return await use(`http://127.0.0.1:${server.addr.port}/mcp`);
  } finally {
    abort.abort();
    await server.finished;
  }
}
