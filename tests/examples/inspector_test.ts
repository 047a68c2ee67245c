import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { readLog } from "../../examples/shared/tools.ts";
import { denoServe } from "../support/deno_serve.ts";
import { nextCursor, type Result } from "./_pages.ts";
import { TOOL_NAMES } from "./_suite.ts";

// The MCP Inspector's CLI: a client nobody here wrote. It reads
// ../package.json from its working directory, so it runs from its build folder.
const BUILD = fileURLToPath(
  new URL("../../node_modules/@modelcontextprotocol/inspector-cli/build/", import.meta.url),
);

async function inspector(url: string, ...args: string[]): Promise<unknown> {
  try {
    await Deno.stat(`${BUILD}index.js`);
  } catch {
    throw new Error(
      "The MCP Inspector CLI is missing: run `deno install --config deno.dev.json` at the repository root " +
        "(deno.dev.json maps @modelcontextprotocol/inspector-cli).",
    );
  }
  let output: Deno.CommandOutput;
  try {
    output = await new Deno.Command("node", {
      args: ["index.js", url, "--transport", "http", ...args],
      cwd: BUILD,
      stdin: "null",
    }).output();
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
    throw new Error(
      "The MCP Inspector CLI needs Node.js 20 or later: `apt-get install -y nodejs` " +
        "(or `npm install -g node@20`), then retry.",
    );
  }
  const stdout = new TextDecoder().decode(output.stdout);
  if (!output.success) {
    throw new Error(
      `inspector ${args.join(" ")} failed:\n${stdout}${new TextDecoder().decode(output.stderr)}`,
    );
  }
  return JSON.parse(stdout);
}

const chunk = (result: Result) =>
  (result.content[0] as { text: string }).text.replace(/\n\n\[Output cut: [^\]]*\]$/, "");

Deno.test("MCP Inspector CLI against the Deno example", async (t) => {
  const app = await denoServe("examples/deno-deploy/main.ts");
  try {
    await t.step("tools/list shows the four tools, each with a cursor argument", async () => {
      const { tools } = await inspector(app.url, "--method", "tools/list") as {
        tools: Array<{ name: string; inputSchema: { properties: Record<string, unknown> } }>;
      };
      assert.deepEqual(tools.map((tool) => tool.name).sort(), [...TOOL_NAMES].sort());
      for (const tool of tools) assert.ok("cursor" in tool.inputSchema.properties, tool.name);
    });

    await t.step(
      "read_log without a cursor, then with the first page's cursor, continues the log",
      async () => {
        const call = ["--method", "tools/call", "--tool-name", "read_log"];
        const first = await inspector(app.url, ...call) as Result;
        const cursor = nextCursor(first);
        assert.ok(cursor, "the first page has a cursor");
        const second = await inspector(
          app.url,
          ...call,
          "--tool-arg",
          `cursor=${cursor}`,
        ) as Result;
        const text = chunk(first) + chunk(second);
        const log = (readLog({}).content[0] as { text: string }).text;
        assert.ok(chunk(second).length > 0);
        assert.equal(text, log.slice(0, text.length));
        assert.notEqual(nextCursor(second), cursor);
      },
    );
  } finally {
    await app.close();
  }
});
