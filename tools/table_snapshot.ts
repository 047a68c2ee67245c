/**
 * A snapshot of what the token estimator decodes from its generated tables
 * (src/tokens/_code_point_prices.ts, _known_words.ts, _short_word_floors.ts,
 * _punctuation_tokens.ts) and of what it estimates on a varied sample, as
 * SHA-256 digests: tests/tokens/tables_test.ts holds the decoded tables and
 * the estimates to tests/tokens/tables_fixture.json, so a new encoding of a
 * table must decode to the same entries, every one, and price every text the
 * same to the last bit. Each table is digested whole and in blocks of 4,096
 * entries, so a difference names where it is.
 *
 *     deno run -A tools/table_snapshot.ts            # prints the snapshot
 *     deno run -A tools/table_snapshot.ts --write    # writes the fixture
 *     deno run -A tools/table_snapshot.ts --corpus   # also corpus/ (not in the fixture)
 *
 * Write the fixture only from tables whose estimates are the ones to keep:
 * when a table's entries change on purpose (a trade of bytes for room,
 * bench/README.md), in the same commit.
 */
import { DEFAULT_WEIGHTS, scan } from "../src/tokens/estimator.ts";
import { categoryOf, categoryPrices } from "../src/tokens/_code_points.ts";
import { GROUP_NAMES, MAX_ALONE_ASTRAL, MAX_ALONE_BMP } from "../src/tokens/_code_point_prices.ts";
import {
  ensureWordTables,
  LONG_WORDS,
  RARE_TRIGRAM,
  SHORT_FLOORS,
  SHORT_WORDS,
} from "../src/tokens/_word_tables.ts";
import { decodedMerges } from "../src/tokens/_punctuation_bpe.ts";
import { generate, random, TEXT_KINDS } from "../dev/generate.ts";
import { asciiAlternations, REVIEWED_RUNS, SPACED_RUNS } from "../dev/reviewed_runs.ts";

/** A table's digest, whole and per block of {@linkcode BLOCK} entries. */
export interface TableDigest {
  length: number;
  sha256: string;
  blocks: string[];
}

/** Entries per block digest. */
export const BLOCK = 4096;

async function sha256(bytes: Uint8Array): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as BufferSource));
  return Array.from(hash, (b) => b.toString(16).padStart(2, "0")).join("");
}

// Entries as float64s: every table's values (integers, prices) are exact there.
function bytesOf(values: ArrayLike<number>, from = 0, to = values.length): Uint8Array {
  const out = new Float64Array(to - from);
  for (let i = from; i < to; i++) out[i - from] = values[i];
  return new Uint8Array(out.buffer);
}

async function digest(values: ArrayLike<number>): Promise<TableDigest> {
  const blocks: string[] = [];
  for (let at = 0; at < values.length; at += BLOCK) {
    blocks.push(
      (await sha256(bytesOf(values, at, Math.min(values.length, at + BLOCK)))).slice(0, 16),
    );
  }
  return { length: values.length, sha256: await sha256(bytesOf(values)), blocks };
}

// The entries of the decoded tables a lookup can reach, whatever their
// layout: the category of every code point, the rare-trigram bit and the
// short-word floor of every word of letters (a-z from 1 to 26), the known
// words' keys sorted, the merges sorted by pair.
function reachable(): Record<string, ArrayLike<number>> {
  ensureWordTables();
  const prices = categoryPrices();
  const categories = new Uint16Array(0x110000);
  for (let cp = 0; cp < 0x110000; cp++) categories[cp] = categoryOf(cp);
  const rareTrigrams: number[] = [];
  const shortFloors: number[] = [];
  for (let shape = 0; shape < 3; shape++) {
    for (let a = 1; a <= 26; a++) {
      for (let b = 1; b <= 26; b++) {
        shortFloors.push(SHORT_FLOORS[shape << 15 | a << 5 | b]);
        for (let c = 1; c <= 26; c++) {
          if (shape === 0) rareTrigrams.push(RARE_TRIGRAM[a << 10 | b << 5 | c]);
          shortFloors.push(SHORT_FLOORS[shape << 15 | a << 10 | b << 5 | c]);
        }
      }
    }
  }
  const knownShort = Array.from(SHORT_WORDS).filter((k) => k !== 0).sort((a, b) => a - b);
  const long: number[][] = [];
  const longWords = LONG_WORDS;
  for (let i = 0; i < longWords.length; i += 3) {
    if (longWords[i] !== 0) long.push([longWords[i + 2], longWords[i + 1], longWords[i]]);
  }
  long.sort((x, y) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2]);
  return {
    categories,
    rareTrigrams,
    knownShort,
    knownLong: long.flat(),
    shortFloors,
    alone: prices.alone,
    start: prices.start,
    categoryGroup: prices.group,
    member: prices.member,
    max: [MAX_ALONE_BMP, MAX_ALONE_ASTRAL, GROUP_NAMES.length],
  };
}

/** Every decoded table, the weights made from them and the punctuation merges (by pair). */
export function tables(): Record<string, ArrayLike<number>> {
  const out: Record<string, ArrayLike<number>> = reachable();
  const w = DEFAULT_WEIGHTS.prices;
  Object.assign(out, {
    "weights.alone": w.alone,
    "weights.continued": w.continued,
    "weights.start": w.start,
    "weights.group": w.group,
    "weights.discountable": w.discountable,
  });
  decodedMerges().forEach((pairs, t) => {
    out[`merges.${t}`] = [...pairs].sort((a, b) => a[0] - b[0]).flat();
  });
  return out;
}

/** The digests of {@linkcode tables}. */
export async function tableDigests(): Promise<Record<string, TableDigest>> {
  const out: Record<string, TableDigest> = {};
  for (const [name, values] of Object.entries(tables())) out[name] = await digest(values);
  return out;
}

/**
 * The sample of texts: every generated kind at 2,000 and 30,000 characters,
 * random code points of all of Unicode (and of the BMP, and next to ASCII),
 * the reviewed runs and the ASCII alternations.
 */
export function sampleTexts(): Record<string, string[]> {
  const rng = random(20261201);
  const cp = (max: number) => {
    const c = Math.floor(rng() * max);
    return c >= 0xd800 && c < 0xe000 && rng() < 0.5 ? 0x20 : c;
  };
  const codePoints = (n: number, max: number, ascii: number) => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      out.push(rng() < ascii ? 0x20 + Math.floor(rng() * 95) : cp(max));
    }
    // Lone surrogates too: fromCharCode for the BMP, fromCodePoint above.
    return out.map((c) => c < 0x10000 ? String.fromCharCode(c) : String.fromCodePoint(c)).join("");
  };
  const randomText: string[] = [];
  for (let i = 0; i < 200; i++) randomText.push(codePoints(400, 0x110000, 0.2));
  for (let i = 0; i < 200; i++) randomText.push(codePoints(400, 0x10000, 0.3));
  for (let i = 0; i < 100; i++) randomText.push(codePoints(400, 0x3000, 0.5));
  const everyCodePoint: string[] = [];
  for (let first = 0; first < 0x110000; first += 0x1000) {
    const parts: string[] = [];
    for (let c = first; c < first + 0x1000; c++) {
      parts.push(c < 0x10000 ? String.fromCharCode(c) : String.fromCodePoint(c));
      if (c % 7 === 0) parts.push(" ");
    }
    everyCodePoint.push(parts.join(""));
  }
  return {
    generated: TEXT_KINDS.flatMap((kind) => [generate(kind, 2_000, 3), generate(kind, 30_000, 5)]),
    random: randomText,
    everyCodePoint,
    reviewed: [...Object.values(REVIEWED_RUNS), ...Object.values(SPACED_RUNS)],
    ascii: asciiAlternations(),
  };
}

/**
 * Per text: its cost without a limit, and where scans with limits of a
 * tenth, a third and two thirds of that cost stop, and their costs.
 */
export function estimates(texts: readonly string[]): Float64Array {
  const out = new Float64Array(7 * texts.length);
  texts.forEach((text, i) => {
    const whole = scan(text, 0, text.length, DEFAULT_WEIGHTS, Infinity).cost;
    out[7 * i] = whole;
    [0.1, 1 / 3, 2 / 3].forEach((share, j) => {
      const part = scan(text, 0, text.length, DEFAULT_WEIGHTS, whole * share);
      out[7 * i + 1 + 2 * j] = part.end;
      out[7 * i + 2 + 2 * j] = part.cost;
    });
  });
  return out;
}

/** The digests of {@linkcode estimates} per sample of {@linkcode sampleTexts}. */
export async function estimateDigests(
  samples: Record<string, string[]> = sampleTexts(),
): Promise<Record<string, TableDigest>> {
  const out: Record<string, TableDigest> = {};
  for (const [name, texts] of Object.entries(samples)) out[name] = await digest(estimates(texts));
  return out;
}

/** Where tests/tokens/tables_test.ts reads the snapshot. */
export const FIXTURE = new URL("../tests/tokens/tables_fixture.json", import.meta.url);

if (import.meta.main) {
  const samples = sampleTexts();
  if (Deno.args.includes("--corpus")) {
    const files: string[] = [];
    for (const entry of Deno.readDirSync(new URL("../corpus/", import.meta.url))) {
      if (entry.isFile) files.push(entry.name);
    }
    files.sort();
    samples.corpus = files.map((name) =>
      Deno.readTextFileSync(new URL(`../corpus/${name}`, import.meta.url))
    );
  }
  const snapshot = { tables: await tableDigests(), estimates: await estimateDigests(samples) };
  if (Deno.args.includes("--write")) {
    delete snapshot.estimates.corpus;
    await Deno.writeTextFile(FIXTURE, JSON.stringify(snapshot, null, 2) + "\n");
  }
  for (const [kind, digests] of Object.entries(snapshot)) {
    for (const [name, { length, sha256 }] of Object.entries(digests)) {
      console.log(`${kind}.${name}: ${length} entries, ${sha256}`);
    }
  }
}
