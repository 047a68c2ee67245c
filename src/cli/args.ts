/**
 * The command line of `pagewise proxy`: options, then `--` and the server's
 * command. Pure: no I/O, so that it reads as its own specification.
 *
 * @module
 */

import { resolveCursorParam } from "../paging/options.ts";

/** What `pagewise proxy …` was asked to do. */
export interface ProxyArgs {
  /** The MCP server's command and its arguments. */
  command: string[];
  /** Token budget of a page (`--max-tokens`, else `PAGEWISE_MAX_TOKENS`). */
  maxTokens?: number;
  /** Character budget of a page (`--max-chars`). */
  maxChars?: number;
  /** One page without a cursor instead of paging (`--trim`). */
  trim: boolean;
  /** Name of the cursor argument (`--cursor-param`). */
  cursorParam?: string;
  /** `false`: tools get no `grep` and `fields` arguments (`--no-narrow`). */
  narrow?: false;
  /** `false`: pages are not sized for the client in front (`--no-client-limits`). */
  clientLimits?: false;
  /** No log of cut results on stderr (`--quiet`). */
  quiet: boolean;
  /** Seconds to wait for an answer from either side (`--timeout`). */
  timeoutSeconds?: number;
  /** Largest message read, in MiB (`--max-message-mb`). */
  maxMessageMiB?: number;
}

/** A command line that cannot be run; its message says what to fix. */
export class UsageError extends Error {
  /** Always `"UsageError"`. */
  override name = "UsageError";
}

/** The usage text printed by `--help` and after a usage error. */
export const USAGE = `Usage: pagewise proxy [options] -- <command> [args...]

Starts an MCP server (<command>) over stdio and serves it over stdio, with
every tool's results paged for the client in front: Claude Code 25,000 tokens,
Codex 10,000, Gemini CLI 40,000 characters, VS Code 8 KiB, Claude Desktop 1 MiB,
any other client 20,000 tokens and 50,000 characters.

Options:
  --max-tokens N       at most N tokens a page, for every client (or PAGEWISE_MAX_TOKENS)
  --max-chars N        at most N characters a page, for every client
  --no-client-limits   page every client alike (20,000 tokens, 50,000 characters)
  --trim               return one page without a cursor instead of paging
  --cursor-param NAME  name of the cursor argument added to each tool (default cursor)
  --no-narrow          add no grep and fields arguments (to narrow a result) to the tools
  --quiet              do not log cut results to stderr
  --timeout SECONDS    wait this long for an answer from either side (default 600)
  --max-message-mb N   largest message read from either side (default 128)
  -h, --help           show this text (pagewise --version: the version)

Exit status: the server's own when either side closes; 127 when the command is
not found, 126 when it cannot be run, 2 on a usage error.
`;

const VALUED = ["--max-tokens", "--max-chars", "--cursor-param", "--timeout", "--max-message-mb"];

/**
 * Parses the arguments after `proxy`. `env` supplies `PAGEWISE_MAX_TOKENS`.
 * Throws {@linkcode UsageError}; returns `undefined` for `--help`.
 *
 * @example
 * ```ts
 * import { assertEquals } from "@std/assert";
 * import { parseProxyArgs } from "@pagewise/mcp/cli";
 *
 * const args = parseProxyArgs(["--max-tokens", "5000", "--", "node", "server.js"], {});
 * assertEquals(args, { command: ["node", "server.js"], maxTokens: 5000, trim: false, quiet: false });
 * const fromEnv = parseProxyArgs(["--", "node", "server.js"], { PAGEWISE_MAX_TOKENS: "8000" });
 * assertEquals(fromEnv?.maxTokens, 8000);
 * ```
 */
export function parseProxyArgs(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): ProxyArgs | undefined {
  const args: ProxyArgs = { command: [], trim: false, quiet: false };
  let i = 0;
  for (; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--") {
      i++;
      break;
    }
    if (!arg.startsWith("-")) break;
    if (arg === "-h" || arg === "--help") return undefined;
    if (arg === "--trim") {
      args.trim = true;
      continue;
    }
    if (arg === "--quiet" || arg === "-q") {
      args.quiet = true;
      continue;
    }
    if (arg === "--no-narrow") {
      args.narrow = false;
      continue;
    }
    if (arg === "--no-client-limits") {
      args.clientLimits = false;
      continue;
    }
    const eq = arg.indexOf("=");
    const name = eq === -1 ? arg : arg.slice(0, eq);
    if (!VALUED.includes(name)) throw new UsageError(`Unknown option ${name}.`);
    const value = eq === -1 ? argv[++i] : arg.slice(eq + 1);
    if (value === undefined) throw new UsageError(`${name} needs a value.`);
    switch (name) {
      case "--max-tokens":
        args.maxTokens = positiveInteger(name, value, MIN_TOKENS);
        break;
      case "--max-chars":
        args.maxChars = positiveInteger(name, value, MIN_CHARS);
        break;
      case "--cursor-param":
        try {
          args.cursorParam = resolveCursorParam(value);
        } catch {
          throw new UsageError(
            `${name} must be an argument name such as "cursor" (letters, digits, _ . -; not a ` +
              `name every object has), got "${value}".`,
          );
        }
        break;
      case "--timeout":
        args.timeoutSeconds = positiveNumber(name, value);
        break;
      case "--max-message-mb":
        args.maxMessageMiB = positiveNumber(name, value);
        break;
    }
  }
  if (args.narrow === undefined && (args.cursorParam === "grep" || args.cursorParam === "fields")) {
    throw new UsageError(
      `--cursor-param ${args.cursorParam} is the name of the ${args.cursorParam} argument the ` +
        `tools get to narrow a result: the model could not ask for a next page. Choose another ` +
        `name, or add --no-narrow.`,
    );
  }
  args.command = argv.slice(i);
  if (!args.command.length) {
    throw new UsageError("No server command: put it after --, e.g. -- npx -y <server> [args].");
  }
  const fromEnv = env.PAGEWISE_MAX_TOKENS;
  if (args.maxTokens === undefined && fromEnv !== undefined && fromEnv !== "") {
    args.maxTokens = positiveInteger("PAGEWISE_MAX_TOKENS", fromEnv, MIN_TOKENS);
  }
  return args;
}

// A page must hold its note and some content: the library's own minimums.
const MIN_TOKENS = 300;
const MIN_CHARS = 800;

function positiveInteger(name: string, value: string, min = 1): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min) {
    throw new UsageError(`${name} must be a whole number of at least ${min}, got "${value}".`);
  }
  return n;
}

function positiveNumber(name: string, value: string): number {
  const n = Number(value);
  if (!value.trim() || !Number.isFinite(n) || n <= 0) {
    throw new UsageError(`${name} must be a number above 0, got "${value}".`);
  }
  return n;
}
