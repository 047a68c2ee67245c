/**
 * A cold isolate's first answer, with and without pagewise: the quick start
 * (an SDK v1 `McpServer`, the web-standard stateless transport) whose one
 * tool returns about 600 KB of JSON with emoji, CJK and punctuation
 * (bench/cold_start/), bundled and minified as `wrangler deploy` bundles
 * it, once as is (sdk_worker.ts) and once paged by `paginate`
 * (paged_worker.ts).
 *
 * - Deno: a fresh process per run (`--no-code-cache`: an isolate that starts
 *   cold has no code cache either) imports the bundle and answers one
 *   tools/call, then a second (warm) one (bench/cold_start/_answer.mjs);
 *   the two Workers alternate, medians of `--rounds` (7).
 * - workerd (miniflare 4.20260426, `--workerd=N` runs each, 0 to skip): the
 *   time to a ready Worker (workerd started, the bundle loaded) and the
 *   first tools/call, timed from outside (workerd's clocks stand still while
 *   a request computes).
 * - The two bundles' sizes, raw and gzip (what each part of the paged one
 *   weighs: `deno task size`).
 * - `--profile=N`: N CPU profiles of the paged Worker's cold start (V8's
 *   sampler through the inspector, which slows it), self time per part.
 * - `--before=DIR`: the paged Worker of another checkout too (its
 *   bench/cold_start/ and mod.ts, this one's node_modules), in the same
 *   interleaved runs: before and after in one run.
 *
 *     deno task cold
 *     deno task cold --rounds=9 --workerd=5 --profile=3 --before=/tmp/before
 */

import { bundleWorker, gzipSize, partOf, type WorkerBundle } from "./cold_start/_build.ts";
import { profileColdStart } from "./cold_start/_profile.ts";

const option = (name: string, fallback: number) =>
  Number(Deno.args.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const ROUNDS = option("rounds", 7);
const WORKERD = option("workerd", 5);
const PROFILES = option("profile", 0);
const BEFORE = Deno.args.find((arg) => arg.startsWith("--before="))?.slice("--before=".length);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
const ms = (value: number) => `${value.toFixed(1)} ms`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

interface Answer {
  import: number;
  call: number;
  warm: number;
  chars: number;
}

async function answerOnce(bundle: WorkerBundle): Promise<Answer> {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--no-config", "--no-code-cache", "--allow-read", "_answer.mjs", bundle.file],
    cwd: bundle.dir,
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (code !== 0) throw new Error(`the cold start failed: ${new TextDecoder().decode(stderr)}`);
  return JSON.parse(new TextDecoder().decode(stdout));
}

async function workerdOnce(bundle: WorkerBundle): Promise<{ ready: number; call: number }> {
  const { Miniflare } = await import("miniflare");
  const started = performance.now();
  const miniflare = new Miniflare({
    // (miniflare takes modules from inside the working directory only.)
    modules: [{ type: "ESModule", path: `${Deno.cwd()}/${bundle.file}`, contents: bundle.text }],
    compatibilityDate: "2026-04-26",
    cf: false,
  });
  try {
    await miniflare.ready;
    const ready = performance.now();
    const response = await miniflare.dispatchFetch("http://localhost/mcp", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "list_messages", arguments: {} },
      }),
    });
    const text = await response.text();
    if (!text.includes('"result"')) {
      throw new Error(`no answer from workerd: ${text.slice(0, 300)}`);
    }
    return { ready: ready - started, call: performance.now() - ready };
  } finally {
    await miniflare.dispose();
  }
}

const dir = await Deno.makeTempDir({ prefix: "pagewise-cold-" });
try {
  const sdk = await bundleWorker("bench/cold_start/sdk_worker.ts", `${dir}/sdk`);
  const paged = await bundleWorker("bench/cold_start/paged_worker.ts", `${dir}/paged`);
  // The Workers timed, by column: the SDK alone first, the ratios against it.
  const workers: Array<[string, WorkerBundle]> = [["SDK only", sdk]];
  if (BEFORE) {
    const root = BEFORE.endsWith("/") ? BEFORE : `${BEFORE}/`;
    const before = await bundleWorker(
      "bench/cold_start/paged_worker.ts",
      `${dir}/before`,
      undefined,
      root,
    );
    workers.push(["with `paginate`, before", before]);
  }
  workers.push(["with `paginate`", paged]);
  for (const [, bundle] of workers) {
    await Deno.copyFile(
      new URL("cold_start/_answer.mjs", import.meta.url),
      `${bundle.dir}/_answer.mjs`,
    );
  }

  console.log(`cold start, ${new Date().toISOString()}, Deno ${Deno.version.deno}\n`);
  const header = `| | ${workers.map(([name]) => name).join(" | ")} |\n| --- |${
    workers.map(() => " ---: |").join("")
  }`;
  const gzips = await Promise.all(workers.map(([, bundle]) => gzipSize(bundle.code)));
  console.log(header);
  console.log(`| bundle, raw | ${workers.map(([, b]) => kib(b.code.length)).join(" | ")} |`);
  console.log(`| bundle, gzip | ${gzips.map(kib).join(" | ")} |`);
  console.log(
    `| pagewise adds, gzip | | ${
      gzips.slice(1).map((g) => `**${kib(g - gzips[0])}**`).join(" | ")
    } |\n`,
  );

  const runs: Answer[][] = workers.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    // Each round in another order, so that no Worker always runs first.
    for (let k = 0; k < workers.length; k++) {
      const w = (k + round) % workers.length;
      runs[w].push(await answerOnce(workers[w][1]));
    }
  }
  const rows: Array<[string, (answer: Answer) => number]> = [
    ["import of the bundle", (a) => a.import],
    ["first `tools/call`", (a) => a.call],
    ["first answer, import + call", (a) => a.import + a.call],
    ["a warm call (the second)", (a) => a.warm],
  ];
  console.log(
    `Deno, fresh processes, medians of ${ROUNDS} interleaved runs (answers of ${
      runs.map((r) => r[0].chars).join(", ")
    } characters); the ratio to the SDK alone in brackets\n`,
  );
  console.log(header);
  for (const [label, of] of rows) {
    const figures = runs.map((r) => median(r.map(of)));
    console.log(
      `| ${label} | ${
        figures.map((f, w) => w === 0 ? ms(f) : `${ms(f)} (${(f / figures[0]).toFixed(2)}×)`)
          .join(" | ")
      } |`,
    );
  }
  console.log();

  if (WORKERD > 0) {
    const times: Array<Array<{ ready: number; call: number }>> = workers.map(() => []);
    for (let round = 0; round < WORKERD; round++) {
      for (let k = 0; k < workers.length; k++) {
        const w = (k + round) % workers.length;
        times[w].push(await workerdOnce(workers[w][1]));
      }
    }
    console.log(
      `workerd (miniflare), medians of ${WORKERD} runs each, timed from outside; more than the SDK alone in brackets\n`,
    );
    console.log(header);
    const workerdRows: Array<[string, (t: { ready: number; call: number }) => number]> = [
      ["start to ready (the bundle loaded)", (t) => t.ready],
      ["first `tools/call`", (t) => t.call],
      ["start to first answer", (t) => t.ready + t.call],
    ];
    for (const [label, of] of workerdRows) {
      const figures = times.map((t) => median(t.map(of)));
      console.log(
        `| ${label} | ${
          figures.map((f, w) => w === 0 ? ms(f) : `${ms(f)} (+${ms(f - figures[0])})`).join(" | ")
        } |`,
      );
    }
    console.log();
  }

  if (PROFILES > 0) {
    const total = { import: new Map<string, number>(), call: new Map<string, number>() };
    for (let i = 0; i < PROFILES; i++) {
      const profile = await profileColdStart(paged);
      for (const phase of ["import", "call"] as const) {
        for (const [source, time] of profile[phase]) {
          const part = source.startsWith("(") ? source : partOf(source);
          total[phase].set(part, (total[phase].get(part) ?? 0) + time / PROFILES);
        }
      }
    }
    console.log(`CPU profile of the paged Worker's cold start, self time, mean of ${PROFILES}\n`);
    console.log("| part | import | first call |\n| --- | ---: | ---: |");
    const names = new Set([...total.import.keys(), ...total.call.keys()]);
    const sorted = [...names].sort((a, b) =>
      (total.import.get(b) ?? 0) + (total.call.get(b) ?? 0) -
      (total.import.get(a) ?? 0) - (total.call.get(a) ?? 0)
    );
    for (const name of sorted) {
      console.log(
        `| ${name} | ${ms(total.import.get(name) ?? 0)} | ${ms(total.call.get(name) ?? 0)} |`,
      );
    }
  }
} finally {
  await Deno.remove(dir, { recursive: true });
}
