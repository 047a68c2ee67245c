// Where a page starts: the position an opened cursor names, checked against
// what is paged now. A cursor to another kind of source, or past its end, is
// refused; a cursor whose result changed is refused or followed, as chosen.

import type { OpenedCursor } from "../cursor/binding.ts";
import { constantTimeEqual } from "../bytes/crypto.ts";
import type { CursorUnit } from "../cursor/codec.ts";
import { isCodePointBoundary, lastBoundary } from "../cut/graphemes.ts";
import type { TextView } from "../source/source.ts";
import { CursorError } from "../cursor/cursor_error.ts";

/** What happens to a cursor whose result changed. */
export type OnChange = "continue" | "error";

export interface Position {
  offset: number;
  part: number;
  changed: boolean;
}

export interface Paged {
  unit: CursorUnit;
  fingerprint: Uint8Array;
  /** Elements or blocks, or characters of a text. */
  total: number;
  /** The text a `part` (or, for text, the offset) lies in, to check it. */
  textAt(offset: number): TextView | undefined;
}

export function position(
  opened: OpenedCursor | undefined,
  paged: Paged,
  onChange: OnChange,
): Position {
  if (!opened) return { offset: 0, part: 0, changed: false };
  const { state } = opened;
  const changed = !constantTimeEqual(state.fingerprint, paged.fingerprint);
  // A cursor of another kind of paging cannot be followed, whatever the policy.
  if (state.unit !== paged.unit || (changed && onChange === "error")) {
    throw new CursorError("changed_result");
  }
  if (state.offset >= paged.total) {
    throw new CursorError(changed ? "changed_result" : "out_of_range");
  }
  if (paged.unit === "characters") {
    const view = paged.textAt(0)!;
    if (state.part !== 0) throw new CursorError(changed ? "changed_result" : "out_of_range");
    if (isCodePointBoundary(view.text, state.offset - view.base)) {
      return { offset: state.offset, part: 0, changed };
    }
    if (!changed) throw new CursorError("out_of_range");
    // Only a whole text is paged after a change: a cache serves a snapshot.
    return { offset: lastBoundary(view.text, 0, state.offset), part: 0, changed };
  }
  if (state.part === 0) return { offset: state.offset, part: 0, changed };
  const view = paged.textAt(state.offset);
  if (
    view !== undefined && state.part < view.total &&
    isCodePointBoundary(view.text, state.part - view.base)
  ) {
    return { offset: state.offset, part: state.part, changed };
  }
  if (!changed) throw new CursorError("out_of_range");
  // The element changed under a part cursor: show it again from its start.
  return { offset: state.offset, part: 0, changed };
}
