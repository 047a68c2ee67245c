/**
 * `pagewise proxy` in front of the real @modelcontextprotocol/server-filesystem:
 * a directory_tree far over a client's limit comes in pages that fit, and the
 * pages rebuild the server's answer exactly.
 */
import assert from "node:assert/strict";
import { max3 } from "../../dev/tokenizers.ts";
import { directoryTreeWireBytes, makeTree, sorted, type TreeEntry } from "../support/fs_tree.ts";
import { npmServer } from "../support/npm_servers.ts";
import { ListRootsRequestSchema } from "../support/sdk_types.ts";
import { startDirect, startProxy } from "../support/proxy_rig.ts";
import { type CallResult, rebuild, textOf, walkTool } from "../support/tool_pages.ts";

const MAX_TOKENS = 20_000;
const MAX_CHARS = 50_000;

async function withTree<T>(
  spec: { dirs: number; files: number; nameLength?: number },
  run: (root: string, tree: TreeEntry[]) => Promise<T>,
): Promise<T> {
  // In memory where there is a tmpfs: twenty thousand files take ~0.6 s there, ~10 s on disk.
  const dir = await Deno.stat("/dev/shm").then((s) => s.isDirectory ? "/dev/shm" : undefined)
    .catch(() => undefined);
  const root = await Deno.makeTempDir({ prefix: "pagewise-tree-", dir });
  try {
    return await run(root, makeTree(root, spec));
  } finally {
    await Deno.remove(root, { recursive: true });
  }
}

Deno.test("directory_tree far over 25,000 tokens comes in pages within every limit by real tokenizers", async () => {
  await withTree({ dirs: 40, files: 60, nameLength: 48 }, async (root, tree) => {
    const server = npmServer("server-filesystem", root);
    const direct = await startDirect(server);
    const answer = await direct.client.callTool({
      name: "directory_tree",
      arguments: { path: root },
    });
    await direct.close();
    const original = textOf(answer as CallResult);
    assert.ok(max3(original) > 2 * 25_000, `the tree is only ${max3(original)} tokens`);

    const proxy = await startProxy(["--max-tokens", String(MAX_TOKENS)], server);
    try {
      const pages = await walkTool(proxy.client, "directory_tree", { path: root });
      assert.ok(pages.length >= 5, `${pages.length} pages`);
      for (const [i, page] of pages.entries()) {
        const tokens = max3(page);
        assert.ok(tokens <= MAX_TOKENS, `page ${i + 1}: ${tokens} tokens`);
        assert.ok(page.length <= MAX_CHARS, `page ${i + 1}: ${page.length} characters`);
      }
      assert.deepEqual(rebuild(pages, true), JSON.parse(original));
      assert.deepEqual(sorted(rebuild(pages, true) as TreeEntry[]), sorted(tree));
    } finally {
      await proxy.close();
    }
  });
});

Deno.test("an answer over 10 MiB on the wire is read, paged and rebuilt exactly", async () => {
  // About 11 MiB on the wire: the tree's text twice (content and structuredContent).
  await withTree({ dirs: 12, files: 1_600, nameLength: 240 }, async (root, tree) => {
    const wire = directoryTreeWireBytes(tree);
    assert.ok(wire > 10.5 * 1024 * 1024, `only ${wire} bytes on the wire`);
    // Large pages keep the walk short (the proxy reads later pages from its cache).
    const proxy = await startProxy(
      ["--max-chars", "4000000", "--max-tokens", "3000000", "--quiet"],
      npmServer("server-filesystem", root),
    );
    try {
      const pages = await walkTool(proxy.client, "directory_tree", { path: root });
      assert.ok(pages.length >= 2, `${pages.length} pages`);
      assert.ok(pages.every((page) => page.length <= 4_000_000));
      assert.deepEqual(sorted(rebuild(pages, true) as TreeEntry[]), sorted(tree));
    } finally {
      await proxy.close();
    }
  });
});

Deno.test("cut results are logged to stderr, and not with --quiet", async () => {
  await withTree({ dirs: 10, files: 40 }, async (root) => {
    for (const quiet of [false, true]) {
      const proxy = await startProxy(
        ["--max-tokens", "2000", ...(quiet ? ["--quiet"] : [])],
        npmServer("server-filesystem", root),
      );
      await proxy.client.callTool({ name: "directory_tree", arguments: { path: root } });
      await proxy.close();
      const logged = proxy.stderr().split("\n").filter((line) => line.startsWith("pagewise:"));
      if (quiet) assert.deepEqual(logged, []);
      else assert.match(logged.join("\n"), /^pagewise: directory_tree \{.*\}: items 1-\d+ of 10 /m);
    }
  });
});

Deno.test("PAGEWISE_MAX_TOKENS sets the budget, and --max-tokens wins over it", async () => {
  await withTree({ dirs: 20, files: 40 }, async (root) => {
    const server = npmServer("server-filesystem", root);
    const firstPage = async (options: string[], env?: string) => {
      const prior = Deno.env.get("PAGEWISE_MAX_TOKENS");
      if (env) Deno.env.set("PAGEWISE_MAX_TOKENS", env);
      const proxy = await startProxy(options, server);
      if (prior === undefined) Deno.env.delete("PAGEWISE_MAX_TOKENS");
      else Deno.env.set("PAGEWISE_MAX_TOKENS", prior);
      const result = await proxy.client.callTool({
        name: "directory_tree",
        arguments: { path: root },
      });
      await proxy.close();
      return textOf(result as CallResult);
    };
    const byEnv = await firstPage([], "1500");
    const byFlag = await firstPage(["--max-tokens", "4000"], "1500");
    assert.ok(max3(byEnv) <= 1_500, `${max3(byEnv)} tokens`);
    assert.ok(max3(byFlag) <= 4_000, `${max3(byFlag)} tokens`);
    assert.ok(byFlag.length > byEnv.length, "the flag's budget should give a larger page");
  });
});

Deno.test("results that fit pass unchanged, and tools/list gains the cursor argument", async () => {
  await withTree({ dirs: 2, files: 3 }, async (root) => {
    const server = npmServer("server-filesystem", root);
    const direct = await startDirect(server);
    const proxy = await startProxy(["--cursor-param", "page_token"], server);
    try {
      const args = { name: "directory_tree", arguments: { path: root } };
      assert.deepEqual(await proxy.client.callTool(args), await direct.client.callTool(args));
      const { tools } = await proxy.client.listTools();
      const { tools: own } = await direct.client.listTools();
      assert.deepEqual(tools.map((t) => t.name), own.map((t) => t.name));
      for (const tool of tools) {
        assert.equal(tool.outputSchema, undefined, tool.name);
        assert.ok(tool.inputSchema.properties?.page_token, tool.name);
      }
    } finally {
      await proxy.close();
      await direct.close();
    }
  });
});

Deno.test("the server's roots/list request reaches the client and the client's roots go back", async () => {
  await withTree({ dirs: 1, files: 1 }, async (root) => {
    const other = await Deno.makeTempDir({ prefix: "pagewise-root-" });
    try {
      let asked = 0;
      const proxy = await startProxy([], npmServer("server-filesystem", root), {
        capabilities: { roots: { listChanged: true } },
        setup: (client) =>
          client.setRequestHandler(ListRootsRequestSchema, () => {
            asked++;
            return { roots: [{ uri: `file://${other}`, name: "other" }] };
          }),
      });
      try {
        let allowed = "";
        for (let i = 0; i < 50 && !allowed.includes(other); i++) {
          await new Promise((r) => setTimeout(r, 100));
          const result = await proxy.client.callTool({
            name: "list_allowed_directories",
            arguments: {},
          });
          allowed = textOf(result as CallResult);
        }
        assert.ok(asked >= 1, "the client was never asked for its roots");
        assert.match(allowed, new RegExp(other.replaceAll("/", "\\/")));
      } finally {
        await proxy.close();
      }
    } finally {
      await Deno.remove(other, { recursive: true });
    }
  });
});

Deno.test("through the proxy, a grep of search_files keeps exactly the matching lines, numbered; --no-narrow offers none", async () => {
  await withTree({ dirs: 20, files: 50, nameLength: 24 }, async (root, tree) => {
    const server = npmServer("server-filesystem", root);
    const args = { path: root, pattern: "**/*" };
    const direct = await startDirect(server);
    const original = textOf(
      await direct.client.callTool({ name: "search_files", arguments: args }) as CallResult,
    );
    await direct.close();
    // One file's path within the tree, in other letters' case.
    const grep = `${tree[3].name}/${tree[3].children![5].name}`.toUpperCase();
    const expected = original.split("\n").map((line, i) => `${i + 1}:${line}`)
      .filter((line) => line.replace(/^\d+:/, "").toLowerCase().includes(grep.toLowerCase()));
    assert.equal(expected.length, 1);
    const proxy = await startProxy(["--max-tokens", "2000"], server);
    try {
      const { tools } = await proxy.client.listTools();
      const search = tools.find((t) => t.name === "search_files")!;
      assert.ok(Object.hasOwn(search.inputSchema.properties ?? {}, "grep"));
      const page = textOf(
        await proxy.client.callTool({
          name: "search_files",
          arguments: { ...args, grep },
        }) as CallResult,
      );
      const note = page.lastIndexOf("\n\n[Lines that match grep");
      assert.ok(note > 0, page.slice(-300));
      assert.deepEqual(page.slice(0, note).split("\n"), expected);
    } finally {
      await proxy.close();
    }
    const plain = await startProxy(["--no-narrow"], server);
    try {
      const { tools } = await plain.client.listTools();
      const search = tools.find((t) => t.name === "search_files")!;
      assert.ok(!Object.hasOwn(search.inputSchema.properties ?? {}, "grep"));
      assert.ok(Object.hasOwn(search.inputSchema.properties ?? {}, "cursor"));
    } finally {
      await plain.close();
    }
  });
});
