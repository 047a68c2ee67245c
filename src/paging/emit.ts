// Reports through a user's onEvent hook, which must never break paging.

import type { PagerEvent } from "./events.ts";
import type { Page } from "../cut/page.ts";
import type { ResolvedLimits } from "../limits/limits.ts";

/**
 * Calls `onEvent`, which may throw or reject: neither reaches the caller.
 * The first failure of a hook is told once on the console (an observer that
 * fails in silence would be believed), the rest are not.
 */
export function emitter<E = PagerEvent>(
  onEvent: ((event: E) => unknown) | undefined,
): (event: E) => void {
  let told = false;
  const tell = (error: unknown) => {
    if (told) return;
    told = true;
    console.error("pagewise: onEvent threw; its events are still sent, its errors ignored:", error);
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
