// Reports through a user's onEvent hook, which must never break paging.

import type { PagerEvent } from "./events.ts";
import type { Page } from "../cut/page.ts";
import type { ResolvedLimits } from "../limits/limits.ts";

/**
 * The functions of the author's (hooks, `identify`) whose failure the
 * console has been told of. Kept for the process, not per pager: a server
 * made per request (the stateless Worker, `proxyHandler`) makes its pagers
 * per request around the same functions, and "once" must mean once for the
 * function, not once a request. Weak, so a function let go is forgotten.
 */
const told = new WeakSet<object>();

/** Calls `tell` the first time it is asked to for `about` in this process, never again. */
export function onceFor(about: object, tell: () => void): void {
  if (told.has(about)) return;
  told.add(about);
  tell();
}

/**
 * Calls `onEvent`, which may throw or reject: neither reaches the caller.
 * The first failure of a hook is told once on the console (an observer that
 * fails in silence would be believed), the rest are not, however many
 * pagers share the hook.
 */
export function emitter<E = PagerEvent>(
  onEvent: ((event: E) => unknown) | undefined,
): (event: E) => void {
  const tell = (error: unknown) => {
    if (onEvent === undefined) return;
    onceFor(onEvent, () =>
      console.error(
        "pagewise: onEvent threw; its events are still sent, its errors ignored:",
        error,
      ));
  };
  return (event: E): void => {
    try {
      const returned: unknown = onEvent?.(event);
      // An async hook that rejects must not become an unhandled rejection.
      if (returned instanceof Promise) returned.catch(tell);
    } catch (error) {
      // Observability must never break paging.
      tell(error);
    }
  };
}

/** The event of a page served for `scope`, cut to `limits` for `client`. */
export function pageEvent(
  scope: string,
  page: Page,
  limits: ResolvedLimits,
  client?: { name: string; preset?: string },
): PagerEvent {
  const event: PagerEvent = {
    type: "page",
    scope,
    kind: page.kind,
    from: page.from,
    to: page.to,
    total: page.total,
    unit: page.unit,
    chars: page.text.length,
    limits: { ...limits },
  };
  if (client) event.client = { ...client };
  if (page.changed) event.changed = true;
  return event;
}
