/**
 * Reads ../shared/corpus: every file as a `CallToolResult`, and its
 * model-visible text (content blocks joined with "\n"; a text block gives its
 * text, an embedded resource its text or base64 blob).
 */

/** Where the shared corpus lives, relative to the repository. */
export const CORPUS_DIR = new URL("../../shared/corpus/", import.meta.url);

/** A `CallToolResult` as the corpus stores it. */
export interface CorpusResult {
  content: Array<{
    type: string;
    text?: string;
    resource?: { uri?: string; text?: string; blob?: string; mimeType?: string };
  }>;
  structuredContent?: unknown;
}

/** The corpus file names, sorted. Fails with advice when the corpus is absent. */
export async function corpusFiles(): Promise<string[]> {
  const names: string[] = [];
  try {
    for await (const entry of Deno.readDir(CORPUS_DIR)) {
      if (entry.name.endsWith(".json") || entry.name.endsWith(".json.gz")) names.push(entry.name);
    }
  } catch (error) {
    throw new Error(
      `The corpus is not at ${CORPUS_DIR.pathname}: it ships in ../shared next to the repository ` +
        `(CI has it). Run this from a checkout that has ../shared/corpus.`,
      { cause: error },
    );
  }
  return names.sort();
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
