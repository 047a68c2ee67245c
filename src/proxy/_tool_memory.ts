// What the HTTP proxy remembers of the server's tool list, per caller, for a
// short time: only whether each tool has its own cursor argument, which is
// all that paginate reads of the list while it handles a tools/call. Without
// it, every tools/call would cost a tools/list upstream (the paging server is
// built afresh for each request, and learns nothing from the last one).
//
// A full tools/list (from the client, or the proxy's own lookup) replaces a
// caller's entry; the pages after it add to it. A tool the entry lacks is
// looked up upstream again; `notifications/tools/list_changed` from the
// server forgets every entry.

/** How long a caller's tool list is trusted. */
export const TOOL_LIST_TTL_MS = 60_000;
const MAX_CALLERS = 1_000;
const MAX_TOOLS = 2_000;

interface Entry {
  until: number;
  ownCursor: Map<string, boolean>;
}

export class ToolMemory {
  #entries = new Map<string, Entry>();

  constructor(
    private readonly cursorParam: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** Learns a page of a tools/list answer; `first` when it was asked without a cursor. */
  learn(caller: string, tools: unknown, first: boolean): void {
    if (!Array.isArray(tools)) return;
    let entry = this.#entries.get(caller);
    if (first || !entry || entry.until <= this.now()) {
      entry = { until: this.now() + TOOL_LIST_TTL_MS, ownCursor: new Map() };
    }
    for (const tool of tools as { name?: unknown; inputSchema?: { properties?: unknown } }[]) {
      if (typeof tool?.name !== "string" || entry.ownCursor.size >= MAX_TOOLS) continue;
      const properties = tool.inputSchema?.properties;
      entry.ownCursor.set(
        tool.name,
        typeof properties === "object" && properties !== null &&
          Object.hasOwn(properties, this.cursorParam),
      );
    }
    this.#entries.delete(caller);
    this.#entries.set(caller, entry);
    if (this.#entries.size > MAX_CALLERS) {
      this.#entries.delete(this.#entries.keys().next().value!);
    }
  }

  /**
   * A tools/list answer that describes `name` as the server does (with or
   * without its own cursor argument), or `undefined` when it is not known.
   */
  answer(caller: string, name: unknown): Record<string, unknown> | undefined {
    const entry = this.#entries.get(caller);
    if (!entry || typeof name !== "string") return undefined;
    if (entry.until <= this.now()) {
      this.#entries.delete(caller);
      return undefined;
    }
    const own = entry.ownCursor.get(name);
    if (own === undefined) return undefined;
    const properties = own ? { [this.cursorParam]: { type: "string" } } : {};
    return { tools: [{ name, inputSchema: { type: "object", properties } }] };
  }

  /** Forgets every caller's list (the server's tools changed). */
  forget(): void {
    this.#entries.clear();
  }
}
