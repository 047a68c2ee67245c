/**
 * Reading a bundle's source map (version 3): which source file each byte of
 * the bundle came from, for the figures per part of bench/cold_start.ts.
 */

/** The parts of a source map this reads. */
export interface SourceMap {
  sources: string[];
  mappings: string;
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Per generated line, its mapped segments in order: [column, source index]. */
export function segmentsOf(map: SourceMap): Array<Array<[number, number]>> {
  const lines: Array<Array<[number, number]>> = [];
  let source = 0;
  for (const line of map.mappings.split(";")) {
    const segments: Array<[number, number]> = [];
    let column = 0;
    for (const segment of line.split(",")) {
      if (segment === "") continue;
      const values: number[] = [];
      for (let i = 0, value = 0, shift = 0; i < segment.length; i++) {
        const digit = BASE64.indexOf(segment[i]);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += values[0];
      if (values.length > 1) {
        source += values[1];
        segments.push([column, source]);
      }
    }
    lines.push(segments);
  }
  return lines;
}

/** A function from a position in the bundle (line and column from 0) to its source file. */
export function sourceAt(map: SourceMap): (line: number, column: number) => string {
  const lines = segmentsOf(map);
  return (line, column) => {
    const segments = lines[line] ?? [];
    let lo = 0;
    let hi = segments.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (segments[mid][0] <= column) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found < 0 ? "(unmapped)" : map.sources[segments[found][1]];
  };
}

/**
 * The bundle's code cut into pieces, each with its source file: a mapped
 * segment runs to the next one (or to the end of its line, line break
 * included); what comes before a line's first segment is "(unmapped)".
 */
export function piecesOf(code: string, map: SourceMap): Array<[string, string]> {
  const lines = segmentsOf(map);
  const pieces: Array<[string, string]> = [];
  code.split("\n").forEach((text, line, all) => {
    let at = 0;
    let source = "(unmapped)";
    for (const [column, index] of lines[line] ?? []) {
      pieces.push([source, text.slice(at, column)]);
      at = column;
      source = map.sources[index];
    }
    pieces.push([source, text.slice(at) + (line < all.length - 1 ? "\n" : "")]);
  });
  return pieces;
}
