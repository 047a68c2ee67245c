/**
 * Why a narrowing (`grep`, `fields`) was refused, and the error that says so
 * to the model.
 *
 * @module
 */

/** Why a `grep` or `fields` argument was refused. */
export type NarrowingErrorReason =
  | "invalid_grep"
  | "invalid_fields"
  | "fields_on_text"
  | "no_room";

/**
 * A `grep` or `fields` that cannot be used. `message` is written for the
 * model: it says what is wrong and what to call instead.
 *
 * @example
 * ```ts
 * import { assertEquals } from "@std/assert";
 * import { createPager, NarrowingError } from "@pagewise/mcp";
 *
 * const pager = createPager();
 * const reason = await pager.page(["a", "b"], { grep: "" })
 *   .then(() => "accepted", (error) => error instanceof NarrowingError ? error.reason : "other");
 * assertEquals(reason, "invalid_grep");
 * ```
 */
export class NarrowingError extends Error {
  /** Why the narrowing was refused. */
  readonly reason: NarrowingErrorReason;
  /** Makes the error for `reason` with a model-facing `message`. */
  constructor(reason: NarrowingErrorReason, message: string) {
    super(message);
    this.name = "NarrowingError";
    this.reason = reason;
  }
}

/**
 * The limits of a page leave no room for a narrowed page, even with its
 * note shortened (what it says of the narrowing, a position, one element).
 * `names` are what the tool calls its grep and fields arguments.
 */
export function noRoom(names: { grep: string; fields: string }): NarrowingError {
  return new NarrowingError(
    "no_room",
    "This result cannot be narrowed within the page's limits: what a narrowed page must say of " +
      `the narrowing leaves no room for its matches. Call the tool again without ${names.grep} ` +
      `and ${names.fields} to page through the whole result.`,
  );
}
