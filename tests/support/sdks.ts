/**
 * Both MCP SDK generations behind one small shape, so that every adapter test
 * runs against each: v1 (`@modelcontextprotocol/sdk` 1.32) and v2
 * (`@modelcontextprotocol/server` and `@modelcontextprotocol/client` 2.4).
 */
import * as v2Server from "@modelcontextprotocol/server";
import * as v2Client from "@modelcontextprotocol/client";
import {
  Client as V1Client,
  InMemoryTransport as V1Memory,
  McpServer as V1Server,
} from "./mcp_v1.ts";
import type { ToolResult } from "../../mod.ts";

/** What tests need of a server. */
export interface TestServer {
  registerTool(
    name: string,
    config: Record<string, unknown>,
    cb: (...args: never[]) => unknown,
  ): unknown;
  connect(transport: unknown): Promise<void>;
}

/** A tool as a client lists it, with the fields tests read. */
export interface ListedTool {
  name: string;
  description: string;
  inputSchema: {
    properties: Record<string, { type?: string; description: string }>;
    required?: string[];
  };
  outputSchema?: unknown;
  _meta: Record<string, unknown>;
}

/** What tests need of a client. */
export interface TestClient {
  listTools(
    params?: { cursor?: string },
  ): Promise<{ tools: ListedTool[]; nextCursor?: string }>;
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<ToolResult>;
  /** Exactly one page of tools/list (SDK v2's listTools walks every page). */
  toolsPage(cursor?: string): Promise<{ tools: ListedTool[]; nextCursor?: string }>;
  close(): Promise<void>;
}

/** One SDK generation. */
export interface Sdk {
  name: string;
  server(): TestServer & { tool?: (...args: unknown[]) => unknown };
  connect(server: TestServer): Promise<TestClient>;
}

export const SDKS: Sdk[] = [
  {
    name: "SDK v1",
    server: () => new V1Server({ name: "test", version: "1.0.0" }) as never,
    async connect(server) {
      const [a, b] = V1Memory.createLinkedPair();
      await server.connect(a);
      const client = new V1Client({ name: "test-client", version: "1.0.0" });
      await client.connect(b);
      return Object.assign(client, {
        toolsPage: (cursor?: string) => client.listTools(cursor ? { cursor } : {}),
      }) as unknown as TestClient;
    },
  },
  {
    name: "SDK v2",
    server: () => new v2Server.McpServer({ name: "test", version: "1.0.0" }) as never,
    async connect(server) {
      const [a, b] = v2Server.InMemoryTransport.createLinkedPair();
      await server.connect(a);
      const client = new v2Client.Client({ name: "test-client", version: "1.0.0" });
      await client.connect(b as never);
      return Object.assign(client, {
        toolsPage: (cursor?: string) =>
          client.request({ method: "tools/list", params: cursor ? { cursor } : {} }),
      }) as unknown as TestClient;
    },
  },
];
