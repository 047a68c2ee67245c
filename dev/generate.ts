/**
 * Seeded generators of realistic hard text for tokenizer and paging tests:
 * prose in many writing systems (dev/prose.ts) and data-like text
 * (dev/data_text.ts). The same seed always gives the same text.
 */
import { DATA_KINDS, type Rng } from "./data_text.ts";
import { LANGUAGE_NAMES, type LanguageName, LANGUAGES, prose } from "./prose.ts";

/** A small deterministic PRNG (mulberry32). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function build(size: number, next: () => string): string {
  const parts: string[] = [];
  let length = 0;
  while (length < size) {
    const part = next();
    parts.push(part);
    length += part.length;
  }
  return parts.join("");
}

/** The kinds of data-like text. */
export type DataKind = keyof typeof DATA_KINDS;

/** The names of the kinds of text {@linkcode generate} makes: a language or a data kind. */
export type TextKind = LanguageName | DataKind;

/** Every data-like kind. */
export const DATA_TEXT_KINDS = Object.keys(DATA_KINDS) as DataKind[];

/** Every kind of generated text: prose of every language, then every data kind. */
export const TEXT_KINDS: TextKind[] = [...LANGUAGE_NAMES, ...DATA_TEXT_KINDS];

/** The writing system of a kind: a script name for prose, "data" otherwise. */
export function scriptOf(kind: TextKind): string {
  return kind in LANGUAGES ? LANGUAGES[kind as LanguageName].script : "data";
}

/** About `size` characters of one kind of text, the same for the same seed. */
export function generate(kind: TextKind, size: number, seed = 1): string {
  const rng: Rng = random(seed);
  if (kind in LANGUAGES) return prose(kind as LanguageName, size, rng);
  return build(size, DATA_KINDS[kind as DataKind](rng));
}
