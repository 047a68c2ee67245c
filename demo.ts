/**
 * Pages a big generated result (5,000 issue-like records) the way a tool
 * would, and prints the first page, its cursor, and a walk through the rest.
 *
 *     deno task demo
 */
import { createPager } from "./mod.ts";

const issues = Array.from({ length: 5_000 }, (_, i) => ({
  number: i + 1,
  title: `Build fails on step ${i % 17} after upgrade`,
  state: i % 4 ? "open" : "closed",
  labels: ["bug", i % 3 ? "ci" : "deps"],
  body: `Steps to reproduce: run the pipeline with cache key ${(i * 7919).toString(16)}.`,
}));
const result = { repository: "acme/widgets", count: issues.length, issues };

const pager = createPager({ maxTokens: 2_000 });
const scope = 'list_issues {"repo":"acme/widgets"}';
const first = await pager.page(result, { scope });

console.log("First page, exactly as the model sees it (shortened to 600 characters):\n");
console.log(first.text.length > 600 ? `${first.text.slice(0, 600)}…` : first.text);
console.log(
  `\nitems ${first.from}-${first.to} of ${first.total}; next cursor: ${first.nextCursor}`,
);

let page = first;
let pages = 1;
while (page.nextCursor) {
  page = await pager.page(result, { scope, cursor: page.nextCursor });
  pages++;
}
console.log(`Followed the cursors: ${pages} pages, ending at item ${page.to} of ${page.total}.`);
