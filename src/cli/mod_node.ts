/**
 * The pagewise command line on Node: the npm package's `@pagewise/mcp/cli`,
 * the same API as the Deno entry (`mod.ts`), and the `pagewise` bin's
 * implementation (`bin_node.ts`).
 *
 * ```sh
 * npx -y @pagewise/mcp proxy --max-tokens 20000 -- \
 *   npx -y @modelcontextprotocol/server-filesystem ~/projects
 * ```
 *
 * @module
 */

import process from "node:process";
import { runCommandLine } from "./command_line.ts";
import { runProxy } from "./stdio_proxy_node.ts";

export { parseProxyArgs, USAGE, UsageError } from "./args.ts";
export type { ProxyArgs } from "./args.ts";
export { runProxy } from "./stdio_proxy_node.ts";
export type { ProxyIo } from "./stdio_proxy.ts";

/**
 * Runs the command line `argv` (e.g. `process.argv.slice(2)`) and returns the
 * exit status: the server's own, 0 for help and the version, or 2 for a
 * usage error. `print` gets every text; by default what was asked for (the
 * usage, the version) goes to stdout and errors to stderr. The same as the
 * Deno entry's `main`.
 */
export function main(
  argv: readonly string[],
  print?: (text: string) => void,
): Promise<number> {
  return runCommandLine(argv, {
    env: (name) => process.env[name],
    show: print ?? ((text) => console.log(text)),
    print: print ?? ((text) => console.error(text)),
    runProxy: (args) => runProxy(args),
  });
}
