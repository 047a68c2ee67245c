/**
 * `pagewise proxy` with no limit flags pages for the client in front of it,
 * whose initialize names it: seven clients each walk 1.3 MB of rows exactly,
 * every page within that client's own limit.
 */
import assert from "node:assert/strict";
import { countingCommand, rowsOf } from "../support/counting_server.ts";
import { startProxy } from "../support/proxy_rig.ts";
import { type CallResult, textOf } from "../support/tool_pages.ts";
import { CLIENT_CASES, walkItemPages } from "../support/client_cases.ts";

const ARGS = { seed: 7, n: 16_000 };

Deno.test("the stdio proxy sizes each page for the client its initialize names", async (t) => {
  const rows = rowsOf(ARGS.seed, ARGS.n);
  assert.ok(JSON.stringify(rows).length > 1_200_000);
  for (const client of CLIENT_CASES) {
    await t.step(client.name, async () => {
      const proxy = await startProxy(["--quiet"], countingCommand(), { name: client.name });
      try {
        await walkItemPages(
          client,
          (args) =>
            proxy.client.callTool({ name: "rows", arguments: { ...ARGS, ...args } }) as Promise<
              CallResult
            >,
          rows,
        );
      } finally {
        await proxy.close();
      }
    });
  }
});

Deno.test("with --no-client-limits the stdio proxy pages every client alike", async () => {
  const proxy = await startProxy(["--quiet", "--no-client-limits"], countingCommand(), {
    name: "Visual Studio Code",
  });
  try {
    const result = await proxy.client.callTool({ name: "rows", arguments: ARGS }) as CallResult;
    assert.ok(textOf(result).length > 40_000, "sized for VS Code all the same");
  } finally {
    await proxy.close();
  }
});

Deno.test("the stdio proxy's log names the client of each page, and shows a narrowed call without a control character", async () => {
  const proxy = await startProxy([], countingCommand(), { name: "claude-code" });
  try {
    await proxy.client.callTool({ name: "rows", arguments: { ...ARGS, grep: "a" } });
    await proxy.client.callTool({ name: "rows", arguments: ARGS });
  } finally {
    await proxy.close();
  }
  const log = proxy.stderr();
  // deno-lint-ignore no-control-regex
  assert.doesNotMatch(log, /[\u0000-\u0008\u000b-\u001f]/);
  assert.match(
    log,
    /rows \{"n":16000,"seed":7\} narrowed by \["a",null\]: items 1-\d+ of \d+ for claude-code \(claudeCode\)/,
  );
  assert.match(
    log,
    /rows \{"n":16000,"seed":7\}: items 1-\d+ of 16000 for claude-code \(claudeCode\)/,
  );
});

Deno.test("the stdio proxy's log shows a bidirectional override in a grep escaped, not raw", async () => {
  const proxy = await startProxy([], countingCommand(), { name: "claude-code" });
  try {
    await proxy.client.callTool({ name: "rows", arguments: { ...ARGS, grep: "a\u202eb|a" } });
  } finally {
    await proxy.close();
  }
  assert.doesNotMatch(proxy.stderr(), /\u202e/);
  assert.match(proxy.stderr(), /\\u202e/);
});
