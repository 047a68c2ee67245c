/**
 * The npm package as a user gets it: `deno task npm` builds the tarball, a
 * plain `npm install <tgz> @modelcontextprotocol/sdk zod` puts it in an empty
 * folder, and there Node imports it and pages, tsc (strict, nodenext) reads
 * its types, and its `pagewise` bin proxies a Node stdio server for an SDK
 * client. npm's cache makes the install a few seconds after the first run.
 */
import assert from "node:assert/strict";
import { INSTALL_NODE, runCommand, runOrThrow } from "../../dev/command.ts";
import { nodeVersion } from "../support/node.ts";
import { startProxy } from "../support/proxy_rig.ts";
import { joinListPages, walkTool } from "../support/tool_pages.ts";

const ROOT = decodeURIComponent(new URL("../../", import.meta.url).pathname);
// deno.dev.json's TypeScript, which `deno task npm` checks is installed.
const TSC = `${ROOT}node_modules/typescript/bin/tsc`;
const DENO_JSON = JSON.parse(await Deno.readTextFile(`${ROOT}deno.json`)) as {
  version: string;
  exports: Record<string, string>;
};

// Where a command runs; node and npm come with Node.
const at = (cwd: string) => ({ cwd, install: INSTALL_NODE });

async function requireTools(): Promise<void> {
  const node = await nodeVersion();
  if (Number(/^v(\d+)/.exec(node)?.[1]) < 20) {
    throw new Error(`node ${node} is too old for the package (20+); install a newer Node`);
  }
  await runOrThrow("npm", ["--version"], at(ROOT));
}

async function filesUnder(dir: string, prefix = ""): Promise<string[]> {
  const files: string[] = [];
  for await (const entry of Deno.readDir(`${dir}/${prefix}`)) {
    const path = prefix + entry.name;
    if (entry.isDirectory) files.push(...await filesUnder(dir, `${path}/`));
    else files.push(path);
  }
  return files.sort();
}

// Records of about `bytes` of JSON, the same for the same arguments, with
// text that is not all ASCII.
function records(n: number): { id: number; name: string; tags: string[]; note: string }[] {
  const words = ["ledger", "café", "東京", "naïve", "отчёт", "😀", "status", "refund"];
  return Array.from({ length: n }, (_, i) => ({
    id: 100_000 + i,
    name: `record ${i} ${words[i % words.length]}`,
    tags: [words[(i * 3) % words.length], words[(i * 5 + 1) % words.length]],
    note: `${words[(i * 7) % words.length]} `.repeat(8 + (i % 13)),
  }));
}

const PAGE_VALUE = `
import { readFileSync } from "node:fs";
import { createPager } from "@pagewise/mcp";

const value = JSON.parse(readFileSync(new URL("./value.json", import.meta.url), "utf8"));
const pager = createPager({ maxTokens: 2000, maxChars: 6000 });
const texts = [];
let cursor;
do {
  const page = await pager.page(value, { scope: "records {}", cursor });
  texts.push(page.text);
  cursor = page.nextCursor;
} while (cursor);
process.stdout.write(JSON.stringify(texts));
`;

const PAGE_SERVER = `
import { readFileSync } from "node:fs";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { paginate } from "@pagewise/mcp";

const text = readFileSync(new URL("./value.json", import.meta.url), "utf8");
const server = paginate(new McpServer({ name: "records", version: "1.0.0" }), {
  maxTokens: 2000,
  maxChars: 6000,
});
server.registerTool("records", { description: "Every record." }, () => ({
  content: [{ type: "text", text }],
}));
const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
await server.connect(serverSide);
const client = new Client({ name: "walker", version: "1.0.0" });
await client.connect(clientSide);
const { tools } = await client.listTools();
const texts = [];
let cursor;
do {
  const result = await client.callTool({ name: "records", arguments: cursor ? { cursor } : {} });
  if (result.isError) throw new Error(result.content[0].text);
  texts.push(result.content[0].text);
  cursor = JSON.parse(texts.at(-1)).page.next_cursor;
} while (cursor);
await client.close();
const inputs = Object.keys(tools[0].inputSchema.properties ?? {});
process.stdout.write(JSON.stringify({ inputs, texts }));
`;

// Every entry's types in use, as a Node user's TypeScript would have them.
const GOOD_TS = `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { clients, createPager, memoryStore, type Page, paginate } from "@pagewise/mcp";
import { proxyHandler, StreamTransport } from "@pagewise/mcp/proxy";
import { upstashStore } from "@pagewise/mcp/upstash";
import { denoKvStore } from "@pagewise/mcp/deno-kv";
import { workersKvStore } from "@pagewise/mcp/workers-kv";
import { main, parseProxyArgs, type ProxyArgs, runProxy } from "@pagewise/mcp/cli";

const server: McpServer = paginate(new McpServer({ name: "orders", version: "1.0.0" }), {
  ...clients.claudeCode,
  cache: { store: memoryStore() },
});
server.registerTool("list_orders", { description: "Every order." }, () => ({
  content: [{ type: "text", text: "[]" }],
}));
const page: Promise<Page> = createPager({ maxTokens: 5_000 }).page([1, 2, 3]);
const handler: (request: Request) => Promise<Response> = proxyHandler({
  upstream: "https://mcp.example.com/mcp",
  maxTokens: 20_000,
});
const transport = new StreamTransport(new ReadableStream<Uint8Array>(), new WritableStream());
const args: ProxyArgs | undefined = parseProxyArgs(["--", "node", "server.mjs"], {});
const status: Promise<number> = main(["help"], () => {});
export { args, denoKvStore, handler, page, runProxy, status, transport, upstashStore, workersKvStore };
`;

// Two mistakes, each on its line: an option of the wrong type, and a method
// the SDK's McpServer does not have (paginate keeps the server's own type).
const BAD_TS = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { createPager, paginate } from "@pagewise/mcp";
createPager({ maxTokens: "5" });
paginate(new McpServer({ name: "orders", version: "1.0.0" })).nonexistentMethod();
`;

const SERVER = `
import { readFileSync } from "node:fs";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

const text = readFileSync(new URL("./big.json", import.meta.url), "utf8");
const server = new McpServer({ name: "big", version: "1.0.0" });
server.registerTool("records", { description: "Every record, as a JSON list." }, () => ({
  content: [{ type: "text", text }],
}));
await server.connect(new StdioServerTransport());
`;

function tsconfig(file: string): string {
  return JSON.stringify({
    compilerOptions: { module: "nodenext", strict: true, noEmit: true, skipLibCheck: false },
    files: [file],
  });
}

Deno.test("the npm package, from its tarball installed by npm into an empty folder", async (t) => {
  await requireTools();
  const dir = await Deno.makeTempDir({ prefix: "pagewise-npm-" });
  try {
    const out = `${dir}/out`;
    const user = `${dir}/user`;
    await runOrThrow(Deno.execPath(), ["task", "--quiet", "npm", "--out", out], at(ROOT));
    const tarballs = (await filesUnder(out)).filter((file) => file.endsWith(".tgz"));
    await Deno.mkdir(user);
    await runOrThrow("npm", [
      "install",
      "--no-audit",
      "--no-fund",
      "--prefer-offline",
      `${out}/${tarballs[0]}`,
      "@modelcontextprotocol/sdk",
      "zod",
    ], at(user));
    const installed = `${user}/node_modules/@pagewise/mcp`;
    const pkg = JSON.parse(await Deno.readTextFile(`${installed}/package.json`));

    await t.step(
      "every relative link in the package's README and docs leads to a file it holds",
      async () => {
        const files = [
          "README.md",
          ...(await filesUnder(`${installed}/docs`)).map((f) => `docs/${f}`),
        ];
        assert.ok(files.length > 5, files.join(", "));
        const broken: string[] = [];
        for (const file of files) {
          const text = await Deno.readTextFile(`${installed}/${file}`);
          for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
            if (/^[a-z][a-z0-9+.-]*:|^#/i.test(target)) continue;
            const path = new URL(target.split("#")[0], `file://${installed}/${file}`).pathname;
            await Deno.stat(decodeURIComponent(path)).catch(() =>
              broken.push(`${file}: ${target}`)
            );
          }
        }
        assert.deepEqual(broken, []);
      },
    );

    await t.step(
      "deno task npm leaves one .tgz: deno.json's version and exports, ESM JavaScript and .d.ts, the pagewise bin",
      async () => {
        assert.deepEqual(tarballs, [`pagewise-mcp-${DENO_JSON.version}.tgz`]);
        assert.equal(pkg.version, DENO_JSON.version);
        assert.equal(pkg.type, "module");
        assert.deepEqual(Object.keys(pkg.exports), Object.keys(DENO_JSON.exports));
        for (
          const { types, default: js } of Object.values(pkg.exports) as Record<string, string>[]
        ) {
          assert.match(types, /\.d\.ts$/);
          assert.match(js, /\.js$/);
          await Deno.stat(`${installed}/${types}`);
          await Deno.stat(`${installed}/${js}`);
        }
        assert.deepEqual(Object.keys(pkg.peerDependencies).sort(), [
          "@modelcontextprotocol/sdk",
          "@upstash/redis",
          "zod",
        ]);
        assert.deepEqual(pkg.peerDependenciesMeta, { "@upstash/redis": { optional: true } });
        const bin = await Deno.realPath(`${user}/node_modules/.bin/pagewise`);
        assert.equal(bin, await Deno.realPath(`${installed}/${pkg.bin.pagewise}`));
        assert.match(await Deno.readTextFile(bin), /^#!\/usr\/bin\/env node\n/);
      },
    );

    await t.step(
      "it holds no Deno-only module, and only modules named for Node import node:",
      async () => {
        const files = await filesUnder(installed);
        const code = files.filter((file) => file.endsWith(".js"));
        assert.ok(code.length > 50, `${code.length} modules`);
        assert.ok(!files.some((file) => /_deno\.|src\/cli\/mod\.js/.test(file)), files.join("\n"));
        for (const file of code) {
          const text = await Deno.readTextFile(`${installed}/${file}`);
          // Code lines only: the doc comments show Deno examples.
          const lines = text.split("\n").filter((line) => !/^\s*(\*|\/\*|\/\/)/.test(line));
          assert.ok(!lines.some((line) => /\bDeno\./.test(line)), `${file} uses Deno`);
          if (!/_node\.js$/.test(file)) {
            assert.ok(!lines.some((line) => /["']node:/.test(line)), `${file} imports node:`);
          }
        }
      },
    );

    await t.step(
      "Node imports every subpath export, each with the names the Deno entry exports",
      async () => {
        const script = Object.keys(DENO_JSON.exports).map((name) =>
          `names[${JSON.stringify(name)}] = Object.keys(await import(` +
          `${JSON.stringify(`@pagewise/mcp${name.slice(1)}`)})).sort();`
        );
        await Deno.writeTextFile(
          `${user}/imports.mjs`,
          `const names = {};\n${script.join("\n")}\nconsole.log(JSON.stringify(names));\n`,
        );
        const names = JSON.parse(await runOrThrow("node", ["imports.mjs"], at(user)));
        for (const [name, path] of Object.entries(DENO_JSON.exports)) {
          const denoNames = Object.keys(await import(`${ROOT}${path.slice(2)}`)).sort();
          assert.deepEqual(names[name], denoNames, name);
        }
      },
    );

    await t.step(
      "a Node script pages a value: every page within the limits, every item once, in order",
      async () => {
        const value = records(600);
        await Deno.writeTextFile(`${user}/value.json`, JSON.stringify(value));
        await Deno.writeTextFile(`${user}/page_value.mjs`, PAGE_VALUE);
        const texts: string[] = JSON.parse(await runOrThrow("node", ["page_value.mjs"], at(user)));
        assert.ok(texts.length >= 10, `${texts.length} pages`);
        for (const text of texts) assert.ok(text.length <= 6000, `${text.length} characters`);
        assert.deepEqual(joinListPages(texts), value);
      },
    );

    await t.step(
      "a Node script pages a whole SDK server (McpServer, Client over InMemoryTransport), exactly",
      async () => {
        await Deno.writeTextFile(`${user}/page_server.mjs`, PAGE_SERVER);
        const { inputs, texts } = JSON.parse(
          await runOrThrow("node", ["page_server.mjs"], at(user)),
        );
        assert.deepEqual(inputs.sort(), ["cursor", "fields", "grep"]);
        assert.ok(texts.length >= 10, `${texts.length} pages`);
        for (const text of texts) assert.ok(text.length <= 6000, `${text.length} characters`);
        assert.deepEqual(joinListPages(texts), records(600));
      },
    );

    await t.step(
      "tsc --strict, module nodenext, accepts a file that uses every entry's types",
      async () => {
        await Deno.writeTextFile(`${user}/good.mts`, GOOD_TS);
        await Deno.writeTextFile(`${user}/tsconfig.json`, tsconfig("good.mts"));
        const result = await runCommand("node", [TSC, "-p", "tsconfig.json"], at(user));
        assert.equal(result.code, 0, result.stdout + result.stderr);
      },
    );

    await t.step(
      "tsc rejects wrong option types and a method the SDK's server does not have",
      async () => {
        await Deno.writeTextFile(`${user}/bad.mts`, BAD_TS);
        await Deno.writeTextFile(`${user}/tsconfig.bad.json`, tsconfig("bad.mts"));
        const result = await runCommand("node", [TSC, "-p", "tsconfig.bad.json"], at(user));
        assert.notEqual(result.code, 0);
        const errors = result.stdout.split("\n").filter((line) => / error TS\d+/.test(line));
        assert.equal(errors.length, 2, result.stdout);
        assert.match(
          errors[0],
          /^bad\.mts\(3,\d+\): error TS2322: Type 'string' is not assignable to type 'number'/,
        );
        assert.match(
          errors[1],
          /^bad\.mts\(4,\d+\): error TS2339: Property 'nonexistentMethod' does not exist on type 'McpServer'/,
        );
      },
    );

    await t.step(
      "node_modules/.bin/pagewise proxies a Node stdio server: an SDK client walks a 2 MB result, every item once, in order",
      async () => {
        const big = records(14_000);
        const text = JSON.stringify(big);
        assert.ok(text.length > 2_000_000, `${text.length} characters`);
        await Deno.writeTextFile(`${user}/big.json`, text);
        await Deno.writeTextFile(`${user}/server.mjs`, SERVER);
        const proxy = await startProxy([], ["node", `${user}/server.mjs`], {
          cli: [`${user}/node_modules/.bin/pagewise`],
        });
        let pages: string[];
        try {
          pages = await walkTool(proxy.client, "records", {});
        } finally {
          const status = await proxy.close();
          assert.equal(status.code, 0, proxy.stderr());
        }
        assert.ok(pages.length >= 40, `${pages.length} pages`);
        for (const page of pages) assert.ok(page.length <= 50_000, `${page.length} characters`);
        assert.deepEqual(joinListPages(pages), big);
        assert.match(proxy.stderr(), /pagewise: records \{\}: items 1-\d+ of 14000/);
      },
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
