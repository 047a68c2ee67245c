/**
 * The nine synthetic corpus files: results shaped like real tools' (an issue
 * tracker, a log search, a document search, a mailbox, a tracer, a vector
 * store, chat and Markdown in hard scripts), from seeded generators, so the
 * same code always writes the same bytes.
 */
import type { CorpusResult } from "./corpus.ts";
import { random } from "./generate.ts";
import {
  CHINESE,
  CJK_HEADINGS,
  EMOJI,
  ENGLISH,
  HINDI,
  HINDI_MONTHS,
  HINDI_TOPICS,
  JAPANESE,
  KOREAN,
} from "./corpus_text.ts";

/** A seeded source of the choices every generator makes. */
class Dice {
  readonly #next: () => number;
  constructor(seed: number) {
    this.#next = random(seed);
  }
  /** A float in [0, 1). */
  real(): number {
    return this.#next();
  }
  /** An integer in [lo, hi]. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.#next() * (hi - lo + 1));
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.#next() * xs.length)];
  }
  chance(p: number): boolean {
    return this.#next() < p;
  }
  hex(n: number): string {
    let s = "";
    for (let i = 0; i < n; i++) s += "0123456789abcdef"[Math.floor(this.#next() * 16)];
    return s;
  }
  uuid(): string {
    const h = this.hex(32);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${"89ab"[this.int(0, 3)]}${
      h.slice(17, 20)
    }-${h.slice(20)}`;
  }
  bytes(n: number): Uint8Array<ArrayBuffer> {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) out[i] = Math.floor(this.#next() * 256);
    return out;
  }
  /** A normally distributed number (Box-Muller). */
  normal(sigma: number): number {
    return Math.sqrt(-2 * Math.log(1 - this.#next())) * Math.cos(2 * Math.PI * this.#next()) *
      sigma;
  }
  sentences(pool: readonly string[], lo: number, hi: number, glue = " "): string {
    return Array.from({ length: this.int(lo, hi) }, () => this.pick(pool)).join(glue);
  }
}

const text = (body: string): CorpusResult => ({ content: [{ type: "text", text: body }] });
const utf8 = (s: string) => new TextEncoder().encode(s).length;
const iso = (ms: number) => new Date(ms).toISOString();
const isoSeconds = (ms: number) => iso(ms).replace(/\.\d{3}Z$/, "Z");
const T0 = Date.UTC(2025, 2, 14, 9, 0, 0);
const slug = (s: string) =>
  s.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 60);
const title = (sentence: string) => sentence.replace(/\.$/, "").slice(0, 90);

const LOGIN_ADJECTIVES = ["quiet", "rusty", "lucky", "brave", "sleepy", "swift", "tiny", "cosmic"];
const LOGIN_NOUNS = ["otter", "falcon", "badger", "comet", "pixel", "maple", "walrus", "kernel"];
const LABELS: ReadonlyArray<[string, string, string | null]> = [
  ["bug", "d73a4a", "Something is not working"],
  ["enhancement", "a2eeef", "New feature or request"],
  ["documentation", "0075ca", "Improvements or additions to documentation"],
  ["good first issue", "7057ff", "Good for newcomers"],
  ["needs-triage", "ededed", null],
  ["area/api", "1d76db", null],
  ["area/web", "c5def5", null],
  ["area/storage", "5319e7", null],
  ["priority/high", "b60205", "Fix before the next release"],
  ["regression", "e99695", null],
];

function issues(): CorpusResult {
  const dice = new Dice(101);
  const repo = "northwind-labs/telemetry-hub";
  const api = `https://api.github.com/repos/${repo}`;
  const user = () => {
    const login = `${dice.pick(LOGIN_ADJECTIVES)}${dice.pick(LOGIN_NOUNS)}${
      dice.chance(0.5) ? dice.int(1, 9999) : ""
    }`;
    const id = dice.int(1_000, 9_000_000);
    return {
      login,
      id,
      node_id: `MDQ6VXNlcj${btoa(String(id)).replace(/=+$/, "")}`,
      avatar_url: `https://avatars.githubusercontent.com/u/${id}?v=4`,
      gravatar_id: "",
      url: `https://api.github.com/users/${login}`,
      html_url: `https://github.com/${login}`,
      type: "User",
      site_admin: false,
    };
  };
  const body = () => {
    const parts = [`### What happened\n\n${dice.sentences(ENGLISH, 1, 5)}`];
    if (dice.chance(0.6)) {
      const steps = Array.from(
        { length: dice.int(2, 4) },
        (_, i) => `${i + 1}. ${dice.pick(ENGLISH)}`,
      );
      parts.push(`### Steps to reproduce\n\n${steps.join("\n")}`);
    }
    if (dice.chance(0.5)) parts.push(`### Expected behaviour\n\n${dice.pick(ENGLISH)}`);
    if (dice.chance(0.5)) {
      const lines = Array.from(
        { length: dice.int(2, 6) },
        () =>
          `${isoSeconds(T0 + dice.int(0, 2e10))} ${dice.pick(["INFO", "WARN", "ERROR"])} ${
            dice.pick(["api", "worker", "ingest", "billing"])
          }: ${dice.pick(ENGLISH)}`,
      );
      parts.push("### Logs\n\n```\n" + lines.join("\n") + "\n```");
    }
    if (dice.chance(0.3)) {
      parts.push(
        Array.from(
          { length: dice.int(2, 4) },
          () => `- [${dice.chance(0.5) ? "x" : " "}] ${dice.pick(ENGLISH)}`,
        ).join("\n"),
      );
    }
    return parts.join("\n\n");
  };
  const all = [];
  for (let number = 5000; number >= 1; number--) {
    const created = T0 - number * 3_600_000 * 7 + dice.int(0, 3_600_000);
    const closed = dice.chance(0.45);
    const updated = created + dice.int(0, 40) * 86_400_000;
    const assignee = dice.chance(0.4) ? user() : null;
    const reactions = dice.chance(0.3);
    const count = () => (reactions ? dice.int(0, 12) : 0);
    const reactionCounts = {
      "+1": count(),
      "-1": count(),
      laugh: count(),
      hooray: count(),
      confused: count(),
      heart: count(),
      rocket: count(),
      eyes: count(),
    };
    const labels = Array.from({ length: dice.int(0, 3) }, () => {
      const [name, color, description] = dice.pick(LABELS);
      return {
        id: 2_000_000_000 + dice.int(0, 99_999),
        node_id: `LA_kwDOC${dice.hex(12)}`,
        url: `${api}/labels/${encodeURIComponent(name)}`,
        name,
        color,
        default: name === "bug" || name === "enhancement" || name === "documentation",
        description,
      };
    });
    all.push({
      url: `${api}/issues/${number}`,
      repository_url: api,
      labels_url: `${api}/issues/${number}/labels{/name}`,
      comments_url: `${api}/issues/${number}/comments`,
      events_url: `${api}/issues/${number}/events`,
      html_url: `https://github.com/${repo}/issues/${number}`,
      id: 2_400_000_000 + number * 131 + dice.int(0, 130),
      node_id: `I_kwDOC${dice.hex(14)}`,
      number,
      title: title(dice.pick(ENGLISH)),
      user: user(),
      labels,
      state: closed ? "closed" : "open",
      locked: false,
      assignee,
      assignees: assignee ? [assignee] : [],
      milestone: dice.chance(0.3)
        ? { number: dice.int(1, 12), title: `v${dice.int(1, 4)}.${dice.int(0, 9)}`, state: "open" }
        : null,
      comments: dice.int(0, 25),
      created_at: isoSeconds(created),
      updated_at: isoSeconds(updated),
      closed_at: closed ? isoSeconds(updated) : null,
      author_association: dice.pick(["NONE", "CONTRIBUTOR", "MEMBER", "COLLABORATOR"]),
      active_lock_reason: null,
      body: body(),
      reactions: {
        url: `${api}/issues/${number}/reactions`,
        total_count: Object.values(reactionCounts).reduce((a, b) => a + b, 0),
        ...reactionCounts,
      },
      timeline_url: `${api}/issues/${number}/timeline`,
      state_reason: closed ? dice.pick(["completed", "not_planned"]) : null,
    });
  }
  return text(JSON.stringify(all, null, 2));
}

const PATHS = [
  "/v2/orders",
  "/v2/orders/{id}",
  "/v2/customers/{id}/invoices",
  "/auth/session",
  "/metrics",
  "/v2/exports/{id}/download",
  "/internal/reindex",
];
const AGENTS = [
  "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  "python-requests/2.32.3",
  "okhttp/4.12.0",
  "kube-probe/1.30",
];
const JAVA_PACKAGES = ["billing", "orders", "identity", "exports", "search"];
const JAVA_CLASSES = ["Service", "Repository", "Controller", "Mapper", "Handler", "Client"];
const PY_MODULES = ["tasks/export", "tasks/reindex", "billing/charge", "common/http", "common/db"];
const PY_LINES = [
  "response = session.get(url, timeout=self.timeout)",
  "rows = cursor.fetchmany(batch_size)",
  "payload = json.loads(message.body)",
  "return self._client.call(method, **params)",
  "customer = customers[event['customer_id']]",
];
const PY_ERRORS = [
  "KeyError: 'customer_id'",
  "TimeoutError: read timed out after 30.0 s",
  "json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)",
  "psycopg.errors.SerializationFailure: could not serialize access due to concurrent update",
];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function nginxTime(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${
    two(d.getUTCHours())
  }:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} +0000`;
}

function appLog(): CorpusResult {
  const dice = new Dice(202);
  const lines: string[] = [];
  let size = 0;
  let now = T0;
  const ip = () => `${dice.pick(["192.0.2", "198.51.100", "203.0.113"])}.${dice.int(1, 254)}`;
  const javaFrame = () => {
    const pkg = dice.pick(JAVA_PACKAGES);
    const cls = `${dice.pick(JAVA_CLASSES)}${dice.int(1, 40)}`;
    return `\tat com.northwind.${pkg}.${cls}.${
      dice.pick(["handle", "apply", "run", "lambda$process$0", "invoke"])
    }(${cls}.java:${dice.int(20, 900)})`;
  };
  while (size < 2_000_000) {
    now += dice.int(0, 900);
    const stamp = iso(now);
    const kind = dice.real();
    const block: string[] = [];
    if (kind < 0.3) {
      const path = dice.pick(PATHS).replace("{id}", `ord_${dice.hex(14)}`);
      block.push(
        `${ip()} - - [${nginxTime(now)}] "${
          dice.pick(["GET", "GET", "POST", "PUT", "DELETE"])
        } ${path} HTTP/1.1" ${dice.pick([200, 200, 200, 201, 204, 304, 400, 404, 429, 500, 502])} ${
          dice.int(0, 60_000)
        } "-" "${dice.pick(AGENTS)}" rt=${(dice.real() * 2).toFixed(3)} uct=0.000 request_id=${
          dice.hex(32)
        }`,
      );
    } else if (kind < 0.62) {
      const level = dice.pick(["INFO ", "INFO ", "DEBUG", "WARN ", "ERROR"]);
      const pkg = dice.pick(JAVA_PACKAGES);
      block.push(
        `${stamp} ${level} [http-nio-8080-exec-${dice.int(1, 200)}] c.n.${pkg}.${
          dice.pick(JAVA_CLASSES)
        }${dice.int(1, 40)} - ${dice.pick(ENGLISH)} trace_id=${dice.hex(32)} span_id=${
          dice.hex(16)
        } user_id=u_${dice.int(10_000, 99_999)} duration_ms=${dice.int(0, 5_000)}`,
      );
      if (level === "ERROR" && dice.chance(0.7)) {
        block.push(`java.lang.IllegalStateException: ${dice.pick(ENGLISH)}`);
        for (let i = dice.int(4, 12); i > 0; i--) block.push(javaFrame());
        if (dice.chance(0.5)) {
          block.push(`Caused by: java.net.SocketTimeoutException: Read timed out`);
          for (let i = dice.int(2, 6); i > 0; i--) block.push(javaFrame());
        }
        block.push(`\t... ${dice.int(8, 90)} common frames omitted`);
      }
    } else if (kind < 0.8) {
      block.push(`${stamp} ERROR worker-${dice.int(1, 8)} Traceback (most recent call last):`);
      for (let i = dice.int(2, 6); i > 0; i--) {
        block.push(
          `  File "/srv/app/${dice.pick(PY_MODULES)}.py", line ${dice.int(10, 800)}, in ${
            dice.pick(["run", "_fetch", "handle", "save", "process_batch"])
          }`,
        );
        block.push(`    ${dice.pick(PY_LINES)}`);
      }
      block.push(dice.pick(PY_ERRORS));
    } else {
      block.push(JSON.stringify({
        ts: stamp,
        level: dice.pick(["info", "info", "warn", "error", "debug"]),
        msg: dice.pick(ENGLISH),
        service: dice.pick(["checkout", "ledger", "gateway", "notifier"]),
        request_id: dice.uuid(),
        tenant: `t_${dice.int(1, 400)}`,
        latency_ms: Number((dice.real() * 900).toFixed(2)),
        attempt: dice.int(1, 3),
      }));
    }
    for (const line of block) {
      lines.push(line);
      size += utf8(line) + 1;
    }
  }
  return text(lines.join("\n"));
}

function searchResults(): CorpusResult {
  const dice = new Dice(303);
  const sections = ["guides", "reference", "blog", "runbooks", "changelog"];
  const results = Array.from({ length: 2500 }, (_, i) => {
    const heading = title(dice.pick(ENGLISH));
    const word = dice.pick(heading.split(" "));
    return {
      rank: i + 1,
      id: `doc_${dice.hex(20)}`,
      title: heading,
      url: `https://docs.example.com/${dice.pick(sections)}/${slug(heading)}`,
      snippet: dice.sentences(ENGLISH, 2, 3),
      score: Number((32 - i * 0.01 + dice.real() * 0.5).toFixed(4)),
      published_at: isoSeconds(T0 - dice.int(0, 9e10)),
      language: "en",
      tags: Array.from(
        { length: dice.int(1, 3) },
        () => dice.pick(["postgres", "kubernetes", "billing", "auth", "cdn", "observability"]),
      ),
      highlights: [{
        field: dice.pick(["body", "title"]),
        fragment: `…${dice.pick(ENGLISH).replace(word, `<em>${word}</em>`)}…`,
      }],
    };
  });
  const value = {
    query: "export job timeout after upgrade",
    count: results.length,
    total_matches: 51_877,
    page: 1,
    per_page: results.length,
    took_ms: 212,
    results,
    facets: {
      tags: { kubernetes: 9_843, postgres: 7_120, auth: 5_012, billing: 3_877, cdn: 1_406 },
      year: { "2023": 12_304, "2024": 21_775, "2025": 17_798 },
    },
    next_cursor: btoa(JSON.stringify({ after: 2500, q: "export job timeout after upgrade" })),
  };
  return { ...text(JSON.stringify(value)), structuredContent: value };
}

function hindi(): CorpusResult {
  const dice = new Dice(404);
  const parts: string[] = [];
  let size = 0;
  for (let chapter = 1; size < 200_000; chapter++) {
    const section = [
      `## अध्याय ${chapter}: ${dice.pick(HINDI_TOPICS)}`,
      `*दिनांक: ${dice.int(1, 28)} ${dice.pick(HINDI_MONTHS)} ${dice.int(2019, 2025)}*`,
    ];
    for (let p = dice.int(2, 5); p > 0; p--) {
      const form = dice.real();
      if (form < 0.6) section.push(dice.sentences(HINDI, 2, 5));
      else if (form < 0.8) {
        section.push(
          Array.from({ length: dice.int(3, 5) }, (_, i) => `${i + 1}. ${dice.pick(HINDI)}`)
            .join("\n"),
        );
      } else if (form < 0.9) section.push(`> ${dice.pick(HINDI)}`);
      else {
        section.push(
          "| क्रम | विवरण |\n| --- | --- |\n" +
            Array.from({ length: dice.int(2, 4) }, (_, i) => `| ${i + 1} | ${dice.pick(HINDI)} |`)
              .join("\n"),
        );
      }
    }
    const block = section.join("\n\n");
    parts.push(block);
    size += utf8(block) + 2;
  }
  return text(parts.join("\n\n") + "\n");
}

function cjk(): CorpusResult {
  const dice = new Dice(505);
  const pools = { zh: CHINESE, ja: JAPANESE, ko: KOREAN } as const;
  const parts: string[] = [];
  let size = 0;
  for (let n = 1; size < 300_000; n++) {
    const language = dice.pick(["zh", "ja", "ko"] as const);
    const [format, topics] = CJK_HEADINGS[language];
    const pool = pools[language];
    // Chinese and Japanese run sentences together; Korean separates them with spaces.
    const glue = language === "ko" ? " " : "";
    const section = [`### ${format.replace("{n}", String(n))} ${dice.pick(topics)}`];
    for (let p = dice.int(2, 4); p > 0; p--) {
      if (dice.chance(0.8)) section.push(dice.sentences(pool, 2, 6, glue));
      else {
        section.push(
          Array.from({ length: dice.int(2, 4) }, () => `- ${dice.pick(pool)}`).join("\n"),
        );
      }
    }
    if (dice.chance(0.2)) {
      section.push(`\`v${dice.int(1, 5)}.${dice.int(0, 9)}.${dice.int(0, 9)}\``);
    }
    const block = section.join("\n\n");
    parts.push(block);
    size += utf8(block) + 2;
  }
  return text(parts.join("\n\n") + "\n");
}

function emojiChat(): CorpusResult {
  const dice = new Dice(606);
  const people = ["marta", "jiho", "devon", "amara", "lukas", "sofia", "rahul", "yuki", "omar"];
  const lines: string[] = [];
  let size = 0;
  let now = Date.UTC(2025, 5, 2, 8, 0, 0);
  const emojis = (lo: number, hi: number, glue: string) =>
    Array.from({ length: dice.int(lo, hi) }, () => dice.pick(EMOJI)).join(glue);
  while (size < 248_000) {
    now += dice.int(5, 600) * 1000;
    const form = dice.real();
    let message: string;
    if (form < 0.25) message = emojis(3, 14, "");
    else if (form < 0.6) {
      message = dice.pick(ENGLISH).split(" ").map((word) =>
        dice.chance(0.15) ? `${word} ${dice.pick(EMOJI)}` : word
      ).join(" ");
    } else message = `${dice.pick(ENGLISH)} ${emojis(1, 4, " ")}`;
    if (dice.chance(0.35)) {
      const reactions = Array.from(
        { length: dice.int(1, 4) },
        () => `${dice.pick(EMOJI)} ${dice.int(1, 14)}`,
      );
      message += `  [${reactions.join("  ")}]`;
    }
    const line = `[${iso(now).slice(0, 19).replace("T", " ")}] @${dice.pick(people)}: ${message}`;
    lines.push(line);
    size += utf8(line) + 1;
  }
  return text(`#launch-week channel history (${lines.length} messages)\n\n${lines.join("\n")}`);
}

async function attachments(): Promise<CorpusResult> {
  const dice = new Dice(707);
  const kinds: ReadonlyArray<[string, string]> = [
    ["png", "image/png"],
    ["jpeg", "image/jpeg"],
    ["pdf", "application/pdf"],
    ["zip", "application/zip"],
    ["bin", "application/octet-stream"],
  ];
  const files = [];
  let size = 0;
  for (let i = 0; size < 1_500_000; i++) {
    const [extension, mimeType] = dice.pick(kinds);
    const bytes = dice.bytes(dice.int(1_500, 56_000));
    const url = dice.chance(0.4);
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    const data = url
      ? bytes.toBase64({ alphabet: "base64url", omitPadding: true })
      : bytes.toBase64();
    files.push({
      attachmentId: `att_${dice.hex(24)}`,
      filename: `${
        dice.pick(["receipt", "scan", "diagram", "export", "backup"])
      }-${i}.${extension}`,
      mimeType,
      size: bytes.length,
      encoding: url ? "base64url" : "base64",
      sha256: Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join(""),
      data,
    });
    size += data.length + 300;
  }
  const value = {
    id: dice.hex(16),
    threadId: dice.hex(16),
    subject: "Receipts and exports for the October close",
    from: "accounts-bot@example.com",
    to: ["finance@example.com"],
    date: "Tue, 04 Nov 2025 07:12:40 +0000",
    attachmentCount: files.length,
    attachments: files,
  };
  return text(JSON.stringify(value, null, 2));
}

function traceSpans(): CorpusResult {
  const dice = new Dice(808);
  const spans = [];
  let size = 0;
  let start = BigInt(T0) * 1_000_000n;
  while (size < 1_500_000) {
    const traceId = dice.hex(32);
    const ids: string[] = [];
    for (let n = dice.int(3, 12); n > 0; n--) {
      const spanId = dice.hex(16);
      start += BigInt(dice.int(10_000, 9_000_000));
      const span = {
        traceId,
        spanId,
        parentSpanId: ids.length ? dice.pick(ids) : "",
        name: dice.pick([
          "GET /v2/orders",
          "POST /v2/charges",
          "SELECT invoices",
          "redis MGET",
          "kafka.publish orders",
          "grpc ledger.Post",
        ]),
        kind: dice.pick(["SPAN_KIND_SERVER", "SPAN_KIND_CLIENT", "SPAN_KIND_INTERNAL"]),
        service: dice.pick(["gateway", "orders", "ledger", "notifier"]),
        startTimeUnixNano: String(start),
        durationNano: String(dice.int(50_000, 900_000_000)),
        status: dice.chance(0.9) ? "OK" : "ERROR",
        attributes: {
          "http.request.id": dice.uuid(),
          "k8s.pod.uid": dice.uuid(),
          "vcs.revision": dice.hex(40),
          "db.query.sha256": dice.hex(64),
          "http.response.etag": `"${dice.hex(32)}"`,
          "session.id": dice.hex(32),
        },
      };
      ids.push(spanId);
      spans.push(span);
      size += JSON.stringify(span).length + 1;
    }
  }
  return text(JSON.stringify({ spans, count: spans.length }));
}

function vectors(): CorpusResult {
  const dice = new Dice(909);
  const matches = Array.from({ length: 96 }, (_, i) => ({
    id: `kb-${dice.int(1000, 9999)}#chunk-${dice.int(0, 40)}`,
    score: Number((0.93 - i * 0.002 - dice.real() * 0.001).toFixed(5)),
    values: Array.from({ length: 1024 }, () => Number(dice.normal(0.03).toFixed(8))),
    metadata: {
      title: title(dice.pick(ENGLISH)),
      source: `s3://kb-docs/articles/${dice.hex(12)}.md`,
      chunk_index: dice.int(0, 40),
      tokens: dice.int(80, 512),
    },
  }));
  return text(JSON.stringify({ namespace: "kb-docs", matches, usage: { readUnits: 6 } }));
}

/** The synthetic corpus files, by name, each a function that builds it. */
export const SYNTHETIC: Record<string, () => CorpusResult | Promise<CorpusResult>> = {
  "synthetic-github-issues-5000.json.gz": issues,
  "synthetic-app-log-2mb.json": appLog,
  "synthetic-search-results-dict.json": searchResults,
  "synthetic-hindi-devanagari-200kb.json": hindi,
  "synthetic-cjk-zh-ja-ko-300kb.json": cjk,
  "synthetic-emoji-chat-250kb.json": emojiChat,
  "synthetic-base64-attachments-1500kb.json": attachments,
  "synthetic-trace-spans-hex-uuid-1500kb.json": traceSpans,
  "synthetic-vector-query-embeddings.json": vectors,
};
