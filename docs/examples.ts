/**
 * Every example page quoted in README.md, docs/model-view.md, docs/cursors.md
 * and docs/narrowing.md: each is what pagewise gives for the input built here
 * (the README's comes from the demo's own `search_issues` tool). After a
 * change to the notes or the envelope, run it from the repository root and
 * paste what changed:
 *
 *     deno run docs/examples.ts
 *
 * tests/docs/examples_test.ts fails until the docs quote exactly what it
 * prints, and until every page fenced in those docs is one of these.
 *
 * @module
 */
import {
  InMemoryTransport as ServerTransport,
  McpServer as McpServerV2,
} from "@modelcontextprotocol/server";
import { createPager, CursorError, paginate, type PaginateOptions } from "../mod.ts";
import { registerTools, searchIssues } from "../examples/shared/tools.ts";
import { Client, InMemoryTransport, McpServer } from "../tests/support/mcp_v1.ts";

/** One example: what pagewise gave, and where the docs quote it. */
export interface Example {
  /** What it shows, as printed. */
  title: string;
  /** The file that quotes it, from the repository root. */
  doc: string;
  /**
   * `block`: a fenced block of its own (```text or ```json) holds exactly the
   * text; `inline`: the text is within the doc's prose or a table (compared
   * with every run of white space taken as one space).
   */
  quoted: "block" | "inline";
  /** What the doc quotes. */
  text: string;
  /** Its cursor holds the clock (an expiry): only the cursor's length is the same in every run. */
  changesEachRun?: boolean;
}

/** The smallest limits a page may have, so that the examples are short. */
const SMALL = { maxTokens: 300, maxChars: 800 };

/** Every example, in the order it is printed. */
export async function examples(): Promise<Example[]> {
  return [
    ...await demoExamples(),
    ...await pagerExamples(),
    ...await cursorExamples(),
    ...await paginateExamples(),
    ...await narrowingExamples(),
  ];
}

/** A tool result's content, as a client reads it. */
type Content = { type: string; text?: string }[];

/** A client that names itself `name`, connected in memory to `server` (SDK v1 or v2). */
async function connect(
  server: { connect(transport: never): Promise<void> },
  [serverSide, clientSide]: [unknown, unknown],
  name: string,
): Promise<Client> {
  await server.connect(serverSide as never);
  const client = new Client({ name, version: "1.0.0" });
  await client.connect(clientSide as never);
  return client;
}

/** The demo's server, built as `deno task demo` builds it for each request, with `options`. */
function demoServer(options: PaginateOptions): McpServerV2 {
  const server = new McpServerV2({ name: "pagewise-demo", version: "0.1.0" });
  paginate(server, options);
  registerTools(server);
  return server;
}

/** The first text of a result. */
const firstText = (result: unknown) => (result as { content: Content }).content[0].text ?? "";

/** The next cursor of a JSON page. */
const nextCursorOf = (text: string): string | undefined => JSON.parse(text).page?.next_cursor;

/** README.md and model-view.md: the demo's `search_issues`, and its pages at limits short enough to quote. */
async function demoExamples(): Promise<Example[]> {
  const query = { query: "times out" };
  const json = firstText(searchIssues(query));
  const { total_count } = JSON.parse(json);
  const shape = json.slice(0, json.indexOf('"items":[') + '"items":['.length) + "…]}";
  // What a real client gets from the demo: pages sized for Claude Code.
  const claudeCode = await connect(
    demoServer({}),
    ServerTransport.createLinkedPair(),
    "claude-code",
  );
  let pages = 0;
  for (let cursor: string | undefined, more = true; more; pages++) {
    const args = cursor ? { ...query, cursor } : query;
    cursor = nextCursorOf(
      firstText(await claudeCode.callTool({ name: "search_issues", arguments: args })),
    );
    more = cursor !== undefined;
  }
  await claudeCode.close();
  // The same paging at limits a few times the smallest, so that a page is short enough to quote.
  const short = await connect(
    demoServer({ maxTokens: 600, maxChars: 1_600 }),
    ServerTransport.createLinkedPair(),
    "docs",
  );
  const first = firstText(await short.callTool({ name: "search_issues", arguments: query }));
  const cursor = nextCursorOf(first);
  const second = firstText(
    await short.callTool({ name: "search_issues", arguments: { ...query, cursor } }),
  );
  await short.close();
  return [
    { title: "README: the result", doc: "README.md", quoted: "inline", text: `\`${shape}\`` },
    {
      title: "README: its size",
      doc: "README.md",
      quoted: "inline",
      text: `${total_count} issues, ${Math.round(json.length / 1_000)} KB of JSON, ${pages} ` +
        "pages for Claude Code",
    },
    { title: "README: search_issues, page 1", doc: "README.md", quoted: "block", text: first },
    { title: "search_issues, page 2", doc: "docs/model-view.md", quoted: "block", text: second },
  ];
}

/** Issues made in code: a list and a dict that the pager serializes itself. */
const issues = Array.from({ length: 200 }, (_, i) => ({
  id: 4100 + i,
  title: `Timeout in worker ${i + 1}`,
  state: i % 3 === 0 ? "closed" : "open",
}));
const search = { query: "timeout", total_count: 200, items: issues };
const changed = [{ id: 4099, title: "A new issue", state: "open" }, ...issues];
const small = createPager(SMALL);

/** model-view.md: lists, dicts, entries, text, part pages, a trim, a changed result. */
async function pagerExamples(): Promise<Example[]> {
  const doc = "docs/model-view.md";
  const block = (title: string, text: string): Example => ({ title, doc, quoted: "block", text });
  const indented = createPager({ ...SMALL, indent: 2 });
  const list = await small.page(issues, { scope: "list_issues {}" });
  const users = Object.fromEntries(
    Array.from(
      { length: 500 },
      (_, i) => [`u${1000 + i}`, { name: `User ${i}`, active: i % 2 === 0 }],
    ),
  );
  const log = Array.from(
    { length: 400 },
    (_, i) => `2026-11-02T10:${String(i % 60).padStart(2, "0")}:00Z INFO request ${i} served`,
  ).join("\n");
  const firstOfLog = await small.page(log, { scope: "read_log {}" });
  let lastOfLog = firstOfLog;
  while (lastOfLog.nextCursor) {
    lastOfLog = await small.page(log, { scope: "read_log {}", cursor: lastOfLog.nextCursor });
  }
  const big = [{ id: 1, body: "x".repeat(3_000) }, { id: 2, body: "short" }];
  return [
    block("a list", list.text),
    block("a dict, indent 2", (await indented.page(search, { scope: "search {}" })).text),
    block("_page", (await small.page({ page: 3, items: issues }, { scope: "own_page {}" })).text),
    block("entries", (await small.page(users, { scope: "users {}" })).text),
    block("text, page 1", firstOfLog.text),
    block("text, last page (its end)", lastOfLog.text.slice(-140)),
    block("part", (await small.page(big, { scope: "docs {}" })).text),
    block("trim", (await small.trim(issues, { scope: "list_issues {}" })).text),
    block(
      "changed",
      (await small.page(changed, { scope: "list_issues {}", cursor: list.nextCursor })).text,
    ),
  ];
}

/** cursors.md: cursor lengths, plain, signed and expiring; refused cursors. */
async function cursorExamples(): Promise<Example[]> {
  const doc = "docs/cursors.md";
  const secret = "a secret of 32 bytes, or longer!";
  const pagers: [string, ReturnType<typeof createPager>, boolean][] = [
    ["none", small, false],
    ["`secret`", createPager({ ...SMALL, secret }), false],
    [
      "`secret`, `cursorTtlSeconds: 600`",
      createPager({ ...SMALL, secret, cursorTtlSeconds: 600 }),
      true,
    ],
  ];
  const lengths: Example[] = [];
  for (const [options, pager, changesEachRun] of pagers) {
    const cursor = (await pager.page(issues, { scope: "list_issues {}" })).nextCursor!;
    lengths.push({
      title: `cursor, pager options ${options}`,
      doc,
      quoted: "inline",
      text: `| ${options} | \`${cursor}\` | ${cursor.length} |`,
      changesEachRun,
    });
  }
  const list = await small.page(issues, { scope: "list_issues {}" });
  const refusals: [string, () => Promise<unknown>][] = [
    [
      "a typo",
      () => small.page(issues, { scope: "list_issues {}", cursor: typo(list.nextCursor!) }),
    ],
    [
      "other arguments",
      () => small.page(issues, { scope: 'list_issues {"state":"open"}', cursor: list.nextCursor }),
    ],
    [
      'a changed result, onChange "error"',
      () =>
        createPager({ ...SMALL, onChange: "error" }).page(changed, {
          scope: "list_issues {}",
          cursor: list.nextCursor,
        }),
    ],
  ];
  const said: string[] = [];
  for (const [name, attempt] of refusals) {
    const error = await attempt().then(() => undefined, (e) => e);
    if (!(error instanceof CursorError)) throw new Error(`${name}: not refused (${error})`);
    said.push(`${error.reason}: ${error.message}`);
  }
  return [
    ...lengths,
    { title: "refused cursors", doc, quoted: "block", text: said.join("\n\n") },
  ];
}

/** The cursor with its last character changed: a typo. */
function typo(cursor: string): string {
  return cursor.slice(0, -1) + (cursor.endsWith("A") ? "B" : "A");
}

/** model-view.md: through paginate, tools/list, a refused cursor and a page of blocks. */
async function paginateExamples(): Promise<Example[]> {
  const doc = "docs/model-view.md";
  const server = paginate(new McpServer({ name: "issues", version: "1.0.0" }), {
    maxTokens: 2_000,
    maxChars: 1_000,
  });
  server.registerTool("list_issues", { description: "Every issue." }, () => ({
    content: [{ type: "text", text: JSON.stringify(issues) }],
  }));
  const weeks = Array.from(
    { length: 40 },
    (_, i) => `| 2026-W${String(i + 1).padStart(2, "0")} | ${(i * 37) % 90 + 10} |`,
  ).join("\n");
  server.registerTool("activity_report", { description: "A report with a chart." }, () => ({
    content: [
      { type: "text", text: "# Activity\n\n1,234 issues opened in 40 weeks, by week:" },
      { type: "image", data: "iVBORw0KGgoAAAANSUhEUgAA", mimeType: "image/png" },
      { type: "text", text: "| week | opened |\n| --- | --- |\n" + weeks },
    ],
  }));
  const client = await connect(server, InMemoryTransport.createLinkedPair(), "docs");
  const { tools } = await client.listTools();
  const list = (await client.callTool({ name: "list_issues", arguments: {} })).content as Content;
  const cursor = nextCursorOf(list[0].text!)!;
  const refused = await client.callTool({
    name: "list_issues",
    arguments: { cursor: typo(cursor) },
  });
  const found: Example[] = [
    { title: "tools/list", doc, quoted: "block", text: JSON.stringify(tools[0], null, 2) },
    {
      title: "tools/call with a mistyped cursor",
      doc,
      quoted: "block",
      text: JSON.stringify(refused, null, 2),
    },
  ];
  let args: Record<string, string> = {};
  for (let k = 1; k < 10; k++) {
    const result = await client.callTool({ name: "activity_report", arguments: args });
    const content = JSON.stringify(result.content, null, 2);
    found.push({ title: `activity_report, page ${k}`, doc, quoted: "block", text: content });
    const note = (result.content as Content).at(-1)?.text ?? "";
    const next = /cursor="([^"]+)"/.exec(note)?.[1];
    if (!next) break;
    args = { cursor: next };
  }
  await client.close();
  return found;
}

/** narrowing.md: grep and fields on spans and on a log. */
async function narrowingExamples(): Promise<Example[]> {
  const doc = "docs/narrowing.md";
  const spans = Array.from({ length: 5_000 }, (_, i) => ({
    id: i,
    status: i % 16 === 3 ? "timeout" : "ok",
    meta: { host: `h${i % 7}`, ms: i * 3 },
  }));
  const errorLog = Array.from(
    { length: 2_000 },
    (_, i) => i % 500 === 7 ? `12:00:${i} ERROR disk full` : `12:00:${i} ok`,
  ).join("\n");
  const noteOf = (text: string): string => JSON.parse(text).page.note;
  const narrowed = await small.page(spans, { grep: "timeout", fields: ["id", "meta.host"] });
  const none = await small.page(spans, { grep: "nothing" });
  const first = await small.page(spans, { narrowable: { grep: "grep", fields: "fields" } });
  const missing = await small.page(spans, { fields: ["host"] });
  const text = await small.page(errorLog, { grep: "error" });
  return [
    { title: "grep and fields", doc, quoted: "block", text: narrowed.text },
    { title: "a text", doc, quoted: "block", text: text.text },
    {
      title: "no match: its note",
      doc,
      quoted: "inline",
      text: `\`"note": ${JSON.stringify(noteOf(none.text))}\``,
    },
    {
      title: "the first page of a tool that takes grep and fields: the end of its note",
      doc,
      quoted: "inline",
      text: `\`${noteOf(first.text).slice(noteOf(first.text).indexOf("To read less"))}\``,
    },
    { title: "a field no item has", doc, quoted: "block", text: missing.text },
  ];
}

if (import.meta.main) {
  for (const { title, doc, text } of await examples()) {
    console.log(`----- ${title} (${doc})\n${text}\n`);
  }
}
