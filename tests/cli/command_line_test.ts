/**
 * The `pagewise` command line around the proxy: help, the version and
 * usage errors, what goes to stdout and what to stderr, in both runtimes.
 */
import assert from "node:assert/strict";
import { runCommandLine } from "../../src/cli/command_line.ts";
import { USAGE } from "../../src/cli/args.ts";
import { nodeCliFromSource } from "../support/node.ts";
import { DENO_CLI } from "../support/npm_servers.ts";

const DENO_JSON = JSON.parse(
  await Deno.readTextFile(new URL("../../deno.json", import.meta.url)),
);

/** Runs the command line with recorded outputs; the proxy is never run. */
async function run(argv: string[]) {
  const shown: string[] = [];
  const printed: string[] = [];
  const status = await runCommandLine(argv, {
    env: () => undefined,
    show: (text) => shown.push(text),
    print: (text) => printed.push(text),
    runProxy: () => Promise.reject(new Error("the proxy was run")),
  });
  return { status, shown, printed };
}

for (const asked of [["help"], ["--help"], ["-h"], ["proxy", "--help"]]) {
  Deno.test(`command line: ${asked.join(" ")} shows the usage, as asked for, and exits 0`, async () => {
    assert.deepEqual(await run(asked), { status: 0, shown: [USAGE], printed: [] });
  });
}

for (const asked of ["version", "--version", "-V"]) {
  Deno.test(`command line: ${asked} shows deno.json's version and exits 0`, async () => {
    assert.deepEqual(await run([asked]), {
      status: 0,
      shown: [`pagewise ${DENO_JSON.version}`],
      printed: [],
    });
  });
}

Deno.test("command line: an unknown command is an error with the usage, exit 2", async () => {
  const { status, shown, printed } = await run(["frobnicate"]);
  assert.equal(status, 2);
  assert.deepEqual(shown, []);
  assert.equal(printed.length, 1);
  assert.match(printed[0], /^Unknown command "frobnicate"\. Usage: pagewise proxy/);
});

Deno.test("command line: a bad option is an error naming it, with the usage, exit 2", async () => {
  const { status, shown, printed } = await run(["proxy", "--max-tokens", "many", "--", "x"]);
  assert.equal(status, 2);
  assert.deepEqual(shown, []);
  assert.match(printed[0], /^pagewise proxy: .*--max-tokens/);
});

const CLIS: [string, () => Promise<readonly string[]>][] = [
  ["deno", () => Promise.resolve(DENO_CLI)],
  ["node", nodeCliFromSource],
];

for (const [runtime, cliOf] of CLIS) {
  Deno.test(`${runtime}: --help and --version print to stdout, a usage error to stderr`, async () => {
    const [program, ...args] = await cliOf();
    const output = async (argv: string[]) => {
      const { code, stdout, stderr } = await new Deno.Command(program, {
        args: [...args, ...argv],
        stdin: "null",
      }).output();
      const text = new TextDecoder();
      return { code, stdout: text.decode(stdout), stderr: text.decode(stderr) };
    };
    assert.deepEqual(await output(["--help"]), { code: 0, stdout: USAGE + "\n", stderr: "" });
    assert.deepEqual(await output(["--version"]), {
      code: 0,
      stdout: `pagewise ${DENO_JSON.version}\n`,
      stderr: "",
    });
    const wrong = await output(["frobnicate"]);
    assert.equal(wrong.code, 2);
    assert.equal(wrong.stdout, "");
    assert.match(wrong.stderr, /Unknown command "frobnicate"/);
  });
}
