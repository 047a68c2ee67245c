/**
 * A bar chart of weekly issue activity as a PNG, drawn pixel by pixel and
 * compressed with the Web-standard `CompressionStream`: no canvas, no
 * dependency, the same bytes in Deno and workerd.
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
export async function activityChart(weeks: readonly WeekActivity[]): Promise<Uint8Array> {
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
  return await encodePng(width, height, pixels);
}

/** An 8-bit palette PNG of `pixels` (one palette index a pixel, rows top to bottom). */
async function encodePng(width: number, height: number, pixels: Uint8Array): Promise<Uint8Array> {
  const raw = new Uint8Array((width + 1) * height); // each row starts with filter type 0
  for (let y = 0; y < height; y++) {
    raw.set(pixels.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
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
    chunk("IDAT", await deflate(raw)),
    chunk("IEND", new Uint8Array()),
  ]);
}

async function deflate(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data as Uint8Array<ArrayBuffer>]).stream()
    .pipeThrough(new CompressionStream("deflate")); // zlib format, as PNG wants
  return new Uint8Array(await new Response(stream).arrayBuffer());
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
