/**
 * Runs a Deno HTTP app the way Deno Deploy runs it: `deno serve` on its
 * `export default { fetch }`, in a process of its own (a fresh instance:
 * nothing of an earlier one survives), on a free loopback port.
 */

/** A running instance; `close` stops it. */
export interface Instance {
  /** The MCP endpoint, `http://127.0.0.1:PORT/mcp`. */
  url: string;
  /** The id of the process that serves it. */
  pid: number;
  close(): Promise<void>;
}

/**
 * Starts `deno serve --allow-env` on `entry` (a path from the repository
 * root) with `env` added and `flags` (more permissions) given.
 */
export async function denoServe(
  entry: string,
  env: Record<string, string> = {},
  flags: string[] = [],
): Promise<Instance> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["serve", "--allow-env", ...flags, "--host", "127.0.0.1", "--port", "0", entry],
    env: { NO_COLOR: "1", ...env },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  // deno serve prints "Listening on …" to stderr.
  const stdout = new Response(child.stdout).text();
  const reader = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
  let out = "";
  const timeout = setTimeout(() => child.kill(), 60_000);
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) {
        throw new Error(`deno serve ${entry} exited before listening:\n${await stdout}${out}`);
      }
      out += value;
      const port = /Listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(out)?.[1];
      if (port) {
        // Keep draining stderr so that the child never blocks on a full pipe.
        (async () => {
          while (!(await reader.read()).done);
        })().catch(() => {});
        return {
          url: `http://127.0.0.1:${port}/mcp`,
          pid: child.pid,
          async close() {
            try {
              child.kill();
            } catch {
              // Already gone.
            }
            await child.status;
            await stdout;
          },
        };
      }
    }
  } finally {
    clearTimeout(timeout);
  }
}
