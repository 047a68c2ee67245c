import assert from "node:assert/strict";
import { type Example, examples } from "../../docs/examples.ts";

// The example pages of the docs are real: docs/examples.ts makes them, and
// each doc quotes what it prints, exactly.

const ALL = await examples();

/** Every fenced block of `markdown` whose info string is `text` or `json`: the quoted pages. */
function fencedPages(markdown: string): string[] {
  return [...markdown.matchAll(/^```(?:text|json)\n([\s\S]*?)\n```$/gm)].map((m) => m[1]);
}

/** Text with every run of white space taken as one space (prose is wrapped, tables padded). */
const collapsed = (text: string) => text.replace(/\s+/g, " ");

/** Whether `doc` quotes `example` as docs/examples.ts prints it. */
function quotes(doc: string, example: Example): boolean {
  if (example.quoted === "block") return fencedPages(doc).includes(example.text);
  if (!example.changesEachRun) return collapsed(doc).includes(collapsed(example.text));
  // An expiring cursor: the same length, any characters.
  const pattern = collapsed(example.text).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
    .replace(/`[A-Za-z0-9_-]{20,}`/, (cursor) => `\`[A-Za-z0-9_-]{${cursor.length - 2}}\``);
  return new RegExp(pattern).test(collapsed(doc));
}

const DOCS = [...new Set(ALL.map((example) => example.doc))];

for (const path of DOCS) {
  Deno.test(`${path} quotes each of its examples as docs/examples.ts prints it`, async () => {
    const doc = await Deno.readTextFile(path);
    const missing = ALL.filter((e) => e.doc === path && !quotes(doc, e));
    assert.deepEqual(
      missing.map((e) => `${e.title}:\n${e.text}`),
      [],
      `Paste what \`deno run docs/examples.ts\` prints into ${path}`,
    );
  });

  Deno.test(`every page fenced in ${path} is one docs/examples.ts prints`, async () => {
    const printed = new Set(ALL.filter((e) => e.quoted === "block").map((e) => e.text));
    const stale = fencedPages(await Deno.readTextFile(path)).filter((page) => !printed.has(page));
    assert.deepEqual(stale, [], `${path} quotes pages that docs/examples.ts does not print`);
  });
}

Deno.test("the docs give one command for docs/examples.ts, and it prints every example", async () => {
  const commands = new Set<string>();
  for (const path of ["README.md", "CONTRIBUTING.md", ...DOCS]) {
    const doc = collapsed(await Deno.readTextFile(path));
    for (const [command] of doc.matchAll(/deno run[^`]*docs\/examples\.ts/g)) commands.add(command);
  }
  assert.deepEqual([...commands], ["deno run docs/examples.ts"]);
  const run = await new Deno.Command(Deno.execPath(), {
    args: ["run", "docs/examples.ts"],
    env: { NO_COLOR: "1" },
    stdin: "null",
  }).output();
  assert.ok(run.success, new TextDecoder().decode(run.stderr));
  const printed = new TextDecoder().decode(run.stdout);
  for (const example of ALL) {
    const shown = `----- ${example.title} (${example.doc})\n`;
    assert.ok(printed.includes(shown), `it prints ${example.title}`);
    if (!example.changesEachRun) assert.ok(printed.includes(shown + example.text + "\n\n"));
  }
});
