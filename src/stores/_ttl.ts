// The one check of a store call's `ttlSeconds`: a store must not keep a
// result forever (or not at all) because a caller passed NaN or a negative.

/** `seconds` when it is a positive finite number; throws otherwise. */
export function positiveTtl(seconds: number): number {
  if (!(seconds > 0) || !Number.isFinite(seconds)) {
    throw new RangeError(`ttlSeconds must be a positive number, got ${seconds}`);
  }
  return seconds;
}

/** `seconds` checked, in whole milliseconds (rounded up, so never 0). */
export function ttlMilliseconds(seconds: number): number {
  return Math.ceil(positiveTtl(seconds) * 1000);
}
