/**
 * `pagewise proxy` with no limit flags pages for the client in front of it,
 * whose initialize names it: seven clients each walk 1.3 MB of rows exactly,
 * every page within that client's own limit.
 */
import assert from "node:assert/strict";
import { countingCommand, rowsOf } from "../support/counting_server.ts";
import { startProxy } from "../support/proxy_rig.ts";
import { type CallResult, textOf } from "../support/tool_pages.ts";
import { checkPages, CLIENT_CASES } from "../support/client_cases.ts";

const ARGS = { seed: 7, n: 16_000 };

Deno.test("the stdio proxy sizes each page for the client its initialize names", async (t) => {
  const rows = rowsOf(ARGS.seed, ARGS.n);
  assert.ok(JSON.stringify(rows).length > 1_200_000);
  for (const client of CLIENT_CASES) {
    await t.step(client.name, async () => {
      const proxy = await startProxy(["--quiet"], countingCommand(), { name: client.name });
      try {
        const pages: string[] = [];
        const seen: unknown[] = [];
        let cursor: string | undefined;
        do {
          const result = await proxy.client.callTool({
            name: "rows",
            arguments: cursor ? { ...ARGS, cursor } : ARGS,
          }) as CallResult;
          assert.ok(!result.isError, textOf(result));
          const text = textOf(result);
          pages.push(text);
          const json = JSON.parse(text);
          seen.push(...json.items);
          cursor = json.page.next_cursor;
        } while (cursor);
        assert.deepEqual(seen, rows);
        checkPages(client, pages);
      } finally {
        await proxy.close();
      }
    });
  }
});
