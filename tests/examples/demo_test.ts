import assert from "node:assert/strict";
import { connect } from "./_pages.ts";
import { TOOL_NAMES } from "./_suite.ts";

// `deno task demo`, run as its task line says, on a free port (PORT=0)
// instead of 8000 so that it never collides with a demo someone is running,
// with Deno KV in memory (the task's flags must allow the cache).
Deno.test("deno task demo serves the Deno example and prints how to connect clients", async () => {
  const config = JSON.parse(await Deno.readTextFile("deno.json"));
  const [command, ...args] = String(config.tasks.demo).split(/\s+/);
  assert.equal(command, "deno");
  const child = new Deno.Command(Deno.execPath(), {
    args,
    env: { PORT: "0", NO_COLOR: "1", PAGEWISE_DENO_KV: ":memory:" },
    stdin: "null",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  try {
    let out = "";
    while (!out.includes("Serving until stopped")) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the demo exited before serving:\n${out}`);
      out += value;
    }
    const url = /MCP server at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(out)?.[1];
    assert.ok(url, out);
    assert.ok(out.includes(`claude mcp add --transport http demo ${url}`), out);
    assert.deepEqual(JSON.parse(/\{\s*"mcpServers"[\s\S]*?\n {2}\}/.exec(out)![0]), {
      mcpServers: { demo: { type: "http", url } },
    });
    assert.ok(out.includes(`npx @modelcontextprotocol/inspector --cli ${url} --transport http`));
    assert.ok(out.includes("Cache: Deno KV at :memory:, later pages read from it."), out);

    const connection = await connect(url, "v1");
    try {
      const tools = await connection.tools();
      assert.deepEqual(tools.map((tool) => tool.name).sort(), [...TOOL_NAMES].sort());
    } finally {
      await connection.close();
    }
    // Still serving after a client came and went.
    const again = await fetch(url.replace(/mcp$/, ""));
    assert.equal(again.status, 200);
    await again.body?.cancel();
  } finally {
    child.kill();
    await reader.cancel();
    await child.status;
  }
});
