/**
 * `pagewise proxy` in front of servers that fail: each failure is a clear
 * error, never a hang; the proxy answers, goes on or exits as documented.
 * Both CLIs, Deno's and Node's: they share the proxy, not the process,
 * stdio and signal handling.
 */
import assert from "node:assert/strict";
import { nodeCliFromSource } from "../support/node.ts";
import { DENO_CLI, proxyCommand } from "../support/npm_servers.ts";
import { startProxy } from "../support/proxy_rig.ts";

const BAD = [
  Deno.execPath(),
  "run",
  "-A",
  "--quiet",
  new URL("../support/bad_server.ts", import.meta.url).pathname,
];

const CLIS: [string, () => Promise<readonly string[]>][] = [
  ["deno", () => Promise.resolve(DENO_CLI)],
  ["node", nodeCliFromSource],
];

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function runAlone(cli: readonly string[], options: string[], server: string[]) {
  const [program, ...args] = proxyCommand(options, server, cli);
  const started = Date.now();
  // The client stays connected (stdin open) while the proxy runs.
  const child = new Deno.Command(program, { args, stdin: "piped", stdout: "null", stderr: "piped" })
    .spawn();
  const stderr = new Response(child.stderr).text();
  // A proxy that does not exit by itself fails the test instead of hanging it.
  const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
  const { code, signal } = await child.status;
  clearTimeout(timer);
  assert.notEqual(signal, "SIGKILL", "the proxy did not exit within 30 s");
  await child.stdin.close();
  return { code, stderr: await stderr, ms: Date.now() - started };
}

for (const [runtime, cliOf] of CLIS) {
  Deno.test(`${runtime}: a command that does not exist: exit 127 at once, with a message naming it`, async () => {
    const cli = await cliOf();
    const { code, stderr, ms } = await runAlone(cli, [], ["pagewise-no-such-server", "--flag"]);
    assert.equal(code, 127);
    assert.match(
      stderr,
      /cannot start the MCP server: command "pagewise-no-such-server" not found/,
    );
    assert.ok(ms < 10_000, `${ms} ms`);
  });

  Deno.test(`${runtime}: a command that cannot be run: exit 126, with a message naming it`, async () => {
    const cli = await cliOf();
    const dir = await Deno.makeTempDir({ prefix: "pagewise-not-executable-" });
    try {
      const file = `${dir}/server.sh`;
      await Deno.writeTextFile(file, "#!/bin/sh\n", { mode: 0o644 });
      const { code, stderr } = await runAlone(cli, [], [file]);
      assert.equal(code, 126);
      assert.match(stderr, new RegExp(`cannot start the MCP server "${file}": `));
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });

  Deno.test(`${runtime}: a usage error: exit 2 with what to fix`, async () => {
    const cli = await cliOf();
    const { code, stderr } = await runAlone(cli, ["--max-tokens", "lots"], ["true"]);
    assert.equal(code, 2);
    assert.match(stderr, /--max-tokens must be a whole number of at least 300, got "lots"/);
  });

  Deno.test(`${runtime}: a server that exits at start: the proxy exits with its status`, async () => {
    const cli = await cliOf();
    const { code, stderr } = await runAlone(cli, [], [...BAD, "--exit-at-start", "4"]);
    assert.equal(code, 4);
    assert.match(stderr, /the MCP server exited with status 4/);
  });

  Deno.test(`${runtime}: a server that crashes in the middle of a call: the call fails, the proxy exits with its status`, async () => {
    const cli = await cliOf();
    const proxy = await startProxy([], BAD, { cli });
    await assert.rejects(
      proxy.client.callTool({ name: "crash", arguments: {} }),
      /the connection to the MCP server closed before it answered tools\/call/,
    );
    const status = await proxy.status;
    assert.equal(status.code, 3);
    await proxy.close();
  });

  Deno.test(`${runtime}: a server that hangs: the call fails after --timeout and the proxy goes on`, async () => {
    const cli = await cliOf();
    // The timeout covers the server's initialize too: 3 s leaves a loaded machine time to start it.
    const proxy = await startProxy(["--timeout", "3"], BAD, { cli });
    try {
      const started = Date.now();
      await assert.rejects(
        proxy.client.callTool({ name: "hang", arguments: {} }),
        /the MCP server did not answer tools\/call within 3 s; it may be stuck/,
      );
      const ms = Date.now() - started;
      assert.ok(ms >= 2_900 && ms < 8_000, `${ms} ms`);
      const ok = await proxy.client.callTool({ name: "ok", arguments: {} });
      assert.deepEqual(ok.content, [{ type: "text", text: "ok" }]);
    } finally {
      await proxy.close();
    }
  });

  Deno.test(`${runtime}: a server that never initializes: the client's initialize fails after --timeout`, async () => {
    const cli = await cliOf();
    const proxy = await startProxy(["--timeout", "1"], [...BAD, "--silent-start"], {
      connect: false,
      cli,
    });
    const started = Date.now();
    await assert.rejects(
      proxy.client.connect(proxy.transport as never),
      /the MCP server could not be initialized: the MCP server did not answer initialize within 1 s/,
    );
    assert.ok(Date.now() - started < 5_000);
    await proxy.close();
  });

  Deno.test(`${runtime}: an answer over --max-message-mb fails its call and the proxy goes on`, async () => {
    const cli = await cliOf();
    const proxy = await startProxy(["--max-message-mb", "1"], BAD, { cli });
    try {
      await assert.rejects(
        proxy.client.callTool({ name: "big", arguments: { mib: 2 } }),
        /the MCP server sent a message of 2\.0 MiB, over the limit of 1\.0 MiB/,
      );
      const ok = await proxy.client.callTool({ name: "ok", arguments: {} });
      assert.deepEqual(ok.content, [{ type: "text", text: "ok" }]);
    } finally {
      await proxy.close();
    }
  });

  Deno.test(`${runtime}: the client closing its end: the proxy exits with the server's status`, async () => {
    const cli = await cliOf();
    const proxy = await startProxy([], BAD, { cli });
    await proxy.client.callTool({ name: "ok", arguments: {} });
    const status = await proxy.close();
    assert.equal(status.code, 0);
  });

  Deno.test(`${runtime}: a server that ignores its stdin closing and SIGTERM: SIGTERM after 5 s, SIGKILL 3 s later`, async () => {
    const cli = await cliOf();
    const proxy = await startProxy([], [...BAD, "--linger"], { cli });
    await proxy.client.callTool({ name: "ok", arguments: {} });
    const started = Date.now();
    const status = await proxy.close();
    const ms = Date.now() - started;
    assert.equal(status.code, 128 + 9);
    assert.ok(ms >= 7_500 && ms < 15_000, `${ms} ms`);
    assert.match(proxy.stderr(), /bad-server: SIGTERM ignored/);
    assert.match(proxy.stderr(), /the MCP server exited with signal SIGKILL/);
  });

  Deno.test(`${runtime}: SIGTERM to the proxy is passed to the server, and the proxy exits with its status`, async () => {
    const cli = await cliOf();
    const proxy = await startProxy([], BAD, { cli });
    await proxy.client.callTool({ name: "ok", arguments: {} });
    proxy.kill("SIGTERM");
    // A proxy that neither passes the signal on nor dies of it would wait for ever.
    const timer = setTimeout(() => proxy.kill("SIGKILL"), 10_000);
    const status = await proxy.status;
    clearTimeout(timer);
    assert.notEqual(status.signal, "SIGKILL", "no exit within 10 s of SIGTERM");
    assert.equal(status.code, 128 + 15);
    assert.equal(status.signal, null, "the proxy itself was not ended by the signal");
    assert.match(proxy.stderr(), /the MCP server exited with signal SIGTERM/);
    await proxy.close();
  });

  Deno.test(`${runtime}: a server that floods a client that does not read waits for it, then every message arrives in order`, async () => {
    const cli = await cliOf();
    const proxy = await startProxy([], [...BAD, "--flood", "2000"], { connect: false, cli });
    const flooded = () =>
      Number([...proxy.stderr().matchAll(/bad-server: flooded (\d+)/g)].at(-1)?.[1] ?? 0);
    await proxy.transport.send({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "slow", version: "1.0.0" },
      },
    });
    await proxy.transport.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    // Nothing reads the proxy's stdout yet: once the pipes are full, the server waits.
    for (let i = 0; i < 200 && flooded() === 0; i++) await delay(50);
    await delay(3_000);
    const sent = flooded();
    assert.ok(sent > 0 && sent < 200, `${sent} of 2000 sent (10 kB each) while nothing was read`);

    const seen: number[] = [];
    // Every notification, or what came before the connection closed or a minute passed.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const all = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, 60_000);
      proxy.transport.onclose = resolve;
      proxy.transport.onmessage = (message) => {
        const { method, params } = message as { method?: string; params?: { data: string } };
        if (method !== "notifications/message") return;
        seen.push(Number(/^\d+/.exec(params!.data)![0]));
        if (seen.length === 2000) resolve();
      };
    });
    await proxy.transport.start();
    await all;
    clearTimeout(timer);
    assert.deepEqual(seen, Array.from({ length: 2000 }, (_, i) => i + 1));
    const status = await proxy.close();
    assert.equal(status.code, 0, proxy.stderr().slice(-2000));
  });
}

/** The proxy driven by hand: its stdin and stdout as the test's, each closed on its own. */
function rawProxy(cli: readonly string[], server: string[]) {
  const [program, ...args] = proxyCommand(["--quiet"], server, cli);
  const child = new Deno.Command(program, {
    args,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const stderr = new Response(child.stderr).text();
  const writer = child.stdin.getWriter();
  const reader = child.stdout.getReader();
  const encoder = new TextEncoder();
  // A proxy that does not exit by itself fails the test instead of hanging it.
  const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
  return {
    send: (message: unknown) => writer.write(encoder.encode(JSON.stringify(message) + "\n")),
    /** Reads until the first line break: the first answer, as text. */
    async firstAnswer(): Promise<string> {
      const decoder = new TextDecoder();
      let text = "";
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        text += decoder.decode(chunk.value, { stream: true });
        if (text.includes("\n")) break;
      }
      return text.slice(0, text.indexOf("\n"));
    },
    closeStdin: () => writer.close(),
    /** Reads and throws away what the proxy writes, to its end. */
    async drainStdout(): Promise<void> {
      while (!(await reader.read()).done) { /* thrown away */ }
    },
    /** Closes the read end of the proxy's stdout, as a client that has gone does. */
    closeStdout: () => reader.cancel(),
    async exit() {
      const status = await child.status;
      clearTimeout(timer);
      await writer.close().catch(() => {});
      assert.notEqual(status.signal, "SIGKILL", "the proxy did not exit within 30 s");
      return { code: status.code, stderr: await stderr };
    },
  };
}

const INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "raw", version: "1.0.0" },
  },
};
const BIG_CALL = {
  jsonrpc: "2.0",
  id: 2,
  method: "tools/call",
  params: { name: "big", arguments: { mib: 40 } },
};

/** A proxy in front of the bad server, initialized, 0.1 s into answering a 40 MiB call. */
async function answering40MiB(cli: readonly string[]) {
  const proxy = rawProxy(cli, BAD);
  await proxy.send(INITIALIZE);
  await proxy.firstAnswer();
  await proxy.send({ jsonrpc: "2.0", method: "notifications/initialized" });
  await proxy.send(BIG_CALL);
  await delay(100);
  return proxy;
}

for (const [runtime, cliOf] of CLIS) {
  Deno.test(`${runtime}: the client closing its stdin while a large answer is on its way: the server is not broken by a closed pipe, the proxy exits 0`, async () => {
    const proxy = await answering40MiB(await cliOf());
    await proxy.closeStdin();
    const drained = proxy.drainStdout();
    const { code, stderr } = await proxy.exit();
    await drained;
    assert.doesNotMatch(stderr, /EPIPE|broken pipe/i);
    assert.equal(code, 0, stderr.slice(-2000));
  });

  Deno.test(`${runtime}: the client closing the proxy's stdout: the proxy stops the server and exits`, async () => {
    const proxy = await answering40MiB(await cliOf());
    await proxy.closeStdout();
    const { stderr } = await proxy.exit();
    assert.match(stderr, /cannot write to the MCP client/);
  });
}

for (const [runtime, cliOf] of CLIS) {
  Deno.test(`${runtime}: a server that exits before it answers initialize: the client's initialize gets an error that says so, the log blames the server`, async () => {
    const proxy = rawProxy(await cliOf(), [...BAD, "--exit-on-read", "5"]);
    await proxy.send(INITIALIZE);
    const answer = JSON.parse(await proxy.firstAnswer());
    assert.equal(answer.id, 1);
    assert.match(
      answer.error.message,
      /the MCP server could not be initialized: the connection to the MCP server closed before it answered initialize/,
    );
    await proxy.closeStdin();
    const { code, stderr } = await proxy.exit();
    assert.equal(code, 5);
    assert.match(stderr, /pagewise proxy: the MCP server could not be initialized/);
    assert.doesNotMatch(stderr, /MCP client|MCP error -32000/);
  });
}
