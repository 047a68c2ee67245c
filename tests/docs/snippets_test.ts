import assert from "node:assert/strict";
import { DEV_CONFIG } from "../../dev/config.ts";

// Every ```ts block of README.md and docs/*.md is a whole program a user can
// paste: imports included, no name left undefined. Each is written to a file
// of its own and all are type-checked by one `deno check`, with an import map
// that maps `@pagewise/mcp` and its subpaths to this checkout, as a user's
// would map them to the package. A block that is deliberately a fragment says
// so in its info string, with the reason: ```ts ignore <why>.

const ROOT = new URL("../../", import.meta.url);

/** A ```ts block of a doc. */
interface Snippet {
  /** The doc, from the repository root. */
  doc: string;
  /** The line of its opening fence, from 1. */
  line: number;
  /** What follows `ts` in the info string: `ignore <why>`, or nothing. */
  info: string;
  code: string;
}

/** README.md and every page of docs/. */
async function docs(): Promise<string[]> {
  const pages = [];
  for await (const entry of Deno.readDir(new URL("docs/", ROOT))) {
    if (entry.name.endsWith(".md")) pages.push(`docs/${entry.name}`);
  }
  return ["README.md", ...pages.sort()];
}

/** Every ```ts block of `doc`. */
async function snippetsOf(doc: string): Promise<Snippet[]> {
  const lines = (await Deno.readTextFile(new URL(doc, ROOT))).split("\n");
  const found: Snippet[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(?:ts|typescript)(?:\s+(.*))?$/.exec(lines[i]);
    if (!open) continue;
    const end = lines.indexOf("```", i + 1);
    assert.ok(end > i, `${doc}:${i + 1}: a ts block that is never closed`);
    found.push({ doc, line: i + 1, info: open[1] ?? "", code: lines.slice(i + 1, end).join("\n") });
    i = end;
  }
  return found;
}

const SNIPPETS = (await Promise.all((await docs()).map(snippetsOf))).flat();
const where = (s: Snippet) => `${s.doc}:${s.line}`;
const checked = SNIPPETS.filter((s) => !s.info.startsWith("ignore"));

/**
 * What fails for now, exactly, in pages being rewritten elsewhere
 * (docs/cache.md; docs/tokens.md passes): each doc's test expects exactly
 * these, so it fails as soon as one is fixed or anything else fails, saying
 * to shorten this list. Empty it, never add to it.
 */
const PENDING: Record<string, string[]> = {};

/**
 * A snippet a runtime serves (`export default`, `Deno.serve`, a server's
 * `start`) is type-checked only; every other one is run too, and must run to
 * its end without throwing.
 */
const serves = (code: string) => /^export default\b|\bDeno\.serve\(|\.start\(/m.test(code);

/** A file of the check: a snippet, or a control the check must judge as expected. */
interface Checked {
  name: string;
  code: string;
  snippet?: Snippet;
}

/**
 * Controls: under Deno 2.9, SDK v1's `.js` subpaths type as `any` unless a
 * `@ts-types` comment names their types (upstream issue #2701), so the
 * check would pass a wrong call: the typed control must fail, which shows the
 * check sees the SDK's types, and the untyped one passes, which is why every
 * snippet needs the comment.
 */
const TYPED_CONTROL = `// @ts-types="@modelcontextprotocol/sdk/server/mcp"
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

new McpServer({ name: 1, version: "1.0.0" });
`;
const UNTYPED_CONTROL = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

new McpServer({ name: 1, version: "1.0.0" }).nonexistentMethod();
`;

/** One diagnostic of `deno check`: where, and what. */
interface Diagnostic {
  file: string;
  line: number;
  message: string;
}

/** The import map a user of the package would have: the toolbox's imports, pagewise from here. */
async function importMap(): Promise<{ imports: Record<string, string> }> {
  const dev = JSON.parse(await Deno.readTextFile(DEV_CONFIG));
  const imports: Record<string, string> = {};
  for (const [name, target] of Object.entries(dev.imports as Record<string, string>)) {
    imports[name] = target.startsWith("./") ? new URL(target, ROOT).href : target;
  }
  for (const [path, file] of Object.entries(dev.exports as Record<string, string>)) {
    imports[`@pagewise/mcp${path.slice(1)}`] = new URL(file, ROOT).href;
  }
  return { imports };
}

/** What the check and the run said of the files. */
interface Verdicts {
  /** The diagnostics of `deno check`, by file. */
  diagnostics: Map<string, Diagnostic[]>;
  /** What each file that was run threw, by file; `""` when it ran to its end. */
  runs: Map<string, string>;
}

/**
 * Type-checks every file in one `deno check`, then runs those that `run`
 * picks in one `deno run` that imports each in turn.
 */
async function verify(files: Checked[], run: (file: Checked) => boolean): Promise<Verdicts> {
  const dir = await Deno.makeTempDir({ prefix: "pagewise-snippets-" });
  try {
    const map = `${dir}/import_map.json`;
    await Deno.writeTextFile(map, JSON.stringify(await importMap()));
    for (const file of files) await Deno.writeTextFile(`${dir}/${file.name}`, file.code);
    const check = await deno([
      "check",
      "--import-map",
      map,
      ...files.map((f) => `${dir}/${f.name}`),
    ]);
    const diagnostics = new Map<string, Diagnostic[]>(files.map((file) => [file.name, []]));
    for (const diagnostic of parse(check.output, `file://${dir}/`)) {
      diagnostics.get(diagnostic.file)?.push(diagnostic);
    }
    const located = [...diagnostics.values()].flat().length;
    assert.ok(
      check.success === (located === 0),
      `deno check ${check.success ? "passed" : "failed"} with ${located} errors in the files:\n` +
        check.output,
    );
    const runs = new Map<string, string>();
    const runnable = files.filter((file) => run(file) && diagnostics.get(file.name)!.length === 0);
    if (runnable.length > 0) {
      await Deno.writeTextFile(`${dir}/run.ts`, RUNNER);
      const ran = await deno([
        "run",
        "-A",
        "--no-check",
        "--import-map",
        map,
        `${dir}/run.ts`,
        ...runnable.map((file) => file.name),
      ]);
      const said = JSON.parse(ran.stdout.trim().split("\n").at(-1) || "{}");
      for (const file of runnable) {
        runs.set(file.name, said[file.name] ?? `did not finish:\n${ran.output}`);
      }
    }
    return { diagnostics, runs };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** Imports each file named in its arguments, in turn; prints what each threw, as JSON. */
const RUNNER = `const said: Record<string, string> = {};
for (const name of Deno.args) {
  try {
    await import(new URL(name, import.meta.url).href);
    said[name] = "";
  } catch (error) {
    said[name] = String(error?.stack ?? error);
  }
}
console.log(JSON.stringify(said));
Deno.exit(0); // a snippet may leave a timer or a store behind
`;

/** Runs deno with the toolbox's config, from the repository root. */
async function deno(args: string[]): Promise<{ success: boolean; stdout: string; output: string }> {
  const [command, ...rest] = args;
  const run = await new Deno.Command(Deno.execPath(), {
    args: [command, "--config", DEV_CONFIG, ...rest],
    cwd: ROOT,
    env: { NO_COLOR: "1" },
    stdin: "null",
  }).output();
  const stdout = new TextDecoder().decode(run.stdout);
  return { success: run.success, stdout, output: new TextDecoder().decode(run.stderr) + stdout };
}

/** The diagnostics of `deno check`'s output that point into `prefix`. */
function parse(output: string, prefix: string): Diagnostic[] {
  const found: Diagnostic[] = [];
  // Each diagnostic starts with "TS1234 [ERROR]: message" (or "error: message") and names
  // its place in the first "at file:///…:line:column" line after it.
  for (const chunk of output.split(/^(?=TS\d+ \[ERROR\]|error: )/m)) {
    const message = chunk.split("\n")[0];
    const at = /^\s+at (file:\/\/\S+?):(\d+):\d+$/m.exec(chunk) ??
      /at (file:\/\/\S+?):(\d+):\d+/.exec(chunk);
    if (!at || !at[1].startsWith(prefix)) continue;
    found.push({ file: at[1].slice(prefix.length), line: Number(at[2]), message });
  }
  return found;
}

const FILES: Checked[] = [
  ...checked.map((snippet) => ({
    name: `${snippet.doc.replaceAll("/", "_")}_${snippet.line}.ts`,
    // A block without import or export would be a script, whose names are global.
    code: /^\s*(import|export)\b/m.test(snippet.code)
      ? snippet.code
      : `${snippet.code}\nexport {};\n`,
    snippet,
  })),
  { name: "control_typed.ts", code: TYPED_CONTROL },
  { name: "control_untyped.ts", code: UNTYPED_CONTROL },
  { name: "control_throws.ts", code: 'throw new Error("a snippet that throws");\nexport {};\n' },
];

let verdicts: Promise<Verdicts> | undefined;
/** The one `deno check` of every file and the one run of the runnable ones, for all tests below. */
const verdictsOnce = () => (verdicts ??= verify(
  FILES,
  (file) => file.name === "control_throws.ts" || (!!file.snippet && !serves(file.code)),
));

/** The SDK v1 imports of `snippet` without the `@ts-types` comment above them. */
function untypedImports(snippet: Snippet): string[] {
  const lines = snippet.code.split("\n");
  return lines.flatMap((line, i) =>
    /from "@modelcontextprotocol\/sdk\/[^"]+\.js"/.test(line) &&
      !/^\/\/ @ts-types="@modelcontextprotocol\/sdk\/[^"]+"$/.test(lines[i - 1] ?? "")
      ? [`${snippet.doc}:${snippet.line + i + 1}: ${line}`]
      : []
  );
}

Deno.test("the check sees the MCP SDK's types: a wrong option to McpServer fails it", async () => {
  const found = (await verdictsOnce()).diagnostics.get("control_typed.ts")!;
  assert.deepEqual(found.map((d) => [d.line, d.message.slice(0, 6)]), [[4, "TS2322"]]);
});

Deno.test("without its @ts-types comment, an SDK v1 import types as any under Deno", async () => {
  assert.deepEqual(
    (await verdictsOnce()).diagnostics.get("control_untyped.ts"),
    [],
    "the SDK's .js subpaths now carry their types under Deno: the @ts-types rule may go",
  );
});

Deno.test("the snippets that do not serve are run: one that throws is reported", async () => {
  const { runs } = await verdictsOnce();
  assert.match(runs.get("control_throws.ts")!, /Error: a snippet that throws/);
  const ran = [...runs.keys()].filter((name) => name !== "control_throws.ts");
  assert.deepEqual(ran.map((name) => runs.get(name)), ran.map(() => ""));
  assert.ok(ran.length >= 10, `${ran.length} snippets run: ${ran.join(", ")}`);
});

Deno.test("a snippet left out of the check says why: ```ts ignore <reason>", () => {
  const ignored = SNIPPETS.filter((s) => s.info.startsWith("ignore"));
  const unexplained = ignored.filter((s) => !/^ignore\s+\S/.test(s.info));
  assert.deepEqual(unexplained.map(where), []);
  // Few by design: a fragment is a snippet a user cannot paste.
  assert.ok(ignored.length <= 3, `${ignored.length} ignored: ${ignored.map(where).join(", ")}`);
});

for (const doc of await docs()) {
  const files = FILES.filter((file) => file.snippet?.doc === doc);
  if (files.length === 0) continue;
  Deno.test(`${doc}: every ts block is a whole program that type-checks, its SDK v1 imports typed, and runs unless it serves (${files.length})`, async () => {
    const { diagnostics, runs } = await verdictsOnce();
    const failing = files.flatMap((file) => [
      ...untypedImports(file.snippet!),
      ...diagnostics.get(file.name)!.map((d) =>
        `${where(file.snippet!)} (line ${file.snippet!.line + d.line}): ${d.message}`
      ),
      ...(runs.get(file.name) ? [`${where(file.snippet!)} threw: ${runs.get(file.name)}`] : []),
    ]);
    assert.deepEqual(
      failing,
      PENDING[doc] ?? [],
      PENDING[doc] ? `${doc} is pending: what it fails with changed; shorten PENDING` : undefined,
    );
  });
}
