/**
 * `deno task demo`: serves the Deno example on 127.0.0.1:8000 (`PORT` to
 * change it) and prints how to connect clients. Stop it with Ctrl-C.
 *
 * @module
 */

import app, { options } from "./main.ts";

const port = Number(Deno.env.get("PORT") ?? 8000);
const hostname = "127.0.0.1";

Deno.serve({
  hostname,
  port,
  onListen({ port }) {
    const url = `http://${hostname}:${port}/mcp`;
    console.log(`pagewise demo: MCP server at ${url}
Tools: search_issues, read_log, list_files, activity_report. Each, called with no arguments,
returns far more than a client accepts (about 1-2 MB); pagewise pages it ${
      options.pagewise.maxTokens === undefined
        ? "for each client's own limit (Claude Code 25,000 tokens, Codex 10,000, VS Code 8 KiB…)"
        : `at ${options.pagewise.maxTokens.toLocaleString("en-US")} tokens at most`
    }.
Cache: ${
      options.cache === "off"
        ? "off, every page re-runs its tool (PAGEWISE_DENO_KV=1 keeps results in Deno KV)"
        : `${options.cache}, later pages read from it`
    }.

Claude Code:
  claude mcp add --transport http demo ${url}

Other clients (mcpServers in their JSON settings):
  {
    "mcpServers": {
      "demo": { "type": "http", "url": "${url}" }
    }
  }

MCP Inspector:
  npx @modelcontextprotocol/inspector --cli ${url} --transport http --method tools/list
  npx @modelcontextprotocol/inspector --cli ${url} --transport http --method tools/call --tool-name read_log

Serving until stopped (Ctrl-C).`);
  },
}, app.fetch);
