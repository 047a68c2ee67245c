/**
 * The pagewise command line (Deno). `proxy` puts pagewise in front of an MCP
 * server you did not write: it starts the server's command as a child over
 * stdio, serves MCP over its own stdio, and pages every tool's results.
 *
 * ```sh
 * deno run -A jsr:@pagewise/mcp/cli proxy --max-tokens 20000 -- \
 *   npx -y @modelcontextprotocol/server-filesystem ~/projects
 * ```
 *
 * On Node, the npm package's `pagewise` bin is the same command line
 * (`npx -y @pagewise/mcp proxy -- <command>`).
 *
 * @module
 */

import { runCommandLine } from "./command_line.ts";
import { runProxy } from "./stdio_proxy_deno.ts";

export { parseProxyArgs, USAGE, UsageError } from "./args.ts";
export type { ProxyArgs } from "./args.ts";
export { runProxy } from "./stdio_proxy_deno.ts";
export type { ProxyIo } from "./stdio_proxy.ts";

/**
 * Runs the command line `argv` (e.g. `Deno.args`) and returns the exit
 * status: the server's own, 0 for help and the version, or 2 for a usage
 * error. `print` gets every text; by default what was asked for (the usage,
 * the version) goes to stdout and errors to stderr.
 *
 * @example
 * ```ts
 * import { assertEquals } from "@std/assert";
 * import { main, USAGE } from "@pagewise/mcp/cli";
 *
 * const printed: string[] = [];
 * assertEquals(await main(["help"], (text) => printed.push(text)), 0);
 * assertEquals(printed, [USAGE]);
 * assertEquals(await main(["frobnicate"], () => {}), 2); // a usage error
 * ```
 */
export function main(
  argv: readonly string[],
  print?: (text: string) => void,
): Promise<number> {
  return runCommandLine(argv, {
    env: (name) => Deno.env.get(name),
    show: print ?? ((text) => console.log(text)),
    print: print ?? ((text) => console.error(text)),
    runProxy: (args) => runProxy(args),
  });
}

if (import.meta.main) Deno.exit(await main(Deno.args));
