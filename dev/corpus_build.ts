/**
 * Writes corpus/ (git-ignored): twenty large `CallToolResult`s for
 * `deno task test:corpus`, `bench` and `calibrate`. Nine are synthetic, from
 * seeded generators (dev/corpus_synthetic.ts); eleven are captured from the
 * real MCP servers on npm over stdio (dev/corpus_captures.ts). Each file is
 * one result as compact JSON, gzip where the name ends in `.gz`.
 *
 *     deno task corpus                          # build all twenty
 *     deno task corpus synthetic-app-log-2mb.json   # build only the named files
 *     deno task corpus --from ../shared/corpus  # copy a ready corpus instead
 *
 * `PAGEWISE_CORPUS_FROM=dir` does what `--from dir` does.
 *
 * @module
 */
import { CORPUS_DIR, CORPUS_NAMES, type CorpusResult } from "./corpus.ts";
import { SYNTHETIC } from "./corpus_synthetic.ts";
import { captureAll, CAPTURED } from "./corpus_captures.ts";

const encoder = new TextEncoder();

/** Writes `result` as `name` in corpus/, atomically, so no reader sees half a file. */
export async function writeCorpusFile(name: string, result: CorpusResult): Promise<number> {
  let body: Uint8Array = encoder.encode(JSON.stringify(result));
  if (name.endsWith(".gz")) {
    const gzip = new CompressionStream("gzip") as unknown as TransformStream<
      Uint8Array,
      Uint8Array
    >;
    const zipped = new Blob([body as BlobPart]).stream().pipeThrough(gzip);
    body = new Uint8Array(await new Response(zipped).arrayBuffer());
  }
  const temporary = new URL(`.${name}.partial`, CORPUS_DIR);
  await Deno.writeFile(temporary, body);
  await Deno.rename(temporary, new URL(name, CORPUS_DIR));
  return body.length;
}

async function copyFrom(source: string, names: readonly string[]): Promise<void> {
  const missing: string[] = [];
  for (const name of names) {
    const from = `${source.replace(/\/$/, "")}/${name}`;
    const temporary = new URL(`.${name}.partial`, CORPUS_DIR);
    try {
      await Deno.copyFile(from, temporary);
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
      missing.push(name);
      continue;
    }
    await Deno.chmod(temporary, 0o644);
    await Deno.rename(temporary, new URL(name, CORPUS_DIR));
  }
  if (missing.length === names.length) {
    throw new Error(`${source} holds none of the corpus files: is it a corpus folder?`);
  }
  if (missing.length) {
    throw new Error(
      `${source} lacks ${missing.join(", ")}: build them with \`deno task corpus ${
        missing.join(" ")
      }\`.`,
    );
  }
  console.error(`copied ${names.length} files from ${source} to corpus/`);
}

function parseArgs(args: readonly string[]): { from?: string; names: string[] } {
  let from = Deno.env.get("PAGEWISE_CORPUS_FROM") || undefined;
  const names: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--from") {
      from = args[++i];
      if (!from) throw new Error("--from needs a folder: deno task corpus --from ../shared/corpus");
    } else if (arg.startsWith("--from=")) from = arg.slice("--from=".length);
    else if (arg.startsWith("-")) {
      throw new Error(`Unknown option ${arg}. Usage: deno task corpus [--from DIR] [FILE...]`);
    } else if (!CORPUS_NAMES.includes(arg)) {
      throw new Error(
        `${arg} is not a corpus file. The files are:\n  ${CORPUS_NAMES.join("\n  ")}`,
      );
    } else names.push(arg);
  }
  return { from, names: names.length ? names : [...CORPUS_NAMES] };
}

async function build(names: readonly string[]): Promise<void> {
  const started = performance.now();
  const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
  for (const name of names) {
    const make = SYNTHETIC[name];
    if (!make) continue;
    const since = performance.now();
    const bytes = await writeCorpusFile(name, await make());
    console.error(`${name}: ${bytes.toLocaleString("en")} bytes, ${seconds(since)} s`);
  }
  const wanted = names.filter((name) => CAPTURED.includes(name));
  if (wanted.length) {
    // Each capture is timed from the previous one's end, server start-up included.
    let since = performance.now();
    await captureAll(wanted, async (name, result) => {
      const bytes = await writeCorpusFile(name, result);
      console.error(`${name}: ${bytes.toLocaleString("en")} bytes, ${seconds(since)} s`);
      since = performance.now();
    });
  }
  console.error(`wrote ${names.length} files to corpus/ in ${seconds(started)} s`);
}

const built = [...Object.keys(SYNTHETIC), ...CAPTURED].sort();
if (built.join() !== [...CORPUS_NAMES].sort().join()) {
  throw new Error(`dev/corpus.ts names ${CORPUS_NAMES.length} files, the builders ${built.length}`);
}

if (import.meta.main) {
  try {
    const { from, names } = parseArgs(Deno.args);
    await Deno.mkdir(CORPUS_DIR, { recursive: true });
    if (from) await copyFrom(from, names);
    else await build(names);
  } catch (error) {
    console.error(`deno task corpus: ${error instanceof Error ? error.message : error}`);
    Deno.exit(1);
  }
}
