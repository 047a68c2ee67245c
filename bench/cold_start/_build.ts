/**
 * The Workers of the cold-start benchmark bundled as `wrangler deploy
 * --dry-run --minify` bundles them (wrangler 4.86's esbuild, its conditions,
 * `keepNames`), with the source map, and what each part of a bundle weighs:
 * for bench/cold_start.ts and bench/bundle_size.ts.
 */

import { piecesOf, type SourceMap } from "./_source_map.ts";

const ROOT = new URL("../..", import.meta.url);
const ROOT_PATH = decodeURIComponent(ROOT.pathname);

/** A Worker bundled for upload: its code and source map, in `dir`. */
export interface WorkerBundle {
  name: string;
  dir: string;
  file: string;
  code: Uint8Array;
  /** The code as text. */
  text: string;
  map: SourceMap;
}

/**
 * Bundles the Worker `entry` (a path from the repository root, or from
 * `root`: another checkout, with this one's node_modules) into `dir` with
 * wrangler, or the Worker of the wrangler config `config` (whose main is
 * `entry`).
 */
export async function bundleWorker(
  entry: string,
  dir: string,
  config?: string,
  root: string = ROOT_PATH,
): Promise<WorkerBundle> {
  const target = config
    ? ["-c", config]
    : ["--name", "cold-start", "--compatibility-date", "2026-04-26", entry];
  const built = await new Deno.Command(`${ROOT_PATH}node_modules/.bin/wrangler`, {
    args: ["deploy", "--dry-run", "--minify", "--outdir", dir, ...target],
    cwd: root,
    stdout: "null",
    stderr: "piped",
    env: { WRANGLER_SEND_METRICS: "false" },
  }).output();
  if (!built.success) {
    throw new Error(`wrangler failed: ${new TextDecoder().decode(built.stderr)}`);
  }
  const file = entry.replace(/^.*\//, "").replace(/\.ts$/, ".js");
  const map = JSON.parse(await Deno.readTextFile(`${dir}/${file}.map`));
  // The sources relative to the repository root.
  map.sources = map.sources.map((source: string) =>
    decodeURIComponent(new URL(source, `file://${dir}/`).pathname).replace(root, "")
  );
  const code = await Deno.readFile(`${dir}/${file}`);
  return { name: entry, dir, file, code, text: new TextDecoder().decode(code), map };
}

/** The gzip size of `bytes` (CompressionStream, default level). */
export async function gzipSize(bytes: Uint8Array): Promise<number> {
  const stream = new Blob([bytes as BufferSource]).stream().pipeThrough(
    new CompressionStream("gzip"),
  );
  return (await new Response(stream).arrayBuffer()).byteLength;
}

/** The tables of the token estimator, by file, and what each is named in the figures. */
const TABLES: Record<string, string> = {
  "src/tokens/_code_point_prices.ts": "tokens: code-point table",
  "src/tokens/_known_words.ts": "tokens: known words",
  "src/tokens/_short_word_floors.ts": "tokens: short words' floors",
  "src/tokens/_punctuation_tokens.ts": "tokens: punctuation tokens",
  "src/tokens/_ascii_weights.ts": "tokens: fitted weights",
};

/** The part of a bundle a source file belongs to. */
export function partOf(source: string): string {
  if (TABLES[source]) return TABLES[source];
  const pkg = /node_modules\/\.deno\/(@?[^@/]+(?:\+[^@/]+)?)@/.exec(source)?.[1];
  if (pkg) {
    if (pkg === "zod") return "npm: zod";
    if (pkg.startsWith("ajv") || pkg === "fast-uri" || pkg.startsWith("json-schema")) {
      return "npm: ajv (and its helpers)";
    }
    if (pkg.startsWith("@modelcontextprotocol")) return "npm: MCP SDK";
    return "npm: other";
  }
  if (source.startsWith("src/tokens/")) return "tokens: code";
  const folder = /^src\/([^/]+)\//.exec(source)?.[1];
  if (folder) return folder;
  if (source.startsWith("bench/") || source === "mod.ts") return "the Worker and mod.ts";
  return "other";
}

/**
 * Per part of a bundle (partOf): its bytes in the minified bundle, and what
 * it adds to the bundle's gzip (the gzip of the bundle less the gzip of the
 * bundle without that part's bytes).
 */
export async function parts(
  bundle: WorkerBundle,
): Promise<Array<{ part: string; bytes: number; gzip: number }>> {
  const pieces = piecesOf(bundle.text, bundle.map)
    .map(([source, text]) => [partOf(source), text]);
  const encoder = new TextEncoder();
  const bytes = new Map<string, number>();
  for (const [part, text] of pieces) {
    bytes.set(part, (bytes.get(part) ?? 0) + encoder.encode(text).length);
  }
  const whole = await gzipSize(bundle.code);
  const result = [];
  for (const [part, n] of bytes) {
    const without = pieces.filter(([other]) => other !== part).map(([, text]) => text).join("");
    result.push({ part, bytes: n, gzip: whole - await gzipSize(encoder.encode(without)) });
  }
  return result.sort((a, b) => b.bytes - a.bytes);
}
