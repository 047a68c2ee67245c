/**
 * Bundle sizes, raw and gzip: each export of deno.json (mod.ts and the
 * subpaths) bundled and minified with esbuild (from npm), the MCP SDK and zod
 * left out (a server has them already); the token estimator alone
 * (src/tokens/estimate_tokens.ts); the quick start as a Worker with and
 * without `paginate` (bench/cold_start/, bundled as `wrangler deploy
 * --dry-run --minify` bundles it, everything in), and what each part of the
 * paged one weighs, through its source map: its minified bytes, and what it
 * adds to the gzip (the gzip of the bundle less that of the bundle without
 * the part); the paged one with a cache (memoryStore), and what the cache
 * adds; and the Cloudflare Worker demo (examples/cloudflare).
 *
 *     deno task size
 */

import { bundle } from "./_bundle.ts";
import { bundleWorker, gzipSize, parts } from "./cold_start/_build.ts";

const ROOT = new URL("..", import.meta.url);

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
const rows: string[] = [];
async function row(name: string, code: Uint8Array): Promise<number> {
  const gzip = await gzipSize(code);
  rows.push(`| ${name} | ${kib(code.length)} | ${kib(gzip)} |`);
  return gzip;
}

const exports: Record<string, string> = JSON.parse(
  await Deno.readTextFile(new URL("deno.json", ROOT)),
).exports;
for (const [name, entry] of Object.entries(exports)) {
  await row(`\`${name}\` (${entry.replace(/^\.\//, "")})`, await bundle(entry));
}
await row(
  "the estimator (src/tokens/estimate_tokens.ts)",
  await bundle("src/tokens/estimate_tokens.ts"),
);

const dir = await Deno.makeTempDir({ prefix: "pagewise-size-" });
try {
  const sdk = await bundleWorker("bench/cold_start/sdk_worker.ts", `${dir}/sdk`);
  const paged = await bundleWorker("bench/cold_start/paged_worker.ts", `${dir}/paged`);
  const cached = await bundleWorker("bench/cold_start/cached_worker.ts", `${dir}/cached`);
  const demo = await bundleWorker(
    "examples/cloudflare/worker.ts",
    `${dir}/demo`,
    "examples/cloudflare/wrangler.jsonc",
  );
  const without = await row("quick-start Worker, SDK only (with the SDK and zod)", sdk.code);
  const withPaginate = await row("quick-start Worker with `paginate`", paged.code);
  rows.push(
    `| pagewise in the quick-start Worker | ${kib(paged.code.length - sdk.code.length)} | **${
      kib(withPaginate - without)
    }** |`,
  );
  const withCache = await row(
    "quick-start Worker with `paginate` and `memoryStore`",
    cached.code,
  );
  rows.push(
    `| a cache in the quick-start Worker | ${kib(cached.code.length - paged.code.length)} | ${
      kib(withCache - withPaginate)
    } |`,
  );
  await row("Worker demo (examples/cloudflare)", demo.code);
  console.log(`bundle sizes, ${new Date().toISOString()}\n`);
  console.log("| bundle (minified) | raw | gzip |\n| --- | ---: | ---: |");
  console.log(rows.join("\n"));
  console.log("\n| part of the quick-start Worker with `paginate` | minified | adds to gzip |");
  console.log("| --- | ---: | ---: |");
  for (const { part, bytes, gzip } of await parts(paged)) {
    console.log(`| ${part} | ${kib(bytes)} | ${kib(gzip)} |`);
  }
} finally {
  await Deno.remove(dir, { recursive: true });
}
