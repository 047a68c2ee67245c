/**
 * The two halves of the JSON-text path, against the natives they replace:
 * scanJson against JSON.parse and one SHA-256 of the same text (the floor the
 * pager's first page is measured against), and serializeValue's fast path
 * (plain, shallow values) and iterative path against JSON.stringify.
 * Generated, seeded data; no corpus needed.
 */
import { scanJson } from "../src/json/scan.ts";
import { serializeValue } from "../src/json/serialize.ts";

/** mulberry32: a small seeded generator, so every run sees the same data. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [
  "timeout",
  "retry",
  "upgrade",
  "délai",
  "日本語の説明",
  'a "quoted" word',
  "tab\there",
  "emoji 😀",
  "line\nbreak",
  "x",
];

const ASCII_WORDS = WORDS.filter((word) => /^[\x20-\x7e]*$/.test(word));

/** Records like a search or list tool returns, until the value's compact JSON reaches `bytes`. */
function records(
  bytes: number,
  seed = 1,
  words = WORDS,
): { total: number; items: Record<string, unknown>[] } {
  const next = random(seed);
  const word = () => words[Math.floor(next() * words.length)];
  const items: Record<string, unknown>[] = [];
  let size = 0;
  while (size < bytes) {
    const i = items.length;
    const item = {
      id: 1_000_000_000_000_000 + i,
      title: `Row ${i}: the request ${word()} after the ${word()}`,
      email: `user${i}@example.com`,
      score: Math.round(next() * 1e6) / 1e3,
      active: next() < 0.5,
      tags: [word(), word()],
      created: new Date(1.6e12 + Math.floor(next() * 1e11)).toISOString(),
      owner: null,
    };
    size += JSON.stringify(item).length + 1;
    items.push(item);
  }
  return { total: items.length, items };
}

// Pretty-printed with a 2-space indent, as tools send it: ~1.32 characters per compact one.
for (
  const [compact, words] of [[760_000, WORDS], [760_000, ASCII_WORDS], [12_900_000, WORDS]] as const
) {
  const text = JSON.stringify(records(compact, 1, words).items, null, 2);
  const data = new TextEncoder().encode(text);
  const group = `scan ${(data.length / 1e6).toFixed(1)} MB${words === ASCII_WORDS ? " ASCII" : ""}`;
  // The scanner is JavaScript: measure it once V8 has optimized it (~20 calls of 1 MB).
  const options = { n: 30, warmup: compact < 1e6 ? 60 : 10 };
  Deno.bench(`JSON.parse`, { group, baseline: true, ...options }, () => {
    JSON.parse(text);
  });
  Deno.bench(`scanJson`, { group, ...options }, () => {
    if (!scanJson(text)) throw new Error("rejected");
  });
  Deno.bench(`SHA-256 (bytes ready)`, { group, ...options }, async () => {
    await crypto.subtle.digest("SHA-256", data);
  });
  Deno.bench(`SHA-256 (encode + digest)`, { group, ...options }, async () => {
    await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  });
}

// Long strings: what file and blob tools return.
{
  const line = "The quick brown fox jumps over the lazy dog; pack my box with five dozen jugs.\n";
  const next = random(3);
  const files = Array.from({ length: 200 }, (_, i) => ({
    path: `/usr/share/doc/file${i}.txt`,
    content: line.repeat(120),
  }));
  const blobs = Array.from({ length: 50 }, (_, i) => ({
    name: `blob${i}.bin`,
    data: btoa(String.fromCharCode(...Array.from({ length: 30_000 }, () => (next() * 256) | 0))),
  }));
  for (
    const [label, value] of [["file contents", { files }], ["base64 blobs", { blobs }]] as const
  ) {
    const text = JSON.stringify(value, null, 2);
    const group = `scan ${label} (${(text.length / 1e6).toFixed(1)} MB)`;
    const options = { n: 30, warmup: 60 };
    Deno.bench(`JSON.parse`, { group, baseline: true, ...options }, () => {
      JSON.parse(text);
    });
    Deno.bench(`scanJson`, { group, ...options }, () => {
      if (!scanJson(text)) throw new Error("rejected");
    });
  }
}

for (const [label, bytes] of [["1 KB", 1_000], ["10 KB", 10_000], ["1 MB", 1_000_000]] as const) {
  const value = records(bytes, 2);
  // A Date per record sends the value down the iterative path.
  const dated = { ...value, items: value.items.map((item) => ({ ...item, seen: new Date(0) })) };
  const n = bytes < 1e6 ? 20_000 : 200;
  const options = { n, warmup: n / 10 };
  Deno.bench(`JSON.stringify`, { group: `serialize ${label}`, baseline: true, ...options }, () => {
    JSON.stringify(value);
  });
  Deno.bench(`serializeValue (fast path)`, { group: `serialize ${label}`, ...options }, () => {
    serializeValue(value);
  });
  Deno.bench(`JSON.stringify`, { group: `indented ${label}`, baseline: true, ...options }, () => {
    JSON.stringify(value, null, "  ");
  });
  Deno.bench(`serializeValue (fast path)`, { group: `indented ${label}`, ...options }, () => {
    serializeValue(value, "  ");
  });
  Deno.bench(`JSON.stringify`, { group: `with Dates ${label}`, baseline: true, ...options }, () => {
    JSON.stringify(dated);
  });
  Deno.bench(
    `serializeValue (iterative path)`,
    { group: `with Dates ${label}`, ...options },
    () => {
      serializeValue(dated);
    },
  );
}
