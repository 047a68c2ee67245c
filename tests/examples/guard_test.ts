import assert from "node:assert/strict";
import { rejectForeignHost } from "../../examples/shared/guard.ts";
import { demoOptionsFromEnv } from "../../examples/shared/env.ts";
import { handleRequest } from "../../examples/shared/server.ts";

const policy = { hosts: ["mcp.example.com"], suffixes: [".workers.dev"] };
const request = (headers: Record<string, string>) =>
  new Request("http://127.0.0.1:8000/mcp", { method: "POST", headers });
const status = (headers: Record<string, string>) =>
  rejectForeignHost(request(headers), policy)?.status ?? 200;

Deno.test("loopback hosts are served on any port", () => {
  for (const host of ["localhost", "localhost:8000", "127.0.0.1:1", "[::1]:8787", "LOCALHOST:80"]) {
    assert.equal(status({ host }), 200, host);
  }
});

Deno.test("listed hosts and hosts under a platform suffix are served", () => {
  for (const host of ["mcp.example.com", "MCP.example.com:443", "demo.acme.workers.dev"]) {
    assert.equal(status({ host }), 200, host);
  }
});

Deno.test("a rebound or malformed Host gets 403", () => {
  for (
    const host of [
      "evil.example",
      "127.0.0.1.evil.example",
      "localhost.evil.example:8000",
      "mcp.example.com.evil.example",
      "evilworkers.dev",
      "workers.dev",
      "localhost:8000@evil.example",
      "localhost/evil",
      "localhost:99999999",
      "",
    ]
  ) {
    assert.equal(status({ host }), 403, JSON.stringify(host));
  }
});

Deno.test("a request without Host gets 403", () => {
  // HTTP/1.1 requires Host; a Request built without one stands for HTTP/1.0 clients.
  const response = rejectForeignHost(new Request("http://127.0.0.1/mcp"), policy);
  assert.equal(response?.status, 403);
});

Deno.test("a browser Origin from a foreign site gets 403 even with a good Host", async () => {
  for (
    const origin of [
      "http://evil.example",
      "https://localhost.evil.example",
      "null",
      "file://",
      "chrome-extension://abcdef",
      "http://127.0.0.1.nip.io:8000",
    ]
  ) {
    const response = rejectForeignHost(request({ host: "localhost:8000", origin }), policy);
    assert.equal(response?.status, 403, origin);
    const body = await response!.json();
    assert.equal(body.error.code, -32000);
    assert.match(body.error.message, /Origin .* is not allowed\. Set ALLOWED_HOSTS/);
  }
});

Deno.test("a local or listed Origin is served", () => {
  for (const origin of ["http://localhost:6274", "https://mcp.example.com", "http://[::1]:3000"]) {
    assert.equal(status({ host: "localhost:8000", origin }), 200, origin);
  }
});

Deno.test("ALLOWED_HOSTS adds hosts, comma-separated, spaces ignored", () => {
  const options = demoOptionsFromEnv((name) =>
    name === "ALLOWED_HOSTS" ? " a.example , b.example,," : undefined
  );
  assert.deepEqual(options.hosts.hosts, ["a.example", "b.example"]);
});

Deno.test("page limits come from the environment, each client's own by default", () => {
  const env: Record<string, string> = { PAGEWISE_MAX_TOKENS: "8000" };
  const options = demoOptionsFromEnv((name) => env[name]);
  assert.equal(options.pagewise.maxTokens, 8_000);
  assert.equal(options.pagewise.maxChars, undefined);
  const defaults = demoOptionsFromEnv(() => undefined).pagewise;
  assert.equal(defaults.maxTokens, undefined);
  assert.equal(defaults.maxChars, undefined);
  assert.equal(defaults.clientLimits, undefined); // on
});

Deno.test("a bad setting fails at start-up with the variable's name", () => {
  const cases: Array<[Record<string, string>, RegExp]> = [
    [{ PAGEWISE_MAX_TOKENS: "lots" }, /PAGEWISE_MAX_TOKENS must be a positive whole number/],
    [{ PAGEWISE_MAX_CHARS: "-5" }, /PAGEWISE_MAX_CHARS must be a positive whole number/],
    [{ PAGEWISE_MAX_TOKENS: "10" }, /maxTokens must be a number/],
    [{ PAGEWISE_CURSOR_TTL: "60" }, /PAGEWISE_CURSOR_TTL needs PAGEWISE_SECRET/],
  ];
  for (const [env, message] of cases) {
    assert.throws(() => demoOptionsFromEnv((name) => env[name]), message);
  }
});

const options = demoOptionsFromEnv(() => undefined);

Deno.test("GET and DELETE on /mcp get 405 naming POST", async () => {
  for (const method of ["GET", "DELETE", "PUT"]) {
    const response = await handleRequest(
      new Request("http://localhost:8000/mcp", { method, headers: { host: "localhost:8000" } }),
      options,
    );
    assert.equal(response.status, 405, method);
    assert.equal(response.headers.get("allow"), "POST");
    await response.body?.cancel();
  }
});

Deno.test("other paths get 404, and / says where the MCP endpoint is", async () => {
  const get = (path: string) =>
    handleRequest(
      new Request(`http://localhost:8000${path}`, { headers: { host: "localhost:8000" } }),
      options,
    );
  const missing = await get("/mcp/extra");
  assert.equal(missing.status, 404);
  await missing.body?.cancel();
  const root = await get("/");
  assert.equal(root.status, 200);
  assert.match(await root.text(), /http:\/\/localhost:8000\/mcp/);
});

Deno.test("the Host check comes before routing: a foreign Host gets 403 on every path", async () => {
  for (const path of ["/", "/mcp", "/nothing"]) {
    const response = await handleRequest(
      new Request(`http://localhost:8000${path}`, { headers: { host: "evil.example" } }),
      options,
    );
    assert.equal(response.status, 403, path);
    await response.body?.cancel();
  }
});

Deno.test("a JSON-RPC batch is refused with 400", async () => {
  const call = {
    jsonrpc: "2.0",
    method: "tools/call",
    params: { name: "read_log", arguments: {} },
  };
  const response = await handleRequest(
    new Request("http://localhost:8000/mcp", {
      method: "POST",
      headers: {
        host: "localhost:8000",
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: "  " + JSON.stringify([{ ...call, id: 1 }, { ...call, id: 2 }]),
    }),
    options,
  );
  assert.equal(response.status, 400);
  assert.match(await response.text(), /Batches are not accepted/);
});

Deno.test("a Host with a port out of range is refused with 403, not a crash", async () => {
  const response = await handleRequest(
    new Request("http://localhost:8000/mcp", {
      method: "POST",
      headers: { host: "127.0.0.1:99999" },
    }),
    options,
  );
  assert.equal(response.status, 403);
  await response.body?.cancel();
});

Deno.test("an Origin on a platform domain other than this host is refused", () => {
  const request = new Request("https://demo.deno.dev/mcp", {
    method: "POST",
    headers: { host: "127.0.0.1:8000", origin: "https://evil.deno.dev" },
  });
  assert.equal(rejectForeignHost(request, { suffixes: [".deno.dev"] })?.status, 403);
  const same = new Request("https://demo.deno.dev/mcp", {
    method: "POST",
    headers: { host: "demo.deno.dev", origin: "https://demo.deno.dev" },
  });
  assert.equal(rejectForeignHost(same, { suffixes: [".deno.dev"] }), undefined);
});

Deno.test("ALLOWED_HOSTS entries that can never match stop start-up, naming the variable", () => {
  for (const bad of ["evil.example:80", "*", ".example", "https://a.example"]) {
    assert.throws(
      () => demoOptionsFromEnv((name) => (name === "ALLOWED_HOSTS" ? bad : undefined)),
      /ALLOWED_HOSTS/,
      bad,
    );
  }
  demoOptionsFromEnv((
    name,
  ) => (name === "ALLOWED_HOSTS" ? "mcp.example.com, api.example.com" : undefined));
});
