/**
 * The demo's tools, shared by the Deno Deploy and Cloudflare examples. Each
 * returns far more than a client accepts in one result when called with no
 * arguments; pagewise pages them.
 *
 * The data is generated once per instance at start-up, from fixed seeds.
 *
 * @module
 */

import { z } from "zod";
import type { McpServer } from "@modelcontextprotocol/server";
import { activityChart, base64 } from "./chart.ts";
import {
  type FileEntry,
  generateFiles,
  generateIssues,
  generateLog,
  type Issue,
  weeklyActivity,
  weekStart,
} from "./data.ts";

/** What the tools serve: a few MB, generated at start-up. */
export const DATA: { issues: Issue[]; files: FileEntry[]; log: string } = {
  issues: generateIssues(3_000),
  files: generateFiles(12_000),
  log: generateLog(2_000_000),
};

/** A tool result, as MCP's `CallToolResult`. */
export interface ToolOutput {
  [key: string]: unknown;
  content: Array<
    { type: "text"; text: string } | { type: "image"; data: string; mimeType: string }
  >;
}

const json = (value: unknown): ToolOutput => ({
  content: [{ type: "text", text: JSON.stringify(value) }],
});

/** Arguments of `search_issues`. */
export interface SearchArgs {
  query?: string;
  state?: "open" | "closed" | "all";
  label?: string;
}

/** Issues whose title or body contains `query`, newest first, in GitHub's search shape. */
export function searchIssues({ query = "", state = "all", label = "" }: SearchArgs): ToolOutput {
  const needle = query.toLowerCase();
  const items = DATA.issues.filter((issue) =>
    (state === "all" || issue.state === state) &&
    (!label || issue.labels.includes(label)) &&
    (!needle || issue.title.toLowerCase().includes(needle) ||
      issue.body.toLowerCase().includes(needle))
  ).reverse();
  return json({ query, state, label, total_count: items.length, items });
}

/** Arguments of `read_log`. */
export interface LogArgs {
  contains?: string;
}

/** The service log, or its lines that contain `contains`. */
export function readLog({ contains = "" }: LogArgs): ToolOutput {
  const text = contains
    ? DATA.log.split("\n").filter((line) => line.includes(contains)).join("\n")
    : DATA.log;
  return { content: [{ type: "text", text }] };
}

/** Arguments of `list_files`. */
export interface FilesArgs {
  path?: string;
}

/** Every file and directory under `path` (the whole checkout by default). */
export function listFiles({ path = "" }: FilesArgs): ToolOutput {
  const prefix = path.replace(/^\.?\/+|\/+$/g, "");
  const files = prefix
    ? DATA.files.filter((f) => f.path === prefix || f.path.startsWith(`${prefix}/`))
    : DATA.files;
  return json({ root: prefix || ".", total: files.length, files });
}

/** Arguments of `activity_report`. */
export interface ReportArgs {
  weeks?: number;
}

const WEEKS = weeklyActivity(DATA.issues);
const BY_WEEK = Map.groupBy(DATA.issues, (issue) => weekStart(issue.created_at));
const charts = new Map<number, string>(); // at most one a possible `weeks`

/**
 * A Markdown summary, a PNG chart of issues opened and closed each week, and
 * every issue opened in those weeks as Markdown tables.
 */
export function activityReport({ weeks = WEEKS.length }: ReportArgs): ToolOutput {
  const shown = WEEKS.slice(-weeks);
  const first = shown[0].week;
  if (!charts.has(weeks)) charts.set(weeks, base64(activityChart(shown)));
  const opened = shown.reduce((n, w) => n + w.opened, 0);
  const closed = shown.reduce((n, w) => n + w.closed, 0);
  const summary = `# Issue activity, ${shown.length} weeks from ${first}\n\n` +
    `${opened} issues opened and ${closed} closed; ${shown.at(-1)!.open_at_end} open at the end. ` +
    "The chart shows opened issues in blue above the axis and closed ones in orange below it, " +
    "one pair of bars a week, grid lines every 10 issues.";
  const sections = shown.map((week) => {
    const rows = (BY_WEEK.get(week.week) ?? []).map((i) =>
      `| #${i.number} | ${i.title} | ${i.labels.join(", ")} | ${i.author} | ${i.state} |`
    );
    return `## Week of ${week.week}: ${week.opened} opened, ${week.closed} closed, ` +
      `${week.open_at_end} open\n\n| Issue | Title | Labels | Author | State |\n` +
      `| --- | --- | --- | --- | --- |\n${rows.join("\n")}`;
  });
  return {
    content: [
      { type: "text", text: summary },
      { type: "image", data: charts.get(weeks)!, mimeType: "image/png" },
      { type: "text", text: sections.join("\n\n") },
    ],
  };
}

/** The tools by name, for tests and measurements: each called with no arguments is its big result. */
export const TOOLS: Record<string, (args: Record<string, never>) => ToolOutput> = {
  search_issues: searchIssues,
  read_log: readLog,
  list_files: listFiles,
  activity_report: activityReport,
};

/**
 * How many times each tool has run in this instance. Nothing serves it: the
 * tests read it (through a wrapper of their own) to see the cache at work.
 */
export const toolRuns: Record<string, number> = Object.fromEntries(
  Object.keys(TOOLS).map((name) => [name, 0]),
);

function counted<A>(name: string, tool: (args: A) => ToolOutput): (args: A) => ToolOutput {
  return (args) => {
    toolRuns[name]++;
    return tool(args);
  };
}

// Built once: a stateless server registers its tools again for every request.
const DEFINITIONS = {
  search_issues: {
    description: "Search the issues of acme/widgets (3,000 issues). Returns GitHub's search " +
      "shape: {query, state, label, total_count, items}, newest first.",
    inputSchema: z.object({
      query: z.string().default("").describe("Text in the title or body; empty for every issue."),
      state: z.enum(["open", "closed", "all"]).default("all"),
      label: z.string().default("").describe("Only issues with this label, e.g. bug."),
    }),
    annotations: { readOnlyHint: true },
  },
  read_log: {
    description: "Read the API service's log (about 2 MB), or only its lines that contain a " +
      "string.",
    inputSchema: z.object({
      contains: z.string().default("").describe("Only lines with this text; empty for all."),
    }),
    annotations: { readOnlyHint: true },
  },
  list_files: {
    description: "List every file and directory of the acme/widgets checkout (12,000 entries) " +
      "under a path, sorted by path.",
    inputSchema: z.object({
      path: z.string().default("").describe("A folder, e.g. packages/core; empty for all."),
    }),
    annotations: { readOnlyHint: true },
  },
  activity_report: {
    description: "A weekly report of issue activity: a summary, a PNG chart, and every issue " +
      "opened in each week.",
    inputSchema: z.object({
      weeks: z.number().int().min(1).max(WEEKS.length).default(WEEKS.length)
        .describe(`The last N weeks; all ${WEEKS.length} by default.`),
    }),
    annotations: { readOnlyHint: true },
  },
};

const HANDLERS = {
  search_issues: counted("search_issues", (args: SearchArgs) => searchIssues(args)),
  read_log: counted("read_log", (args: LogArgs) => readLog(args)),
  list_files: counted("list_files", (args: FilesArgs) => listFiles(args)),
  activity_report: counted("activity_report", (args: ReportArgs) => activityReport(args)),
};

/** Registers the four tools on `server`. */
export function registerTools(server: McpServer): void {
  server.registerTool("search_issues", DEFINITIONS.search_issues, HANDLERS.search_issues);
  server.registerTool("read_log", DEFINITIONS.read_log, HANDLERS.read_log);
  server.registerTool("list_files", DEFINITIONS.list_files, HANDLERS.list_files);
  server.registerTool("activity_report", DEFINITIONS.activity_report, HANDLERS.activity_report);
}
