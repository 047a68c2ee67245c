/**
 * Bundle size of the library: each export of deno.json (mod.ts and the
 * subpaths) bundled and minified with esbuild (from npm), the MCP SDK and zod
 * left out (a server has them already), the token estimator alone
 * (src/tokens/estimate_tokens.ts), and the Cloudflare Worker demo as
 * `wrangler deploy --dry-run --minify` bundles it (everything in, the SDK
 * too). Prints raw and gzip sizes.
 *
 *     deno task size
 *     deno run -A bench/bundle_size.ts --load=20   # and the estimator's load time, Deno and workerd
 *
 * `--load=N` times the estimator's bundle at load, the median of N fresh
 * starts each: in Deno, a process that imports it (`performance.now()`
 * around the `import()`, so parse, compile and the decoding of the tables);
 * in workerd (miniflare), the first request to a Worker whose handler
 * imports it (`import()` in the handler), timed from outside (workerd's own
 * clocks stand still while a request computes), less the same with an empty
 * module. The tables are decoded at the estimator's top level.
 */

import { DEV_CONFIG } from "../dev/config.ts";
const ESBUILD = "npm:esbuild@0.25.12";
const ROOT = new URL("..", import.meta.url);

async function bundle(entry: string, extra: string[] = []): Promise<Uint8Array> {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--config",
      DEV_CONFIG,
      "-A",
      ESBUILD,
      entry,
      "--bundle",
      "--minify",
      "--format=esm",
      "--platform=neutral",
      "--external:@modelcontextprotocol/*",
      "--external:zod",
      "--log-level=warning",
      ...extra,
    ],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (code !== 0) throw new Error(`esbuild failed: ${new TextDecoder().decode(stderr)}`);
  return stdout;
}

// The Worker demo as wrangler bundles it for upload.
async function workerDemo(): Promise<Uint8Array> {
  // wrangler makes the folder and rm removes it: `deno task size` may not write.
  const outdir = `${Deno.env.get("TMPDIR") ?? "/tmp"}/pagewise-size-${Deno.pid}`;
  try {
    const { code, stderr } = await new Deno.Command("node_modules/.bin/wrangler", {
      args: [
        "deploy",
        "--dry-run",
        "--minify",
        "--outdir",
        outdir,
        "-c",
        "examples/cloudflare/wrangler.jsonc",
      ],
      cwd: ROOT,
      stdout: "null",
      stderr: "piped",
      env: { WRANGLER_SEND_METRICS: "false" },
    }).output();
    if (code !== 0) throw new Error(`wrangler failed: ${new TextDecoder().decode(stderr)}`);
    return await Deno.readFile(`${outdir}/worker.js`);
  } finally {
    await new Deno.Command("rm", { args: ["-rf", outdir] }).output();
  }
}

async function gzipSize(bytes: Uint8Array): Promise<number> {
  const stream = new Blob([bytes as BufferSource]).stream().pipeThrough(
    new CompressionStream("gzip"),
  );
  return (await new Response(stream).arrayBuffer()).byteLength;
}

const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function denoLoad(dir: string, module: string, rounds: number): Promise<number> {
  await Deno.writeTextFile(
    `${dir}/load.mjs`,
    `const t0 = performance.now(); await import("./${module}"); console.log(performance.now() - t0);`,
  );
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const { stdout } = await new Deno.Command(Deno.execPath(), {
      args: ["run", "--allow-read", "--no-config", `${dir}/load.mjs`],
      stdout: "piped",
    }).output();
    times.push(Number(new TextDecoder().decode(stdout)));
  }
  return median(times);
}

async function workerdLoad(module: string, contents: string, rounds: number): Promise<number> {
  const { Miniflare } = await import("miniflare");
  const main =
    `export default { async fetch() { await import("./${module}"); return new Response("ok"); } };`;
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const miniflare = new Miniflare({
      modules: [
        { type: "ESModule", path: `${Deno.cwd()}/main.js`, contents: main },
        { type: "ESModule", path: `${Deno.cwd()}/${module}`, contents },
      ],
      compatibilityDate: "2026-04-26",
      cf: false,
    });
    try {
      await miniflare.ready;
      const t0 = performance.now();
      await (await miniflare.dispatchFetch("http://localhost/")).text();
      times.push(performance.now() - t0);
    } finally {
      await miniflare.dispose();
    }
  }
  return median(times);
}

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
async function report(name: string, code: Uint8Array): Promise<void> {
  console.log(`${name}: ${kib(code.length)} minified, ${kib(await gzipSize(code))} gzip`);
}

const exports: Record<string, string> = JSON.parse(
  await Deno.readTextFile(new URL("deno.json", ROOT)),
).exports;
for (const [name, entry] of Object.entries(exports)) {
  await report(`${name} (${entry.replace(/^\.\//, "")})`, await bundle(entry));
}
const estimator = await bundle("src/tokens/estimate_tokens.ts");
await report("estimator (src/tokens/estimate_tokens.ts)", estimator);
await report("Worker demo (examples/cloudflare, wrangler --dry-run --minify)", await workerDemo());

const load = Deno.args.find((arg) => arg.startsWith("--load"));
if (load) {
  const rounds = Number(load.split("=")[1] ?? 20);
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeFile(`${dir}/estimator.js`, estimator);
    await Deno.writeTextFile(`${dir}/empty.js`, "export {};");
    const deno = await denoLoad(dir, "estimator.js", rounds);
    const denoEmpty = await denoLoad(dir, "empty.js", rounds);
    console.log(
      `load in Deno: ${deno.toFixed(1)} ms (an empty module ${
        denoEmpty.toFixed(1)
      }), median of ${rounds}`,
    );
    const text = new TextDecoder().decode(estimator);
    const workerd = await workerdLoad("estimator.js", text, rounds);
    const workerdEmpty = await workerdLoad("empty.js", "export {};", rounds);
    console.log(
      `load in workerd: first request ${workerd.toFixed(1)} ms (an empty module ${
        workerdEmpty.toFixed(1)
      }), ${(workerd - workerdEmpty).toFixed(1)} ms more, median of ${rounds}`,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
