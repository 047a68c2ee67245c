/**
 * An MCP server that misbehaves on request, for the proxy's tests. Run as
 * `deno run -A bad_server.ts [--silent-start | --exit-at-start N | --linger]`.
 *
 * Tools: `crash` (exits with status 3 in the middle of the call), `hang`
 * (never answers), `big` (an answer of `mib` MiB), `ok` (answers "ok").
 * `--silent-start` never answers `initialize`; `--exit-at-start N` exits
 * with status N before reading anything; `--exit-on-read N` exits with
 * status N once it has read anything (before it answers); `--linger` keeps running when its
 * stdin closes and when it gets SIGTERM (it says so on stderr), so that only
 * SIGKILL ends it. `--flood N`, once initialized, sends N log notifications of
 * 10 kB each (`data` is `"<i> xxx…"`), each when the last has drained, and
 * says on stderr how many it has sent (`bad-server: flooded <i>`).
 */
// @ts-types="@modelcontextprotocol/sdk/server/stdio"
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";
import { McpServer } from "./mcp_v1.ts";

const exitAt = Deno.args.indexOf("--exit-at-start");
if (exitAt !== -1) Deno.exit(Number(Deno.args[exitAt + 1]));

const exitOnRead = Deno.args.indexOf("--exit-on-read");
if (exitOnRead !== -1) {
  for await (const _ of Deno.stdin.readable) Deno.exit(Number(Deno.args[exitOnRead + 1]));
}

if (Deno.args.includes("--silent-start")) {
  // Reads and never answers: a server stuck before it initializes.
  for await (const _ of Deno.stdin.readable) { /* nothing */ }
  Deno.exit(0);
}

if (Deno.args.includes("--linger")) {
  setInterval(() => {}, 60_000);
  Deno.addSignalListener("SIGTERM", () => console.error("bad-server: SIGTERM ignored"));
}

const server = new McpServer({ name: "bad-server", version: "1.0.0" }, {
  capabilities: { logging: {} },
});
server.registerTool("ok", { description: "Answers ok." }, () => ({
  content: [{ type: "text", text: "ok" }],
}));
server.registerTool("crash", { description: "Exits in the middle of the call." }, () => {
  setTimeout(() => Deno.exit(3), 50);
  return new Promise(() => {});
});
server.registerTool("hang", { description: "Never answers." }, () => new Promise(() => {}));
server.registerTool(
  "big",
  { description: "An answer of mib MiB.", inputSchema: { mib: z.number() } },
  ({ mib }) => ({ content: [{ type: "text", text: "x".repeat(Math.round(mib * 1024 * 1024)) }] }),
);
const floodAt = Deno.args.indexOf("--flood");
if (floodAt !== -1) {
  const count = Number(Deno.args[floodAt + 1]);
  server.server.oninitialized = async () => {
    const padding = "x".repeat(10_000);
    for (let i = 1; i <= count; i++) {
      await server.server.sendLoggingMessage({ level: "info", data: `${i} ${padding}` });
      console.error(`bad-server: flooded ${i}`);
    }
  };
}
await server.connect(new StdioServerTransport());
