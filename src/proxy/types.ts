/**
 * Structural types of the proxy: a JSON-RPC message and a message channel
 * shaped like the MCP SDKs' `Transport`, so that public signatures need no
 * SDK types.
 *
 * @module
 */

/** A JSON-RPC 2.0 request, notification or response, as MCP sends them. */
export interface JsonRpcMessage {
  /** Always `"2.0"`. */
  jsonrpc: "2.0";
  /** Requests and responses: the request's id. */
  id?: string | number;
  /** Requests and notifications: the method. */
  method?: string;
  /** Requests and notifications: the parameters. */
  params?: Record<string, unknown>;
  /** Successful responses: the result. */
  result?: Record<string, unknown>;
  /** Error responses: the error. */
  error?: { code: number; message: string; data?: unknown };
}

/** A channel of JSON-RPC messages, shaped like the MCP SDKs' `Transport`. */
export interface McpTransport {
  /** Starts receiving; messages arrive through `onmessage`. */
  start(): Promise<void>;
  /** Sends one message. */
  send(message: JsonRpcMessage, options?: { relatedRequestId?: string | number }): Promise<void>;
  /** Closes the channel; `onclose` follows. */
  close(): Promise<void>;
  /** Each message received. */
  onmessage?: (message: JsonRpcMessage, extra?: unknown) => void;
  /** The channel closed, from either end. */
  onclose?: () => void;
  /** A message could not be read or sent. */
  onerror?: (error: Error) => void;
  /** HTTP transports: the session. */
  sessionId?: string;
  /** HTTP transports: the negotiated protocol version, for their headers. */
  setProtocolVersion?: (version: string) => void;
}
