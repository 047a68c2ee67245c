/**
 * The demo's data, generated from fixed seeds: the same bytes on every
 * start, in every runtime, so that a cursor issued by one instance is
 * accepted by any other. Nothing is fetched.
 *
 * @module
 */

/** A small deterministic PRNG (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;
const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)];
const int = (rng: Rng, lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));
const DAY = 86_400_000;
const EPOCH = Date.UTC(2023, 0, 2); // a Monday

const days: string[] = [];
const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/** `Date.prototype.toISOString` for times after EPOCH, without its cost (about 3 µs a call). */
function iso(ms: number): string {
  const day = Math.floor((ms - EPOCH) / DAY);
  days[day] ??= new Date(EPOCH + day * DAY).toISOString().slice(0, 11);
  const t = ms - EPOCH - day * DAY;
  const h = Math.floor(t / 3_600_000), m = Math.floor(t / 60_000) % 60;
  const s = Math.floor(t / 1_000) % 60, milli = t % 1_000;
  return `${days[day]}${two(h)}:${two(m)}:${two(s)}.${String(milli).padStart(3, "0")}Z`;
}

/** An issue as a GitHub-style search returns it. */
export interface Issue {
  number: number;
  title: string;
  state: "open" | "closed";
  labels: string[];
  author: string;
  assignees: string[];
  comments: number;
  created_at: string;
  closed_at: string | null;
  body: string;
}

const AREAS = ["build", "cache", "auth", "api", "cli", "docs", "sync", "search", "billing", "ui"];
const SYMPTOMS = [
  "fails after upgrade",
  "times out under load",
  "returns 500 on empty input",
  "leaks memory over a day",
  "ignores the config file",
  "crashes on non-ASCII paths",
  "is slow with 10k rows",
  "drops the last item",
  "logs the token in clear",
  "shows the wrong time zone",
];
const LABELS = ["bug", "enhancement", "regression", "performance", "security", "good first issue"];
const PEOPLE = [
  "alice",
  "bob",
  "chen.wei",
  "dmitri",
  "fatima",
  "haruto",
  "ines",
  "kwame",
  "lucia",
  "mehmet",
  "nadia",
  "olu",
  "priya",
  "sven",
  "yuki",
];
const STEPS = [
  "Run the pipeline with a cold cache.",
  "Open the settings page and save without changes.",
  "Call the endpoint with an empty body.",
  "Import a file of 10,000 rows.",
  "Rename a folder to a name with accents (Düsseldorf, São Paulo).",
  "Let the service run overnight with the default settings.",
  "Log in with a token that expires in one minute.",
];
const EXPECTED = [
  "Expected the build to pass; it fails with exit code 137 after 14 minutes.",
  "Expected a 400 with a message; got a 500 and a stack trace.",
  "Expected the list to end at the last row; the last row is missing.",
  "Expected memory to stay flat; it grows by about 40 MB an hour.",
];

/** `n` issues, oldest first. */
export function generateIssues(n: number, seed = 1): Issue[] {
  const rng = random(seed);
  const span = 3 * 364 * DAY;
  return Array.from({ length: n }, (_, i) => {
    const created = EPOCH + Math.floor((i / n) * span) + int(rng, 0, DAY - 1);
    const closed = rng() < 0.7 ? created + int(rng, 1, 60) * DAY + int(rng, 0, DAY - 1) : null;
    const labels = [pick(rng, LABELS)];
    if (rng() < 0.4) labels.push(pick(rng, LABELS.filter((l) => l !== labels[0])));
    return {
      number: i + 1,
      title: `${pick(rng, AREAS)}: ${pick(rng, SYMPTOMS)}`,
      state: closed === null ? "open" : "closed",
      labels,
      author: pick(rng, PEOPLE),
      assignees: rng() < 0.6 ? [pick(rng, PEOPLE)] : [],
      comments: int(rng, 0, 40),
      created_at: iso(created),
      closed_at: closed === null ? null : iso(closed),
      body: `Steps to reproduce:\n1. ${pick(rng, STEPS)}\n2. ${pick(rng, STEPS)}\n\n${
        pick(rng, EXPECTED)
      } Seen on v${int(rng, 1, 4)}.${int(rng, 0, 20)}.${int(rng, 0, 9)}.`,
    };
  });
}

/** A file or directory of a repository checkout, as `find -printf` would list it. */
export interface FileEntry {
  path: string;
  type: "file" | "dir";
  size: number;
  modified: string;
}

const PACKAGES = ["core", "cli", "server", "web", "worker", "sdk", "docs", "bench"];
const DIRS = ["src", "src/lib", "src/routes", "src/util", "test", "test/fixtures", "scripts"];
const STEMS = [
  "index",
  "config",
  "cache",
  "client",
  "router",
  "parser",
  "schema",
  "session",
  "logger",
  "queue",
  "retry",
  "format",
  "encode",
  "stream",
  "token",
];
const EXTS = [".ts", ".ts", ".ts", ".test.ts", ".json", ".md", ".snap"];

/** Every file and directory of a generated monorepo, sorted by path. */
export function generateFiles(count: number, seed = 2): FileEntry[] {
  const rng = random(seed);
  const entries: FileEntry[] = [];
  const dirs = new Set<string>();
  const stamp = () => iso(EPOCH + int(rng, 0, 1_000) * DAY + int(rng, 0, DAY - 1));
  for (let i = 0; entries.length < count; i++) {
    const pkg = `packages/${pick(rng, PACKAGES)}`;
    const sub = `${pkg}/${pick(rng, DIRS)}/${pick(rng, STEMS)}${i % 7 ? "" : "s"}`;
    if (!dirs.has(sub)) {
      let prefix = "";
      for (const part of sub.split("/")) {
        prefix = prefix ? `${prefix}/${part}` : part;
        if (dirs.has(prefix)) continue;
        dirs.add(prefix);
        entries.push({ path: prefix, type: "dir", size: 4096, modified: stamp() });
      }
    }
    const path = `${sub}/${pick(rng, STEMS)}_${i.toString(36)}${pick(rng, EXTS)}`;
    entries.push({ path, type: "file", size: int(rng, 40, 90_000), modified: stamp() });
  }
  return entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

const LEVELS = ["INFO", "INFO", "INFO", "INFO", "DEBUG", "WARN", "ERROR"] as const;
const USERS = [
  "alice",
  "Дмитрий",
  "山田太郎",
  "प्रिया",
  "Zoë",
  "محمد",
  "김민준",
  "Ελένη",
  "bob",
  "Łukasz",
];
const ROUTES = [
  "GET /v1/issues",
  "GET /v1/issues/:id",
  "POST /v1/issues",
  "GET /v1/search?q=",
  "PATCH /v1/users/:id",
  "GET /v1/files/tree",
];
const MESSAGES = [
  "cache miss; recomputed in {ms} ms",
  "retrying upstream call (attempt {n}/5)",
  "user renamed a folder to «Привет, мир» 📁",
  "slow query: SELECT * FROM issues WHERE title ILIKE '%タイムアウト%'",
  "rate limit reached for {user}; next window in {n} s",
  "queue depth {n}; workers busy",
  "टोकन की समय-सीमा समाप्त हो गई; नया टोकन जारी किया गया",
  "webhook delivered ✅ in {ms} ms",
];

/** A service log of about `chars` characters: requests, warnings, stack traces, several scripts. */
export function generateLog(chars: number, seed = 3): string {
  const rng = random(seed);
  const lines: string[] = [];
  let length = 0;
  let time = EPOCH + 400 * DAY;
  while (length < chars) {
    time += int(rng, 1, 900);
    const level = pick(rng, LEVELS);
    const id = Math.floor(rng() * 0xffffffff).toString(16).padStart(8, "0");
    const user = pick(rng, USERS);
    let line = `${iso(time)} ${level.padEnd(5)} api req=${id} user="${user}" `;
    if (rng() < 0.6) {
      line += `${pick(rng, ROUTES)} ${pick(rng, [200, 200, 200, 201, 304, 404, 429, 500])} ` +
        `${int(rng, 1, 2_000)}ms`;
    } else {
      line += pick(rng, MESSAGES).replace("{ms}", String(int(rng, 1, 900)))
        .replace("{n}", String(int(rng, 1, 5))).replace("{user}", user);
    }
    if (level === "ERROR" && rng() < 0.5) {
      line += "\nError: upstream closed the connection\n" +
        `    at fetchIssues (src/routes/issues.ts:${int(rng, 10, 300)}:${int(rng, 3, 40)})\n` +
        `    at async handle (src/server.ts:${int(rng, 10, 120)}:5)`;
    }
    lines.push(line);
    length += line.length + 1;
  }
  return lines.join("\n") + "\n";
}

/** Issues opened and closed in each week since the first issue. */
export interface WeekActivity {
  week: string;
  opened: number;
  closed: number;
  open_at_end: number;
}

const weekOf = (iso: string) => Math.floor((Date.parse(iso) - EPOCH) / (7 * DAY));

/** The Monday (YYYY-MM-DD) of the week of an ISO timestamp. */
export function weekStart(iso: string): string {
  return new Date(EPOCH + weekOf(iso) * 7 * DAY).toISOString().slice(0, 10);
}

/** Weekly counts of `issues`. */
export function weeklyActivity(issues: readonly Issue[]): WeekActivity[] {
  let last = 0;
  for (const issue of issues) {
    last = Math.max(last, weekOf(issue.created_at), issue.closed_at ? weekOf(issue.closed_at) : 0);
  }
  const weeks = Array.from({ length: last + 1 }, (_, w) => ({
    week: new Date(EPOCH + w * 7 * DAY).toISOString().slice(0, 10),
    opened: 0,
    closed: 0,
    open_at_end: 0,
  }));
  for (const issue of issues) {
    weeks[weekOf(issue.created_at)].opened++;
    if (issue.closed_at) weeks[weekOf(issue.closed_at)].closed++;
  }
  let open = 0;
  for (const week of weeks) {
    open += week.opened - week.closed;
    week.open_at_end = open;
  }
  return weeks;
}
