/**
 * Why a narrowing (`grep`, `fields`) was refused, and the error that says so
 * to the model.
 *
 * @module
 */

/** Why a `grep` or `fields` argument was refused. */
export type NarrowingErrorReason = "invalid_grep" | "invalid_fields" | "fields_on_text";

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
