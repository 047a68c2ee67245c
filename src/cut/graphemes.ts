// Where text may be cut: never inside a surrogate pair or a grapheme cluster
// (combining marks, Indic conjuncts, emoji ZWJ sequences, flags).

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

// Scripts in which no character is a grapheme "Prepend": a break before an
// ASCII character that follows one of them is certain.
function plainBefore(c: number): boolean {
  return c < 0x600 || (c >= 0x3000 && c <= 0x9fff) || (c >= 0xac00 && c <= 0xd7a3);
}

function isAsciiNotLf(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return c < 0x80 && !(c === 10 && text.charCodeAt(i - 1) === 13);
}

/**
 * The last grapheme boundary at or before `pos` and after `floor`, where
 * `floor` is itself a boundary. Returns `floor` when there is none between.
 * Segments only a small window: it starts at a position known to be a
 * boundary (an ASCII character after a plain one).
 */
export function lastBoundary(text: string, floor: number, pos: number): number {
  if (pos >= text.length) return text.length;
  if (pos <= floor) return floor;
  if (isAsciiNotLf(text, pos) && plainBefore(text.charCodeAt(pos - 1))) return pos;
  let anchor = floor;
  for (let i = pos - 1, seen = 0; i > floor && seen < 4096; i--, seen++) {
    if (isAsciiNotLf(text, i) && plainBefore(text.charCodeAt(i - 1))) {
      anchor = i;
      break;
    }
  }
  // Boundaries at or before pos depend on at most one code point after it.
  const window = text.slice(anchor, Math.min(text.length, pos + 2));
  let best = anchor;
  for (const { index } of segmenter.segment(window)) {
    if (anchor + index > pos) break;
    best = anchor + index;
  }
  return best;
}

/** Whether `pos` is a grapheme boundary of `text`. */
export function isBoundary(text: string, pos: number): boolean {
  return pos === 0 || pos === text.length || lastBoundary(text, 0, pos) === pos;
}

/**
 * Whether a chunk may start at `pos`: not inside a surrogate pair. A cut
 * falls between graphemes where one fits, but a grapheme longer than a page
 * (a long run of jamo or combining marks) is cut between its code points, and
 * a cursor to such a cut is one this pager issued.
 */
export function isCodePointBoundary(text: string, pos: number): boolean {
  if (pos <= 0 || pos >= text.length) return pos === 0 || pos === text.length;
  const before = text.charCodeAt(pos - 1);
  const at = text.charCodeAt(pos);
  return !(before >= 0xd800 && before <= 0xdbff && at >= 0xdc00 && at <= 0xdfff);
}

/**
 * Where to end a chunk that may run from `start` to at most `max`: after the
 * last line break in the second half of that span, else after the last space
 * there, else at the last grapheme boundary. When no boundary fits (one
 * grapheme longer than the room), the cut falls between code points.
 */
export function cutPoint(text: string, start: number, max: number): number {
  if (max >= text.length) return text.length;
  if (max <= start) return start;
  const half = start + Math.floor((max - start) / 2);
  // Searched in the second half only: lastIndexOf on the whole text would
  // walk back to its start on text without line breaks, at every page.
  const span = text.slice(half, max);
  for (const sep of ["\n", " "]) {
    const at = half + span.lastIndexOf(sep);
    if (at >= half) {
      const end = at + 1;
      if (lastBoundary(text, start, end) === end) return end;
    }
  }
  const end = lastBoundary(text, start, max);
  if (end > start) return end;
  const c = text.charCodeAt(max - 1);
  return c >= 0xd800 && c <= 0xdbff ? max - 1 : max;
}
