/**
 * Streamable HTTP MCP servers on Deno.serve, one per SDK generation, built
 * afresh for every request (stateless), as on an edge runtime.
 */
// @ts-types="@modelcontextprotocol/sdk/server/webStandardStreamableHttp"
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
// @ts-types="@modelcontextprotocol/sdk/client/streamableHttp"
import { StreamableHTTPClientTransport as V1HttpClient } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import * as v2Server from "@modelcontextprotocol/server";
import * as v2Client from "@modelcontextprotocol/client";
import { Client as V1Client, McpServer as V1Server } from "./mcp_v1.ts";
import type { TestClient, TestServer } from "./sdks.ts";

/** A running server and a connected client; `close` stops both. */
export interface HttpRig {
  url: string;
  client: TestClient;
  /** Requests the server has answered. */
  requests(): number;
  close(): Promise<void>;
}

type Setup = (server: TestServer) => void;

function serve(handler: (req: Request) => Promise<Response>) {
  const abort = new AbortController();
  let count = 0;
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, signal: abort.signal, onListen() {} },
    (req) => {
      count++;
      return handler(req);
    },
  );
  return { server, abort, requests: () => count };
}

function rig(
  url: string,
  client: { close(): Promise<void> },
  served: ReturnType<typeof serve>,
): HttpRig {
  return {
    url,
    client: client as unknown as TestClient,
    requests: served.requests,
    async close() {
      await client.close();
      served.abort.abort();
      await served.server.finished;
    },
  };
}

/** SDK v1: McpServer + WebStandardStreamableHTTPServerTransport per request. */
export async function httpV1(setup: Setup): Promise<HttpRig> {
  const served = serve(async (req) => {
    if (req.method !== "POST") return new Response(null, { status: 405 });
    const mcp = new V1Server({ name: "http-v1", version: "1.0.0" });
    setup(mcp as unknown as TestServer);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await mcp.connect(transport);
    return transport.handleRequest(req);
  });
  const url = `http://127.0.0.1:${served.server.addr.port}/mcp`;
  const client = new V1Client({ name: "http-client", version: "1.0.0" });
  await client.connect(new V1HttpClient(new URL(url)));
  return rig(url, client, served);
}

/** SDK v2: createMcpHandler with a server factory per request. */
export async function httpV2(setup: Setup): Promise<HttpRig> {
  const handler = v2Server.createMcpHandler(() => {
    const mcp = new v2Server.McpServer({ name: "http-v2", version: "1.0.0" });
    setup(mcp as unknown as TestServer);
    return mcp;
  });
  const served = serve((req) => handler.fetch(req));
  const url = `http://127.0.0.1:${served.server.addr.port}/mcp`;
  const client = new v2Client.Client({ name: "http-client", version: "1.0.0" });
  await client.connect(new v2Client.StreamableHTTPClientTransport(new URL(url)));
  return rig(url, client, served);
}
