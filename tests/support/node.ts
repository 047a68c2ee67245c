/**
 * Runs TypeScript under Node: bundles an entry module with `deno bundle` into
 * a temporary .mjs and runs it with the `node` on PATH. For behaviour that
 * differs between runtimes, such as Node still having the
 * `Object.prototype.__proto__` setter that Deno removed.
 */

/** What a Node run printed and how it ended. */
export interface NodeRun {
  code: number;
  stdout: string;
  stderr: string;
}

const INSTALL_NODE = "apt-get update && apt-get install -y nodejs (Node 18 or newer; 20 is tested)";
const CONFIG = new URL("../../deno.json", import.meta.url);

/** The version of the `node` on PATH; throws naming the install command when there is none. */
export async function nodeVersion(): Promise<string> {
  let output: Deno.CommandOutput;
  try {
    output = await new Deno.Command("node", { args: ["--version"], stdout: "piped" }).output();
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      throw new Error(`node is not on PATH; install it: ${INSTALL_NODE}`);
    }
    throw error;
  }
  const version = new TextDecoder().decode(output.stdout).trim();
  const major = Number(/^v(\d+)\./.exec(version)?.[1]);
  // 18 is enough for what the bundles use (ES2022) and has the __proto__ setter these tests need.
  if (!output.success || !(major >= 18)) {
    throw new Error(
      `node ${version || "(no version)"} is too old or broken; install ${INSTALL_NODE}`,
    );
  }
  return version;
}

/** Bundles `entry` (a path or file URL of a TypeScript module) and runs it with Node. */
export async function runInNode(entry: string | URL): Promise<NodeRun> {
  await nodeVersion();
  const dir = await Deno.makeTempDir({ prefix: "pagewise-node-" });
  try {
    const bundle = `${dir}/entry.mjs`;
    const path = entry instanceof URL ? decodeURIComponent(entry.pathname) : entry;
    await bundleFor("browser", path, bundle);
    const run = await new Deno.Command("node", {
      args: [bundle],
      stdout: "piped",
      stderr: "piped",
    }).output();
    return {
      code: run.code,
      stdout: new TextDecoder().decode(run.stdout),
      stderr: new TextDecoder().decode(run.stderr),
    };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/**
 * Writes `source` (a TypeScript module; import project files by absolute
 * file URL, e.g. `new URL("../src/x.ts", import.meta.url).href`) to a
 * temporary file and runs it with Node, as {@linkcode runInNode}.
 */
export async function runSourceInNode(source: string): Promise<NodeRun> {
  const dir = await Deno.makeTempDir({ prefix: "pagewise-node-src-" });
  try {
    const entry = `${dir}/entry.ts`;
    await Deno.writeTextFile(entry, source);
    return await runInNode(entry);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

let nodeCli: Promise<readonly string[]> | undefined;

/**
 * The command that starts the pagewise CLI's Node entry (src/cli/bin_node.ts)
 * from this checkout, before its arguments: `node <temp>/pagewise.mjs`, a
 * `deno bundle --platform node` of it. Bundled once per test process (the
 * tests of both CLIs start it dozens of times); the file goes when the
 * process ends.
 */
export function nodeCliFromSource(): Promise<readonly string[]> {
  nodeCli ??= bundleNodeCli();
  return nodeCli;
}

async function bundleNodeCli(): Promise<readonly string[]> {
  await nodeVersion();
  const dir = await Deno.makeTempDir({ prefix: "pagewise-node-cli-" });
  globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));
  const bundle = `${dir}/pagewise.mjs`;
  await bundleFor(
    "node",
    decodeURIComponent(new URL("../../src/cli/bin_node.ts", import.meta.url).pathname),
    bundle,
  );
  return ["node", bundle];
}

// `deno bundle` of `entry` to the ES module `output`, npm packages included.
async function bundleFor(platform: "browser" | "node", entry: string, output: string) {
  const built = await new Deno.Command(Deno.execPath(), {
    args: [
      "bundle",
      "--quiet",
      "--config",
      decodeURIComponent(CONFIG.pathname),
      "--platform",
      platform,
      "--format",
      "esm",
      "--output",
      output,
      entry,
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!built.success) {
    throw new Error(`deno bundle ${entry} failed:\n${new TextDecoder().decode(built.stderr)}`);
  }
}
