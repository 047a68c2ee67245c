/**
 * The first page of a value (issue 23): a list of 24,000 span objects
 * (`dev/cache_data.ts`, about 7 MB of JSON), against its floor, one
 * `JSON.stringify` plus one SHA-256 of the text; the same list as JSON text
 * for reference. Every page is cold: the pager keeps no Document for a value
 * that was not prepared, and each call serializes the value again.
 */
import { createPager } from "../mod.ts";
import { spans } from "../dev/cache_data.ts";

const encoder = new TextEncoder();
const pager = createPager();
const value = spans(24_000);
const text = JSON.stringify(value);
const group = "first page of a value, 24,000 spans";

Deno.bench("floor: JSON.stringify + SHA-256", { group, baseline: true }, async () => {
  await crypto.subtle.digest("SHA-256", encoder.encode(JSON.stringify(value)));
});
Deno.bench("first page of the value", { group }, async () => {
  await pager.page(value, { scope: "bench" });
});
Deno.bench("first page of its JSON text", { group }, async () => {
  await pager.page(text, { json: true, scope: "bench" });
});
