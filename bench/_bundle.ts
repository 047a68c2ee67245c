/**
 * A module bundled and minified with esbuild (from npm), the MCP SDK and zod
 * left out (a server has them already): what bench/bundle_size.ts measures
 * for each export, and what tests/cache/engine_test.ts looks into.
 */

import { DEV_CONFIG } from "../dev/config.ts";

const ESBUILD = "npm:esbuild@0.25.12";
const ROOT = new URL("..", import.meta.url);

/** The minified bundle of `entry` (a path from the repository root, or an absolute one). */
export async function bundle(entry: string): Promise<Uint8Array> {
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
    ],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (code !== 0) throw new Error(`esbuild failed: ${new TextDecoder().decode(stderr)}`);
  return stdout;
}
