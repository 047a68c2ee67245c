/**
 * `pagewise proxy` on Deno: the server started with `Deno.Command`, the
 * proxy's stdio and signals from `Deno`. The proxy itself is
 * `stdio_proxy.ts`'s, shared with Node.
 *
 * @module
 */

import type { ProxyOptions } from "../proxy/bridge.ts";
import type { ProxyArgs } from "./args.ts";
import {
  type ProxyIo,
  type ProxyRuntime,
  runStdioProxy,
  type ServerProcess,
  type StartFailure,
} from "./stdio_proxy.ts";

/**
 * Runs the proxy until either side closes and returns the exit status: the
 * server's own; 127 when its command is not found, 126 when it cannot be run.
 * Cut results are logged unless `args.quiet`. The last results are kept in a
 * memory cache (16 results or 256 MB), so later pages do not run the tool
 * again; `extra` adds `paginate` options (another `cache` among them).
 *
 * @example
 * Not run as a doc test: it starts a server with `npx`, which needs the
 * network and a child process (tests/cli/ runs the proxy for real).
 * ```ts ignore no-assert
 * import { runProxy } from "@pagewise/mcp/cli";
 *
 * const status = await runProxy({
 *   command: ["npx", "-y", "@modelcontextprotocol/server-filesystem", "/srv"],
 *   maxTokens: 20_000,
 *   trim: false,
 *   quiet: false,
 * });
 * Deno.exit(status);
 * ```
 */
export function runProxy(
  args: ProxyArgs,
  io: ProxyIo = {},
  extra: ProxyOptions = {},
): Promise<number> {
  return runStdioProxy(args, denoRuntime, io, extra);
}

const encoder = new TextEncoder();

const denoRuntime: ProxyRuntime = {
  start(program, args) {
    return Promise.resolve(startServer(program, args));
  },
  stdin: () => Deno.stdin.readable,
  stdout: () => Deno.stdout.writable,
  log(line) {
    try {
      Deno.stderr.writeSync(encoder.encode(line + "\n"));
    } catch {
      // stderr closed: nothing else to tell.
    }
  },
  onSignals(signals, listener) {
    const added: [Deno.Signal, () => void][] = [];
    for (const signal of signals) {
      const forward = () => listener(signal);
      try {
        Deno.addSignalListener(signal, forward);
        added.push([signal, forward]);
      } catch {
        // Not supported on this platform.
      }
    }
    return () => {
      for (const [signal, forward] of added) Deno.removeSignalListener(signal, forward);
    };
  },
};

function startServer(program: string, args: string[]): ServerProcess | StartFailure {
  let child: Deno.ChildProcess;
  try {
    child = new Deno.Command(program, {
      args,
      stdin: "piped",
      stdout: "piped",
      stderr: "inherit",
    }).spawn();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { failure: error instanceof Deno.errors.NotFound ? "not-found" : "cannot-run", reason };
  }
  return {
    stdout: child.stdout,
    stdin: child.stdin,
    exited: child.status.then((status) => ({
      code: status.code,
      signal: status.signal ?? undefined,
    })),
    kill(signal) {
      try {
        child.kill(signal);
      } catch {
        // Already gone.
      }
    },
  };
}
