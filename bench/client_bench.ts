/**
 * The cost of sizing a page for the client that asked (issue 28): finding
 * the client in a request (its `_meta`, the session, a session id of
 * withClientSession) and its limits in the table, alone and inside a page.
 * The page is the same in each case: the client is mapped to the default
 * limits (`clientLimits: { names: { "bench-client": {} } }`), so that only
 * the finding differs.
 *
 *   deno bench -A bench/client_bench.ts
 */
import { createResultPager } from "../mod.ts";
import { clientNameOf } from "../src/mcp/_client.ts";
import { clientSessionId } from "../src/mcp/session_id.ts";
import { resolveClientLimits } from "../src/paging/options.ts";
import { issues } from "../dev/records.ts";

const table = resolveClientLimits(undefined)!;
const inMeta = {
  params: { _meta: { "io.modelcontextprotocol/clientInfo": { name: "claude-code" } } },
};
const inSession = {
  requestInfo: {
    headers: { "mcp-session-id": clientSessionId("claude-ai (via mcp-remote 0.1.38)") },
  },
};

Deno.bench("find the client: _meta, then its preset", { group: "find" }, () => {
  table.match(clientNameOf(inMeta, {})!);
});
Deno.bench("find the client: a withClientSession session id, then its preset", {
  group: "find",
}, () => {
  table.match(clientNameOf(undefined, inSession)!);
});
Deno.bench("find the client: none to find", { group: "find", baseline: true }, () => {
  clientNameOf(undefined, {});
});

// A 60 KB result of 200 issues, cut into pages of 2,000 tokens: the page is the
// same with and without the client (mapped to the same limits), so the
// difference is the finding. Alternated, so that load on the machine hits both.
const result = { content: [{ type: "text", text: JSON.stringify(issues(200)) }] };
const results = createResultPager({
  maxTokens: 2_000,
  clientLimits: { names: { "bench-client": {} } },
});
const page = (client?: string) => results.page(result, { scope: "list_issues {}", client });
const ROUNDS = 400;
const times = { none: [] as number[], named: [] as number[] };
for (let i = 0; i < 50; i++) await page(), await page("bench-client");
for (let i = 0; i < ROUNDS; i++) {
  for (const [name, client] of [["none", undefined], ["named", "bench-client"]] as const) {
    const t = performance.now();
    await page(client);
    times[name].push(performance.now() - t);
  }
}
const median = (v: number[]) => v.toSorted((a, b) => a - b)[Math.floor(v.length / 2)];
console.log(`\nA first page of 60 KB at 2,000 tokens, ${ROUNDS} of each, alternated (medians)`);
console.log("| page | median |");
console.log("| --- | --- |");
console.log(`| no client named | ${median(times.none).toFixed(3)} ms |`);
console.log(`| sized for the client named | ${median(times.named).toFixed(3)} ms |`);
console.log(`| ratio | ${(median(times.named) / median(times.none)).toFixed(3)} |`);
