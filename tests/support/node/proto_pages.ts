// Run under Node (which still has the Object.prototype.__proto__ setter) by
// tests/paging/node_runtime_test.ts: pages results that keep a list and fields
// under "__proto__" keys, and prints what the pages hold.
import { createPager, createResultPager } from "../../../mod.ts";

const items = Array.from({ length: 300 }, (_, i) => `{"id":${i},"__proto__":{"x":${i}}}`);
const text = `{"__proto__":[${items.join(",")}],"meta":{"__proto__":"kept"}}`;
const value = JSON.parse(text); // JSON.parse makes own "__proto__" properties
const pager = createPager({ maxTokens: 2_000 });
const report: Record<string, unknown> = {};

for (const [name, input, json] of [["text", text, true], ["value", value, false]] as const) {
  const shown: string[] = [];
  let valid = true;
  let page = await pager.page(input, { scope: "s", json });
  for (let n = 0; n < 100; n++) {
    let parsed;
    try {
      parsed = JSON.parse(page.text);
    } catch {
      valid = false;
      break;
    }
    const list = Object.getOwnPropertyDescriptor(parsed, "__proto__")?.value;
    for (const item of Array.isArray(list) ? list : []) {
      shown.push(JSON.stringify(Object.getOwnPropertyDescriptor(item, "__proto__")?.value));
    }
    if (!page.nextCursor) break;
    page = await pager.page(input, { scope: "s", json, cursor: page.nextCursor });
  }
  report[name] = { valid, items: shown.length, first: shown[0], last: shown.at(-1) };
}

const results = createResultPager({ maxTokens: 2_000 });
const result = await results.page({ content: [{ type: "text", text }], structuredContent: value });
const structured = result.structuredContent as Record<string, unknown>;
report.structured = Object.keys(structured ?? {});
console.log(JSON.stringify(report));
