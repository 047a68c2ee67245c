/**
 * The checks every runtime's example must pass, run against a live instance,
 * and the reference walk they are compared with.
 *
 * A full walk of the four tools is 124 pages, and counting each page with
 * three tokenizers costs as much as walking it: so the Deno example's walk is
 * made once per test process ({@linkcode denoWalks}) and checked against the
 * limits and the tools' output once; every other walk must equal it page for
 * page (the cursors in it included, so each runtime accepts the other's).
 */
import assert from "node:assert/strict";
import { TOOLS } from "../../examples/shared/tools.ts";
import { denoServe } from "../support/deno_serve.ts";
import { connect, type Connection, overLimits, rebuild, type Result, walk } from "./_pages.ts";
import { INITIALIZE, MCP_POST, rawRequest } from "./_http.ts";

/** The demo's default page limits (examples/shared/env.ts). */
export const LIMITS = { maxTokens: 20_000, maxChars: 50_000 };

/** The tools called with no arguments: each is paged. */
export const TOOL_NAMES = Object.keys(TOOLS);

/** The Deno example's entry point, from the repository root. */
export const APP = "examples/deno-deploy/main.ts";

/** A tool and its arguments. */
export type Call = [name: string, args: Record<string, unknown>];

/** Every page of each call, by `callName`. */
export type Walks = Record<string, Result[]>;

/** How a call is named in steps and in {@linkcode Walks}. */
export const callName = ([name, args]: Call): string =>
  Object.keys(args).length ? `${name} ${JSON.stringify(args)}` : name;

/** Every page of each call (default: each tool with no arguments) through one client. */
export async function walkAll(
  url: string,
  sdk: "v1" | "v2",
  calls: Call[] = TOOL_NAMES.map((name) => [name, {}]),
): Promise<Walks> {
  const connection = await connect(url, sdk);
  try {
    const walks: Walks = {};
    for (const call of calls) walks[callName(call)] = await walk(connection, ...call);
    return walks;
  } finally {
    await connection.close();
  }
}

let reference: Promise<Walks> | undefined;

/**
 * Every page of each tool called with no arguments, from the Deno example
 * under `deno serve` through an SDK v1 client: walked once per test process.
 */
export function denoWalks(): Promise<Walks> {
  reference ??= (async () => {
    const app = await denoServe(APP);
    try {
      return await walkAll(app.url, "v1");
    } finally {
      await app.close();
    }
  })();
  return reference;
}

/**
 * Steps: every page of each walk is within the limits by three real
 * tokenizers, and the pages rebuild the tool's output exactly.
 */
export async function checkWalks(t: Deno.TestContext, walks: Walks): Promise<void> {
  for (const name of TOOL_NAMES) {
    await t.step(`${name}: every page within the limits, the pages rebuild its output`, () => {
      const pages = walks[name];
      assert.ok(pages.length > 2, `${name} gave ${pages.length} pages: not a paging test`);
      pages.forEach((page, i) => assert.deepEqual(overLimits(page, LIMITS), [], `page ${i + 1}`));
      const full = TOOLS[name]({});
      assert.deepEqual(rebuild(pages, full), full.content);
    });
  }
}

/** Steps: each tool's walk through `connection` equals `expected`'s, page for page. */
export async function checkSameWalks(
  t: Deno.TestContext,
  connection: Connection,
  expected: Walks,
  source: string,
): Promise<void> {
  for (const name of TOOL_NAMES) {
    await t.step(`${name}: every page equals ${source}'s`, async () => {
      const pages = await walk(connection, name);
      assert.equal(pages.length, expected[name].length, "pages");
      pages.forEach((page, i) => assert.deepEqual(page, expected[name][i], `page ${i + 1}`));
    });
  }
}

/** Step: tools/list offers the four tools, each with an optional cursor. */
export async function checkToolList(t: Deno.TestContext, connection: Connection): Promise<void> {
  await t.step("tools/list offers the four tools, each with an optional cursor", async () => {
    const tools = await connection.tools();
    assert.deepEqual(tools.map((tool) => tool.name).sort(), [...TOOL_NAMES].sort());
    for (const tool of tools) assert.ok("cursor" in (tool.inputSchema.properties ?? {}));
  });
}

/**
 * Steps: the model narrows a result through the live example: tools/list
 * offers grep and fields, and a walk of `search_issues` with both gives
 * exactly the matching issues' fields, in order, with their positions.
 */
export async function checkNarrowing(t: Deno.TestContext, connection: Connection): Promise<void> {
  await t.step("tools/list offers grep and fields on each tool", async () => {
    for (const tool of await connection.tools()) {
      const properties = tool.inputSchema.properties ?? {};
      assert.ok("grep" in properties && "fields" in properties, tool.name);
    }
  });
  await t.step(
    'search_issues with grep "leak" and fields ["number", "state"]: exactly the matches, every page within the limits',
    async () => {
      const all = JSON.parse((TOOLS.search_issues({}).content[0] as { text: string }).text)
        .items as Array<
          Record<string, unknown>
        >;
      const expected = all
        .map((issue, i) => ({ issue, position: i + 1 }))
        .filter(({ issue }) => JSON.stringify(issue).toLowerCase().includes("leak"));
      assert.ok(expected.length > 0 && expected.length < all.length);
      const pages = await walk(connection, "search_issues", {
        grep: "leak",
        fields: ["number", "state"],
      });
      const items: unknown[] = [];
      const positions: number[] = [];
      for (const page of pages) {
        assert.deepEqual(overLimits(page, LIMITS), [], "a page over its limits");
        const envelope = JSON.parse((page.content[0] as { text: string }).text);
        items.push(...envelope.items);
        positions.push(...envelope.page.positions);
      }
      assert.deepEqual(
        items,
        expected.map(({ issue }) => ({ number: issue.number, state: issue.state })),
      );
      assert.deepEqual(positions, expected.map(({ position }) => position));
    },
  );
}

/** Steps: the HTTP face as the wire sees it (forged Host headers need raw HTTP). */
export async function checkHttpFace(
  t: Deno.TestContext,
  url: string,
  platformHost: string,
): Promise<void> {
  const host = new URL(url).host;
  await t.step("GET and DELETE /mcp get 405 with Allow: POST", async () => {
    for (const method of ["GET", "DELETE"]) {
      const response = await rawRequest(url, method, { host, accept: "text/event-stream" });
      assert.equal(response.status, 405, method);
      assert.equal(response.headers["allow"], "POST");
    }
  });
  await t.step("POST /mcp with a loopback Host and no Origin initializes", async () => {
    const response = await rawRequest(url, "POST", { host, ...MCP_POST }, INITIALIZE);
    assert.equal(response.status, 200);
    assert.match(response.body, /"serverInfo":\{"name":"pagewise-demo"/);
  });
  await t.step(`the platform's own host (${platformHost}) is served`, async () => {
    const response = await rawRequest(url, "POST", { host: platformHost, ...MCP_POST }, INITIALIZE);
    assert.equal(response.status, 200);
  });
  await t.step("a rebound Host gets 403 before anything runs", async () => {
    const response = await rawRequest(
      url,
      "POST",
      { host: "attacker.example", ...MCP_POST },
      INITIALIZE,
    );
    assert.equal(response.status, 403);
    assert.match(response.body, /Host \\"attacker.example\\" is not allowed/);
  });
  await t.step("a foreign browser Origin gets 403", async () => {
    const response = await rawRequest(
      url,
      "POST",
      { host, origin: "http://attacker.example", ...MCP_POST },
      INITIALIZE,
    );
    assert.equal(response.status, 403);
  });
}
