/**
 * The eleven real captures of the corpus: the official MCP reference servers
 * from npm, run with Deno and called through the SDK's stdio client on this
 * machine's own files. What a capture holds depends on the machine (a tree of
 * /usr/share lists what is installed), so sizes differ from one machine to
 * the next; the kinds of text do not.
 */
// @ts-types="@modelcontextprotocol/sdk/client/index"
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
// @ts-types="@modelcontextprotocol/sdk/client/stdio"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CorpusResult } from "./corpus.ts";
import { knowledgeGraph } from "./corpus_graph.ts";

/** The version of the three reference servers the captures come from. */
export const SERVERS_VERSION = "2026.8.31";
// Minified JavaScript: the Ace editor build from npm. The shared corpus read
// the copy of Ace that mdBook puts in rustup's Rust by Example, which most
// Debian machines lack; this is the same library, minified the same way.
const ACE_BUILDS = "ace-builds@1.45.2";
const ACE_FILE = "node_modules/ace-builds/src-min-noconflict/ace.js";
// The whole tree of /usr/share is ~13 MB on the wire (6 MB of text, sent twice): over the
// SDK client's default 10 MiB limit for one stdio message.
const MAX_MESSAGE = 256 * 1024 * 1024;
const CALL_TIMEOUT_MS = 10 * 60_000;
const PYTHON_MODULES = [
  "typing.py",
  "argparse.py",
  "inspect.py",
  "dataclasses.py",
  "functools.py",
  "json/decoder.py",
  "json/encoder.py",
];

/** Where each capture reads from, found on this machine. */
interface Sources {
  libraries: string;
  python: string;
  changelog: string;
  japaneseHtml: string;
  ace: string;
}

type Call = { tool: string; arguments: Record<string, unknown> };

/** The filesystem server's captures and the tool call that makes each. */
const FILESYSTEM_CALLS: Record<string, (s: Sources) => Call> = {
  "fs-directory_tree-usr-share.json.gz": () => ({
    tool: "directory_tree",
    arguments: { path: "/usr/share" },
  }),
  "fs-directory_tree-usr-include.json": () => ({
    tool: "directory_tree",
    arguments: { path: "/usr/include" },
  }),
  "fs-search_files-usr-include-h.json": () => ({
    tool: "search_files",
    arguments: { path: "/usr/include", pattern: "**/*.h" },
  }),
  // The multiarch folder (/usr/lib/x86_64-linux-gnu): ~1,000 shared libraries.
  "fs-list_directory_with_sizes-usr-lib.json": (s) => ({
    tool: "list_directory_with_sizes",
    arguments: { path: s.libraries, sortBy: "size" },
  }),
  "fs-read_text_file-dpkg-status.json": () => ({
    tool: "read_text_file",
    arguments: { path: "/var/lib/dpkg/status" },
  }),
  "fs-read_multiple_files-python-stdlib.json": (s) => ({
    tool: "read_multiple_files",
    arguments: { paths: PYTHON_MODULES.map((module) => `${s.python}/${module}`) },
  }),
  "fs-read_text_file-ace-min-js.json": (s) => ({
    tool: "read_text_file",
    arguments: { path: s.ace },
  }),
  "fs-read_text_file-rust-by-example-ja-html.json": (s) => ({
    tool: "read_text_file",
    arguments: { path: s.japaneseHtml },
  }),
  "fs-read_media_file-changelog-gz.json": (s) => ({
    tool: "read_media_file",
    arguments: { path: s.changelog },
  }),
};

/** The names of the eleven captured corpus files. */
export const CAPTURED: readonly string[] = [
  ...Object.keys(FILESYSTEM_CALLS),
  "memory-read_graph.json",
  "everything-gzip-file-as-resource.json",
];

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  }
}

async function newestDir(parent: string, match: RegExp, has: string): Promise<string | undefined> {
  const found: string[] = [];
  try {
    for await (const entry of Deno.readDir(parent)) {
      if (match.test(entry.name) && await exists(`${parent}/${entry.name}/${has}`)) {
        found.push(`${parent}/${entry.name}`);
      }
    }
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
  // The newest Python: python3.13 after python3.9.
  return found.sort((a, b) => a.localeCompare(b, "en", { numeric: true })).at(-1);
}

/** Runs `deno install` for the Ace build in a folder of its own and returns the file's path. */
async function fetchAce(work: string): Promise<string> {
  await Deno.writeTextFile(
    `${work}/package.json`,
    JSON.stringify({ dependencies: { "ace-builds": ACE_BUILDS.split("@")[1] } }),
  );
  const { success, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["install", "--quiet"],
    cwd: work,
    stdout: "null",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  if (!success) {
    throw new Error(
      `Could not install ${ACE_BUILDS} from npm (it gives the minified-JavaScript capture): ` +
        new TextDecoder().decode(stderr).trim(),
    );
  }
  return `${work}/${ACE_FILE}`;
}

/**
 * The files every capture reads, or one error that lists what is missing and
 * how to install it.
 */
async function findSources(work: string, names: readonly string[]): Promise<Sources> {
  const missing: string[] = [];
  const need = (name: string) => names.includes(name);
  const require = async (path: string, install: string) => {
    if (!(await exists(path))) missing.push(`${path} (${install})`);
  };
  await require("/usr/share", "a Debian or Ubuntu machine");
  if (need("fs-directory_tree-usr-include.json") || need("fs-search_files-usr-include-h.json")) {
    await require("/usr/include/stdio.h", "apt-get install -y libc6-dev");
  }
  const libraries = await newestDir("/usr/lib", /-linux-gnu/, "libc.so.6") ?? "";
  if (need("fs-list_directory_with_sizes-usr-lib.json") && !libraries) {
    missing.push("/usr/lib/<multiarch>/libc.so.6 (a Debian or Ubuntu machine)");
  }
  if (need("fs-read_text_file-dpkg-status.json") || need("everything-gzip-file-as-resource.json")) {
    await require("/var/lib/dpkg/status", "a Debian or Ubuntu machine: dpkg's package database");
  }
  const python = await newestDir("/usr/lib", /^python3\.\d+$/, "json/encoder.py") ?? "";
  if (need("fs-read_multiple_files-python-stdlib.json") && !python) {
    missing.push("/usr/lib/python3.N (apt-get install -y python3)");
  }
  // libgnutls30 comes with apt; Debian 13 renamed it libgnutls30t64.
  const gnutls = await newestDir("/usr/share/doc", /^libgnutls30/, "changelog.gz");
  const changelog = gnutls ? `${gnutls}/changelog.gz` : "";
  if (need("fs-read_media_file-changelog-gz.json") && !changelog) {
    missing.push("/usr/share/doc/libgnutls30*/changelog.gz (apt-get install -y libgnutls30)");
  }
  // HTML with Japanese prose and code: the shared corpus read Rust by Example in
  // Japanese from rustup's docs, which most machines lack. The Japanese Debian
  // Reference (package management, with apt commands) is the stand-in any Debian
  // machine can install.
  const japaneseHtml = "/usr/share/debian-reference/ch02.ja.html";
  if (need("fs-read_text_file-rust-by-example-ja-html.json")) {
    await require(japaneseHtml, "apt-get install -y debian-reference-ja");
  }
  if (missing.length) {
    throw new Error(
      `The real captures read files this machine lacks:\n  ${missing.join("\n  ")}\n` +
        "Install them, build only the other files (deno task corpus NAME...), " +
        "or copy a ready corpus (deno task corpus --from DIR).",
    );
  }
  const ace = need("fs-read_text_file-ace-min-js.json") ? await fetchAce(work) : "";
  return { libraries, python, changelog, japaneseHtml, ace };
}

/** A client connected over stdio to one reference server, run with Deno from npm. */
async function connect(
  server: "filesystem" | "memory" | "everything",
  args: string[],
  env: Record<string, string> = {},
): Promise<{ client: Client; close: () => Promise<void> }> {
  const pkg = `@modelcontextprotocol/server-${server}@${SERVERS_VERSION}`;
  // Download first, so that a slow registry does not eat the client's initialize timeout.
  const fetched = await new Deno.Command(Deno.execPath(), {
    args: ["cache", "--quiet", "--no-config", "--no-lock", `npm:${pkg}`],
    stdout: "null",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  if (!fetched.success) {
    throw new Error(
      `Could not download ${pkg} from npm (deno cache npm:${pkg}): ` +
        new TextDecoder().decode(fetched.stderr).trim(),
    );
  }
  const transport = new StdioClientTransport({
    command: Deno.execPath(),
    // --no-config: the servers' own dependencies, not this repository's lock file.
    args: ["run", "--quiet", "--no-config", "--no-lock", "-A", `npm:${pkg}`, ...args],
    env: { ...Deno.env.toObject(), NO_COLOR: "1", ...env },
    stderr: "pipe",
    maxBufferSize: MAX_MESSAGE,
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Uint8Array) => {
    stderr = (stderr + new TextDecoder().decode(chunk)).slice(-4000);
  });
  const client = new Client({ name: "pagewise-corpus", version: "1.0.0" });
  try {
    await client.connect(transport);
  } catch (error) {
    await transport.close().catch(() => {});
    throw new Error(
      `Could not start ${pkg} (deno run -A npm:${pkg}): ${
        error instanceof Error ? error.message : error
      }\n${stderr.trim()}`,
    );
  }
  return { client, close: () => client.close() };
}

async function call(
  client: Client,
  server: string,
  { tool, arguments: args }: Call,
): Promise<CorpusResult> {
  const result = await client.callTool({ name: tool, arguments: args }, undefined, {
    timeout: CALL_TIMEOUT_MS,
  });
  if (result.isError) {
    const text = (result.content as Array<{ text?: string }>).map((block) => block.text).join(" ");
    throw new Error(`${server} ${tool}(${JSON.stringify(args)}) failed: ${text}`);
  }
  return result as unknown as CorpusResult;
}

async function captureMemory(work: string): Promise<CorpusResult> {
  const { client, close } = await connect("memory", [], {
    MEMORY_FILE_PATH: `${work}/memory.jsonl`,
  });
  try {
    const { entities, relations } = knowledgeGraph();
    for (let i = 0; i < entities.length; i += 200) {
      await call(client, "memory", {
        tool: "create_entities",
        arguments: { entities: entities.slice(i, i + 200) },
      });
    }
    for (let i = 0; i < relations.length; i += 400) {
      await call(client, "memory", {
        tool: "create_relations",
        arguments: { relations: relations.slice(i, i + 400) },
      });
    }
    return await call(client, "memory", { tool: "read_graph", arguments: {} });
  } finally {
    await close();
  }
}

async function captureEverything(): Promise<CorpusResult> {
  // A data: URL, so that the server fetches nothing from the network.
  const status = await Deno.readFile("/var/lib/dpkg/status");
  const { client, close } = await connect("everything", ["stdio"]);
  try {
    return await call(client, "everything", {
      tool: "gzip-file-as-resource",
      arguments: {
        name: "dpkg-status.gz",
        data: `data:text/plain;base64,${status.toBase64()}`,
        outputType: "resource",
      },
    });
  } finally {
    await close();
  }
}

/**
 * Captures the named files, handing each result to `write` as it arrives.
 * Fails before starting a server when a file it reads is missing.
 */
export async function captureAll(
  names: readonly string[],
  write: (name: string, result: CorpusResult) => Promise<void>,
): Promise<void> {
  const work = await Deno.makeTempDir({ prefix: "pagewise-corpus-" });
  try {
    const sources = await findSources(work, names);
    const filesystem = names.filter((name) => name in FILESYSTEM_CALLS);
    if (filesystem.length) {
      // The server refuses to start with a root that does not exist.
      const roots = [work];
      for (const root of ["/usr/share", "/usr/include", "/usr/lib", "/var/lib/dpkg"]) {
        if (await exists(root)) roots.push(root);
      }
      const { client, close } = await connect("filesystem", roots);
      try {
        for (const name of filesystem) {
          await write(name, await call(client, "filesystem", FILESYSTEM_CALLS[name](sources)));
        }
      } finally {
        await close();
      }
    }
    if (names.includes("memory-read_graph.json")) {
      await write("memory-read_graph.json", await captureMemory(work));
    }
    if (names.includes("everything-gzip-file-as-resource.json")) {
      await write("everything-gzip-file-as-resource.json", await captureEverything());
    }
  } finally {
    await Deno.remove(work, { recursive: true });
  }
}
