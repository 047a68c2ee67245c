/**
 * The command line of `pagewise`, whatever the runtime: `help`, `version`, `proxy` and
 * the exit status of a usage error. Each runtime's entry (`mod.ts` for Deno,
 * `mod_node.ts` for Node) gives it its environment and its proxy.
 *
 * @module
 */

import { parseProxyArgs, type ProxyArgs, USAGE, UsageError } from "./args.ts";
import { VERSION } from "./_version.ts";

/** What the command line needs from its runtime. */
export interface CommandLineRuntime {
  /** An environment variable (`PAGEWISE_MAX_TOKENS`), read only when `proxy` runs. */
  env: (name: string) => string | undefined;
  /** Prints what was asked for (the usage after `--help`, the version); stdout by default. */
  show: (text: string) => void;
  /** Prints an error for a person (a usage error, with the usage); stderr by default. */
  print: (text: string) => void;
  /** Runs the proxy and returns its exit status. */
  runProxy: (args: ProxyArgs) => Promise<number>;
}

/**
 * Runs the command line `argv` and returns the exit status: the proxy's
 * (the server's own), 0 for help and the version, or 2 for a usage error.
 */
export async function runCommandLine(
  argv: readonly string[],
  runtime: CommandLineRuntime,
): Promise<number> {
  const [command, ...rest] = argv;
  if (command === "help" || command === "--help" || command === "-h") {
    runtime.show(USAGE);
    return 0;
  }
  if (command === "version" || command === "--version" || command === "-V") {
    runtime.show(`pagewise ${VERSION}`);
    return 0;
  }
  if (command !== "proxy") {
    runtime.print(`${command ? `Unknown command "${command}". ` : ""}${USAGE}`);
    return 2;
  }
  let args;
  try {
    args = parseProxyArgs(rest, { PAGEWISE_MAX_TOKENS: runtime.env("PAGEWISE_MAX_TOKENS") });
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    runtime.print(`pagewise proxy: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (!args) {
    runtime.show(USAGE);
    return 0;
  }
  return await runtime.runProxy(args);
}
