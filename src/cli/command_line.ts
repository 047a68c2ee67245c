/**
 * The command line of `pagewise`, whatever the runtime: `help`, `proxy` and
 * the exit status of a usage error. Each runtime's entry (`mod.ts` for Deno,
 * `mod_node.ts` for Node) gives it its environment and its proxy.
 *
 * @module
 */

import { parseProxyArgs, type ProxyArgs, USAGE, UsageError } from "./args.ts";

/** What the command line needs from its runtime. */
export interface CommandLineRuntime {
  /** An environment variable (`PAGEWISE_MAX_TOKENS`), read only when `proxy` runs. */
  env: (name: string) => string | undefined;
  /** Prints a text (the usage, an error) for a person; stderr by default. */
  print: (text: string) => void;
  /** Runs the proxy and returns its exit status. */
  runProxy: (args: ProxyArgs) => Promise<number>;
}

/**
 * Runs the command line `argv` and returns the exit status: the proxy's
 * (the server's own), 0 for help, or 2 for a usage error.
 */
export async function runCommandLine(
  argv: readonly string[],
  runtime: CommandLineRuntime,
): Promise<number> {
  const [command, ...rest] = argv;
  if (command === "help" || command === "--help" || command === "-h") {
    runtime.print(USAGE);
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
    runtime.print(USAGE);
    return 0;
  }
  return await runtime.runProxy(args);
}
