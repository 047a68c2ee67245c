/**
 * `pagewise proxy`: an MCP server started as a child process over stdio,
 * served over the proxy's own stdio with its tools paged.
 *
 * @module
 */

import { connectProxy, type ProxyOptions } from "../proxy/bridge.ts";
import { StreamTransport } from "../proxy/stream_transport.ts";
import type { PagerEvent } from "../paging/events.ts";
import type { ProxyArgs } from "./args.ts";
import { lastResultsStore } from "./_last_results.ts";

/** Where the proxy reads and writes; the process's own stdio by default. */
export interface ProxyIo {
  /** Messages from the client. */
  stdin?: ReadableStream<Uint8Array>;
  /** Messages to the client. */
  stdout?: WritableStream<Uint8Array>;
  /** One line of log. */
  log?: (line: string) => void;
}

// How long a server may take to exit once its stdin is closed, then after
// SIGTERM, before it is killed.
const EXIT_GRACE_MS = 5_000;
const TERM_GRACE_MS = 3_000;
const SIGNALS: Record<string, number> = {
  SIGHUP: 1,
  SIGINT: 2,
  SIGQUIT: 3,
  SIGABRT: 6,
  SIGKILL: 9,
  SIGSEGV: 11,
  SIGPIPE: 13,
  SIGTERM: 15,
};

const encoder = new TextEncoder();
const stderrLine = (line: string) => {
  try {
    Deno.stderr.writeSync(encoder.encode(line + "\n"));
  } catch {
    // stderr closed: nothing else to tell.
  }
};

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
export async function runProxy(
  args: ProxyArgs,
  io: ProxyIo = {},
  extra: ProxyOptions = {},
): Promise<number> {
  const log = io.log ?? stderrLine;
  const [program, ...programArgs] = args.command;
  let child: Deno.ChildProcess;
  try {
    child = new Deno.Command(program, {
      args: programArgs,
      stdin: "piped",
      stdout: "piped",
      stderr: "inherit",
    }).spawn();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (error instanceof Deno.errors.NotFound) {
      log(
        `pagewise proxy: cannot start the MCP server: command "${program}" not found. ` +
          `Check its name and PATH (or give its full path). (${reason})`,
      );
      return 127;
    }
    log(`pagewise proxy: cannot start the MCP server "${program}": ${reason}`);
    return 126;
  }

  const maxMessageBytes = Math.floor((args.maxMessageMiB ?? 128) * 1024 * 1024);
  // Each side reads only as fast as the other side drains what it was sent.
  const upstream: StreamTransport = new StreamTransport(child.stdout, child.stdin, {
    peer: "the MCP server",
    maxMessageBytes,
    pace: () => downstream.ready(),
  });
  const downstream: StreamTransport = new StreamTransport(
    io.stdin ?? Deno.stdin.readable,
    io.stdout ?? Deno.stdout.writable,
    { peer: "the MCP client", maxMessageBytes, pace: () => upstream.ready() },
  );
  const options: ProxyOptions = {
    ...extra,
    maxTokens: args.maxTokens ?? extra.maxTokens,
    maxChars: args.maxChars ?? extra.maxChars,
    cursorParam: args.cursorParam ?? extra.cursorParam,
    narrow: args.narrow ?? extra.narrow,
    mode: args.trim ? "trim" : extra.mode,
    // The last results are kept, so later pages do not run the tool again:
    // one client, so one identity; 16 results or 256 MB, whichever comes first.
    cache: extra.cache ?? { store: lastResultsStore() },
    timeoutMs: args.timeoutSeconds !== undefined ? args.timeoutSeconds * 1000 : extra.timeoutMs,
    onEvent: (event) => {
      extra.onEvent?.(event);
      if (!args.quiet) logEvent(event, log);
    },
    onError: (error) => {
      extra.onError?.(error);
      log(`pagewise proxy: ${error.message}`);
    },
  };
  for (const key of Object.keys(options) as (keyof ProxyOptions)[]) {
    if (options[key] === undefined) delete options[key];
  }

  const forwardSignal = (signal: Deno.Signal) => () => {
    try {
      child.kill(signal);
    } catch {
      // Already gone.
    }
  };
  const listeners: [Deno.Signal, () => void][] = [];
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as Deno.Signal[]) {
    try {
      const listener = forwardSignal(signal);
      Deno.addSignalListener(signal, listener);
      listeners.push([signal, listener]);
    } catch {
      // Not supported on this platform.
    }
  }

  const exited = child.status;
  try {
    const proxy = await connectProxy(downstream, upstream, options);
    const first = await Promise.race([proxy.closed, exited.then(() => "exited" as const)]);
    if (first === "exited" && proxy.serverConnected) {
      // The server is gone: let its unanswered requests be answered, then close.
      await Promise.race([proxy.closed, delay(3_000)]);
    }
    await proxy.close();
    await stop(child, exited);
  } catch (error) {
    log(`pagewise proxy: ${error instanceof Error ? error.message : error}`);
    await upstream.close();
    await stop(child, exited);
  } finally {
    for (const [signal, listener] of listeners) Deno.removeSignalListener(signal, listener);
  }
  const status = await exited;
  const code = status.signal ? 128 + (SIGNALS[status.signal] ?? 0) : status.code;
  if (!status.success) {
    log(
      `pagewise proxy: the MCP server exited with ${
        status.signal ? `signal ${status.signal}` : `status ${status.code}`
      }.`,
    );
  }
  return code;
}

// The client has gone: the server's stdin is closed; it gets time to exit,
// then SIGTERM, then SIGKILL.
async function stop(child: Deno.ChildProcess, exited: Promise<Deno.CommandStatus>) {
  for (const [wait, signal] of [[EXIT_GRACE_MS, "SIGTERM"], [TERM_GRACE_MS, "SIGKILL"]] as const) {
    if (await Promise.race([exited.then(() => true), delay(wait).then(() => false)])) return;
    try {
      child.kill(signal);
    } catch {
      return;
    }
  }
  await exited;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function logEvent(event: PagerEvent, log: (line: string) => void): void {
  const e = event as Record<string, unknown>;
  const scope = typeof e.scope === "string" ? shorten(e.scope) : "";
  if (e.type === "page" && e.kind !== "whole") {
    log(
      `pagewise: ${scope}: ${e.unit ?? "part"} ${e.from}-${e.to} of ${e.total} ` +
        `(${e.chars ?? "?"} characters on the page)`,
    );
  } else if (e.type === "cursor_rejected") {
    log(`pagewise: ${scope}: cursor refused (${e.reason})`);
  } else if (e.type === "counter_fallback") {
    log(`pagewise: the token counter failed; the estimate is used instead (${e.error})`);
  }
}

function shorten(text: string): string {
  return text.length > 160 ? `${text.slice(0, 160)}…` : text;
}
