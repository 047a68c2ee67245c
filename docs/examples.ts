/**
 * Prints the example pages quoted in README.md and docs/model-view.md and
 * docs/cursors.md: each is what pagewise gives for the input built here.
 * Run it from the repository root after a change to the notes or the
 * envelope, and paste what changed:
 *
 *     deno run docs/examples.ts
 *
 * @module
 */
import { createPager, CursorError, paginate } from "../mod.ts";
import { Client, InMemoryTransport, McpServer } from "../tests/support/mcp_v1.ts";

const show = (title: string, text: string) => console.log(`----- ${title}\n${text}\n`);

// The smallest limits a page may have, so that the examples are short.
const SMALL = { maxTokens: 300, maxChars: 800 };

const issues = Array.from({ length: 200 }, (_, i) => ({
  id: 4100 + i,
  title: `Timeout in worker ${i + 1}`,
  state: i % 3 === 0 ? "closed" : "open",
}));
const search = { query: "timeout", total_count: 200, items: issues };

// model-view.md: a dict whose list is paged, written with an indent.
const indented = createPager({ ...SMALL, indent: 2 });
show(
  "a dict, indent 2",
  (await indented.page(search, { scope: 'search_issues {"query":"timeout"}' })).text,
);

// README.md and model-view.md: a list, a dict's pages, `_page`, entries.
const small = createPager(SMALL);
const list = await small.page(issues, { scope: "list_issues {}" });
show("a list", list.text);
const scope = 'search_issues {"query":"timeout"}';
const first = await small.page(search, { scope });
show("a dict, page 1", first.text);
show("a dict, page 2", (await small.page(search, { scope, cursor: first.nextCursor })).text);
show("_page", (await small.page({ page: 3, items: issues }, { scope: "own_page {}" })).text);
const users = Object.fromEntries(
  Array.from(
    { length: 500 },
    (_, i) => [`u${1000 + i}`, { name: `User ${i}`, active: i % 2 === 0 }],
  ),
);
show("entries", (await small.page(users, { scope: "users {}" })).text);

// model-view.md: text, first and last page.
const log = Array.from(
  { length: 400 },
  (_, i) => `2026-11-02T10:${String(i % 60).padStart(2, "0")}:00Z INFO request ${i} served`,
).join("\n");
let text = await small.page(log, { scope: "read_log {}" });
show("text, page 1", text.text);
while (text.nextCursor) {
  text = await small.page(log, { scope: "read_log {}", cursor: text.nextCursor });
}
show("text, last page (its end)", text.text.slice(-140));

// model-view.md: one item larger than a page.
const big = [{ id: 1, body: "x".repeat(3_000) }, { id: 2, body: "short" }];
show("part", (await small.page(big, { scope: "docs {}" })).text);

// model-view.md: a trim, and a page of a result that changed.
show("trim", (await small.trim(issues, { scope: "list_issues {}" })).text);
const changed = [{ id: 4099, title: "A new issue", state: "open" }, ...issues];
show(
  "changed",
  (await small.page(changed, { scope: "list_issues {}", cursor: list.nextCursor })).text,
);

// cursors.md: lengths, plain, signed and expiring.
const secret = "a secret of 32 bytes, or longer!";
const pagers = {
  plain: small,
  signed: createPager({ ...SMALL, secret }),
  "signed, cursorTtlSeconds 600": createPager({ ...SMALL, secret, cursorTtlSeconds: 600 }),
};
for (const [name, pager] of Object.entries(pagers)) {
  const cursor = (await pager.page(issues, { scope: "list_issues {}" })).nextCursor!;
  show(`cursor, ${name}`, `\`${cursor}\` | ${cursor.length}`);
}

// cursors.md: refused cursors.
const typo = list.nextCursor!.slice(0, -1) + (list.nextCursor!.endsWith("A") ? "B" : "A");
const refusals = {
  "a typo": () => small.page(issues, { scope: "list_issues {}", cursor: typo }),
  "other arguments": () =>
    small.page(issues, { scope: 'list_issues {"state":"open"}', cursor: list.nextCursor }),
  'a changed result, onChange "error"': () =>
    createPager({ ...SMALL, onChange: "error" }).page(changed, {
      scope: "list_issues {}",
      cursor: list.nextCursor,
    }),
};
for (const [name, attempt] of Object.entries(refusals)) {
  const error = await attempt().then(() => undefined, (e) => e);
  show(name, error instanceof CursorError ? `${error.reason}: ${error.message}` : String(error));
}

// model-view.md: through paginate, tools/list, a refused cursor and a page of blocks.
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
const [a, b] = InMemoryTransport.createLinkedPair();
await server.connect(a);
const client = new Client({ name: "docs", version: "1.0.0" });
await client.connect(b);
const { tools } = await client.listTools();
show("tools/list", JSON.stringify(tools[0], null, 2));
const refused = await client.callTool({ name: "list_issues", arguments: { cursor: typo } });
show("tools/call with a mistyped cursor", JSON.stringify(refused, null, 2));
let args: Record<string, string> = {};
for (let k = 1; k < 10; k++) {
  const result = await client.callTool({ name: "activity_report", arguments: args });
  show(`activity_report, page ${k}`, JSON.stringify(result.content, null, 2));
  const note = (result.content as { text?: string }[]).at(-1)?.text ?? "";
  const cursor = /cursor="([^"]+)"/.exec(note)?.[1];
  if (!cursor) break;
  args = { cursor };
}
await client.close();

// docs/narrowing.md
const spans = Array.from({ length: 5_000 }, (_, i) => ({
  id: i,
  status: i % 16 === 3 ? "timeout" : "ok",
  meta: { host: `h${i % 7}`, ms: i * 3 },
}));
const narrowing = createPager({ maxTokens: 300, maxChars: 800 });
show(
  "narrowing: grep and fields",
  (await narrowing.page(spans, { grep: "timeout", fields: ["id", "meta.host"] })).text,
);
show("narrowing: no match", (await narrowing.page(spans, { grep: "nothing" })).text);
show(
  "narrowing: the first page of a tool that takes grep and fields",
  JSON.parse(
    (await narrowing.page(spans, { narrowable: { grep: "grep", fields: "fields" } })).text,
  ).page.note,
);
show("narrowing: a field no item has", (await narrowing.page(spans, { fields: ["host"] })).text);
const errorLog = Array.from(
  { length: 2_000 },
  (_, i) => i % 500 === 7 ? `12:00:${i} ERROR disk full` : `12:00:${i} ok`,
).join("\n");
show("narrowing: a text", (await narrowing.page(errorLog, { grep: "error" })).text);
