/**
 * Adversarial ASCII runs for the estimator's run floors (tools/calibrate.ts)
 * and its tests: every printable ASCII character repeated, two- and
 * three-character alternations within one run class, at lengths 1 to 4096.
 * Runs of one to three distinct characters are where the vocabularies'
 * merges stop paying off (`"qXqX"` is one token per character) or pay off in
 * a fixed period (`"NNNN"` one per two), and what a fit on words never sees.
 */
import type { Rng } from "./data_text.ts";

/** The run classes of the token estimator that get a floor, in its order. */
export { RUN_CLASSES } from "../src/tokens/_features.ts";

const LOWER = "abcdefghijklmnopqrstuvwxyz";
const UPPER = LOWER.toUpperCase();
const DIGITS = "0123456789";
const PUNCT = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";

/** Lengths measured: every length to 64, then up to 4096. */
export const RUN_LENGTHS: readonly number[] = [
  ...Array.from({ length: 64 }, (_, i) => i + 1),
  80,
  100,
  128,
  200,
  256,
  512,
  1024,
  4096,
];

/** A run of `length` characters repeating `unit`. */
export function runOf(unit: string, length: number): string {
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
}

/**
 * The repeating units of the adversarial runs: every character of an
 * alphabet, every pair, and `triples` random triples.
 */
function units(alphabet: string, rng: Rng, triples: number): string[] {
  const out = [...alphabet];
  for (const a of alphabet) for (const b of alphabet) if (a !== b) out.push(a + b);
  for (let i = 0; i < triples; i++) {
    out.push(
      Array.from({ length: 3 }, () => alphabet[Math.floor(rng() * alphabet.length)]).join(""),
    );
  }
  return out;
}

/** The repeating units per alphabet of one run class (letters by their case mix). */
export function adversarialUnits(rng: Rng): string[] {
  const mixedPairs: string[] = [];
  for (const a of LOWER) for (const b of UPPER) mixedPairs.push(a + b, b + a);
  return [
    ...units(LOWER, rng, 300),
    ...units(UPPER, rng, 300),
    ...mixedPairs,
    ...units(LOWER + UPPER, rng, 300).filter((u) => u.length === 3),
    ...units(DIGITS, rng, 100),
    ...units(PUNCT, rng, 400),
    " ",
    "\t",
    "\r",
    "\n",
    "\r\n",
    "\n\r",
    "\r\r\n",
  ];
}
