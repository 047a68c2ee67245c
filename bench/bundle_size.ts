/**
 * Bundle size of the library: mod.ts bundled and minified with esbuild
 * (from npm), the MCP SDK and zod left out (a server has them already), and
 * the token estimator alone (src/tokens/estimate_tokens.ts). Prints raw and gzip sizes.
 *
 *     deno task size
 */

import { DEV_CONFIG } from "../dev/config.ts";
const ESBUILD = "npm:esbuild@0.25.12";

async function bundle(entry: string): Promise<Uint8Array> {
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
    cwd: new URL("..", import.meta.url),
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (code !== 0) throw new Error(`esbuild failed: ${new TextDecoder().decode(stderr)}`);
  return stdout;
}

async function gzipSize(bytes: Uint8Array): Promise<number> {
  const stream = new Blob([bytes as BufferSource]).stream().pipeThrough(
    new CompressionStream("gzip"),
  );
  return (await new Response(stream).arrayBuffer()).byteLength;
}

for (const entry of ["mod.ts", "src/tokens/estimate_tokens.ts"]) {
  const code = await bundle(entry);
  console.log(
    `${entry}: ${(code.length / 1024).toFixed(1)} KiB minified, ${
      ((await gzipSize(code)) / 1024).toFixed(1)
    } KiB gzip`,
  );
}
