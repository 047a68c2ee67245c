/**
 * Runs tests/frameworks/fastmcp/server.mts under Node through tsx (as fastmcp
 * servers are run), as a child process on a free loopback port.
 */
import { nodeVersion } from "../support/node.ts";

const ROOT = new URL("../../", import.meta.url);
const SERVER = new URL("./fastmcp/server.mts", import.meta.url);

/** A running server: its MCP endpoint, and `close` to end the process. */
export interface NodeServer {
  url: string;
  close(): Promise<void>;
}

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

/** Starts the fastmcp server in `mode`; fails naming the install step when Node or tsx is missing. */
export async function startFastmcp(mode: "stateful" | "stateless"): Promise<NodeServer> {
  await nodeVersion();
  try {
    await Deno.stat(new URL("node_modules/tsx/package.json", ROOT));
    await Deno.stat(new URL("node_modules/fastmcp/package.json", ROOT));
  } catch {
    throw new Error(
      "tsx or fastmcp is not in node_modules: run `deno install --config deno.dev.json` at the repository root " +
        "(deno.dev.json maps both), then retry.",
    );
  }
  const port = freePort();
  const child = new Deno.Command("node", {
    args: ["--import", "tsx", decodeURIComponent(SERVER.pathname), String(port), mode],
    cwd: decodeURIComponent(ROOT.pathname), // where --import resolves tsx from
    env: { NO_COLOR: "1" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const stderr = new Response(child.stderr).text();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let out = "";
  const timeout = setTimeout(() => child.kill(), 30_000);
  try {
    while (!out.includes("listening\n")) {
      const { value, done } = await reader.read();
      if (done) {
        await child.status;
        throw new Error(`fastmcp server (${mode}) exited before listening:\n${out}${await stderr}`);
      }
      out += value;
    }
  } finally {
    clearTimeout(timeout);
  }
  // Keep draining stdout so that the child never blocks on a full pipe.
  const drained = (async () => {
    while (!(await reader.read()).done);
  })().catch(() => {});
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    async close() {
      try {
        child.kill();
      } catch {
        // Already gone.
      }
      await child.status;
      await drained;
      await stderr;
    },
  };
}
