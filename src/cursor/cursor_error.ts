/**
 * Why a cursor was refused, and the error that says so to the model.
 *
 * @module
 */

import { CURSOR_ERRORS } from "../cut/notes.ts";

/** Why a cursor was refused. */
export type CursorErrorReason =
  | "malformed"
  | "foreign_scope"
  | "bad_signature"
  | "expired"
  | "changed_result"
  | "out_of_range";

/**
 * A cursor that cannot be used. `message` is written for the model: it says
 * what happened and what call to make next.
 *
 * @example
 * ```ts
 * import { createPager, CursorError } from "@pagewise/mcp";
 *
 * const pager = createPager();
 * const reason = await pager.page([1, 2, 3], { cursor: "not-a-cursor" })
 *   .then(() => "accepted", (error) => error instanceof CursorError ? error.reason : "other");
 * if (reason !== "malformed") throw new Error(reason);
 * ```
 */
export class CursorError extends Error {
  /** Why the cursor was refused. */
  readonly reason: CursorErrorReason;

  /** Makes the error for `reason`, with the standard model-facing message. */
  constructor(reason: CursorErrorReason, message: string = CURSOR_ERRORS[reason]) {
    super(message);
    this.name = "CursorError";
    this.reason = reason;
  }
}
