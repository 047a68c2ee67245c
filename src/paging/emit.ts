// Reports through a user's onEvent hook, which must never break paging.

import type { PagerEvent } from "./events.ts";
import type { Page } from "../cut/page.ts";
import type { ResolvedLimits } from "../limits/limits.ts";

/** Calls `onEvent`, which may throw or reject: neither reaches the caller. */
export function emitter<E = PagerEvent>(
  onEvent: ((event: E) => unknown) | undefined,
): (event: E) => void {
  return (event: E): void => {
    try {
      const returned: unknown = onEvent?.(event);
      // An async hook that rejects must not become an unhandled rejection.
      if (returned instanceof Promise) returned.catch(() => {});
    } catch {
      // Observability must never break paging.
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
