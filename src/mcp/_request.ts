// What pagewise reads of an MCP request's details (the SDK's `extra`, v1, or
// `ctx`, v2): its HTTP headers, whichever SDK and runtime made them.

/** SDK v1 (and the HTTP proxy): `requestInfo.headers`; SDK v2: `http.req.headers`. */
interface RequestDetails {
  requestInfo?: { headers?: unknown };
  http?: { req?: { headers?: unknown } };
}

/** One header of the HTTP request behind `extra`, if there was one. */
export function requestHeader(extra: unknown, name: string): string | undefined {
  const details = (extra ?? {}) as RequestDetails;
  const headers = details.requestInfo?.headers ?? details.http?.req?.headers;
  if (headers === null || typeof headers !== "object") return undefined;
  // A `Headers` (any realm's), or a plain object of lower-case names.
  const get = (headers as { get?: unknown }).get;
  if (typeof get === "function") {
    const value: unknown = get.call(headers, name);
    return typeof value === "string" ? value : undefined;
  }
  const value = Object.hasOwn(headers, name)
    ? (headers as Record<string, unknown>)[name]
    : undefined;
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" ? first : undefined;
}
