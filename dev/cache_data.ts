/**
 * Seeded tool outputs for the cache tests and benchmarks: trace spans as a
 * JSON object with the list inside (the 24,000 spans are about 7 MB),
 * and a log whose lines mix ASCII, CJK and emoji.
 */
import { random } from "./generate.ts";

/** One span as an OpenTelemetry exporter would show it. */
export interface Span {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  service: string;
  startTimeUnixNano: string;
  durationNano: string;
  status: "OK" | "ERROR";
  attributes: Record<string, string>;
}

/** `count` spans; the same seed gives the same spans. About 300 characters of JSON each. */
export function spans(count: number, seed = 24): Span[] {
  const next = random(seed);
  const hex = (n: number) => {
    let out = "";
    for (let i = 0; i < n; i++) out += "0123456789abcdef"[Math.floor(next() * 16)];
    return out;
  };
  const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)];
  const out: Span[] = [];
  for (let i = 0; i < count; i++) {
    out.push({
      traceId: hex(32),
      spanId: hex(16),
      parentSpanId: i % 5 === 0 ? "" : hex(16),
      name: pick(["GET /v2/orders", "POST /v2/charges", "SELECT invoices", "redis MGET"]),
      service: pick(["gateway", "orders", "ledger", "notifier"]),
      startTimeUnixNano: String(1_760_000_000_000_000_000n + BigInt(i) * 1_000_003n),
      durationNano: String(Math.floor(next() * 900_000_000)),
      status: next() < 0.9 ? "OK" : "ERROR",
      attributes: { "http.request.id": hex(32), "user.note": pick(["", "retry", "ok ✓", "遅延"]) },
    });
  }
  return out;
}

/** The JSON text a trace-search tool returns: `{"took_ms":…,"spans":[…],"count":…}`. */
export function spansJson(count: number, seed = 24): string {
  return JSON.stringify({ took_ms: 12, spans: spans(count, seed), count });
}

/** The number of spans whose JSON is about `bytes` long. */
export function spansForBytes(bytes: number): number {
  return Math.max(1, Math.round(bytes / 301));
}

/** A log of `lines` lines: ASCII, CJK and emoji (surrogate pairs), one very long line. */
export function mixedLog(lines: number, seed = 7): string {
  const next = random(seed);
  const out: string[] = [];
  for (let i = 0; i < lines; i++) {
    const r = next();
    if (i === Math.floor(lines / 2)) out.push(`${i} ${"long line without a break ".repeat(800)}`);
    else if (r < 0.6) out.push(`${i} INFO request served in ${Math.floor(next() * 900)} ms`);
    else if (r < 0.85) {
      out.push(`${i} 警告 キャッシュの有効期限が切れました (${Math.floor(next() * 99)})`);
    } else out.push(`${i} 🚀 deploy ${"🔥".repeat(1 + Math.floor(next() * 5))} done`);
  }
  return out.join("\n");
}

/** A JSON list with one item far larger than a page, for pages that hold a part of an item. */
export function listWithHugeItem(count: number, seed = 5): string {
  const items: unknown[] = spans(count, seed);
  items.splice(Math.floor(count / 3), 0, { id: "huge", blob: "0123456789 ".repeat(6_000) });
  return JSON.stringify(items, null, 1);
}
