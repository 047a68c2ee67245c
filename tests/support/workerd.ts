/**
 * Runs a Worker in real workerd: bundled by `wrangler deploy --dry-run`
 * (what `wrangler deploy` uploads), then served by Miniflare on a free
 * loopback port. Each `startWorker` is a fresh workerd process.
 */
import { Miniflare } from "miniflare";
import type { Instance } from "./deno_serve.ts";
import { DEV_CONFIG } from "../../dev/config.ts";

/** What `wrangler deploy` would upload. */
export interface Bundle {
  /** The bundled module's source. */
  script: string;
  /** Its compatibility date, from wrangler.jsonc. */
  compatibilityDate: string;
}

const WRANGLER = "npm:wrangler@4.86.0"; // the last wrangler for Node 20; keep in step with deno.json
const bundles = new Map<string, Promise<Bundle>>();

/**
 * Bundles the Worker in `folder` (a path from the repository root) once per
 * test process, with its wrangler.jsonc; `entry` (a path from `folder`)
 * bundles another module in place of its `main`.
 */
export function bundleWorker(folder: string, entry?: string): Promise<Bundle> {
  const key = `${folder}\u0000${entry ?? ""}`;
  let bundle = bundles.get(key);
  if (!bundle) {
    bundle = build(folder, entry);
    bundles.set(key, bundle);
  }
  return bundle;
}

async function build(folder: string, entry: string | undefined): Promise<Bundle> {
  const outdir = await Deno.makeTempDir({ prefix: "pagewise-worker-" });
  try {
    const run = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--config",
        DEV_CONFIG,
        "-A",
        WRANGLER,
        "deploy",
        // With a script given, wrangler reads wrangler.jsonc only when told to.
        ...(entry ? [entry, "--config", "wrangler.jsonc"] : []),
        "--dry-run",
        "--outdir",
        outdir,
      ],
      cwd: folder,
      env: { WRANGLER_SEND_METRICS: "false", NO_COLOR: "1", CI: "1" },
      stdin: "null",
    }).output();
    const log = new TextDecoder().decode(run.stdout) + new TextDecoder().decode(run.stderr);
    if (!run.success) {
      throw new Error(
        `wrangler deploy --dry-run failed in ${folder}. Run \`deno install --config deno.dev.json\` at the repository ` +
          `root (it fetches wrangler and workerd), then retry.\n${log}`,
      );
    }
    const config = await Deno.readTextFile(`${folder}/wrangler.jsonc`);
    const date = /"compatibility_date"\s*:\s*"([\d-]+)"/.exec(config)?.[1];
    if (!date) throw new Error(`${folder}/wrangler.jsonc has no compatibility_date`);
    const main = entry ?? /"main"\s*:\s*"([^"]+)"/.exec(config)?.[1] ?? "index.ts";
    const name = main.replace(/^.*\//, "").replace(/\.[cm]?[jt]s$/, ".js");
    return { script: await Deno.readTextFile(`${outdir}/${name}`), compatibilityDate: date };
  } finally {
    await Deno.remove(outdir, { recursive: true });
  }
}

/** Bindings beside the vars. */
export interface WorkerBindings {
  /** KV namespaces to bind, by binding name (each empty, held by Miniflare in memory). */
  kvNamespaces?: string[];
}

/** Serves `bundle` in a fresh workerd with `vars` as its environment. */
export async function startWorker(
  bundle: Bundle,
  vars: Record<string, string> = {},
  bindings: WorkerBindings = {},
): Promise<Instance & { miniflare: Miniflare }> {
  const miniflare = new Miniflare({
    // Given as contents: workerd refuses module paths outside its working directory.
    modules: [{ type: "ESModule", path: `${Deno.cwd()}/worker.js`, contents: bundle.script }],
    compatibilityDate: bundle.compatibilityDate,
    host: "127.0.0.1",
    port: 0,
    cf: false,
    bindings: vars,
    kvNamespaces: bindings.kvNamespaces,
  });
  const ready = await readyOrClosed(miniflare);
  return {
    miniflare,
    url: new URL("/mcp", ready).href,
    pid: await workerdPid(),
    close: () => miniflare.dispose(),
  };
}

// Miniflare spawns workerd as a child of this process; the newest one is ours.
async function workerdPid(): Promise<number> {
  let newest = { pid: -1, start: -1 };
  try {
    for await (const entry of Deno.readDir("/proc")) {
      if (!/^\d+$/.test(entry.name)) continue;
      try {
        const stat = await Deno.readTextFile(`/proc/${entry.name}/stat`);
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
        const start = Number(fields[19]);
        if (comm === "workerd" && Number(fields[1]) === Deno.pid && start > newest.start) {
          newest = { pid: Number(entry.name), start };
        }
      } catch {
        // The process ended meanwhile.
      }
    }
  } catch {
    // No /proc (not Linux): the pid is unknown.
  }
  return newest.pid;
}

/** Where a Miniflare listens once workerd is up; disposed of, with the install command, if it fails. */
export async function readyOrClosed(miniflare: Miniflare): Promise<URL> {
  try {
    return await miniflare.ready;
  } catch (error) {
    await miniflare.dispose().catch(() => {});
    throw new Error(
      "workerd did not start. Run `deno install --config deno.dev.json` at the repository root " +
        `(it fetches miniflare and its workerd binary), then retry. ${error}`,
    );
  }
}
