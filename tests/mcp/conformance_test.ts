/**
 * The MCP conformance suite (npm @modelcontextprotocol/conformance, run under
 * Deno) against a server with the suite's fixtures, without and with
 * paginate + paginateLists: every scenario that passes without passes with.
 */
import assert from "node:assert/strict";
import { startFixtureServer } from "../support/conformance_server.ts";
import { DEV_CONFIG } from "../../dev/config.ts";

const CLI = new URL(
  "../../node_modules/@modelcontextprotocol/conformance/dist/index.js",
  import.meta.url,
);

async function run(paged: boolean): Promise<Map<string, boolean>> {
  try {
    await Deno.stat(CLI);
  } catch {
    throw new Error(
      `The conformance suite is not installed at ${CLI.pathname}: run \`deno install\`.`,
    );
  }
  const abort = new AbortController();
  const server = startFixtureServer(paged, abort.signal);
  try {
    const out = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--config",
        DEV_CONFIG,
        "-A",
        CLI.pathname,
        "server",
        "--url",
        `http://127.0.0.1:${server.addr.port}/mcp`,
      ],
      stdout: "piped",
      stderr: "piped",
      env: { NO_COLOR: "1" },
    }).output();
    const text = new TextDecoder().decode(out.stdout);
    const summary = text.slice(text.indexOf("=== SUMMARY ==="));
    const results = new Map<string, boolean>();
    for (
      const [, name, failed] of summary.matchAll(/^[✓✗] ([\w-]+): \d+ passed, (\d+) failed$/gm)
    ) {
      results.set(name, failed === "0");
    }
    if (results.size === 0) throw new Error(`no conformance summary:\n${text.slice(-2000)}`);
    return results;
  } finally {
    abort.abort();
    await server.finished;
  }
}

Deno.test("every conformance scenario that passes without paginate passes with it", async () => {
  const plain = await run(false);
  const paged = await run(true);
  const passing = [...plain].filter(([, ok]) => ok).map(([name]) => name);
  // The fixtures cover the tool, resource-list and prompt scenarios.
  for (
    const name of [
      "tools-list",
      "tools-call-simple-text",
      "tools-call-image",
      "tools-call-mixed-content",
      "tools-call-error",
      "prompts-list",
    ]
  ) {
    assert.ok(passing.includes(name), `${name} should pass against the fixtures`);
  }
  const lost = passing.filter((name) => paged.get(name) !== true);
  assert.deepEqual(lost, [], `scenarios that paginate broke: ${lost.join(", ")}`);
});
