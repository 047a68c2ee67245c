// The sentences the model reads: where it is in the result and the exact
// next call.

export function nextCall(cursorParam: string, cursor: string): string {
  return `Call this tool again with the same arguments and ${cursorParam}=${
    JSON.stringify(cursor)
  } for the next page.`;
}

export function range(from: number, to: number): string {
  return from === to ? `${from}` : `${from}-${to}`;
}

function where(name: string | undefined): string {
  return name ? ` in ${JSON.stringify(name)}` : "";
}

export function itemsNote(
  from: number,
  to: number,
  total: number,
  name: string | undefined,
  next: string | undefined,
): string {
  const shown = `Showing items ${range(from, to)} of ${total}${where(name)}.`;
  return next ? `${shown} ${next}` : `${shown} This is the last page.`;
}

export function partNote(
  item: number,
  total: number,
  name: string | undefined,
  from: number,
  to: number,
  length: number,
  next: string | undefined,
): string {
  const shown = `Item ${item} of ${total}${where(name)} is too large for one page: "part" holds ` +
    `characters ${range(from, to)} of ${length} of its JSON; join the parts in order.`;
  return next ? `${shown} ${next}` : `${shown} This is the last page.`;
}

export function trimmedItemsNote(
  shown: number,
  total: number,
  name: string | undefined,
): string {
  return `Showing items ${range(1, shown)} of ${total}${where(name)}; the other ${
    total - shown
  } were left out because the result is too large. Narrow the request (filters, a smaller ` +
    `range) to get them.`;
}

export function textNote(
  from: number,
  to: number,
  total: number,
  next: string | undefined,
  trimmed: boolean,
): string {
  const shown = `showing characters ${range(from, to)} of ${total}`;
  if (trimmed) {
    return `\n\n[Output trimmed: ${shown}; the rest was left out. Narrow the request to see it.]`;
  }
  return next
    ? `\n\n[Output cut: ${shown}. ${next}]`
    : `\n\n[Output cut: ${shown}. This is the end of the output.]`;
}

export const SHRUNK_NOTE = "This result is too large to show whole: long strings and lists " +
  "were cut where marked with […]. Narrow the request to see the rest.";

export function charactersCut(n: number): string {
  return `… [${n} more characters cut]`;
}

export function itemsCut(n: number): string {
  return `… [${n} more items cut]`;
}

export function blocksNote(
  from: number,
  to: number,
  total: number,
  upTo: string | undefined,
  next: string | undefined,
  trimmed: boolean,
): string {
  const part = upTo ? ` (block ${to} up to character ${upTo})` : "";
  const shown = `showing content blocks ${range(from, to)} of ${total}${part}`;
  if (trimmed) {
    return `[Output trimmed: ${shown}; the rest was left out. Narrow the request to see it.]`;
  }
  return next
    ? `[Output cut: ${shown}. ${next}]`
    : `[Output cut: ${shown}. This is the end of the output.]`;
}
