/**
 * Why a cursor was refused, and the error that says so to the model.
 *
 * @module
 */

/** Why a cursor was refused. */
export type CursorErrorReason =
  | "malformed"
  | "foreign_scope"
  | "bad_signature"
  | "expired"
  | "changed_result"
  | "out_of_range";

const START_AGAIN = "Call the tool again without a cursor to start from the beginning.";

/** What a refused cursor tells the model, by reason. */
export const CURSOR_ERRORS: Readonly<Record<CursorErrorReason, string>> = {
  malformed:
    `This cursor is not one this tool issued (it may be cut short or mistyped). ${START_AGAIN}`,
  foreign_scope:
    "This cursor belongs to a different tool or to different arguments. Call this tool again " +
    "with exactly the arguments of the call that returned the cursor, or without a cursor to " +
    "start from the beginning.",
  bad_signature:
    `This cursor's signature does not match: it was altered or issued by another server. ${START_AGAIN}`,
  expired: `This cursor has expired. ${START_AGAIN}`,
  changed_result:
    "The result changed since this cursor was issued, so its pages cannot be continued without " +
    "mixing two versions. Call the tool again without a cursor to get the current result from " +
    "the beginning.",
  out_of_range: `This cursor points outside the result. ${START_AGAIN}`,
};

/**
 * A cursor that cannot be used. `message` is written for the model: it says
 * what happened and what call to make next.
 *
 * @example
 * ```ts
 * import { assertEquals, assertRejects } from "@std/assert";
 * import { createPager, CursorError } from "@pagewise/mcp";
 *
 * const pager = createPager();
 * const error = await assertRejects(
 *   () => pager.page([1, 2, 3], { cursor: "not-a-cursor" }),
 *   CursorError,
 * );
 * assertEquals(error.reason, "malformed");
 * assertEquals(
 *   error.message,
 *   "This cursor is not one this tool issued (it may be cut short or mistyped). " +
 *     "Call the tool again without a cursor to start from the beginning.",
 * );
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
