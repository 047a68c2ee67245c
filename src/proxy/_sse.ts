// Server-sent events as the Streamable HTTP transport uses them: split a byte
// stream into events, read an event's fields, and write one back.

/** One event: its raw text (without the blank line) and its fields. */
export interface SseEvent {
  raw: string;
  id?: string;
  event?: string;
  data: string;
}

/** Parses the text of one event (the lines before its blank line). */
export function parseEvent(raw: string): SseEvent {
  const event: SseEvent = { raw, data: "" };
  const data: string[] = [];
  for (const line of raw.split(/\r\n|\r|\n/)) {
    if (!line || line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") data.push(value);
    else if (field === "id") event.id = value;
    else if (field === "event") event.event = value;
  }
  event.data = data.join("\n");
  return event;
}

/** The text of an event with these fields, blank line included. */
export function formatEvent(fields: { id?: string; event?: string; data: string }): string {
  let out = "";
  if (fields.event !== undefined) out += `event: ${fields.event}\n`;
  if (fields.id !== undefined) out += `id: ${fields.id}\n`;
  for (const line of fields.data.split("\n")) out += `data: ${line}\n`;
  return out + "\n";
}

/**
 * The events of a stream, as raw texts, each at most `maxChars` long (a longer
 * one is an error: the stream is not read further).
 */
export async function* events(
  body: ReadableStream<Uint8Array>,
  maxChars: number,
): AsyncGenerator<string> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  try {
    while (true) {
      const { value, done } = await reader.read();
      if (done) break;
      // A boundary may straddle chunks: search from a little before the new text.
      let from = Math.max(0, buffer.length - 3);
      buffer += value;
      while (true) {
        const match = /\r\n\r\n|\n\n|\r\r/g;
        match.lastIndex = from;
        const found = match.exec(buffer);
        if (!found) break;
        yield buffer.slice(0, found.index);
        buffer = buffer.slice(found.index + found[0].length);
        from = 0;
      }
      if (buffer.length > maxChars) {
        throw new Error(`an event of the server's stream is over ${maxChars} characters`);
      }
    }
    if (buffer.trim()) yield buffer;
  } finally {
    // Stopped early (the client went away) or done: either way, let go of the stream.
    reader.cancel().catch(() => {});
  }
}
