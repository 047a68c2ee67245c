import assert from "node:assert/strict";
import { bundleWorker, startWorker } from "../support/workerd.ts";
import { joinListPages } from "../support/tool_pages.ts";
import { connect, overLimits, walk } from "./_pages.ts";
import { freePort } from "../support/npm_servers.ts";

// The README's quick start, examples/quickstart/worker.ts, as `wrangler deploy`
// bundles it, in real workerd: an SDK client walks every page of its tool.
const QUICKSTART = "examples/quickstart";
// Bundling waits on wrangler more than it computes: start it now, beside the first test.
bundleWorker(QUICKSTART).catch(() => {}); // a failure is reported by the tests that need it

/** What list_orders returns, built as worker.ts builds it. */
const ORDERS = Array.from({ length: 5_000 }, (_, i) => ({
  id: 10_000 + i,
  customer: `customer-${(i * 7_919) % 1_000}`,
  status: ["open", "paid", "shipped"][i % 3],
  total: ((i * 3_571) % 100_000) / 100,
}));

Deno.test("README.md shows examples/quickstart/worker.ts whole, as it is", async () => {
  const source = await Deno.readTextFile(`${QUICKSTART}/worker.ts`);
  const readme = await Deno.readTextFile("README.md");
  assert.ok(readme.includes("```ts\n" + source + "```\n"), "README.md quotes worker.ts verbatim");
  // The data the test checks against is the data the Worker serves.
  for (const line of ORDERS_SOURCE) assert.ok(source.includes(line), line);
});

// The lines of worker.ts that make the orders (ORDERS above copies them).
const ORDERS_SOURCE = [
  "const orders = Array.from({ length: 5_000 }, (_, i) => ({",
  "  id: 10_000 + i,",
  "  customer: `customer-${(i * 7_919) % 1_000}`,",
  '  status: ["open", "paid", "shipped"][i % 3],',
  "  total: ((i * 3_571) % 100_000) / 100,",
];

Deno.test("quick start in workerd: GET and DELETE get 405, and an SDK client walks every page, each within the limits, back to the exact orders", async (t) => {
  const worker = await startWorker(await bundleWorker(QUICKSTART));
  try {
    await t.step("GET and DELETE /mcp: 405, Allow: POST", async () => {
      for (const method of ["GET", "DELETE"]) {
        const response = await fetch(worker.url, { method });
        await response.body?.cancel();
        assert.equal(response.status, 405, method);
        assert.equal(response.headers.get("allow"), "POST", method);
      }
    });
    for (const sdk of ["v1", "v2"] as const) {
      await t.step(`SDK ${sdk} client`, async () => {
        const connection = await connect(worker.url, sdk);
        try {
          const [tool] = await connection.tools();
          assert.equal((tool as { name: string }).name, "list_orders");
          assert.equal(
            (tool.inputSchema.properties?.cursor as { type?: string } | undefined)?.type,
            "string",
            "tools/list gives list_orders an optional cursor",
          );
          const pages = await walk(connection, "list_orders");
          // 353 KB of JSON at 50,000 characters a page: at least 8 pages.
          assert.ok(pages.length >= 8, `${pages.length} pages`);
          for (const [k, page] of pages.entries()) {
            assert.equal(page.content.length, 1, `page ${k + 1}: one text block`);
            const over = overLimits(page, { maxTokens: 20_000, maxChars: 50_000 });
            assert.deepEqual(over, [], `page ${k + 1} of ${pages.length}`);
          }
          const texts = pages.map((page) => (page.content[0] as { text: string }).text);
          assert.equal(JSON.stringify(joinListPages(texts)), JSON.stringify(ORDERS));
        } finally {
          // The v1 client may still be reading the 405 of its GET when it closes: workerd then
          // logs a "Broken pipe" line, which is harmless.
          await connection.close();
        }
      });
    }
  } finally {
    await worker.close();
  }
});

// The README's command, run in examples/quickstart as it says.
const DEV_COMMAND = "deno run -A --config ../../deno.dev.json npm:wrangler@4.86.0 dev";

/** What `git status` shows, and the bytes of the tracked locks, which a run must leave as they are. */
async function cloneState(): Promise<string> {
  const git = await new Deno.Command("git", {
    args: ["status", "--porcelain", "--untracked-files=all"],
    stdout: "piped",
    stderr: "piped",
  }).output().catch((error) => {
    throw new Error(`git is needed: apt-get install -y git (${error})`);
  });
  assert.ok(git.success, new TextDecoder().decode(git.stderr));
  const locks = await Promise.all(
    ["deno.lock", "deno.dev.lock"].map((lock) => Deno.readFile(lock)),
  );
  const digests = await Promise.all(locks.map((bytes) => crypto.subtle.digest("SHA-256", bytes)));
  return new TextDecoder().decode(git.stdout) +
    digests.map((digest) => new Uint8Array(digest).join(",")).join("\n");
}

Deno.test("the README's wrangler dev of the quick start serves it and leaves the clone as it was", async () => {
  const readme = await Deno.readTextFile("README.md");
  assert.ok(readme.includes(`\`examples/quickstart\`:\n\n\`\`\`sh\n${DEV_COMMAND}\n`), DEV_COMMAND);
  const before = await cloneState();
  const [deno, ...args] = DEV_COMMAND.split(" ");
  assert.equal(deno, "deno");
  const port = freePort();
  // Its own ports, so that it never meets another wrangler dev; neither writes a file.
  const extra = ["--ip", "127.0.0.1", "--port", `${port}`, "--inspector-port", `${freePort()}`];
  const child = new Deno.Command(Deno.execPath(), {
    args: [...args, ...extra],
    cwd: QUICKSTART,
    env: { WRANGLER_SEND_METRICS: "false", NO_COLOR: "1", CI: "1" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const output = Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
  ]);
  try {
    const url = `http://127.0.0.1:${port}/mcp`;
    const connection = await connectWhenReady(url, child.status);
    try {
      const [tool] = await connection.tools();
      assert.equal((tool as { name: string }).name, "list_orders");
      const page = await connection.call("list_orders");
      assert.match((page.content[0] as { text: string }).text, /^\{"page":\{"items":"1-/);
    } finally {
      await connection.close();
    }
  } catch (error) {
    child.kill();
    throw new Error(`${DEV_COMMAND} did not serve:\n${(await output).join("")}`, { cause: error });
  }
  child.kill("SIGTERM");
  await child.status;
  await output;
  assert.equal(await cloneState(), before, "git status and the locks after wrangler dev");
});

/** An SDK client of the quick start at `url`, once wrangler dev serves it (it takes seconds). */
async function connectWhenReady(url: string, exited: Promise<Deno.CommandStatus>) {
  let gone = false;
  exited.then(() => (gone = true));
  for (const deadline = Date.now() + 120_000; Date.now() < deadline && !gone;) {
    try {
      return await connect(url, "v1");
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(gone ? "wrangler dev exited" : "wrangler dev did not serve within 120 s");
}

/** A wrangler.jsonc's settings: its text without comments, parsed. */
const jsonc = (text: string): Record<string, unknown> =>
  JSON.parse(text.replace(/^\s*\/\/.*$/gm, "").replace(/,(\s*[}\]])/g, "$1"));

Deno.test("the README's wrangler.jsonc for a Worker outside the repository is the quick start's without its alias", async () => {
  const readme = await Deno.readTextFile("README.md");
  const shown = /^```jsonc\n([\s\S]*?)^```$/m.exec(readme)?.[1];
  assert.ok(shown, "README.md shows a wrangler.jsonc");
  const { alias, $schema: _, ...own } = jsonc(
    await Deno.readTextFile(`${QUICKSTART}/wrangler.jsonc`),
  );
  assert.ok(alias, "the repository's quick start maps @pagewise/mcp to the sources");
  assert.deepEqual(jsonc(shown), own);
});
