import assert from "node:assert/strict";
import { z } from "zod";
import { paginate, type ToolResult } from "../../mod.ts";
import { httpV1, httpV2 } from "../support/http.ts";
import { issues } from "../../dev/records.ts";
import type { TestServer } from "../support/sdks.ts";
import { o200k } from "../../dev/tokenizers.ts";

const textOf = (result: ToolResult) => String(result.content?.[0]?.text ?? "");

// A server is built for every request: no state survives between pages.
function setup(server: TestServer): void {
  paginate(server, { maxTokens: 20_000 });
  server.registerTool(
    "list_issues",
    { description: "Every issue.", inputSchema: z.object({ repo: z.string() }) },
    () => ({ content: [{ type: "text", text: JSON.stringify(issues(5_000)) }] }),
  );
}

for (const [name, start] of [["SDK v1", httpV1], ["SDK v2", httpV2]] as const) {
  Deno.test(`${name} over Streamable HTTP: a stateless server pages 5,000 records exactly`, async () => {
    const rig = await start(setup);
    try {
      const args = { repo: "acme/widgets" };
      const pages = [await rig.client.callTool({ name: "list_issues", arguments: args })];
      for (;;) {
        const cursor = JSON.parse(textOf(pages.at(-1)!)).page.next_cursor;
        if (!cursor) break;
        pages.push(
          await rig.client.callTool({ name: "list_issues", arguments: { ...args, cursor } }),
        );
      }
      assert.deepEqual(pages.flatMap((p) => JSON.parse(textOf(p)).items), issues(5_000));
      for (const page of pages) assert.ok(o200k(textOf(page)) <= 20_000);
      assert.ok(rig.requests() >= pages.length, "every page was a new request to a new server");
    } finally {
      await rig.close();
    }
  });
}
