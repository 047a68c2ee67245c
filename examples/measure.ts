/**
 * Measures the demos for their READMEs: the Worker bundle (raw, gzip, who
 * takes the bytes), start-up, and CPU time per page of each tool in workerd
 * and under `deno serve`, without a cache and with each store (Upstash through
 * a real redis-server behind the REST bridge of tests/support, Workers KV in
 * Miniflare, Deno KV in memory). Linux only (CPU time is read from /proc);
 * needs redis-server.
 *
 *     deno run -A --unstable-kv examples/measure.ts > /tmp/figures.md
 *     SECTIONS=cpu,split deno run -A --unstable-kv examples/measure.ts   # some sections only
 *
 * CPU time is the server process's user + system time, less the cost of a
 * trivial request (`GET /`) through the same server: everything the process
 * did for a page (HTTP, JSON-RPC, the SDK, the tool, pagewise, the store's
 * client), an upper bound of what the platform bills. Without a cache it is
 * averaged over a whole walk; with one, the first page (the tool runs, its
 * result is stored) and the later pages (read back) are given apart.
 *
 * @module
 */

import { createResultPager, memoryStore, toolScope } from "@pagewise/mcp";
import { denoServe, type Instance } from "../tests/support/deno_serve.ts";
import { startRedis } from "../dev/redis.ts";
import { startUpstashBridge } from "../dev/upstash_bridge.ts";
import { bundleWorker, startWorker } from "../tests/support/workerd.ts";
import { demoOptionsFromEnv } from "./shared/env.ts";
import { TOOLS } from "./shared/tools.ts";
import { generateFiles, generateIssues, generateLog } from "./shared/data.ts";

const WORKER = "examples/cloudflare";
const APP = "examples/deno-deploy/main.ts";
const REPEAT = Number(Deno.env.get("REPEAT") ?? 3);
const ticks = Number(
  new TextDecoder().decode(
    (await new Deno.Command("getconf", { args: ["CLK_TCK"] }).output()).stdout,
  ),
) || 100;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x: number) => x < 10 ? x.toFixed(1) : x.toFixed(0);
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;

async function cpuMs(pid: number): Promise<number> {
  const stat = await Deno.readTextFile(`/proc/${pid}/stat`);
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 1000 / ticks;
}

/** CPU milliseconds of one call of `f`, from enough calls to sum half a second of CPU. */
async function cpuOf(f: () => unknown): Promise<number> {
  await f(); // warm
  const before = await cpuMs(Deno.pid);
  let calls = 0;
  while (calls < REPEAT || await cpuMs(Deno.pid) - before < 500) {
    await f();
    calls++;
  }
  return (await cpuMs(Deno.pid) - before) / calls;
}

async function gzipSize(text: string): Promise<number> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

// --- Bundle --------------------------------------------------------------

async function bundleFigures(): Promise<string> {
  const outdir = await Deno.makeTempDir({ prefix: "pagewise-measure-" });
  try {
    const run = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--config",
        new URL("../deno.dev.json", import.meta.url).pathname,
        "-A",
        "npm:wrangler@4.86.0",
        "deploy",
        "--dry-run",
        "--outdir",
        outdir,
        "--metafile",
        `${outdir}/meta.json`,
      ],
      cwd: WORKER,
      env: { WRANGLER_SEND_METRICS: "false", NO_COLOR: "1", CI: "1" },
    }).output();
    if (!run.success) throw new Error(new TextDecoder().decode(run.stderr));
    const script = await Deno.readTextFile(`${outdir}/worker.js`);
    const meta = JSON.parse(await Deno.readTextFile(`${outdir}/meta.json`));
    const output = Object.values(
      meta.outputs as Record<string, {
        inputs: Record<string, { bytesInOutput: number }>;
      }>,
    ).find((o) => Object.keys(o.inputs).length > 0)!;
    const groups = new Map<string, number>();
    for (const [path, { bytesInOutput }] of Object.entries(output.inputs)) {
      const group = /node_modules\/(?:\.deno\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/
        .exec(path)?.[1] ??
        (/(^|\/)src\//.test(path) || path.endsWith("mod.ts")
          ? "pagewise (src/, mod.ts)"
          : "the demo (examples/)");
      groups.set(group, (groups.get(group) ?? 0) + bytesInOutput);
    }
    const raw = new TextEncoder().encode(script).length;
    const rows = [...groups].sort((a, b) => b[1] - a[1]).map(([name, bytes]) =>
      `| ${name} | ${kib(bytes)} | ${(bytes / raw * 100).toFixed(1)} % |`
    );
    return `### Worker bundle (wrangler deploy --dry-run)\n\n` +
      `Raw ${kib(raw)}, gzip ${kib(await gzipSize(script))}.\n\n` +
      `| input | bytes in bundle | share |\n| --- | --- | --- |\n${rows.join("\n")}\n`;
  } finally {
    await Deno.remove(outdir, { recursive: true });
  }
}

// --- Requests ------------------------------------------------------------

const HEADERS = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
  "mcp-protocol-version": "2025-06-18",
};

type Content = Array<{ type: string; text?: string }>;

async function callTool(url: string, name: string, args: Record<string, unknown>) {
  const response = await fetch(url, {
    method: "POST",
    headers: HEADERS,
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name, arguments: args },
    }),
  });
  const body = await response.text();
  const json = body.startsWith("{") ? body : /^data: (.*)$/m.exec(body)![1];
  return { content: JSON.parse(json).result.content as Content, bytes: body.length };
}

function nextCursor(content: Content): string | undefined {
  const first = content[0]?.text ?? "";
  if (content.length === 1 && first.startsWith("{")) {
    const json = JSON.parse(first);
    return (json.page ?? json._page)?.next_cursor;
  }
  return /cursor="([^"]+)"/.exec(content.at(-1)?.text ?? "")?.[1];
}

/** CPU of a walk's first page and of its later pages, each per page. */
interface WalkCpu {
  pages: number;
  /** The first page: the tool runs, and with a cache its result is stored. */
  first: number;
  /** Each later page: without a cache the tool runs again, with one the page is read back. */
  later: number;
}

const QUIET_MS = 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Pages of one walk, and the server's CPU milliseconds for its first page
 * and for each later page, over enough walks to sum at least a second of
 * CPU (a hundred clock ticks). After the first page the walk pauses, so that
 * a write the Worker handed to `waitUntil` is done and counted with the
 * first page, as it would be with a model thinking between calls.
 */
async function walkCpu(
  instance: Instance,
  name: string,
  args: Record<string, unknown>,
): Promise<WalkCpu> {
  const start = await cpuMs(instance.pid);
  let pages = 0, walks = 0, first = 0, later = 0;
  while (walks < REPEAT || await cpuMs(instance.pid) - start < 1_000) {
    const t0 = await cpuMs(instance.pid);
    let { content } = await callTool(instance.url, name, args);
    await sleep(QUIET_MS);
    const t1 = await cpuMs(instance.pid);
    first += t1 - t0;
    pages++;
    for (let cursor = nextCursor(content); cursor; cursor = nextCursor(content)) {
      ({ content } = await callTool(instance.url, name, { ...args, cursor }));
      pages++;
    }
    later += await cpuMs(instance.pid) - t1;
    walks++;
  }
  return { pages: pages / walks, first: first / walks, later: later / (pages - walks) };
}

async function trivialCpu(instance: Instance): Promise<number> {
  const n = 1_000;
  const before = await cpuMs(instance.pid);
  for (let i = 0; i < n; i++) await (await fetch(instance.url.replace(/mcp$/, ""))).text();
  return (await cpuMs(instance.pid) - before) / n;
}

/**
 * A tools/call whose result is tiny (a search that finds nothing): what
 * every MCP request costs before any paging, the floor of a page.
 */
async function smallCallCpu(instance: Instance): Promise<number> {
  const n = 300;
  const before = await cpuMs(instance.pid);
  for (let i = 0; i < n; i++) {
    await callTool(instance.url, "search_issues", { query: "no issue says this" });
  }
  return (await cpuMs(instance.pid) - before) / n;
}

const CALLS: Array<[string, Record<string, unknown>]> = [
  ["search_issues", {}],
  ["search_issues", { state: "open" }],
  ["search_issues", { label: "security" }],
  ["read_log", {}],
  ["read_log", { contains: "ERROR" }],
  ["list_files", {}],
  ["list_files", { path: "packages/core" }],
  ["activity_report", {}],
];

function resultSize(name: string, args: Record<string, unknown>): number {
  const result = TOOLS[name](args as never);
  return result.content.reduce(
    (n, b) => n + ("text" in b ? b.text.length : "data" in b ? b.data.length : 0),
    0,
  );
}

/** One way to run a runtime's instance: without a cache, or with a store. */
interface Setup {
  label: string;
  start: () => Promise<Instance>;
}

/**
 * One table a runtime: for each call, CPU a page without a cache, and the
 * first and later pages with each store; every figure minus a trivial
 * request.
 */
async function cpuFigures(runtime: string, setups: Setup[]): Promise<string> {
  const columns: Array<{ base: number; small: number; figures: WalkCpu[] }> = [];
  for (const setup of setups) {
    const instance = await setup.start();
    try {
      for (const [name, args] of CALLS) await callTool(instance.url, name, args); // warm the JIT
      await sleep(QUIET_MS);
      const base = await trivialCpu(instance);
      const small = await smallCallCpu(instance);
      const figures: WalkCpu[] = [];
      for (const [name, args] of CALLS) figures.push(await walkCpu(instance, name, args));
      columns.push({ base, small, figures });
    } finally {
      await instance.close();
    }
  }
  const net = (x: number, base: number) => ms(Math.max(0, x - base));
  const rows = CALLS.map(([name, args], i) => {
    const [plain, ...cached] = columns;
    const p = plain.figures[i];
    const perPage = (p.first + p.later * (p.pages - 1)) / p.pages;
    return `| ${name} ${JSON.stringify(args)} | ${kib(resultSize(name, args))} | ${p.pages} | ` +
      `${net(perPage, plain.base)} | ` +
      cached.map(({ base, figures }) =>
        `${net(figures[i].first, base)} | ${net(figures[i].later, base)}`
      ).join(" | ") + " |";
  });
  const [, ...cachedSetups] = setups;
  return `### CPU time a page: ${runtime}\n\n` +
    `CPU ms of the server process a page, minus a trivial request (GET /: ` +
    `${columns.map((c) => ms(c.base)).join(", ")} ms). A tools/call with a tiny result ` +
    `costs ${columns.map((c) => ms(c.small - c.base)).join(", ")} ms on the same terms: ` +
    "the floor of any page (HTTP, JSON-RPC, a fresh SDK server with its four tools).\n\n" +
    "| call | result | pages | no cache | " +
    cachedSetups.map((s) => `${s.label}: first page | ${s.label}: later page`).join(" | ") +
    " |\n" + `| --- | --- | --- | --- | ${cachedSetups.map(() => "--- | ---").join(" | ")} |\n` +
    `${rows.join("\n")}\n`;
}

// --- Start-up --------------------------------------------------------------

async function timed<T>(f: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now();
  const value = await f();
  return [performance.now() - t, value];
}

async function startFigures(): Promise<string> {
  const bundle = await bundleWorker(WORKER);
  const hello = {
    script: "export default { fetch: () => new Response('hi') };",
    compatibilityDate: bundle.compatibilityDate,
  };
  const rows: string[] = [];
  const measure = async (label: string, start: () => Promise<Instance>, first: boolean) => {
    const ready: number[] = [],
      cpu: number[] = [],
      firstPage: number[] = [],
      warmPage: number[] = [];
    for (let i = 0; i < REPEAT; i++) {
      const [t, instance] = await timed(start);
      ready.push(t);
      cpu.push(await cpuMs(instance.pid));
      try {
        if (!first) continue;
        firstPage.push((await timed(() => callTool(instance.url, "search_issues", {})))[0]);
        warmPage.push((await timed(() => callTool(instance.url, "search_issues", {})))[0]);
      } finally {
        await instance.close();
      }
    }
    rows.push(
      `| ${label} | ${ms(median(ready))} | ${ms(median(cpu))} | ` +
        `${first ? ms(median(firstPage)) : "–"} | ${first ? ms(median(warmPage)) : "–"} |`,
    );
  };
  await measure("workerd, a one-line Worker", () => startWorker(hello), false);
  await measure("workerd, the demo Worker", () => startWorker(bundle), true);
  await measure("deno serve, the Deno example", () => denoServe(APP), true);
  const generate = await cpuOf(() => {
    generateIssues(3_000);
    generateFiles(12_000);
    generateLog(2_000_000);
  });
  return "### Start-up (milliseconds)\n\n" +
    "| instance | process start to ready | CPU until ready | first search_issues page | " +
    "second page |\n" +
    `| --- | --- | --- | --- | --- |\n${rows.join("\n")}\n\n` +
    `Generating the data takes ${ms(generate)} ms of CPU (in Deno, warm).\n`;
}

// --- In process: the tool against pagewise ---------------------------------

async function splitFigures(): Promise<string> {
  const { pagewise } = demoOptionsFromEnv(() => undefined);
  const pager = createResultPager(pagewise);
  const cached = createResultPager({ ...pagewise, cache: { store: memoryStore() } });
  const rows: string[] = [];
  for (const [name, args] of CALLS.filter(([, a]) => Object.keys(a).length === 0)) {
    const scope = toolScope(name, args);
    const result = TOOLS[name](args as never);
    const first = await pager.page(result, { scope });
    const cursor = nextCursor(first.content as Content);
    const tool = await cpuOf(() => TOOLS[name](args as never));
    const fresh = TOOLS[name](args as never);
    const paging = await cpuOf(() => pager.page(fresh, { scope, cursor }));
    // With a cache: page 1 stores the result; page 2 must not run the tool.
    const stored = await cached.run(() => TOOLS[name](args as never), { scope });
    const storedCursor = nextCursor(stored.content as Content);
    let ran = 0;
    const fromStore = await cpuOf(() =>
      cached.run(() => (ran++, TOOLS[name](args as never)), { scope, cursor: storedCursor })
    );
    rows.push(
      `| ${name} | ${ms(tool)} | ${ms(paging)} | ${
        ran ? `not cached (ran ${ran}×)` : ms(fromStore)
      } |`,
    );
  }
  return "### One page in process (Deno, CPU milliseconds)\n\n" +
    "| tool | the tool builds its result | pagewise cuts page 2 | pagewise reads page 2 " +
    "from a memory store |\n| --- | --- | --- | --- |\n" +
    `${rows.join("\n")}\n`;
}

const cpu = (await Deno.readTextFile("/proc/cpuinfo")).match(/model name\s*:\s*(.*)/)?.[1];
console.log(
  `## Figures (${new Date().toISOString().slice(0, 10)}, ${navigator.hardwareConcurrency} × ` +
    `${cpu}, load average ${(await Deno.readTextFile("/proc/loadavg")).split(" ")[0]})\n`,
);
const sections = (Deno.env.get("SECTIONS") ?? "bundle,start,cpu,split").split(",");
if (sections.includes("bundle")) console.log(await bundleFigures());
if (sections.includes("start")) console.log(await startFigures());
if (sections.includes("cpu")) {
  // Upstash: a real redis-server behind the Upstash REST bridge, in this
  // process: its work is not the server's, as Upstash's is not a Worker's.
  const redis = await startRedis();
  const bridge = startUpstashBridge({ redisPort: redis.port });
  const upstash = { UPSTASH_REDIS_REST_URL: bridge.url, UPSTASH_REDIS_REST_TOKEN: bridge.token };
  try {
    const bundle = await bundleWorker(WORKER);
    console.log(
      await cpuFigures("workerd (Miniflare)", [
        { label: "no cache", start: () => startWorker(bundle) },
        { label: "Upstash", start: () => startWorker(bundle, upstash) },
        {
          label: "Workers KV",
          start: () => startWorker(bundle, {}, { kvNamespaces: ["PAGEWISE_KV"] }),
        },
      ]),
    );
    console.log(
      await cpuFigures("deno serve", [
        { label: "no cache", start: () => denoServe(APP) },
        { label: "Upstash", start: () => denoServe(APP, upstash, ["--allow-net=127.0.0.1"]) },
        {
          label: "Deno KV",
          start: () => denoServe(APP, { PAGEWISE_DENO_KV: ":memory:" }, ["--unstable-kv"]),
        },
      ]),
    );
  } finally {
    await bridge.close();
    await redis.close();
  }
}
if (sections.includes("split")) console.log(await splitFigures());
