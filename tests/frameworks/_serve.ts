/** Serves a fetch handler with Deno.serve on a free loopback port until `use` is done. */
export async function serving(
  handler: (request: Request) => Response | Promise<Response>,
  use: (origin: string) => Promise<void>,
): Promise<void> {
  const abort = new AbortController();
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, signal: abort.signal, onListen() {} },
    handler,
  );
  try {
    await use(`http://127.0.0.1:${server.addr.port}`);
  } finally {
    abort.abort();
    await server.finished;
  }
}
