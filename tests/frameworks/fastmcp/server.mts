/**
 * fastmcp (Node) serving the paged records tool over Streamable HTTP
 * (`httpStream`), run by tests/frameworks/fastmcp_test.ts as
 * `node --import tsx server.mts PORT MODE`:
 *
 * - `stateful`: one SDK v1 `Server` per session, `session.server`; fastmcp
 *   emits `connect` before the session's first request is handled, so
 *   `paginate(session.server)` pages every tool of every session, each for
 *   the client its initialize named;
 * - `stateless`: a session per request and no `connect` event, so no SDK
 *   server to wrap: the tool's `execute` is wrapped with `pagedTool`, and its
 *   parameters declare the cursor. Nothing of the client reaches `execute`
 *   (its context's `client.version` is empty, no session id is given, the
 *   request's `_meta` is not passed on): every client gets the default pages.
 *
 * No limits are set.
 *
 * Prints `listening` once the port is open.
 *
 * @module
 */
import process from "node:process";
import { FastMCP } from "fastmcp";
import { z } from "zod";
import { pagedTool, paginate } from "../../../mod.ts";
import { recordsResult, TOOL } from "../_records.ts";

const [port, mode] = process.argv.slice(2);
if (!/^\d+$/.test(port ?? "") || (mode !== "stateful" && mode !== "stateless")) {
  throw new Error("usage: server.mts PORT stateful|stateless");
}

const server = new FastMCP({ name: `records-fastmcp-${mode}`, version: "1.0.0" });
const description = "Every record, as one JSON list.";
if (mode === "stateful") {
  server.addTool({ name: TOOL, description, execute: () => Promise.resolve(recordsResult()) });
  server.on("connect", ({ session }) => {
    paginate(session.server);
  });
} else {
  const parameters = z.object({ cursor: z.string().optional() });
  server.addTool({
    name: TOOL,
    description: `${description} Long results come in pages: pass next_cursor as cursor.`,
    parameters,
    execute: pagedTool(TOOL, () => recordsResult(), { inputSchema: parameters }),
  });
}
await server.start({
  transportType: "httpStream",
  httpStream: { host: "127.0.0.1", port: Number(port), stateless: mode === "stateless" },
});
console.log("listening");
