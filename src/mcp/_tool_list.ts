// How a paged tool is described in tools/list: an optional cursor argument,
// a sentence about next_cursor, and no output schema (a page is not the
// tool's declared output, and SDK clients reject structured content that does
// not match it).

import type { NarrowArguments } from "../cut/notes.ts";
import {
  CURSOR_ARGUMENT_DESCRIPTION,
  FIELDS_ARGUMENT_DESCRIPTION,
  GREP_ARGUMENT_DESCRIPTION,
  TOOL_DESCRIPTION_SENTENCE,
} from "./_messages.ts";
import type { ToolDescription } from "./types.ts";

export interface Described {
  cursorParam: string;
  /** The narrowing arguments to add (those the tool does not have already). */
  narrow?: NarrowArguments;
  mode: "page" | "trim";
  /** Announce this character limit to Claude Code, or nothing. */
  announceMaxChars?: number;
}

/** Whether the tool declares an argument named like the cursor: it pages by itself. */
export function hasOwnCursor(tool: ToolDescription, cursorParam: string): boolean {
  return hasArgument(tool, cursorParam);
}

/** Whether the tool declares an argument of this name. */
export function hasArgument(tool: ToolDescription, name: string): boolean {
  const properties = tool.inputSchema?.properties;
  return properties !== undefined && Object.hasOwn(properties, name);
}

/** The narrowing arguments a tool gets: none of a name it has already. */
export function narrowingOf(
  tool: ToolDescription,
  narrow: NarrowArguments | undefined,
): NarrowArguments | undefined {
  if (!narrow) return undefined;
  const out: NarrowArguments = {};
  if (narrow.grep !== undefined && !hasArgument(tool, narrow.grep)) out.grep = narrow.grep;
  if (narrow.fields !== undefined && !hasArgument(tool, narrow.fields)) out.fields = narrow.fields;
  return out.grep === undefined && out.fields === undefined ? undefined : out;
}

function define(properties: Record<string, unknown>, name: string, value: unknown): void {
  Object.defineProperty(properties, name, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
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
      define(properties, key, schema.properties![key]);
    }
    define(properties, how.cursorParam, {
      type: "string",
      description: CURSOR_ARGUMENT_DESCRIPTION,
    });
    const narrow = narrowingOf(tool, how.narrow);
    if (narrow?.grep !== undefined) {
      define(properties, narrow.grep, { type: "string", description: GREP_ARGUMENT_DESCRIPTION });
    }
    if (narrow?.fields !== undefined) {
      define(properties, narrow.fields, {
        type: "array",
        items: { type: "string" },
        description: FIELDS_ARGUMENT_DESCRIPTION,
      });
    }
    out.inputSchema = { ...schema, type: "object", properties };
  }
  // No limit to announce when characters are not limited.
  if (how.announceMaxChars !== undefined && Number.isFinite(how.announceMaxChars)) {
    out._meta = { ...tool._meta, "anthropic/maxResultSizeChars": how.announceMaxChars };
  }
  return out;
}
