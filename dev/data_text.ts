/**
 * Data-like text of the kinds tool results are full of: hex, UUIDs, base64,
 * JWTs, numbers in every notation, CSV, minified code, paths, URLs and emoji
 * sequences of every kind. Each kind is a function of a random source that
 * returns the next piece; the caller joins pieces up to a size.
 */

/** A source of numbers in [0, 1). */
export type Rng = () => number;

const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)];
const int = (rng: Rng, lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));

/** `n` characters drawn from `alphabet`. */
export function chars(rng: Rng, alphabet: string, n: number): string {
  let s = "";
  for (let i = 0; i < n; i++) s += alphabet[Math.floor(rng() * alphabet.length)];
  return s;
}

const HEX = "0123456789abcdef";
const DIGITS = "0123456789";
const LOWER = "abcdefghijklmnopqrstuvwxyz";
const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const PUNCT = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
const B64 = UPPER + LOWER + DIGITS + "+/";
const B64URL = UPPER + LOWER + DIGITS + "-_";

function uuid(rng: Rng): string {
  const h = chars(rng, HEX, 32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function base64(rng: Rng, bytes: number, alphabet = B64, pad = true): string {
  const n = Math.ceil(bytes / 3) * 4;
  const body = chars(rng, alphabet, n - (bytes % 3 === 0 ? 0 : 3 - (bytes % 3)));
  return pad ? body.padEnd(n, "=") : body;
}

// base64url of an ASCII JSON text, like a JWT part.
const json64 = (text: string) =>
  btoa(text).replaceAll("+", "-").replaceAll("/", "_").replaceAll("=", "");

function jwt(rng: Rng): string {
  const header = json64(`{"alg":"${pick(rng, ["HS256", "RS256", "ES384"])}","typ":"JWT"}`);
  const payload = json64(
    `{"sub":"${int(rng, 1, 99999999)}","name":"${chars(rng, LOWER, int(rng, 4, 10))}","iat":${
      int(rng, 1.5e9, 1.8e9)
    },"exp":${int(rng, 1.5e9, 1.8e9)},"scope":"${pick(rng, ["read", "read write", "admin"])}"}`,
  );
  return `${header}.${payload}.${base64(rng, pick(rng, [32, 64, 256]), B64URL, false)}`;
}

const number = (rng: Rng): string =>
  pick(rng, [
    () => String(int(rng, 0, 9)),
    () => String(int(rng, -99999, 99999)),
    () => String(int(rng, 0, 2 ** 31)) + String(int(rng, 0, 99999)),
    () => (rng() * 2 - 1).toFixed(int(rng, 1, 17)),
    () => (rng() * 10 ** int(rng, -12, 12)).toExponential(int(rng, 0, 16)),
    () =>
      `${int(rng, 1, 9)}.${chars(rng, DIGITS, int(rng, 1, 6))}E${pick(rng, ["+", "-", ""])}${
        int(rng, 1, 308)
      }`,
    () => "0x" + chars(rng, HEX, int(rng, 1, 16)),
    () => "0X" + chars(rng, "0123456789ABCDEF", int(rng, 2, 8)),
    () => "0b" + chars(rng, "01", int(rng, 4, 64)),
    () => "0o" + chars(rng, "01234567", int(rng, 2, 11)),
    () => int(rng, 0, 1e9).toLocaleString("en-US"),
    () => int(rng, 0, 1e9).toLocaleString("de-DE") + "," + chars(rng, DIGITS, 2),
    () => int(rng, 0, 1e6).toLocaleString("fr-FR"),
    () => `${(rng() * 100).toFixed(int(rng, 0, 2))}%`,
    () => `$${(rng() * 1e5).toFixed(2)}`,
    () => `${(rng() * 1e4).toFixed(2)} €`,
    () => `${int(rng, 1, 99)}/${int(rng, 2, 100)}`,
    () => `${int(rng, 1, 9)}½`,
    () => `${int(rng, 1, 255)}.${int(rng, 0, 255)}.${int(rng, 0, 255)}.${int(rng, 0, 255)}`,
    () => Array.from({ length: 8 }, () => chars(rng, HEX, int(rng, 1, 4))).join(":"),
    () => `v${int(rng, 0, 20)}.${int(rng, 0, 99)}.${int(rng, 0, 999)}`,
    () => `+${int(rng, 1, 99)} ${int(rng, 100, 999)} ${int(rng, 100, 999)} ${int(rng, 1000, 9999)}`,
    () => new Date(int(rng, 0, 4e12)).toISOString(),
    () => String(int(rng, 1e9, 2e9)) + chars(rng, DIGITS, 9),
    () => `${int(rng, 0, 23)}:${String(int(rng, 0, 59)).padStart(2, "0")}`,
    () => `1e${int(rng, -30, 30)}`,
    () => pick(rng, ["NaN", "Infinity", "-Infinity", "-0", "0.0", "1_000_000", "12n"]),
    () => `${int(rng, 1, 9)}${pick(rng, ["²", "³", "⁴", "₁", "₂"])}`,
  ])();

// Emoji of every kind: basic, skin tones, ZWJ sequences, flags, subdivision
// flags (tag sequences), keycaps, presentation selectors.
const EMOJI = {
  basic: Array.from("😀😂🥲🔥🎉🫶🤖🧠💡🚀🐍🦀🍕☕🌍🌈⭐🎯🧪📦🔒🛠📈🧵🪐🫠🥹🫡🪿🫎"),
  skin: ["👍🏻", "👍🏼", "👍🏽", "👍🏾", "👍🏿", "✌🏿", "🙋🏽", "🧑🏻", "👋🏾", "🤙🏼"],
  zwj: [
    "👩‍💻",
    "👨‍👩‍👧‍👦",
    "🧑🏻‍🚀",
    "🐻‍❄️",
    "🏴‍☠️",
    "👁️‍🗨️",
    "🙇‍♀️",
    "🤦🏼‍♂️",
    "🧑🏾‍🤝‍🧑🏻",
    "👩‍❤️‍💋‍👨",
    "🏳️‍🌈",
    "🏳️‍⚧️",
    "❤️‍🔥",
    "🧔‍♀️",
  ],
  flags: ["🇯🇵", "🇧🇷", "🇺🇦", "🇮🇳", "🇩🇪", "🇺🇸", "🇳🇬", "🇰🇷", "🇪🇺", "🇺🇳", "🇦🇶", "🇸🇯"],
  tags: ["🏴󠁧󠁢󠁥󠁮󠁧󠁿", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "🏴󠁧󠁢󠁷󠁬󠁳󠁿", "🏴󠁵󠁳󠁴󠁸󠁿"],
  keycaps: ["1️⃣", "2️⃣", "#️⃣", "*️⃣", "0️⃣", "🔟"],
  presentation: ["❤️", "⚠️", "☀️", "✔️", "✈︎", "☎️", "♻️", "❤︎", "↩️", "™️"],
};

/** One emoji of a random kind. */
export function emoji(rng: Rng): string {
  return pick(rng, pick(rng, Object.values(EMOJI)));
}

function words(rng: Rng, n: number): string {
  return Array.from(
    { length: n },
    () =>
      pick(rng, [
        "error",
        "timeout",
        "user",
        "request",
        "ok",
        "failed",
        "retry",
        "cache",
        "node",
        "value",
      ]),
  ).join(" ");
}

/** Pieces of data-like text, by kind. */
export const DATA_KINDS = {
  hex: (rng: Rng) => () => `${chars(rng, HEX, pick(rng, [16, 32, 40, 64]))}\n`,
  hexUpper: (rng: Rng) => () =>
    `${chars(rng, "0123456789ABCDEF", pick(rng, [8, 16, 32]))}${pick(rng, [" ", ":", "\n"])}`,
  uuids: (rng: Rng) => () =>
    `{"id":"${uuid(rng)}","parent":"${uuid(rng)}","trace":"${chars(rng, HEX, 32)}"},\n`,
  base64: (rng: Rng) => () => base64(rng, 57) + "\n",
  base64Blob: (rng: Rng) => () => base64(rng, int(rng, 1, 3000)),
  base64url: (rng: Rng) => () => base64(rng, int(rng, 16, 48), B64URL, false) + "\n",
  jwt: (rng: Rng) => () => `Authorization: Bearer ${jwt(rng)}\n`,
  numbers: (rng: Rng) => () => number(rng) + pick(rng, [", ", " ", "\n", ",", "; ", "\t"]),
  longDigits: (rng: Rng) => () => chars(rng, DIGITS, int(rng, 20, 3000)) + pick(rng, ["\n", " "]),
  floats: (rng: Rng) => () =>
    `${(rng() * 2 - 1).toFixed(int(rng, 4, 8))}, ${(rng() * 1e-3).toExponential(5)}, `,
  digitsCsv: (rng: Rng) => () =>
    Array.from({ length: 12 }, () => String(int(rng, 0, 9))).join(",") + "\n",
  csv: (rng: Rng) => () =>
    [
      int(rng, 1, 999999),
      `"${chars(rng, UPPER, 1)}${chars(rng, LOWER, int(rng, 3, 9))}, ${chars(rng, UPPER, 1)}${
        chars(rng, LOWER, int(rng, 3, 9))
      }"`,
      `${chars(rng, LOWER, int(rng, 3, 8))}@${chars(rng, LOWER, int(rng, 3, 8))}.invalid`,
      (rng() * 1e4).toFixed(2),
      new Date(int(rng, 1e12, 2e12)).toISOString().slice(0, 10),
      pick(rng, ["true", "false", "", "NULL"]),
      uuid(rng).slice(0, 8),
    ].join(pick(rng, [",", ";", "\t"])) + "\n",
  minifiedJs: (rng: Rng) => () => {
    const v = chars(rng, LOWER, int(rng, 1, 2));
    const w = chars(rng, LOWER + UPPER + "_$", int(rng, 1, 3));
    return pick(rng, [
      `function ${v}(${w},e){return ${w}&&e.${v}?${w}[${int(rng, 0, 99)}]:null}`,
      `var ${v}=${w}.prototype;${v}.get=function(t){return this._${w}[t]||0};`,
      `if(!${v}||${v}.length<${int(rng, 1, 9)})throw new Error("bad ${w}");`,
      `${v}=${w}<<${int(rng, 1, 16)}|${v}>>>${int(rng, 1, 16)}&0x${chars(rng, HEX, 4)};`,
      `const ${v}=async(${w})=>{await ${w}?.then?.(()=>({...${v}}))};`,
      `${v}.push(...${w}.map((e,i)=>e*${int(rng, 2, 9)}+i).filter(Boolean));`,
    ]);
  },
  minifiedCss: (rng: Rng) => () =>
    `.${chars(rng, LOWER, int(rng, 2, 8))}${
      pick(rng, ["", ">a", ":hover", " .x-" + int(rng, 1, 9)])
    }{${pick(rng, ["margin", "padding", "color", "display", "z-index", "transform"])}:${
      pick(rng, [
        `${int(rng, 0, 99)}px`,
        `#${chars(rng, HEX, pick(rng, [3, 6]))}`,
        "none",
        `${rng().toFixed(2)}rem`,
        `rotate(${int(rng, 0, 359)}deg)`,
      ])
    }${pick(rng, ["", "!important"])}}`,
  minifiedJson: (rng: Rng) => () =>
    JSON.stringify({
      id: int(rng, 1, 1e6),
      k: chars(rng, LOWER, int(rng, 1, 12)),
      v: pick(rng, [null, true, rng(), [1, 2, int(rng, 0, 99)], { a: chars(rng, B64, 6) }]),
    }) + ",",
  // JSON inside a JSON string, as MCP tools return it in a text block and as
  // a page of the text of a JSON value carries it: every quote escaped, and
  // escaped twice for JSON in JSON in JSON.
  escapedJson: (rng: Rng) => () => {
    let text = JSON.stringify({
      from: `${pick(rng, ["Sven", "Priya", "Tariq", "Ana"])} ${chars(rng, UPPER, 1)}${
        chars(rng, LOWER, int(rng, 2, 8))
      } #${int(rng, 0, 999)}`,
      to: `${pick(rng, ["Project", "Service", "Migration"])} ${chars(rng, UPPER, 1)}${
        chars(rng, LOWER, int(rng, 3, 7))
      }-${int(rng, 1, 300)}`,
      relationType: pick(rng, ["owns", "reviews", "consults_for"]),
      tags: pick(rng, [[], ["a", "b"], [int(rng, 0, 99)]]),
      path: pick(rng, ["C:\\Users\\x", "/usr/lib", "a\tb", "line\nbreak"]),
    });
    for (let depth = pick(rng, [1, 1, 1, 2]); depth > 0; depth--) {
      text = JSON.stringify(text).slice(1, -1);
    }
    return text + pick(rng, [",", "\\n", ""]);
  },
  // JSON with every non-ASCII character written \uXXXX, as Python's
  // json.dumps writes it by default (emoji as two escaped surrogates).
  asciiEscapedJson: (rng: Rng) => () =>
    JSON.stringify({
      name: pick(rng, [
        "中文",
        "日本語のテキスト",
        "Привет мир",
        "naïve café",
        "😀🚀",
        "한국어",
        "ελληνικά",
      ]),
      id: int(rng, 1, 99999),
      t: chars(rng, LOWER, int(rng, 1, 8)),
    }).replace(/[\u0080-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`) +
    ",",
  paths: (rng: Rng) => () => {
    const depth = int(rng, 2, 7);
    const parts = Array.from(
      { length: depth },
      () =>
        pick(rng, [
          "usr",
          "lib",
          "include",
          "src",
          "node_modules",
          "x86_64-linux-gnu",
          "python3.11",
          "@types",
          ".cache",
          "site-packages",
        ]) + (rng() < 0.4 ? `_${int(rng, 0, 999)}` : ""),
    );
    return `/${parts.join("/")}/${chars(rng, LOWER + "_", int(rng, 3, 14))}.${
      pick(rng, ["h", "so.6", "py", "json", "c", "d.ts", "tar.gz"])
    }\n`;
  },
  windowsPaths: (rng: Rng) => () =>
    `${pick(rng, ["C", "D"])}:\\${
      Array.from(
        { length: int(rng, 1, 6) },
        () =>
          pick(rng, [
            "Users",
            "Program Files (x86)",
            "AppData",
            "Local",
            "Temp",
            "Windows",
            "System32",
          ]),
      ).join("\\")
    }\\${chars(rng, LOWER + UPPER, int(rng, 3, 12))}.${
      pick(rng, ["dll", "exe", "log", "ini"])
    }\r\n`,
  urls: (rng: Rng) => () =>
    `${pick(rng, ["https", "http", "wss"])}://${chars(rng, LOWER, int(rng, 3, 12))}.${
      pick(rng, ["example.invalid", "api.test", "cdn.local"])
    }${pick(rng, ["", ":8080", ":443"])}/${
      Array.from(
        { length: int(rng, 1, 4) },
        () => chars(rng, LOWER + DIGITS + "-", int(rng, 2, 12)),
      )
        .join("/")
    }?${
      Array.from(
        { length: int(rng, 1, 4) },
        () =>
          `${chars(rng, LOWER + "_", int(rng, 1, 8))}=${
            pick(rng, [
              chars(rng, B64URL, int(rng, 4, 40)),
              encodeURIComponent(pick(rng, ["a b", "ü/ß", "x&y=z", "日本", "🚀"])),
              String(int(rng, 0, 1e6)),
            ])
          }`,
      ).join("&")
    }#${chars(rng, LOWER, int(rng, 0, 6))}\n`,
  lowerIds: (rng: Rng) => () =>
    `https://x.invalid/${chars(rng, LOWER, int(rng, 6, 24))}/${
      chars(rng, LOWER, int(rng, 8, 32))
    }\n`,
  secrets: (rng: Rng) => () => {
    let s = "";
    for (let i = int(rng, 16, 64); i > 0; i--) {
      s += String.fromCharCode(33 + Math.floor(rng() * 94));
    }
    return s + "\n";
  },
  emoji: (rng: Rng) => () =>
    Array.from({ length: int(rng, 1, 6) }, () => emoji(rng)).join("") + (rng() < 0.3 ? "\n" : " "),
  emojiChat: (rng: Rng) => () =>
    `${words(rng, int(rng, 1, 8))} ${
      Array.from({ length: int(rng, 1, 3) }, () => emoji(rng)).join("")
    }${pick(rng, [" ", "\n", "! ", ". "])}`,
  flags: (rng: Rng) => () =>
    Array.from({ length: int(rng, 1, 12) }, () => pick(rng, [...EMOJI.flags, ...EMOJI.tags]))
      .join("") + pick(rng, [" ", "\n"]),
  logs: (rng: Rng) => () =>
    `2025-03-${int(rng, 10, 28)}T${int(rng, 10, 23)}:${int(rng, 10, 59)}:${int(rng, 10, 59)}.${
      int(rng, 100, 999)
    }Z ${pick(rng, ["INFO", "WARN", "ERROR", "DEBUG"])} [req-${chars(rng, HEX, 12)}] ${
      pick(rng, ["GET", "POST", "DELETE"])
    } /api/v1/items/${int(rng, 1, 99999)} ${pick(rng, [200, 404, 500])} ${int(rng, 1, 900)}ms\n`,
  whitespace: (rng: Rng) => () =>
    "\n".repeat(int(rng, 1, 3)) + pick(rng, [" ", "\t"]).repeat(int(rng, 0, 200)) +
    pick(rng, ["x", "{", "}", "-", "id"]),
  indentedJson: (rng: Rng) => () =>
    `${"  ".repeat(int(rng, 1, 12))}"${chars(rng, LOWER, int(rng, 2, 10))}": ${
      pick(rng, [
        `"${chars(rng, LOWER + "-_.", int(rng, 1, 20))}"`,
        String(int(rng, 0, 1e5)),
        "[",
        "{",
        "null",
        "true",
      ])
    },\n`,
  symbols: (rng: Rng) => () =>
    Array.from(
      { length: int(rng, 1, 5) },
      () =>
        pick(rng, [
          "├── ",
          "└── ",
          "│   ",
          "→",
          "⇒",
          "∀x∈ℝ",
          "≤",
          "≥",
          "≠",
          "∑",
          "√",
          "∞",
          "©",
          "®",
          "™",
          "€",
          "£",
          "¥",
          "•",
          "…",
          "—",
          "–",
          "“",
          "”",
          "‘",
          "’",
          "★",
          "☆",
          "✓",
          "✗",
          "⚡",
          "☀",
          "①",
          "②",
          "𝐀𝐁𝐂",
          "𝔸𝕓𝕔",
          "𝟙𝟚𝟛",
          "𒀀𒀁",
          "𓀀𓀁",
          "ﷺ",
          "㍿",
        ]),
    ).join(pick(rng, ["", " "])) + pick(rng, [" ", "\n", " x "]),
  combining: (rng: Rng) => () =>
    pick(rng, ["a", "e", "o", "Z", "n", "ư", "ᄀ"]) +
    Array.from({ length: int(rng, 1, 6) }, () => String.fromCharCode(0x300 + int(rng, 0, 0x6f)))
      .join("") +
    (rng() < 0.2 ? " " : ""),
  fullwidth: (rng: Rng) => () =>
    Array.from(
      { length: int(rng, 1, 10) },
      () => String.fromCharCode(0xff01 + int(rng, 0, 0x5d)),
    ).join("") + pick(rng, ["　", " ", "\n", "、"]),
  controls: (rng: Rng) => () =>
    Array.from(
      { length: int(rng, 1, 8) },
      () => String.fromCharCode(pick(rng, [int(rng, 0, 31), 127])),
    )
      .join("") + chars(rng, LOWER, int(rng, 0, 4)),
  // Short pieces of every ASCII class in random order: the one- and
  // two-letter words, short punctuation runs ("=\\_") and digits next to
  // anything that words and real code keep apart.
  codeSoup: (rng: Rng) => () =>
    pick(rng, [
      () => chars(rng, LOWER, int(rng, 1, 6)),
      () => chars(rng, UPPER, 1) + chars(rng, LOWER, int(rng, 0, 5)),
      () => chars(rng, UPPER, int(rng, 1, 4)),
      () => pick(rng, ["the", "of", "get", "id", "self", "return", "if", "x", "i"]),
      () => chars(rng, DIGITS, int(rng, 1, 5)),
      () => chars(rng, PUNCT, int(rng, 1, 4)),
      () => " ",
      () => "\n" + " ".repeat(int(rng, 0, 8)),
      () => pick(rng, ["é", "ü", "中", "д", "😀", "→"]),
    ])(),
  // Runs of a few repeated characters, which words never show (FLOOR_KINDS).
  repeatedLetters: (rng: Rng) => () =>
    chars(rng, pick(rng, [UPPER, LOWER]), 1).repeat(int(rng, 1, 400)) + pick(rng, ["\n", " ", ""]),
  alternations: (rng: Rng) => () =>
    chars(rng, pick(rng, [UPPER, LOWER, UPPER + LOWER, PUNCT]), int(rng, 2, 3))
      .repeat(int(rng, 1, 200)) + pick(rng, ["\n", " ", ""]),
  fasta: (rng: Rng) => () =>
    (rng() < 0.1 ? `>chr${int(rng, 1, 22)}:${int(rng, 1, 1e6)}-${int(rng, 1e6, 2e6)}\n` : "") +
    pick(rng, [
      () => "N".repeat(60),
      () => pick(rng, ["AT", "GA", "CA", "TG"]).repeat(30),
      () => chars(rng, "ACGT", 60),
      () => chars(rng, "acgtn", 60),
    ])() + "\n",
  progressBars: (rng: Rng) => () =>
    "\r".repeat(int(rng, 1, 80)) +
    `[${"#".repeat(int(rng, 0, 40))}${" ".repeat(int(rng, 0, 40))}] ${int(rng, 0, 100)}%` +
    (rng() < 0.05 ? "\n" : ""),
  asciiArt: (rng: Rng) => () =>
    pick(rng, [
      () => chars(rng, " .:-=+*#%@", 60),
      () => `+${"-".repeat(int(rng, 1, 70))}+`,
      () => `|${chars(rng, " |/\\_", int(rng, 1, 70))}|`,
      () => chars(rng, "#.", 60),
    ])() + "\n",
  upperIds: (rng: Rng) => () => chars(rng, UPPER, pick(rng, [8, 16, 25, 26, 32])) + "\n",
  punctuation: (rng: Rng) => () => chars(rng, PUNCT, int(rng, 1, 400)) + pick(rng, ["\n", " ", ""]),
  emptyJson: (rng: Rng) => () =>
    JSON.stringify(
      Object.fromEntries(
        Array.from(
          { length: int(rng, 1, 6) },
          (
            _,
            i,
          ) => [String.fromCharCode(97 + i), pick(rng, [[], {}, [[]], [{}], [null], "", [[[]]]])],
        ),
      ),
    ) + pick(rng, [",", "\n", ""]),
} satisfies Record<string, (rng: Rng) => () => string>;

/**
 * The data kinds made of runs of a few repeated characters: the estimator
 * prices their runs with floors measured on the tokenizers (dev/ascii_runs.ts),
 * so tools/calibrate.ts leaves them out of the linear fit and reports them.
 */
export const FLOOR_KINDS: ReadonlySet<string> = new Set([
  "repeatedLetters",
  "alternations",
  "fasta",
  "progressBars",
  "asciiArt",
  "upperIds",
  "punctuation",
  "emptyJson",
]);
