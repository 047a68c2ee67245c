// Byte chunks joined, and streams read up to a limit: what the stores and the
// proxy share.

/** The chunks as one array (the chunk itself when there is only one). */
export function concatBytes(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * Every byte of `stream`, or undefined as soon as there are more than
 * `limit` (the rest is cancelled, not read). A failing stream rejects.
 */
export async function readAtMost(
  stream: ReadableStream<Uint8Array>,
  limit: number,
): Promise<Uint8Array | undefined> {
  const reader = stream.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  while (true) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    parts.push(value);
  }
  return concatBytes(parts);
}

/**
 * The first bytes of `stream`, all of them when there are at most `limit`
 * (`bytes`), and a stream of every byte to read in its place (`stream`):
 * what was read, then the rest, unread until asked for.
 */
export async function peekAtMost(
  stream: ReadableStream<Uint8Array>,
  limit: number,
): Promise<{ bytes?: Uint8Array; stream: ReadableStream<Uint8Array> }> {
  const reader = stream.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  while (size <= limit) {
    const { done, value } = await reader.read();
    if (done) {
      const bytes = concatBytes(parts);
      return { bytes, stream: new Blob([bytes as Uint8Array<ArrayBuffer>]).stream() };
    }
    parts.push(value);
    size += value.length;
  }
  return {
    stream: new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of parts) controller.enqueue(part);
      },
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    }),
  };
}
