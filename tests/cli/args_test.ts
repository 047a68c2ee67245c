import assert from "node:assert/strict";
import { parseProxyArgs, UsageError } from "../../src/cli/args.ts";

Deno.test("proxy args: options before --, the server's command after it, untouched", () => {
  const args = parseProxyArgs(
    [
      "--max-tokens",
      "5000",
      "--max-chars=9000",
      "--trim",
      "--quiet",
      "--cursor-param",
      "page",
      "--",
      "node",
      "s.js",
      "--max-tokens",
      "1",
    ],
    {},
  );
  assert.deepEqual(args, {
    command: ["node", "s.js", "--max-tokens", "1"],
    maxTokens: 5000,
    maxChars: 9000,
    trim: true,
    quiet: true,
    cursorParam: "page",
  });
});

Deno.test("proxy args: the command may follow the options without --", () => {
  assert.deepEqual(parseProxyArgs(["npx", "-y", "server"], {})?.command, ["npx", "-y", "server"]);
});

Deno.test("proxy args: PAGEWISE_MAX_TOKENS sets the budget, --max-tokens wins", () => {
  assert.equal(parseProxyArgs(["--", "x"], { PAGEWISE_MAX_TOKENS: "7000" })?.maxTokens, 7000);
  assert.equal(
    parseProxyArgs(["--max-tokens", "900", "--", "x"], { PAGEWISE_MAX_TOKENS: "7000" })?.maxTokens,
    900,
  );
  assert.throws(
    () => parseProxyArgs(["--", "x"], { PAGEWISE_MAX_TOKENS: "lots" }),
    /PAGEWISE_MAX_TOKENS/,
  );
});

Deno.test("proxy args: budgets below what a page needs are usage errors", () => {
  assert.throws(() => parseProxyArgs(["--max-tokens", "10", "--", "x"], {}), /at least 300/);
  assert.throws(() => parseProxyArgs(["--max-chars", "500", "--", "x"], {}), /at least 800/);
  assert.throws(() => parseProxyArgs(["--", "x"], { PAGEWISE_MAX_TOKENS: "299" }), /at least 300/);
});

Deno.test("proxy args: bad values, unknown options and a missing command are usage errors", () => {
  for (
    const argv of [
      ["--max-tokens", "0", "--", "x"],
      ["--max-tokens", "1.5", "--", "x"],
      ["--max-chars", "-3", "--", "x"],
      ["--timeout", "soon", "--", "x"],
      ["--cursor-param", "a b", "--", "x"],
      ["--max-tokens"],
      ["--frobnicate", "--", "x"],
      ["--quiet"],
      ["--quiet", "--"],
    ]
  ) {
    assert.throws(() => parseProxyArgs(argv, {}), UsageError, argv.join(" "));
  }
});

Deno.test("proxy args: --help asks for the usage text", () => {
  assert.equal(parseProxyArgs(["--help"], {}), undefined);
});

Deno.test("proxy args: --no-narrow gives the tools no grep and fields", () => {
  assert.equal(parseProxyArgs(["--no-narrow", "--", "node", "s.js"], {})?.narrow, false);
  assert.equal(parseProxyArgs(["--", "node", "s.js"], {})?.narrow, undefined);
});

Deno.test("proxy args: --no-client-limits pages every client alike", () => {
  assert.equal(
    parseProxyArgs(["--no-client-limits", "--", "node", "s.js"], {})?.clientLimits,
    false,
  );
  assert.equal(parseProxyArgs(["--", "node", "s.js"], {})?.clientLimits, undefined);
});

Deno.test("proxy args: a cursor argument named like a narrowing argument, or a key every object has, is a usage error", () => {
  for (const name of ["grep", "fields"]) {
    assert.throws(
      () => parseProxyArgs(["--cursor-param", name, "--", "node", "s.js"], {}),
      (error: Error) =>
        error instanceof UsageError && /could not ask for a next page/.test(error.message),
    );
    assert.equal(
      parseProxyArgs(["--cursor-param", name, "--no-narrow", "--", "node", "s.js"], {})
        ?.cursorParam,
      name,
    );
  }
  for (const name of ["__proto__", "toString", "constructor"]) {
    assert.throws(
      () => parseProxyArgs(["--cursor-param", name, "--", "node", "s.js"], {}),
      UsageError,
    );
  }
});
