/**
 * A tools/call naming a tool the server does not have (issue 23): an SDK v1
 * McpServer with 5,000 tools, a new unknown name on every call, through a
 * client in memory, with and without `paginate`. Prints the mean of a run of
 * calls, then times one call with `Deno.bench`.
 *
 *   deno bench -A bench/unknown_tool_bench.ts
 */
import { paginate } from "../mod.ts";
import { Client, InMemoryTransport, McpServer } from "../tests/support/mcp_v1.ts";

const TOOLS = 5_000;
const CALLS = 2_000;

async function clientOf(paged: boolean): Promise<Client> {
  const server = new McpServer({ name: "many", version: "1.0.0" });
  if (paged) paginate(server);
  for (let i = 0; i < TOOLS; i++) {
    server.registerTool(`tool_${i}`, { description: `Tool ${i}` }, () => ({ content: [] }));
  }
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: "bench", version: "1.0.0" });
  await client.connect(b);
  return client;
}

let n = 0;
const unknown = (client: Client) =>
  client.callTool({ name: `no_such_tool_${n++}`, arguments: {} }).catch((e) => e);

const bare = await clientOf(false);
const paged = await clientOf(true);
// Warm up both, then alternate runs so that load on the machine hits both alike.
for (let i = 0; i < 200; i++) await unknown(bare), await unknown(paged);
const times = { bare: [] as number[], paged: [] as number[] };
for (let round = 0; round < 4; round++) {
  for (const [name, client] of [["bare", bare], ["paged", paged]] as const) {
    const t = performance.now();
    for (let i = 0; i < CALLS / 4; i++) await unknown(client);
    times[name].push((performance.now() - t) / (CALLS / 4));
  }
}
const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
console.log(
  `\n${TOOLS} tools, a new unknown name each call, ${CALLS} calls each (SDK v1, in memory)`,
);
console.log("| server | a call: mean (per round of 500) |");
console.log("| --- | --- |");
console.log(
  `| without paginate | ${mean(times.bare).toFixed(3)} ms (${
    times.bare.map((t) => t.toFixed(3)).join(", ")
  }) |`,
);
console.log(
  `| with paginate | ${mean(times.paged).toFixed(3)} ms (${
    times.paged.map((t) => t.toFixed(3)).join(", ")
  }) |`,
);
console.log(
  `paginate adds ${(mean(times.paged) - mean(times.bare)).toFixed(3)} ms a call (${
    new Date().toISOString()
  })`,
);

Deno.bench(
  "unknown tool, 5,000 tools: without paginate",
  { group: "unknown tool", baseline: true },
  async () => {
    await unknown(bare);
  },
);
Deno.bench("unknown tool, 5,000 tools: with paginate", { group: "unknown tool" }, async () => {
  await unknown(paged);
});
globalThis.addEventListener("beforeunload", () => {
  void bare.close();
  void paged.close();
});
