/**
 * A bar chart of weekly issue activity as a PNG, drawn pixel by pixel and
 * compressed by a small deflate encoder of its own: no canvas, no
 * dependency, and the same bytes in every runtime. (`CompressionStream`
 * compresses differently in Deno and workerd; a cursor's fingerprint covers
 * the result's bytes, so an image that differs between instances would make
 * every instance refuse the others' cursors.)
 *
 * @module
 */

import type { WeekActivity } from "./data.ts";

// Palette indexes.
const BACKGROUND = 0, GRID = 1, OPENED = 2, CLOSED = 3, AXIS = 4;
const PALETTE = [
  [255, 255, 255],
  [229, 231, 235],
  [37, 99, 235],
  [234, 88, 12],
  [55, 65, 81],
];

/**
 * Opened issues as blue bars above the axis and closed issues as orange bars
 * below it, one pair of 2-pixel bars a week, with a grid line every 10 issues.
 */
export function activityChart(weeks: readonly WeekActivity[]): Uint8Array {
  const peak = Math.max(10, ...weeks.flatMap((w) => [w.opened, w.closed]));
  const half = 120;
  const scale = (half - 4) / peak;
  const width = 16 + weeks.length * 5;
  const height = 2 * half + 1;
  const pixels = new Uint8Array(width * height).fill(BACKGROUND);
  const set = (x: number, y: number, color: number) => (pixels[y * width + x] = color);
  for (let n = 10; n <= peak; n += 10) {
    const dy = Math.round(n * scale);
    for (let x = 8; x < width - 8; x++) {
      set(x, half - dy, GRID);
      set(x, half + dy, GRID);
    }
  }
  weeks.forEach((week, i) => {
    const x = 8 + i * 5;
    for (let dy = 1; dy <= Math.round(week.opened * scale); dy++) {
      set(x, half - dy, OPENED);
      set(x + 1, half - dy, OPENED);
    }
    for (let dy = 1; dy <= Math.round(week.closed * scale); dy++) {
      set(x + 2, half + dy, CLOSED);
      set(x + 3, half + dy, CLOSED);
    }
  });
  for (let x = 4; x < width - 4; x++) set(x, half, AXIS);
  return encodePng(width, height, pixels);
}

/** An 8-bit palette PNG of `pixels` (one palette index a pixel, rows top to bottom). */
function encodePng(width: number, height: number, pixels: Uint8Array): Uint8Array {
  // Each row starts with filter type 2 ("up"): bytes minus the row above, so
  // that a chart's repeated rows become runs of zeros.
  const raw = new Uint8Array((width + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width + 1)] = 2;
    for (let x = 0; x < width; x++) {
      const above = y ? pixels[(y - 1) * width + x] : 0;
      raw[y * (width + 1) + 1 + x] = (pixels[y * width + x] - above) & 0xff;
    }
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 3, 0, 0, 0], 8); // bit depth 8, palette, deflate, no filter, no interlace
  return concat([
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("PLTE", new Uint8Array(PALETTE.flat())),
    chunk("IDAT", zlib(raw)),
    chunk("IEND", new Uint8Array()),
  ]);
}

const LENGTH_BASE = [
  3,
  4,
  5,
  6,
  7,
  8,
  9,
  10,
  11,
  13,
  15,
  17,
  19,
  23,
  27,
  31,
  35,
  43,
  51,
  59,
  67,
  83,
  99,
  115,
  131,
  163,
  195,
  227,
  258,
];
const LENGTH_EXTRA = [
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  1,
  1,
  1,
  1,
  2,
  2,
  2,
  2,
  3,
  3,
  3,
  3,
  4,
  4,
  4,
  4,
  5,
  5,
  5,
  5,
  0,
];

/**
 * zlib data (RFC 1950) of one deflate block with the fixed Huffman codes
 * (RFC 1951): literals, and runs of the previous byte as matches at
 * distance 1. Enough for a chart, and deterministic.
 */
function zlib(data: Uint8Array): Uint8Array {
  const out: number[] = [0x78, 0x01];
  let bits = 0, count = 0;
  const put = (value: number, length: number) => { // LSB first
    bits |= value << count;
    count += length;
    while (count >= 8) {
      out.push(bits & 0xff);
      bits >>>= 8;
      count -= 8;
    }
  };
  const code = (value: number, length: number) => { // Huffman codes go MSB first
    let reversed = 0;
    for (let i = 0; i < length; i++) reversed |= ((value >>> i) & 1) << (length - 1 - i);
    put(reversed, length);
  };
  const symbol = (s: number) => {
    if (s < 144) code(0x30 + s, 8);
    else if (s < 256) code(0x190 + s - 144, 9);
    else if (s < 280) code(s - 256, 7);
    else code(0xc0 + s - 280, 8);
  };
  put(1, 1); // last block
  put(1, 2); // fixed Huffman codes
  for (let i = 0; i < data.length;) {
    let run = 0;
    if (i > 0) {
      while (run < 258 && i + run < data.length && data[i + run] === data[i - 1]) run++;
    }
    if (run >= 3) {
      let k = LENGTH_BASE.length - 1;
      while (LENGTH_BASE[k] > run) k--;
      symbol(257 + k);
      put(run - LENGTH_BASE[k], LENGTH_EXTRA[k]);
      code(0, 5); // distance code 0: distance 1
      i += run;
    } else {
      symbol(data[i]);
      i++;
    }
  }
  symbol(256); // end of block
  if (count > 0) out.push(bits & 0xff);
  let a = 1, b = 0;
  for (const byte of data) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  out.push(b >>> 8, b & 0xff, a >>> 8, a & 0xff);
  return new Uint8Array(out);
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Base64 of `bytes`, as MCP image content carries it. */
export function base64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}
