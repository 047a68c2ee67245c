// What a cursor means for a live result (a browser page, a table being
// written), as docs/cursors.md says: with a cache, an earlier cursor goes on
// with the result kept at the walk's first call; without one, or once the
// result is no longer kept, it pages the result as it is now, marked changed.
import assert from "node:assert/strict";
import { memoryStore, paginate, type PaginateOptions, type ToolResult } from "../../mod.ts";
import { type Sdk, SDKS } from "../support/sdks.ts";

const LIMITS = { maxTokens: 1_000, maxChars: 4_000 };

/** A page that changes when it is clicked: its snapshot is 600 lines of the current version. */
function livePage() {
  const state = { version: "A", runs: 0 };
  const snapshot = () =>
    Array.from({ length: 600 }, (_, i) => `- row ${i}: version ${state.version}`).join("\n");
  return { state, snapshot };
}

const textOf = (result: ToolResult) => String(result.content?.[0]?.text ?? "");
const cursorOf = (result: ToolResult) => /cursor="([^"]+)"/.exec(textOf(result))?.[1];

/** A client of a paginated server whose one tool snapshots `page`. */
async function serve(sdk: Sdk, page: ReturnType<typeof livePage>, options: PaginateOptions) {
  const server = paginate(sdk.server(), { ...LIMITS, ...options });
  server.registerTool("browser_snapshot", { description: "The page." }, () => {
    page.state.runs++;
    return { content: [{ type: "text", text: page.snapshot() }] };
  });
  return await sdk.connect(server);
}

for (const sdk of SDKS) {
  Deno.test(`${sdk.name}: with a cache, an earlier cursor goes on with the result as its walk's first call returned it`, async () => {
    const page = livePage();
    const store = memoryStore();
    const client = await serve(sdk, page, { cache: { store } });
    const first = await client.callTool({ name: "browser_snapshot", arguments: {} });
    page.state.version = "B"; // a click changed the page
    const cursor = cursorOf(first)!;
    const second = await client.callTool({ name: "browser_snapshot", arguments: { cursor } });
    assert.match(textOf(second), /version A/);
    assert.doesNotMatch(textOf(second), /version B|changed/);
    assert.equal(page.state.runs, 1, "the tool did not run again");
    // A call without a cursor is the page as it is now.
    const fresh = await client.callTool({ name: "browser_snapshot", arguments: {} });
    assert.match(textOf(fresh), /version B/);
    await client.close();

    // Where the result is no longer kept (evicted, expired, another instance), the
    // same cursor pages the result as it is now, and says it changed.
    const elsewhere = await serve(sdk, page, { cache: { store: memoryStore() } });
    const after = await elsewhere.callTool({ name: "browser_snapshot", arguments: { cursor } });
    assert.match(textOf(after), /version B/);
    assert.match(textOf(after), /The result changed since the previous page/);
    await elsewhere.close();
  });

  Deno.test(`${sdk.name}: without a cache, an earlier cursor pages the result as it is now, marked changed`, async () => {
    const page = livePage();
    const client = await serve(sdk, page, {});
    const first = await client.callTool({ name: "browser_snapshot", arguments: {} });
    page.state.version = "B";
    const second = await client.callTool({
      name: "browser_snapshot",
      arguments: { cursor: cursorOf(first)! },
    });
    assert.match(textOf(second), /version B/);
    assert.match(textOf(second), /The result changed since the previous page; this page is from/);
    assert.equal(page.state.runs, 2);
    await client.close();
  });
}
