/**
 * Page limits and presets for known MCP clients.
 *
 * @module
 */

/**
 * What one page may hold. Every limit that is set holds for the whole page,
 * envelope and note included.
 */
export interface Limits {
  /** Tokens, as counted by the pager's counter. Default 20,000. */
  maxTokens?: number;
  /**
   * UTF-16 code units (JavaScript string length). Default 50,000: Claude
   * Code saves longer results to a file and shows the model a preview.
   */
  maxChars?: number;
  /** UTF-8 bytes. Not limited by default. */
  maxBytes?: number;
  /** Lines. Not limited by default. */
  maxLines?: number;
}

/** Limits with every field set; unset byte and line limits are `Infinity`. */
export type ResolvedLimits = Required<Limits>;

/**
 * Limits of known clients. By default {@linkcode paginate}, `pagedTool`,
 * `createResultPager` and the proxies page each call for the client that
 * asked (found from its `clientInfo.name`, see `docs/clients.md`); spread a
 * preset into {@linkcode createPager}'s options to page for one client. A
 * page within them reaches the model whole, not cut, truncated or saved to a
 * file. Each figure is the client's documented (or, where said, observed)
 * behaviour as of late 2026; the sources are in the comments on each preset.
 * The presets are frozen.
 *
 * | Preset          | Client          | Tokens | Characters | Bytes     | The client's own limit                                   |
 * | --------------- | --------------- | ------ | ---------- | --------- | -------------------------------------------------------- |
 * | `claudeCode`    | Claude Code     | 25,000 | 50,000     | -         | `MAX_MCP_OUTPUT_TOKENS` 25,000; over 50,000 chars a file |
 * | `codex`         | OpenAI Codex    | 10,000 | 50,000 \*  | 40,000    | `truncation_policy` 10,000 tokens, keeps head and tail   |
 * | `geminiCli`     | Gemini CLI      | 20,000 | 40,000     | -         | `tools.truncateToolOutputThreshold` 40,000 characters    |
 * | `vscodeCopilot` | VS Code Copilot | 8,192  | 50,000 \*  | 8,192     | `largeToolResultsToDisk.thresholdBytes` 8,192 bytes      |
 * | `copilotCli`    | Copilot CLI     | 20,000 | 50,000 \*  | 30,000    | results over 30 KB go to a file                          |
 * | `claudeDesktop` | Claude Desktop  | 25,000 | -          | 1,048,576 | 1 MiB a result                                           |
 *
 * \* The pager's default, not set by the preset. `-`: not limited. Tokens are
 * counted with the pager's counter ({@linkcode estimateTokens} unless
 * `countTokens` is given), characters are UTF-16 code units, bytes UTF-8.
 * Where a client limits only characters or bytes, the preset's token figure
 * is explained in its comment.
 *
 * @example
 * ```ts
 * import { assert } from "@std/assert";
 * import { clients, createPager } from "@pagewise/mcp";
 *
 * const pager = createPager({ ...clients.vscodeCopilot });
 * const log = "a line of a long build log\n".repeat(10_000);
 * const page = await pager.page(log, { scope: "read_log {}" });
 * assert(page.cut);
 * assert(new TextEncoder().encode(page.text).length <= 8_192); // Copilot keeps it in context
 * ```
 */
export const clients: {
  readonly claudeCode: Readonly<Limits>;
  readonly codex: Readonly<Limits>;
  readonly geminiCli: Readonly<Limits>;
  readonly vscodeCopilot: Readonly<Limits>;
  readonly copilotCli: Readonly<Limits>;
  readonly claudeDesktop: Readonly<Limits>;
} = Object.freeze({
  // Claude Code: `MAX_MCP_OUTPUT_TOKENS`, default 25,000 tokens (Claude Code's MCP
  // documentation). Over the limit the result is saved to a file (since 2.1.2) or,
  // with `ENABLE_MCP_LARGE_OUTPUT_FILES=false` or images, cut to limit × 4 characters.
  // Separately, a result over 50,000 characters is saved to disk and the model sees a 2 KB
  // preview (changelog, 2.1.51). Its token check estimates length / 4 first and counts
  // exactly (Anthropic's token-count API) only above half the limit (reconstructions of the
  // CLI bundle, `utils/mcpValidation.ts`; not an official source): 50,000 characters
  // estimate at 12,500, so a page within maxChars passes without an exact count.
  claudeCode: Object.freeze({ maxTokens: 25_000, maxChars: 50_000 }),
  // OpenAI Codex CLI: each model's `truncation_policy`, currently
  // `{ mode: "tokens", limit: 10000 }` (users override it with `tool_output_token_limit`),
  // keeps the head and the tail and drops the middle ("…N tokens truncated…"). Tokens are
  // counted with tiktoken, and as bytes / 4 where it falls back: hence 40,000 bytes
  // (Codex CLI source; open issue openai/codex#14466 calls the cut misleading). Codex 0.56
  // and earlier cut at 10 KiB or 256 lines instead (`truncate.rs`, `MODEL_FORMAT_MAX_BYTES`),
  // which this preset used to follow.
  codex: Object.freeze({ maxTokens: 10_000, maxBytes: 40_000 }),
  // Gemini CLI: `tools.truncateToolOutputThreshold`, default 40,000 characters; a
  // single-text MCP result over it is saved under `tool-outputs/` and the model sees the
  // first 20 % and the last 80 % of the budget (Gemini CLI's settings and source).
  // Gemini CLI limits no tokens: 20,000 is the pager's default budget and about what
  // 40,000 characters of dense JSON cost, so characters bind on most text, while text of a
  // token or more a character (CJK, emoji) still cannot fill 40,000 tokens of context.
  geminiCli: Object.freeze({ maxTokens: 20_000, maxChars: 40_000 }),
  // VS Code Copilot Chat: `github.copilot.chat.agent.largeToolResultsToDisk.enabled` (on by
  // default, by experiment) with `.thresholdBytes` 8,192: a larger result is written to disk
  // and the model gets a pointer to it (Copilot Chat's settings). Copilot limits no tokens:
  // 8,192 because every token of a byte-level tokenizer holds at least one byte, so the
  // byte limit already bounds them. (Copilot CLI saves results over 30 KB to a file.)
  vscodeCopilot: Object.freeze({ maxTokens: 8_192, maxBytes: 8_192 }),
  // GitHub Copilot CLI: a tool result over 30 KB is written to a file and the model gets a
  // pointer (second-hand: reports in Copilot CLI's issue tracker, e.g. github/copilot-cli#1732,
  // a closed bug that first cut MCP results silently at 10 KB). 30,000 bytes, the smaller
  // reading of "30 KB". No token limit of its own: the pager's default 20,000 stands.
  copilotCli: Object.freeze({ maxBytes: 30_000 }),
  // Claude Desktop and claude.ai: a hard 1 MiB cap a result ("result exceeds maximum length
  // of 1048576"; "Tool result is too large. Maximum size is 1MB."). Bytes, as UTF-8 bytes
  // are never fewer than UTF-16 code units, whichever it counts. No token limit of its own:
  // 25,000 as in Claude Code, and what the connectors directory review is said to ask of a
  // tool response (second-hand, unconfirmed); and no character limit (the 50,000 default is
  // Claude Code's file threshold).
  claudeDesktop: Object.freeze({ maxTokens: 25_000, maxChars: Infinity, maxBytes: 1_048_576 }),
});
