// How a paged tool is described in tools/list: an optional cursor argument,
// a sentence about next_cursor, and no output schema (a page is not the
// tool's declared output, and SDK clients reject structured content that does
// not match it).

import { CURSOR_ARGUMENT_DESCRIPTION, TOOL_DESCRIPTION_SENTENCE } from "./_messages.ts";
import type { ToolDescription } from "./types.ts";

export interface Described {
  cursorParam: string;
  mode: "page" | "trim";
  /** Announce this character limit to Claude Code, or nothing. */
  announceMaxChars?: number;
}

/** Whether the tool declares an argument named like the cursor: it pages by itself. */
export function hasOwnCursor(tool: ToolDescription, cursorParam: string): boolean {
  const properties = tool.inputSchema?.properties;
  return properties !== undefined && Object.hasOwn(properties, cursorParam);
}

export function describe(tool: ToolDescription, how: Described): ToolDescription {
  const out: ToolDescription = { ...tool };
  delete out.outputSchema;
  const schema = tool.inputSchema ?? { type: "object" };
  if (how.mode === "page" && !hasOwnCursor(tool, how.cursorParam)) {
    const description = (tool.description ?? "").trimEnd();
    // The sentence follows a finished one.
    const stop = description === "" || /[.!?:]$/.test(description) ? "" : ".";
    out.description = (description + stop + TOOL_DESCRIPTION_SENTENCE).trimStart();
    const properties: Record<string, unknown> = {};
    for (const key of Object.keys(schema.properties ?? {})) {
      Object.defineProperty(properties, key, {
        value: schema.properties![key],
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    Object.defineProperty(properties, how.cursorParam, {
      value: { type: "string", description: CURSOR_ARGUMENT_DESCRIPTION },
      enumerable: true,
      writable: true,
      configurable: true,
    });
    out.inputSchema = { ...schema, type: "object", properties };
  }
  // No limit to announce when characters are not limited.
  if (how.announceMaxChars !== undefined && Number.isFinite(how.announceMaxChars)) {
    out._meta = { ...tool._meta, "anthropic/maxResultSizeChars": how.announceMaxChars };
  }
  return out;
}
