/**
 * Real MCP servers from npm, run by Deno (mapped in deno.json, fetched by
 * `deno install`), and the pagewise CLI itself, as commands to spawn.
 */

import { DEV_CONFIG } from "../../dev/config.ts";

/** The command that runs an npm MCP server with these arguments. */
export function npmServer(pkg: "server-filesystem" | "server-everything", ...args: string[]) {
  return [
    Deno.execPath(),
    "run",
    "--config",
    DEV_CONFIG,
    "-A",
    "--quiet",
    `npm:@modelcontextprotocol/${pkg}`,
    ...args,
  ];
}

/** The command that runs the pagewise CLI from this checkout with Deno, before its arguments. */
export const DENO_CLI: readonly string[] = [
  Deno.execPath(),
  "run",
  "-A",
  "--no-check",
  "--quiet",
  new URL("../../src/cli/mod.ts", import.meta.url).pathname,
];

/**
 * The command that runs `pagewise proxy` with these options in front of
 * `server`: from this checkout with Deno, or the CLI that `cli` starts (the
 * Node one, the npm package's bin).
 */
export function proxyCommand(
  options: string[],
  server: string[],
  cli: readonly string[] = DENO_CLI,
): string[] {
  return [...cli, "proxy", ...options, "--", ...server];
}

/** A TCP port free right now on 127.0.0.1. */
export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

/**
 * server-everything in its Streamable HTTP mode on a free port; resolves once
 * it listens. `stop` ends it.
 */
export async function everythingOverHttp(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = freePort();
  const [program, ...args] = npmServer("server-everything", "streamableHttp");
  const child = new Deno.Command(program, {
    args,
    env: { PORT: String(port) },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const stop = async () => {
    try {
      child.kill("SIGTERM");
    } catch { /* gone */ }
    await child.status;
    await Promise.allSettled([child.stdout.cancel(), child.stderr.cancel()]);
  };
  const url = `http://127.0.0.1:${port}/mcp`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { method: "GET" });
      await res.body?.cancel();
      return { url, stop };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await stop();
  throw new Error("server-everything (streamableHttp) did not listen within 30 s");
}
