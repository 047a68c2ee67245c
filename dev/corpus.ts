/**
 * Reads corpus/ (written by `deno task corpus`): every file as a `CallToolResult`, and its
 * model-visible text (content blocks joined with "\n"; a text block gives its
 * text, an embedded resource its text or base64 blob).
 */

/** Where `deno task corpus` writes the corpus: corpus/ in the repository (git-ignored). */
export const CORPUS_DIR = new URL("../corpus/", import.meta.url);

/** A `CallToolResult` as the corpus stores it. */
export interface CorpusResult {
  content: Array<{
    type: string;
    text?: string;
    resource?: { uri?: string; text?: string; blob?: string; mimeType?: string };
  }>;
  structuredContent?: unknown;
}

/** The twenty corpus files `deno task corpus` writes, sorted. */
export const CORPUS_NAMES: readonly string[] = [
  "everything-gzip-file-as-resource.json",
  "fs-directory_tree-usr-include.json",
  "fs-directory_tree-usr-share.json.gz",
  "fs-list_directory_with_sizes-usr-lib.json",
  "fs-read_media_file-changelog-gz.json",
  "fs-read_multiple_files-python-stdlib.json",
  "fs-read_text_file-ace-min-js.json",
  "fs-read_text_file-dpkg-status.json",
  "fs-read_text_file-rust-by-example-ja-html.json",
  "fs-search_files-usr-include-h.json",
  "memory-read_graph.json",
  "synthetic-app-log-2mb.json",
  "synthetic-base64-attachments-1500kb.json",
  "synthetic-cjk-zh-ja-ko-300kb.json",
  "synthetic-emoji-chat-250kb.json",
  "synthetic-github-issues-5000.json.gz",
  "synthetic-hindi-devanagari-200kb.json",
  "synthetic-search-results-dict.json",
  "synthetic-trace-spans-hex-uuid-1500kb.json",
  "synthetic-vector-query-embeddings.json",
];

/** The corpus file names, sorted. Fails with what to run when any is missing. */
export async function corpusFiles(): Promise<string[]> {
  const missing: string[] = [];
  for (const name of CORPUS_NAMES) {
    try {
      await Deno.stat(new URL(name, CORPUS_DIR));
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
      missing.push(name);
    }
  }
  if (missing.length === CORPUS_NAMES.length) {
    throw new Error(
      `The corpus is not built: ${CORPUS_DIR.pathname} has none of its files. ` +
        "Run `deno task corpus` (or `deno task corpus --from DIR` to copy a ready one).",
    );
  }
  if (missing.length) {
    throw new Error(
      `${CORPUS_DIR.pathname} lacks ${missing.length} corpus files. ` +
        `Run \`deno task corpus ${missing.join(" ")}\`.`,
    );
  }
  return [...CORPUS_NAMES];
}

/** One corpus file, decompressed when it is gzip. */
export async function readCorpusFile(name: string): Promise<CorpusResult> {
  const file = await Deno.open(new URL(name, CORPUS_DIR));
  const gunzip = new DecompressionStream("gzip") as unknown as TransformStream<
    Uint8Array,
    Uint8Array
  >;
  const stream = name.endsWith(".gz") ? file.readable.pipeThrough(gunzip) : file.readable;
  return JSON.parse(await new Response(stream).text());
}

/** The text a model sees of a result. */
export function visibleText(result: CorpusResult): string {
  return result.content.map((block) =>
    block.type === "text"
      ? block.text ?? ""
      : block.type === "resource"
      ? block.resource?.text ?? block.resource?.blob ?? ""
      : ""
  ).join("\n");
}

/** Every corpus file's visible text, by file name. */
export async function corpusTexts(): Promise<Array<[string, string]>> {
  const out: Array<[string, string]> = [];
  for (const name of await corpusFiles()) out.push([name, visibleText(await readCorpusFile(name))]);
  return out;
}
