import assert from "node:assert/strict";
import { connect } from "../examples/_pages.ts";
import { APP } from "../examples/_suite.ts";

// Under Deno 2.9, a handler that reads `request.signal` (the SDK v2's
// createMcpHandler, proxyHandler) makes Deno.serve warn of the signal's
// legacy behavior, unless --unstable-no-legacy-abort: the docs pass it
// wherever they serve with Deno.

const WARNING = "request.signal aborts on successful responses (legacy behavior)";

/** What `deno serve` of the demo printed while an SDK client listed its tools, with `flags`. */
async function demoServedWith(flags: string[]): Promise<string> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["serve", ...flags, "--allow-env", "--host", "127.0.0.1", "--port", "0", APP],
    env: { NO_COLOR: "1" },
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const stderr = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
  let printed = "";
  try {
    let port: string | undefined;
    while (!(port = /Listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(printed)?.[1])) {
      const { value, done } = await stderr.read();
      if (done) throw new Error(`deno serve ${APP} exited:\n${printed}`);
      printed += value;
    }
    const connection = await connect(`http://127.0.0.1:${port}/mcp`, "v1");
    await connection.tools();
    await connection.close();
  } finally {
    child.kill();
    for (let read = await stderr.read(); !read.done; read = await stderr.read()) {
      printed += read.value;
    }
    await child.status;
  }
  return printed;
}

Deno.test("deno serve of the SDK v2 handler warns of request.signal without --unstable-no-legacy-abort, and not with it", async () => {
  assert.match(await demoServedWith([]), new RegExp(WARNING.replace(/[.()]/g, "\\$&")));
  assert.doesNotMatch(await demoServedWith(["--unstable-no-legacy-abort"]), /legacy behavior/);
});

Deno.test("every deno serve command of the docs passes --unstable-no-legacy-abort", async () => {
  const docs = ["README.md", "CONTRIBUTING.md"];
  for (const folder of ["docs", "examples", "examples/deno-deploy", "examples/proxy"]) {
    for await (const entry of Deno.readDir(folder)) {
      if (entry.name.endsWith(".md")) docs.push(`${folder}/${entry.name}`);
    }
  }
  const bare: string[] = [];
  let commands = 0;
  for (const doc of docs) {
    const text = (await Deno.readTextFile(doc)).replace(/\\\n\s*/g, " ");
    for (const [command] of text.matchAll(/^\s*(?:\S+=\S+\s+)*deno serve\b.*$/gm)) {
      commands++;
      if (!command.includes("--unstable-no-legacy-abort")) bare.push(`${doc}: ${command.trim()}`);
    }
  }
  assert.deepEqual(bare, []);
  assert.ok(commands >= 3, `${commands} deno serve commands found: the pattern misses them`);
});
