import assert from "node:assert/strict";
import { TOOLS } from "../../examples/shared/tools.ts";
import { denoServe } from "../support/deno_serve.ts";
import { connect, walk } from "./_pages.ts";
import { APP, denoWalks, TOOL_NAMES } from "./_suite.ts";

// examples/README.md's table of the tools gives each one's size and its pages
// for Claude Code and for an unknown client: the figures `deno task demo`
// gives, walked here; the two runtimes' READMEs give the unknown client's.

/** The rows of the first Markdown table of `markdown` whose header has `column`, by header. */
function table(markdown: string, column: string): Record<string, string>[] {
  const lines = markdown.split("\n");
  const cells = (line: string) => line.split("|").slice(1, -1).map((cell) => cell.trim());
  const start = lines.findIndex((line) => line.startsWith("|") && cells(line).includes(column));
  assert.ok(start >= 0, `no table with a "${column}" column`);
  const header = cells(lines[start]);
  const rows = [];
  for (let i = start + 2; lines[i]?.startsWith("|"); i++) {
    rows.push(Object.fromEntries(cells(lines[i]).map((cell, k) => [header[k], cell])));
  }
  return rows;
}

const README = await Deno.readTextFile("examples/README.md");
const ROWS = new Map(table(README, "tool").map((row) => [row.tool.replaceAll("`", ""), row]));

/** Each tool's pages, called with no arguments, by a client that names itself `name`. */
async function pagesFor(name: string): Promise<Record<string, number>> {
  const app = await denoServe(APP);
  try {
    const connection = await connect(app.url, "v1", { name });
    try {
      const pages: Record<string, number> = {};
      for (const tool of TOOL_NAMES) pages[tool] = (await walk(connection, tool)).length;
      return pages;
    } finally {
      await connection.close();
    }
  } finally {
    await app.close();
  }
}

/** A size as the table writes it: the figure rounded to as many decimals as it shows. */
function assertSize(cell: string, unit: "MB" | "KB", bytes: number, what: string): void {
  const shown = new RegExp(`(\\d+(?:\\.(\\d+))?) ${unit}`).exec(cell);
  assert.ok(shown, `${what}: no size in ${unit} in "${cell}"`);
  const decimals = shown[2]?.length ?? 0;
  const actual = (bytes / (unit === "MB" ? 1e6 : 1e3)).toFixed(decimals);
  assert.equal(shown[1], actual, `${what}: ${bytes} bytes`);
}

Deno.test("examples/README.md gives each tool's size with no arguments, in UTF-8 bytes", () => {
  assert.deepEqual([...ROWS.keys()], TOOL_NAMES);
  for (const tool of TOOL_NAMES) {
    const cell = ROWS.get(tool)!["size with no arguments"];
    const blocks = TOOLS[tool]({}).content;
    const text = blocks.reduce(
      (n, b) => n + (b.type === "text" ? new TextEncoder().encode(b.text).length : 0),
      0,
    );
    assertSize(cell, "MB", text, tool);
    for (const block of blocks) {
      if (block.type === "image") assertSize(cell, "KB", block.data.length * 3 / 4, `${tool} PNG`);
    }
  }
});

Deno.test("examples/README.md gives each tool's pages for an unknown client, as the demo walks them", async () => {
  const walks = await denoWalks(); // an SDK v1 client named examples-test, in no preset
  for (const tool of TOOL_NAMES) {
    assert.equal(ROWS.get(tool)!["for an unknown client"], String(walks[tool].length), tool);
  }
});

Deno.test("examples/README.md gives each tool's pages for Claude Code, as the demo walks them", async () => {
  const pages = await pagesFor("claude-code");
  for (const tool of TOOL_NAMES) {
    assert.equal(ROWS.get(tool)!["pages for Claude Code"], String(pages[tool]), tool);
  }
});

Deno.test("the runtimes' READMEs give the pages an unknown client walks now", async () => {
  const walks = await denoWalks();
  const counts = TOOL_NAMES.map((tool) => walks[tool].length);
  const said = `a walk with no arguments now takes ${counts.slice(0, -1).join(", ")} and ` +
    `${counts.at(-1)} pages for an unknown client`;
  for (const path of ["examples/deno-deploy/README.md", "examples/cloudflare/README.md"]) {
    const readme = (await Deno.readTextFile(path)).replace(/\s+/g, " ");
    assert.ok(readme.includes(said), `${path} should say: ${said}`);
  }
});
