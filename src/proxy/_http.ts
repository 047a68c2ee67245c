// The HTTP side of the proxy: reading requests and answers, relaying
// responses, JSON-RPC errors, and finding an answer in a JSON body or an
// event stream.

import { readAtMost } from "../bytes/bytes.ts";
import { events, parseEvent } from "./_sse.ts";
import type { JsonRpcMessage } from "./types.ts";

// @ts-types="@modelcontextprotocol/sdk/types"
import { ErrorCode } from "@modelcontextprotocol/sdk/types.js";

// Set by the runtime, or no longer true once the body is re-encoded.
const DROPPED_RESPONSE_HEADERS = [
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
];
// The answer to `id` in a response to a POST: a JSON body or an event stream.
export async function answerIn(
  response: Response,
  id: string | number,
  maxBytes: number,
): Promise<JsonRpcMessage> {
  if (!response.ok) {
    await response.body?.cancel();
    throw rpcError(ErrorCode.InternalError, `the MCP server answered HTTP ${response.status}`);
  }
  const type = response.headers.get("content-type") ?? "";
  if (type.includes("text/event-stream")) {
    for await (const raw of events(response.body!, maxBytes)) {
      const message = parseJson(parseEvent(raw).data);
      if (isAnswerTo(message, id)) return message as JsonRpcMessage;
    }
    throw rpcError(ErrorCode.ConnectionClosed, "the MCP server closed its stream before answering");
  }
  const text = await readText(response.body, maxBytes);
  if (text === undefined) {
    throw rpcError(
      ErrorCode.InternalError,
      `the MCP server's answer is over ${maxBytes} bytes (maxMessageBytes); ask for less`,
    );
  }
  const parsed = parseJson(text);
  const found = (Array.isArray(parsed) ? parsed : [parsed]).find((m) => isAnswerTo(m, id));
  if (!found) {
    throw rpcError(
      ErrorCode.InternalError,
      "the MCP server's answer has no response to the request",
    );
  }
  return found as JsonRpcMessage;
}

export function unwrap(answer: JsonRpcMessage, method: string): Record<string, unknown> {
  if (answer.error) throw rpcError(answer.error.code, answer.error.message, answer.error.data);
  if (!answer.result) {
    throw rpcError(ErrorCode.InternalError, `the MCP server's answer to ${method} has no result`);
  }
  return answer.result;
}

export class RpcError extends Error {
  constructor(readonly code: number, message: string, readonly data?: unknown) {
    super(message);
  }
}

export function rpcError(code: number, message: string, data?: unknown): RpcError {
  return new RpcError(code, message, data);
}

// The response as it came, its event stream watched for a change of tools.
export function relay(response: Response, onToolsChanged?: () => void): Response {
  let body: ReadableStream<Uint8Array> | null = response.body;
  const type = response.headers.get("content-type") ?? "";
  if (body && onToolsChanged && type.includes("text/event-stream")) {
    body = body.pipeThrough(watchFor(TOOLS_CHANGED, onToolsChanged));
  }
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: responseHeaders(response.headers),
  });
}

export function responseHeaders(from: Headers | undefined, contentType?: string): Headers {
  const out = new Headers(from);
  for (const name of DROPPED_RESPONSE_HEADERS) out.delete(name);
  if (contentType) out.set("content-type", contentType);
  return out;
}

/**
 * A JSON-RPC error answer with `status`: for the request `id`, or, given the
 * ids of a batch's requests, one error for each (a batch's answer is a list).
 */
export function jsonRpcError(
  status: number,
  id: string | number | null | readonly (string | number)[],
  message: string,
  code: number = ErrorCode.InvalidRequest,
): Response {
  const answer = (id: string | number | null) => ({ jsonrpc: "2.0", id, error: { code, message } });
  return new Response(
    JSON.stringify(Array.isArray(id) ? id.map(answer) : answer(id as string | number | null)),
    { status, headers: { "content-type": "application/json" } },
  );
}

/** What the client is told when the server at `target` cannot be reached. */
export function unreachable(target: URL, error: unknown): string {
  return `pagewise proxy: cannot reach the MCP server at ${target.origin}: ${
    error instanceof Error ? error.message : error
  }`;
}

// The body as text, or undefined when it is over `maxBytes`.
export async function readText(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
): Promise<string | undefined> {
  if (!body) return "";
  const bytes = await readAtMost(body, maxBytes);
  return bytes && new TextDecoder().decode(bytes);
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function isRequest(value: unknown): value is JsonRpcMessage {
  const m = value as JsonRpcMessage | undefined;
  return typeof m === "object" && m !== null && typeof m.method === "string" &&
    (typeof m.id === "string" || typeof m.id === "number");
}

const TOOLS_CHANGED = "notifications/tools/list_changed";

export function isToolsChanged(value: unknown): boolean {
  return (value as JsonRpcMessage | undefined)?.method === TOOLS_CHANGED;
}

// Passes bytes on unchanged, and calls `found` each time `needle` (ASCII)
// goes by, across chunk boundaries too.
export function watchFor(
  needle: string,
  found: () => void,
): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  let tail = "";
  return new TransformStream({
    transform(chunk, controller) {
      controller.enqueue(chunk);
      const text = tail + decoder.decode(chunk, { stream: true });
      if (text.includes(needle)) found();
      tail = text.slice(-(needle.length - 1));
    },
  });
}

export function isAnswerTo(value: unknown, id: string | number): boolean {
  const m = value as JsonRpcMessage | undefined;
  return typeof m === "object" && m !== null && m.method === undefined && m.id === id &&
    ("result" in m || "error" in m);
}
