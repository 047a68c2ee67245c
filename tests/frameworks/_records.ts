/**
 * The big result every framework test pages: 8,000 records, about 1 MB of
 * JSON, the same in every runtime (no randomness, no clock). Imported by the
 * servers (Deno, workerd, Node) and by the tests that check the walk.
 */

/** One record of the result. */
export interface Row {
  id: number;
  sku: string;
  name: string;
  email: string;
  price: number;
  tags: string[];
  note: string;
}

const WORDS = ["alpha", "beta", "gamma", "delta", "épée", "naïve", "東京", "данные", "🙂", 'x"y'];

/** The `count` records (8,000 by default: about 1 MB as compact JSON). */
export function records(count = 8_000): Row[] {
  const rows: Row[] = [];
  let seed = 7;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648);
  for (let i = 0; i < count; i++) {
    const words = Array.from({ length: 4 }, () => WORDS[next() % WORDS.length]);
    rows.push({
      id: i,
      sku: `SKU-${(next() % 1_000_000).toString(36).toUpperCase().padStart(4, "0")}`,
      name: `Item ${i} ${words[0]}`,
      email: `u${i}@ex.io`,
      price: (next() % 100_000) / 100,
      tags: words.slice(1),
      note: `${i}\n${words.join(" ")}`,
    });
  }
  return rows;
}

/** The name of the tool that returns {@linkcode records}, in every server. */
export const TOOL = "list_records";

/**
 * The records as compact JSON, made once: the tool runs again for every page
 * (a VS Code walk is 170 pages), and making the records costs more than
 * paging them.
 */
export const RECORDS_JSON = JSON.stringify(records());

/** The records as the tool returns them: one text block of compact JSON (a new object each call). */
export function recordsResult(): { content: { type: "text"; text: string }[] } {
  return { content: [{ type: "text", text: RECORDS_JSON }] };
}
