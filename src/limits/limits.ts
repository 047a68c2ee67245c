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
 * Limits of known clients, to spread into {@linkcode createPager}'s options.
 *
 * - `claudeCode`: 25,000 tokens (`MAX_MCP_OUTPUT_TOKENS`), and 50,000
 *   characters, above which the result is saved to a file.
 * - `codex`: Codex CLI cuts tool output at about 10 KiB or 256 lines.
 *
 * @example
 * ```ts
 * import { clients, createPager } from "@pagewise/mcp";
 *
 * const pager = createPager({ ...clients.codex });
 * ```
 */
export const clients: {
  readonly claudeCode: Readonly<Limits>;
  readonly codex: Readonly<Limits>;
} = {
  claudeCode: { maxTokens: 25_000, maxChars: 50_000 },
  codex: { maxTokens: 20_000, maxBytes: 10 * 1024, maxLines: 256 },
};
