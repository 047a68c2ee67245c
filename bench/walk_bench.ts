/**
 * Walking every page of a result costs about P single pages: the cost of a
 * page does not grow with its offset. Generated data, no corpus needed.
 */
import { createPager, type Page } from "../mod.ts";

const rows = Array.from({ length: 20_000 }, (_, i) => ({
  id: i,
  title: `Row ${i}: the request timed out after the upgrade`,
  tags: ["a", "b", String(i % 7)],
}));
const pager = createPager({ maxTokens: 5_000 });
const pages: Page[] = [await pager.page(rows, { scope: "walk" })];
while (pages.at(-1)!.nextCursor) {
  pages.push(await pager.page(rows, { scope: "walk", cursor: pages.at(-1)!.nextCursor }));
}
const P = pages.length;
const last = pages.at(-2)!.nextCursor;

Deno.bench(`one page (first)`, { group: "walk", baseline: true }, async () => {
  await pager.page(rows, { scope: "walk" });
});
Deno.bench(`one page (last)`, { group: "walk" }, async () => {
  await pager.page(rows, { scope: "walk", cursor: last });
});
Deno.bench(`all ${P} pages`, { group: "walk" }, async () => {
  let page = await pager.page(rows, { scope: "walk" });
  while (page.nextCursor) page = await pager.page(rows, { scope: "walk", cursor: page.nextCursor });
});
