/**
 * A stateless MCP server made per request, its cache store made per request
 * (`per-request`) or once for the process (`once`), walked by an SDK client
 * over Streamable HTTP: run as a process of its own by
 * store_per_request_test.ts, so that each run is a fresh isolate (nothing
 * this process kept survives it) and its console can be read.
 *
 *   deno run -A --config deno.dev.json tests/cache/_request_servers.ts MODE PAGES [CURSOR]
 *
 * Walks PAGES pages (from CURSOR, else from the first), then prints JSON:
 * the tool's runs, the cursor after the last page, the cache_warning events.
 */
import { memoryStore, type PagerEvent } from "../../mod.ts";
import { call, countTokens, httpServer, nextCursor, textOf } from "./_rig.ts";
import { spansJson } from "../../dev/cache_data.ts";

const [mode, pages, from] = Deno.args;
const OUTPUT = spansJson(300);
const once = memoryStore();
let warnings = 0;
const onEvent = (event: PagerEvent) => void (event.type === "cache_warning" && warnings++);
const http = httpServer("stateless", () => ({
  maxTokens: 2_000,
  countTokens,
  cache: { store: mode === "once" ? once : memoryStore() },
  onEvent,
}), () => OUTPUT);
try {
  const client = await http.connect();
  let cursor: string | undefined = from;
  for (let page = 0; page < Number(pages); page++) {
    const result = await call(client, cursor ? { q: "*", cursor } : { q: "*" });
    if (result.isError) throw new Error(textOf(result));
    cursor = nextCursor(textOf(result));
    if (!cursor) break;
  }
  console.log(JSON.stringify({ runs: http.runs(), cursor, warnings }));
} finally {
  await http.close();
}
