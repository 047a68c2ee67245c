/**
 * A Streamable HTTP server (SDK v1, stateless) with the fixture tools, a
 * resource and prompts that the MCP conformance suite's server scenarios
 * call, optionally behind `paginate` and `paginateLists`.
 */
// @ts-types="@modelcontextprotocol/sdk/server/webStandardStreamableHttp"
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { z } from "zod";
import { paginate, paginateLists } from "../../mod.ts";
import { McpServer } from "./mcp_v1.ts";

const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
const WAV = "UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQAAAAA=";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Extra = {
  sendNotification(n: { method: string; params: Record<string, unknown> }): Promise<void>;
  _meta?: { progressToken?: string | number };
};

function fixtures(paged: boolean): McpServer {
  const server = new McpServer(
    { name: "conformance-fixtures", version: "1.0.0" },
    { capabilities: { logging: {} } },
  );
  if (paged) {
    paginate(server);
    paginateLists(server, { pageSize: 100 });
  }
  const text = (t: string) => ({ content: [{ type: "text" as const, text: t }] });
  server.registerTool(
    "test_simple_text",
    { description: "Simple text." },
    () => text("This is a simple text response for testing."),
  );
  server.registerTool("test_image_content", { description: "An image." }, () => ({
    content: [{ type: "image" as const, data: PNG, mimeType: "image/png" }],
  }));
  server.registerTool("test_audio_content", { description: "Audio." }, () => ({
    content: [{ type: "audio" as const, data: WAV, mimeType: "audio/wav" }],
  }));
  server.registerTool("test_embedded_resource", { description: "A resource." }, () => ({
    content: [{
      type: "resource" as const,
      resource: {
        uri: "test://embedded-resource",
        mimeType: "text/plain",
        text: "This is an embedded resource content.",
      },
    }],
  }));
  server.registerTool("test_multiple_content_types", { description: "Mixed." }, () => ({
    content: [
      { type: "text" as const, text: "Multiple content types test:" },
      { type: "image" as const, data: PNG, mimeType: "image/png" },
      {
        type: "resource" as const,
        resource: {
          uri: "test://mixed-content-resource",
          mimeType: "application/json",
          text: '{"test":"data","value":123}',
        },
      },
    ],
  }));
  server.registerTool("test_error_handling", { description: "Fails." }, () => {
    throw new Error("This tool intentionally returns an error for testing");
  });
  server.registerTool("test_tool_with_logging", { description: "Logs." }, async (extra) => {
    const log = (data: string) =>
      (extra as unknown as Extra).sendNotification({
        method: "notifications/message",
        params: { level: "info", data },
      });
    await log("Tool execution started");
    await sleep(50);
    await log("Tool processing data");
    await sleep(50);
    await log("Tool execution completed");
    return text("Logging test completed");
  });
  server.registerTool("test_tool_with_progress", { description: "Progress." }, async (extra) => {
    const { _meta, sendNotification } = extra as unknown as Extra;
    for (const progress of [0, 50, 100]) {
      if (_meta?.progressToken !== undefined) {
        await sendNotification({
          method: "notifications/progress",
          params: { progressToken: _meta.progressToken, progress, total: 100 },
        });
      }
      if (progress < 100) await sleep(50);
    }
    return text("Progress test completed");
  });
  server.registerResource(
    "static-text",
    "test://static-text",
    { mimeType: "text/plain" },
    (uri) => ({
      contents: [{ uri: uri.href, mimeType: "text/plain", text: "This is static text content." }],
    }),
  );
  server.registerPrompt("test_simple_prompt", { description: "Simple." }, () => ({
    messages: [{
      role: "user",
      content: { type: "text", text: "This is a simple prompt for testing." },
    }],
  }));
  server.registerPrompt(
    "test_prompt_with_arguments",
    { description: "With arguments.", argsSchema: { arg1: z.string(), arg2: z.string() } },
    ({ arg1, arg2 }) => ({
      messages: [{
        role: "user",
        content: { type: "text", text: `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'` },
      }],
    }),
  );
  return server;
}

/** Starts the fixture server on a free port; abort `signal` to stop it. */
export function startFixtureServer(
  paged: boolean,
  signal: AbortSignal,
): Deno.HttpServer<Deno.NetAddr> {
  return Deno.serve({ hostname: "127.0.0.1", port: 0, signal, onListen() {} }, async (req) => {
    if (req.method !== "POST") return new Response(null, { status: 405 });
    const server = fixtures(paged);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
    });
    await server.connect(transport);
    return transport.handleRequest(req);
  });
}
