// Whether a value has the shape of a PageStore: what pageStore, the cache's
// setup and its engine each ask before they take a store.

import type { PageStore } from "./types.ts";

/** Whether `value` has a PageStore's members: `get`, `set` and `delete` functions and `limits`. */
export function isPageStore(value: unknown): value is PageStore {
  if (value === null || (typeof value !== "object" && typeof value !== "function")) return false;
  const { get, set, delete: remove, limits } = value as Record<string, unknown>;
  return typeof get === "function" && typeof set === "function" &&
    typeof remove === "function" && limits !== null && typeof limits === "object";
}
