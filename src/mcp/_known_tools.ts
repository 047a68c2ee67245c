// What paginate learns of a server's tools from its tools/list answers:
// which declare a cursor argument of their own (they page themselves), which
// narrowing arguments each gets, and which names the server does not list.
// A client lists again after tools/list_changed, so a tools/call reads the
// whole list only for a tool it has not seen listed.

import type { NarrowArguments } from "../cut/notes.ts";
import { hasOwnCursor, narrowingOf } from "./_tool_list.ts";
import type { ToolDescription } from "./types.ts";

/** Tool names a full tools/list did not have, remembered until the next tools/list. */
const MAX_MISSES = 10_000;
/** How many pages of tools/list a lookup reads at most. */
const MAX_LIST_PAGES = 1_000;

/** One page of the server's own tools/list. */
export type ListPage = (cursor: string | undefined) => Promise<
  { tools?: ToolDescription[]; nextCursor?: string } | undefined
>;

export class KnownTools {
  #ownCursor = new Map<string, boolean>();
  #narrowable = new Map<string, NarrowArguments | undefined>();
  #misses = new Set<string>();

  constructor(
    private readonly cursorParam: string,
    private readonly narrow: NarrowArguments | undefined,
  ) {}

  /** Learns every tool of a full tools/list answer; names not listed are unknown again. */
  learn(tools: ToolDescription[]): void {
    this.#misses.clear();
    for (const tool of tools) this.#note(tool);
  }

  /** The narrowing arguments `name` got in tools/list. */
  narrowing(name: string): NarrowArguments | undefined {
    return this.#narrowable.get(name);
  }

  /**
   * Whether the server lists `name`, and whether it declares the cursor
   * argument itself, reading the server's tools/list (`list`) when `name` has
   * not been seen listed yet.
   */
  async lookUp(name: string, list: ListPage): Promise<"unknown" | "own_cursor" | "paged"> {
    const known = this.#ownCursor.get(name);
    if (known !== undefined) return known ? "own_cursor" : "paged";
    if (this.#misses.has(name)) return "unknown";
    let cursor: string | undefined;
    for (let pages = 0; pages < MAX_LIST_PAGES; pages++) {
      const result = await list(cursor);
      for (const tool of result?.tools ?? []) this.#note(tool);
      const found = this.#ownCursor.get(name);
      if (found !== undefined) return found ? "own_cursor" : "paged";
      cursor = result?.nextCursor;
      if (!cursor) break;
    }
    if (this.#misses.size >= MAX_MISSES) this.#misses.clear();
    this.#misses.add(name);
    return "unknown";
  }

  #note(tool: ToolDescription): void {
    this.#ownCursor.set(tool.name, hasOwnCursor(tool, this.cursorParam));
    this.#narrowable.set(tool.name, narrowingOf(tool, this.narrow));
  }
}
