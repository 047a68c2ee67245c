/**
 * `pagewise proxy`: an MCP server started as a child process over stdio,
 * served over the proxy's own stdio with its tools paged. This file is the
 * runtime-neutral part (options, wiring, log, when to stop the server, the
 * exit status); each runtime's entry gives it a {@linkcode ProxyRuntime}:
 * `stdio_proxy_deno.ts`, `stdio_proxy_node.ts`.
 *
 * @module
 */

import { connectProxy, type ProxyOptions } from "../proxy/bridge.ts";
import { StreamTransport } from "../proxy/stream_transport.ts";
import type { PagerEvent } from "../paging/events.ts";
import { CONTROL_CHARACTERS } from "../paging/options.ts";
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

/** A signal the proxy gets and passes on to the server. */
export type ForwardedSignal = "SIGINT" | "SIGTERM" | "SIGHUP";

/** A signal the proxy sends to the server: one it passes on, or SIGKILL to end it. */
export type ServerSignal = ForwardedSignal | "SIGKILL";

const FORWARDED_SIGNALS: readonly ForwardedSignal[] = ["SIGINT", "SIGTERM", "SIGHUP"];

/** How the server's process ended: its status, or the signal that ended it. */
export interface ServerExit {
  /** The exit status; ignored when `signal` is set. */
  code: number;
  /** The name of the signal that ended it (`"SIGKILL"`), else `undefined`. */
  signal?: string;
}

/** The server's process, started. */
export interface ServerProcess {
  /** What the server writes: MCP messages to the proxy. */
  stdout: ReadableStream<Uint8Array>;
  /** What the server reads: MCP messages from the proxy; closing it asks the server to exit. */
  stdin: WritableStream<Uint8Array>;
  /** Settles once the process has exited. */
  exited: Promise<ServerExit>;
  /** Sends a signal; does nothing once the process is gone. */
  kill(signal: ServerSignal): void;
}

/** Why a command could not be started: 127 when it is not found, 126 when it cannot be run. */
export interface StartFailure {
  failure: "not-found" | "cannot-run";
  /** The runtime's own words. */
  reason: string;
}

/** What a runtime gives the proxy: a child process, its own stdio and signals. */
export interface ProxyRuntime {
  /** Starts `program` with `args`, stdin and stdout piped, stderr inherited. */
  start(program: string, args: string[]): Promise<ServerProcess | StartFailure>;
  /** The process's stdin, as a stream (only read when no other is given). */
  stdin(): ReadableStream<Uint8Array>;
  /** The process's stdout, as a stream (only written when no other is given). */
  stdout(): WritableStream<Uint8Array>;
  /** Writes one line to stderr at once; never throws. */
  log(line: string): void;
  /**
   * Calls `listener` on each of `signals` the process gets (instead of the
   * runtime's default, which ends the process), until the returned function
   * is called.
   */
  onSignals(
    signals: readonly ForwardedSignal[],
    listener: (signal: ForwardedSignal) => void,
  ): () => void;
}

// How long a server may take to exit once its stdin is closed, then after
// SIGTERM, before it is killed.
const EXIT_GRACE_MS = 5_000;
const TERM_GRACE_MS = 3_000;
// How long a server that exited has to let its unanswered requests be answered.
const GONE_GRACE_MS = 3_000;
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

/**
 * Runs the proxy on `runtime` until either side closes and returns the exit
 * status: the server's own (128 + N when signal N ended it); 127 when its
 * command is not found, 126 when it cannot be run.
 */
export async function runStdioProxy(
  args: ProxyArgs,
  runtime: ProxyRuntime,
  io: ProxyIo = {},
  extra: ProxyOptions = {},
): Promise<number> {
  const log = io.log ?? ((line: string) => runtime.log(line));
  const [program, ...programArgs] = args.command;
  const child = await runtime.start(program, programArgs);
  if ("failure" in child) {
    log(
      child.failure === "not-found"
        ? `pagewise proxy: cannot start the MCP server: command "${program}" not found. ` +
          `Check its name and PATH (or give its full path). (${child.reason})`
        : `pagewise proxy: cannot start the MCP server "${program}": ${child.reason}`,
    );
    return child.failure === "not-found" ? 127 : 126;
  }

  const maxMessageBytes = Math.floor((args.maxMessageMiB ?? 128) * 1024 * 1024);
  // Each side reads only as fast as the other side drains what it was sent.
  const upstream: StreamTransport = new StreamTransport(child.stdout, child.stdin, {
    peer: "the MCP server",
    maxMessageBytes,
    pace: () => downstream.ready(),
    // Once the client has gone, what the server still writes is read and
    // thrown away: a broken pipe would kill a server writing a large answer.
    onClose: "drain",
  });
  const downstream: StreamTransport = new StreamTransport(
    io.stdin ?? runtime.stdin(),
    io.stdout ?? runtime.stdout(),
    { peer: "the MCP client", maxMessageBytes, pace: () => upstream.ready() },
  );
  const stopForwarding = runtime.onSignals(FORWARDED_SIGNALS, (signal) => child.kill(signal));
  try {
    const proxy = await connectProxy(downstream, upstream, proxyOptions(args, extra, log));
    const first = await Promise.race([proxy.closed, child.exited.then(() => "exited" as const)]);
    if (first === "exited" && proxy.serverConnected) {
      // The server is gone: let its unanswered requests be answered, then close.
      await Promise.race([proxy.closed, delay(GONE_GRACE_MS)]);
    }
    await proxy.close();
    await stop(child);
  } catch (error) {
    log(`pagewise proxy: ${error instanceof Error ? error.message : error}`);
    await upstream.close();
    await stop(child);
  } finally {
    stopForwarding();
  }
  const exit = await child.exited;
  if (exit.signal || exit.code !== 0) {
    log(
      `pagewise proxy: the MCP server exited with ${
        exit.signal ? `signal ${exit.signal}` : `status ${exit.code}`
      }.`,
    );
  }
  return exit.signal ? 128 + (SIGNALS[exit.signal] ?? 0) : exit.code;
}

/**
 * The options of `connectProxy` from the command line: a flag wins over
 * `extra`; cut results are logged unless `--quiet`, and the last results are
 * kept unless `extra` gives another cache.
 */
function proxyOptions(
  args: ProxyArgs,
  extra: ProxyOptions,
  log: (line: string) => void,
): ProxyOptions {
  const options: ProxyOptions = {
    ...extra,
    maxTokens: args.maxTokens ?? extra.maxTokens,
    maxChars: args.maxChars ?? extra.maxChars,
    cursorParam: args.cursorParam ?? extra.cursorParam,
    narrow: args.narrow ?? extra.narrow,
    clientLimits: args.clientLimits ?? extra.clientLimits,
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
  return options;
}

// The client has gone: the server's stdin is closed; it gets time to exit,
// then SIGTERM, then SIGKILL.
async function stop(child: ServerProcess): Promise<void> {
  for (const [wait, signal] of [[EXIT_GRACE_MS, "SIGTERM"], [TERM_GRACE_MS, "SIGKILL"]] as const) {
    if (await Promise.race([child.exited.then(() => true), delay(wait).then(() => false)])) return;
    child.kill(signal);
  }
  await child.exited;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function logEvent(event: PagerEvent, log: (line: string) => void): void {
  const e = event as Record<string, unknown>;
  const scope = typeof e.scope === "string" ? shown(e.scope) : "";
  if (e.type === "page" && e.kind !== "whole") {
    const client = e.client as { name: string; preset?: string } | undefined;
    const forClient = client
      ? ` for ${shown(client.name)}${client.preset ? ` (${client.preset})` : ""}`
      : "";
    log(
      `pagewise: ${scope}: ${e.unit ?? "part"} ${e.from}-${e.to} of ${e.total}${forClient} ` +
        `(${e.chars ?? "?"} characters on the page)`,
    );
  } else if (e.type === "cursor_rejected") {
    log(`pagewise: ${scope}: cursor refused (${e.reason})`);
  } else if (e.type === "counter_fallback") {
    log(`pagewise: the token counter failed; the estimate is used instead (${e.error})`);
  }
}

// A narrowed call's scope is the call's, a NUL, then its narrowing: a log line
// shows it readably, with no control character (grep would take the log for
// a binary file, a line break would forge a line, a bidirectional override
// would show it reordered), and at most 160 characters.
function shown(text: string): string {
  const readable = text.replace("\u0000narrow ", " narrowed by ").replace(
    CONTROL_CHARACTERS,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  return readable.length > 160 ? `${readable.slice(0, 160)}…` : readable;
}
