// Which limits each MCP client gets: the name it sends in `clientInfo.name`,
// matched to one of the `clients` presets (or to limits the author maps it
// to). A client can only be given a preset by its name: it never asks for a
// number.

import { clients, type Limits } from "./limits.ts";

/** A client the built-in table knows: the names it sends and the preset it gets. */
export interface KnownClient {
  /** The preset of {@linkcode clients} its pages are sized for. */
  readonly preset: keyof typeof clients;
  /** `clientInfo.name` as the client sends it (variants included). */
  readonly names: readonly string[];
}

/**
 * The built-in table. Names are those the clients send (see docs/clients.md
 * for each one's source). ChatGPT (`openai-mcp`) and Cursor (`cursor-vscode`)
 * are not here: no source gives a limit for their tool results, so they get
 * the default pages.
 */
export const KNOWN_CLIENTS: readonly KnownClient[] = Object.freeze(
  [
    // anthropics/claude-code logs (cl-ai-project/cl-mcp#26; TypingMind/typingmind-mcp PR 25).
    Object.freeze({ preset: "claudeCode", names: Object.freeze(["claude-code"]) }),
    // codex-rs, the MCP connection manager's client info.
    Object.freeze({ preset: "codex", names: Object.freeze(["codex-mcp-client"]) }),
    // google-gemini/gemini-cli, packages/core/src/tools/mcp-client.ts.
    Object.freeze({ preset: "geminiCli", names: Object.freeze(["gemini-cli-mcp-client"]) }),
    // microsoft/vscode#246874; Insiders sends its edition after " - ".
    Object.freeze({
      preset: "vscodeCopilot",
      names: Object.freeze(["Visual Studio Code", "Visual Studio Code - Insiders"]),
    }),
    // apify/mcp-client-capabilities (medium-low confidence).
    Object.freeze({ preset: "copilotCli", names: Object.freeze(["github-copilot-developer"]) }),
    // Claude Desktop and claude.ai connectors (modelcontextprotocol/typescript-sdk#179).
    Object.freeze({ preset: "claudeDesktop", names: Object.freeze(["claude-ai"]) }),
  ] as const,
);

/**
 * How pages are sized for the client that asked (the `clientLimits` option):
 * `true` (the default) uses the built-in table, `false` pages every client
 * alike; an object maps more names to limits, or replaces the table.
 */
export interface ClientLimits {
  /**
   * Client names (`clientInfo.name`, as the client sends it) and the limits
   * their pages get, matched before the built-in table (case does not
   * matter). A preset can be given: `{ "my-agent": clients.codex }`.
   */
  names?: Record<string, Limits>;
  /** `true`: use `names` only, not the built-in table. Default `false`. */
  replace?: boolean;
}

/** A client found in the table. */
export interface ClientMatch {
  /** The preset's name (`"codex"`), or the name as the author mapped it. */
  readonly preset: string;
  /** Its limits, as the preset or the author gives them. */
  readonly limits: Readonly<Limits>;
}

/** Finds a client's limits by its name; see {@linkcode clientTable}. */
export interface ClientTable {
  match(name: string): ClientMatch | undefined;
}

/** Longer names are not clients' names: nothing to match them against. */
export const MAX_CLIENT_NAME_LENGTH = 256;
// mcp-remote stands in for a client and names itself after it:
// "claude-ai (via mcp-remote 0.1.38)" is Claude Desktop.
const VIA_MCP_REMOTE = / \(via mcp-remote[^()]*\)$/i;

/** The key a client name is matched by: trimmed, lower case, without mcp-remote's suffix. */
export function clientKey(name: string): string {
  return name.replace(VIA_MCP_REMOTE, "").trim().toLowerCase();
}

/**
 * The table of client names: `names` (the author's, keys as clients send
 * them, limits already checked) first, then the built-in table unless
 * `replace`.
 */
export function clientTable(
  names: Readonly<Record<string, Limits>> = {},
  replace = false,
): ClientTable {
  const byName = new Map<string, ClientMatch>();
  for (const [name, limits] of Object.entries(names)) {
    byName.set(
      clientKey(name),
      Object.freeze({ preset: name, limits: Object.freeze({ ...limits }) }),
    );
  }
  if (!replace) {
    for (const known of KNOWN_CLIENTS) {
      const match = Object.freeze({ preset: known.preset, limits: clients[known.preset] });
      for (const name of known.names) {
        const key = clientKey(name);
        if (!byName.has(key)) byName.set(key, match);
      }
    }
  }
  return tableOf(byName);
}

function tableOf(byName: Map<string, ClientMatch>): ClientTable {
  return {
    match(name) {
      if (name.length > MAX_CLIENT_NAME_LENGTH) return undefined;
      return byName.get(clientKey(name));
    },
  };
}

/**
 * The limits a page for a client gets: the author's where the author set
 * them (a ceiling for every client), the client's where it sets them, and
 * the smaller of the two where both do. Unset limits take the defaults later.
 */
export function ceilingOf(author: Limits, client: Limits | undefined): Limits {
  if (!client) return author;
  const out: Limits = {};
  for (const name of ["maxTokens", "maxChars", "maxBytes", "maxLines"] as const) {
    const mine = author[name];
    const theirs = client[name];
    const value = mine === undefined
      ? theirs
      : theirs === undefined
      ? mine
      : Math.min(mine, theirs);
    if (value !== undefined) out[name] = value;
  }
  return out;
}
