/**
 * Which limits each client gets: its `clientInfo.name` matched to a preset,
 * with the variants clients send, the author's own names, and the author's
 * limits as a ceiling.
 */
import assert from "node:assert/strict";
import { clients, type Limits } from "../../mod.ts";
import { ceilingOf, clientTable, KNOWN_CLIENTS } from "../../src/limits/client_limits.ts";
import { resolveClientLimits } from "../../src/paging/options.ts";

const presetOf = (name: string) => clientTable().match(name)?.preset;

Deno.test("each client named in docs/clients.md gets its preset", () => {
  assert.equal(presetOf("claude-code"), "claudeCode");
  assert.equal(presetOf("codex-mcp-client"), "codex");
  assert.equal(presetOf("gemini-cli-mcp-client"), "geminiCli");
  assert.equal(presetOf("Visual Studio Code"), "vscodeCopilot");
  assert.equal(presetOf("github-copilot-developer"), "copilotCli");
  assert.equal(presetOf("claude-ai"), "claudeDesktop");
});

Deno.test("the VS Code Insiders edition is VS Code", () => {
  assert.equal(presetOf("Visual Studio Code - Insiders"), "vscodeCopilot");
});

Deno.test("a client behind mcp-remote is the client it stands for", () => {
  assert.equal(presetOf("claude-ai (via mcp-remote 0.1.38)"), "claudeDesktop");
  assert.equal(presetOf("codex-mcp-client (via mcp-remote 0.15.1)"), "codex");
  // mcp-remote on its own is not a client with a limit.
  assert.equal(presetOf("mcp-remote"), undefined);
});

Deno.test("names match whatever their case and surrounding spaces", () => {
  assert.equal(presetOf("Claude-Code"), "claudeCode");
  assert.equal(presetOf("  visual studio code  "), "vscodeCopilot");
  assert.equal(presetOf("Claude-Ai (VIA MCP-REMOTE 9)"), "claudeDesktop");
});

Deno.test("two of the author's names that are one client are refused", () => {
  assert.throws(
    () => resolveClientLimits({ names: { acme: { maxTokens: 5_000 }, ACME: { maxTokens: 900 } } }),
    /clientLimits.names has "acme" and "ACME", which are one client/,
  );
  assert.throws(
    () => resolveClientLimits({ names: { acme: {}, "acme (via mcp-remote 1.0)": {} } }),
    /which are one client/,
  );
});

Deno.test("an unknown, empty, look-alike or overlong name matches no preset", () => {
  for (
    const name of ["", "claude", "claude-code-x", "openai-mcp", "cursor-vscode", "x".repeat(300)]
  ) {
    assert.equal(presetOf(name), undefined, name);
  }
  assert.equal(presetOf("claude-code" + " ".repeat(300)), undefined);
});

Deno.test("a name like Object.prototype's keys matches nothing", () => {
  for (const name of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
    assert.equal(presetOf(name), undefined, name);
  }
});

Deno.test("the table's presets are the frozen presets themselves", () => {
  for (const known of KNOWN_CLIENTS) {
    for (const name of known.names) {
      assert.equal(clientTable().match(name)?.limits, clients[known.preset], name);
    }
  }
});

Deno.test("presets cannot be changed: not for the process, not for a client", () => {
  assert.throws(() => {
    (clients.codex as Limits).maxTokens = 1;
  }, TypeError);
  assert.throws(() => {
    (clients as unknown as Record<string, unknown>).codex = { maxTokens: 1 };
  }, TypeError);
  assert.equal(clients.codex.maxTokens, 10_000);
  assert.throws(() => {
    (KNOWN_CLIENTS[0].names as string[]).push("evil");
  }, TypeError);
});

Deno.test("the author's names are matched first, then the built-in table", () => {
  const table = resolveClientLimits({
    names: { "my-agent": { maxTokens: 5_000 }, "claude-code": clients.codex },
  })!;
  assert.deepEqual(table.match("My-Agent"), { preset: "my-agent", limits: { maxTokens: 5_000 } });
  assert.equal(table.match("claude-code")?.preset, "claude-code");
  assert.deepEqual(table.match("claude-code")?.limits, clients.codex);
  assert.equal(table.match("gemini-cli-mcp-client")?.preset, "geminiCli");
});

Deno.test("replace: true uses the author's names only", () => {
  const table = resolveClientLimits({ names: { "my-agent": { maxChars: 2_000 } }, replace: true })!;
  assert.equal(table.match("my-agent")?.preset, "my-agent");
  assert.equal(table.match("claude-code"), undefined);
});

Deno.test("clientLimits: false sizes no page per client", () => {
  assert.equal(resolveClientLimits(false), undefined);
  assert.ok(resolveClientLimits(undefined));
  assert.ok(resolveClientLimits(true));
});

Deno.test("the author's table is copied: changing it later changes nothing", () => {
  const names: Record<string, Limits> = { "my-agent": { maxTokens: 5_000 } };
  const table = resolveClientLimits({ names })!;
  names["my-agent"].maxTokens = 400;
  names["other"] = { maxTokens: 400 };
  assert.equal(table.match("my-agent")?.limits.maxTokens, 5_000);
  assert.equal(table.match("other"), undefined);
});

Deno.test("a wrong clientLimits is refused at once, saying what to pass", () => {
  const refused: Array<[unknown, RegExp]> = [
    ["codex", /clientLimits must be an object/],
    [{ name: {} }, /clientLimits has no option "name"; did you mean "names"\?/],
    [{ replace: "yes", names: { a: {} } }, /clientLimits.replace must be true or false/],
    [{ names: [] }, /clientLimits.names must be an object/],
    [{ names: { "": { maxTokens: 5_000 } } }, /client names of 1 to 256 characters/],
    [{ names: { a: { maxTokens: 5 } } }, /maxTokens must be a number from 300/],
    [{ names: { a: { maxToken: 5_000 } } }, /did you mean "maxTokens"\?/],
    [{ names: { a: 5_000 } }, /clientLimits.names\["a"\] must be an object/],
    [{ replace: true }, /needs names to replace the table with; .* clientLimits: false/],
  ];
  for (const [option, message] of refused) {
    assert.throws(() => resolveClientLimits(option), message, JSON.stringify(option));
  }
});

Deno.test("the author's limits are a ceiling; a client's tighter limits apply too", () => {
  assert.deepEqual(ceilingOf({}, clients.codex), { maxTokens: 10_000, maxBytes: 40_000 });
  assert.deepEqual(ceilingOf({ maxTokens: 5_000 }, clients.codex), {
    maxTokens: 5_000,
    maxBytes: 40_000,
  });
  assert.deepEqual(ceilingOf({ maxChars: 30_000 }, clients.claudeDesktop), {
    maxTokens: 25_000,
    maxChars: 30_000,
    maxBytes: 1_048_576,
  });
  assert.deepEqual(ceilingOf({ maxLines: 100 }, undefined), { maxLines: 100 });
});
