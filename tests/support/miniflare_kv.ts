/**
 * Runs a test Worker module in real workerd (Miniflare) with one empty KV
 * namespace bound as `PAGES`: bundled by `deno bundle` for the browser
 * platform, served on a free loopback port.
 */
import { Miniflare } from "miniflare";

const INSTALL =
  "run `deno install --config deno.dev.json` at the repository root (it fetches miniflare and workerd)";

/** Bundles `entry` (a path from the repository root) into one ES module's source. */
export async function bundleModule(entry: string): Promise<string> {
  const out = await Deno.makeTempFile({ suffix: ".js" });
  try {
    const run = await new Deno.Command(Deno.execPath(), {
      args: ["bundle", "--platform", "browser", "-o", out, entry],
      stdin: "null",
      stdout: "null",
      stderr: "piped",
    }).output();
    if (!run.success) {
      throw new Error(`deno bundle failed: ${new TextDecoder().decode(run.stderr)}`);
    }
    return await Deno.readTextFile(out);
  } finally {
    await Deno.remove(out);
  }
}

/** Bundles `entry` and serves it in a fresh workerd with a `PAGES` KV namespace. */
export async function startKvWorker(entry: string): Promise<{ mf: Miniflare; base: URL }> {
  const script = await bundleModule(entry);
  const mf = new Miniflare({
    modules: true,
    script,
    compatibilityDate: "2026-04-01",
    kvNamespaces: ["PAGES"],
    host: "127.0.0.1",
    port: 0,
    cf: false,
  });
  try {
    return { mf, base: await mf.ready };
  } catch (error) {
    await mf.dispose().catch(() => {});
    throw new Error(`Miniflare could not start workerd (${error}): ${INSTALL}`);
  }
}
