/**
 * `pagewise proxy` in front of the real @modelcontextprotocol/server-everything
 * over stdio: everything the server does reaches the client as it would
 * without the proxy, both ways.
 */
import assert from "node:assert/strict";
import type { Client } from "../support/mcp_v1.ts";
import { npmServer } from "../support/npm_servers.ts";
import { startDirect, startProxy } from "../support/proxy_rig.ts";
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
} from "../support/sdk_types.ts";

const SERVER = npmServer("server-everything", "stdio");
const CAPABILITIES = { sampling: {}, elicitation: { form: {} }, roots: { listChanged: true } };

// What a client answers to the server's own requests: the same with and
// without the proxy, so that results compare equal.
function answerServerRequests(client: Client, seen: { sampling: unknown[] }) {
  client.setRequestHandler(CreateMessageRequestSchema, (request) => {
    seen.sampling.push(request.params);
    return {
      role: "assistant",
      content: { type: "text", text: "pong from the client" },
      model: "test-model",
      stopReason: "endTurn",
    };
  });
  client.setRequestHandler(ElicitRequestSchema, () => ({
    action: "accept",
    content: { name: "Ada", check: true, firstLine: "hello", integer: 3 },
  }));
  client.setRequestHandler(ListRootsRequestSchema, () => ({
    roots: [{ uri: "file:///tmp", name: "tmp" }],
  }));
}

type Schema = { type?: string; enum?: unknown[]; default?: unknown; format?: string };

// Arguments for any tool, from its input schema: defaults where given, else
// a plain value of the declared type; a few tools get quicker or offline ones.
function argumentsFor(tool: { name: string; inputSchema: Record<string, unknown> }) {
  const args: Record<string, unknown> = {};
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, Schema>;
  for (const name of (tool.inputSchema.required ?? []) as string[]) {
    const schema = properties[name] ?? {};
    args[name] = schema.default ?? schema.enum?.[0] ??
      ({ number: 1, integer: 1, boolean: false }[schema.type ?? ""] ??
        (schema.format === "uri" ? "https://example.com/" : "pagewise"));
  }
  const overrides: Record<string, Record<string, unknown>> = {
    "trigger-long-running-operation": { duration: 0.3, steps: 3 },
    // Its default fetches a README from the network: give it the data inline.
    "gzip-file-as-resource": { data: "data:text/plain;base64,aGVsbG8gd29ybGQ=" },
    "trigger-url-elicitation": { url: "https://example.com/consent" },
  };
  return { ...args, ...overrides[tool.name] };
}

async function outcome(client: Client, name: string, args: Record<string, unknown>) {
  try {
    return { result: await client.callTool({ name, arguments: args }) };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

Deno.test("server-everything through the proxy", async (t) => {
  const direct = await startDirect(SERVER, CAPABILITIES);
  answerServerRequests(direct.client, { sampling: [] });
  const seen = { sampling: [] as unknown[] };
  const proxy = await startProxy(["--quiet"], SERVER, {
    capabilities: CAPABILITIES,
    setup: (client) => answerServerRequests(client, seen),
  });
  const { client } = proxy;
  try {
    await t.step("initialize passes through: server info, instructions, capabilities", () => {
      assert.deepEqual(client.getServerVersion(), direct.client.getServerVersion());
      assert.equal(client.getInstructions(), direct.client.getInstructions());
      assert.deepEqual(client.getServerCapabilities(), direct.client.getServerCapabilities());
    });

    await t.step("every tool answers as it does without the proxy", async () => {
      // The tools that depend on the client's capabilities are registered after
      // initialization: wait until both lists have settled.
      await new Promise((r) => setTimeout(r, 500));
      const { tools } = await client.listTools();
      const { tools: own } = await direct.client.listTools();
      assert.deepEqual(tools.map((tool) => tool.name).sort(), own.map((tool) => tool.name).sort());
      assert.ok(tools.length >= 15, `${tools.length} tools`);
      for (const tool of own) {
        if (tool.name === "toggle-simulated-logging" || tool.name === "toggle-subscriber-updates") {
          continue; // Stateful toggles: checked below.
        }
        const args = argumentsFor(tool);
        const [through, without] = await Promise.all([
          outcome(client, tool.name, args),
          outcome(direct.client, tool.name, args),
        ]);
        const normalize = (o: unknown) =>
          JSON.parse(
            JSON.stringify(o).replace(
              /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g,
              "<uuid>",
            )
              .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, "<time>")
              .replace(/"taskId":"[^"]*"/g, '"taskId":"<id>"'),
          );
        if (tool.name === "get-env") {
          // Each process's environment differs a little (SHLVL, _, …); the
          // answer is the server's environment as JSON either way.
          const env = (o: typeof through) =>
            JSON.parse((o.result?.content as { text: string }[])[0].text).PATH;
          assert.equal(env(through), env(without));
          continue;
        }
        assert.deepEqual(normalize(through), normalize(without), tool.name);
      }
    });

    await t.step("prompts pass through", async () => {
      assert.deepEqual(await client.listPrompts(), await direct.client.listPrompts());
      const args = { city: "Paris", state: "TX" };
      assert.deepEqual(
        await client.getPrompt({ name: "args-prompt", arguments: args }),
        await direct.client.getPrompt({ name: "args-prompt", arguments: args }),
      );
    });

    await t.step("resources and resource templates pass through", async () => {
      const listed = await client.listResources();
      assert.deepEqual(listed, await direct.client.listResources());
      assert.ok(listed.resources.length > 0);
      const uri = listed.resources[0].uri;
      assert.deepEqual(
        await client.readResource({ uri }),
        await direct.client.readResource({ uri }),
      );
      assert.deepEqual(
        await client.listResourceTemplates(),
        await direct.client.listResourceTemplates(),
      );
    });

    await t.step("completions pass through", async () => {
      const request = {
        ref: { type: "ref/prompt" as const, name: "completable-prompt" },
        argument: { name: "department", value: "E" },
      };
      const completed = await client.complete(request);
      assert.deepEqual(completed, await direct.client.complete(request));
      assert.ok(completed.completion.values.length > 0);
    });

    await t.step("progress notifications arrive, with the client's own token", async () => {
      const progress: { progress: number; total?: number }[] = [];
      const result = await client.callTool(
        { name: "trigger-long-running-operation", arguments: { duration: 0.3, steps: 3 } },
        undefined,
        { onprogress: (p) => progress.push(p) },
      );
      assert.equal(result.isError, undefined);
      assert.deepEqual(progress.map((p) => [p.progress, p.total]), [[1, 3], [2, 3], [3, 3]]);
    });

    await t.step("a sampling request reaches the client and its answer goes back", async () => {
      const result = await client.callTool({
        name: "trigger-sampling-request",
        arguments: { prompt: "ping 42", maxTokens: 20 },
      });
      const sampled = JSON.stringify(seen.sampling.at(-1));
      assert.match(sampled, /ping 42/);
      assert.match(JSON.stringify(result.content), /pong from the client/);
    });

    await t.step("logging/setLevel goes upstream and log messages come back", async () => {
      const messages: unknown[] = [];
      client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
        messages.push(n.params);
      });
      await client.setLoggingLevel("debug");
      await client.callTool({ name: "toggle-simulated-logging", arguments: {} });
      for (let i = 0; i < 50 && !messages.length; i++) await new Promise((r) => setTimeout(r, 100));
      assert.ok(messages.length >= 1, "no log message arrived");
      await client.callTool({ name: "toggle-simulated-logging", arguments: {} });
    });

    await t.step("a cancelled call is answered by nobody and the proxy goes on", async () => {
      const abort = new AbortController();
      const call = client.callTool(
        { name: "trigger-long-running-operation", arguments: { duration: 5, steps: 5 } },
        undefined,
        { signal: abort.signal },
      );
      setTimeout(() => abort.abort("changed my mind"), 200);
      await assert.rejects(call, /changed my mind|abort/i);
      const echo = await client.callTool({ name: "echo", arguments: { message: "still here" } });
      assert.match(JSON.stringify(echo.content), /still here/);
    });
  } finally {
    await proxy.close();
    await direct.close();
  }
});
