/**
 * Seeded generators of realistic hard text for tokenizer and paging tests:
 * prose in several scripts, ids, secrets, numbers, emoji, code and paths.
 * The same seed always gives the same text.
 */

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

type Rng = () => number;
const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)];
const int = (rng: Rng, lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));

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

function prose(rng: Rng, words: readonly string[], space: string, stop: string): () => string {
  return () => {
    const n = int(rng, 6, 18);
    const sentence: string[] = [];
    for (let i = 0; i < n; i++) sentence.push(pick(rng, words));
    return sentence.join(space) + stop + (rng() < 0.15 ? "\n\n" : " ");
  };
}

const THAI = [
  "การ",
  "ของ",
  "ที่",
  "และ",
  "ใน",
  "เป็น",
  "ได้",
  "มี",
  "ไม่",
  "ให้",
  "ระบบ",
  "ข้อมูล",
  "ผู้ใช้",
  "เซิร์ฟเวอร์",
  "ประเทศไทย",
  "กรุงเทพมหานคร",
  "ความปลอดภัย",
  "การตั้งค่า",
  "ข้อผิดพลาด",
  "เครือข่าย",
  "โปรแกรม",
  "วันนี้",
  "เมื่อวาน",
  "สำหรับ",
  "อย่างไรก็ตาม",
  "นักพัฒนา",
  "ฐานข้อมูล",
  "รายงาน",
];
const TAMIL = [
  "அவர்",
  "இந்த",
  "ஒரு",
  "மற்றும்",
  "என்று",
  "தமிழ்நாடு",
  "சென்னை",
  "பயனர்",
  "தகவல்",
  "அமைப்பு",
  "சேவையகம்",
  "பிழை",
  "கோப்பு",
  "நிரல்",
  "பாதுகாப்பு",
  "இணையம்",
  "மொழி",
  "வேலை",
  "நேரம்",
  "அரசாங்கம்",
  "பல்கலைக்கழகம்",
  "வளர்ச்சி",
  "புதிய",
  "பழைய",
  "செய்தி",
];
const ARABIC = [
  "في",
  "من",
  "على",
  "إلى",
  "أن",
  "هذا",
  "التي",
  "الذي",
  "المستخدم",
  "الخادم",
  "البيانات",
  "النظام",
  "الأمان",
  "الشبكة",
  "الملف",
  "البرنامج",
  "المطور",
  "التقرير",
  "الخطأ",
  "الإعدادات",
  "قاعدة",
  "الحكومة",
  "الجامعة",
  "القاهرة",
  "الرياض",
  "بسرعة",
  "كبيرة",
  "جديدة",
];
const RUSSIAN = [
  "и",
  "в",
  "не",
  "на",
  "что",
  "это",
  "как",
  "пользователь",
  "сервер",
  "данные",
  "система",
  "безопасность",
  "сеть",
  "файл",
  "программа",
  "разработчик",
  "отчёт",
  "ошибка",
  "настройки",
  "база",
  "государство",
  "университет",
  "Москва",
  "быстро",
  "большой",
  "новый",
  "обновление",
  "конфигурации",
  "производительность",
];
const ENGLISH = [
  "the",
  "of",
  "and",
  "to",
  "in",
  "is",
  "that",
  "for",
  "it",
  "as",
  "with",
  "was",
  "on",
  "request",
  "server",
  "timeout",
  "configuration",
  "deployment",
  "authentication",
  "database",
  "returns",
  "unexpected",
  "error",
  "after",
  "upgrade",
  "when",
  "cluster",
  "Kubernetes",
  "ingress",
  "latency",
];
const ACCENTED = [
  "été",
  "garçon",
  "français",
  "déjà",
  "über",
  "Straße",
  "Größe",
  "Müller",
  "żółć",
  "łódź",
  "Việt",
  "Nguyễn",
  "tiếng",
  "người",
  "España",
  "niño",
  "año",
  "São",
  "Paulo",
  "coração",
  "naïve",
  "Øresund",
  "Ærø",
  "İstanbul",
  "ğüşöç",
  "Dvořák",
  "Čeština",
  "the",
  "and",
  "server",
];
const GREEK = [
  "και",
  "του",
  "της",
  "είναι",
  "διακομιστής",
  "δεδομένα",
  "σύστημα",
  "ασφάλεια",
  "Αθήνα",
  "Ελλάδα",
  "χρήστης",
  "αρχείο",
  "πρόγραμμα",
  "σφάλμα",
  "ρυθμίσεις",
  "γρήγορα",
];
const OTHER_SCRIPTS = [
  "ሰላም",
  "ኢትዮጵያ",
  "Բարեւ",
  "Հայաստան",
  "გამარჯობა",
  "საქართველო",
  "ជំរាបសួរ",
  "កម្ពុជា",
  "ᠮᠣᠩᠭᠣᠯ",
  "ᎣᏏᏲ",
  "ᐊᐃᖓᐃ",
  "ꦲꦏ꧀ꦱꦫ",
  "ᥑᥩᥢᥰ",
  "ᠰᠠᠶᠢᠨ",
];
const SYMBOLS = [
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
];
const EMOJI = [
  "😀",
  "😂",
  "🥲",
  "👍🏽",
  "👩‍💻",
  "👨‍👩‍👧‍👦",
  "🏳️‍🌈",
  "🇯🇵",
  "🇧🇷",
  "🇺🇦",
  "🇮🇳",
  "❤️",
  "🔥",
  "✌🏿",
  "🧑🏻‍🚀",
  "🐻‍❄️",
  "🏴‍☠️",
  "🫶",
  "🎉",
  "⚠️",
  "👁️‍🗨️",
  "🙇‍♀️",
  "🤦🏼‍♂️",
];

const HEX = "0123456789abcdef";
const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

function chars(rng: Rng, alphabet: string, n: number): string {
  let s = "";
  for (let i = 0; i < n; i++) s += alphabet[Math.floor(rng() * alphabet.length)];
  return s;
}

function printable(rng: Rng, n: number): string {
  let s = "";
  for (let i = 0; i < n; i++) s += String.fromCharCode(33 + Math.floor(rng() * 94));
  return s;
}

function uuid(rng: Rng): string {
  const h = chars(rng, HEX, 32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const KINDS = {
  thai: (rng: Rng) => prose(rng, THAI, "", " "),
  tamil: (rng: Rng) => prose(rng, TAMIL, " ", ". "),
  arabic: (rng: Rng) => prose(rng, ARABIC, " ", ". "),
  russian: (rng: Rng) => prose(rng, RUSSIAN, " ", ". "),
  english: (rng: Rng) => prose(rng, ENGLISH, " ", "."),
  hex: (rng: Rng) => () => `${chars(rng, HEX, pick(rng, [16, 32, 40, 64]))}\n`,
  uuids: (rng: Rng) => () =>
    `{"id":"${uuid(rng)}","parent":"${uuid(rng)}","trace":"${chars(rng, HEX, 32)}"},\n`,
  secrets: (rng: Rng) => () => `${printable(rng, int(rng, 16, 64))}\n`,
  base64: (rng: Rng) => () => chars(rng, B64, 76) + "\n",
  floats: (rng: Rng) => () =>
    `${(rng() * 2 - 1).toFixed(int(rng, 4, 8))}, ${(rng() * 1e-3).toExponential(5)}, `,
  digitsCsv: (rng: Rng) => () =>
    Array.from({ length: 12 }, () => String(int(rng, 0, 9))).join(",") + "\n",
  emoji: (rng: Rng) => () =>
    Array.from({ length: int(rng, 1, 6) }, () => pick(rng, EMOJI)).join("") +
    (rng() < 0.3 ? "\n" : " "),
  minifiedJs: (rng: Rng) => () => {
    const v = chars(rng, "abcdefghijklmnopqrstuvwxyz", int(rng, 1, 2));
    const w = chars(rng, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_$", int(rng, 1, 3));
    return pick(rng, [
      `function ${v}(${w},e){return ${w}&&e.${v}?${w}[${int(rng, 0, 99)}]:null}`,
      `var ${v}=${w}.prototype;${v}.get=function(t){return this._${w}[t]||0};`,
      `if(!${v}||${v}.length<${int(rng, 1, 9)})throw new Error("bad ${w}");`,
      `${v}=${w}<<${int(rng, 1, 16)}|${v}>>>${int(rng, 1, 16)}&0x${chars(rng, HEX, 4)};`,
    ]);
  },
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
        ]) +
        (rng() < 0.4 ? `_${int(rng, 0, 999)}` : ""),
    );
    return `/${parts.join("/")}/${chars(rng, "abcdefghijklmnopqrstuvwxyz_", int(rng, 3, 14))}.${
      pick(rng, ["h", "so.6", "py", "json", "c"])
    }\n`;
  },
  accented: (rng: Rng) => prose(rng, ACCENTED, " ", ". "),
  greek: (rng: Rng) => prose(rng, GREEK, " ", ". "),
  otherScripts: (rng: Rng) => prose(rng, OTHER_SCRIPTS, " ", ". "),
  symbols: (rng: Rng) => () =>
    Array.from({ length: int(rng, 1, 5) }, () => pick(rng, SYMBOLS)).join(pick(rng, ["", " "])) +
    pick(rng, [" ", "\n", " x "]),
  combining: (rng: Rng) => () =>
    pick(rng, ["a", "e", "o", "Z", "n"]) +
    Array.from({ length: int(rng, 1, 6) }, () => String.fromCharCode(0x300 + int(rng, 0, 0x6f)))
      .join("") +
    (rng() < 0.2 ? " " : ""),
  whitespace: (rng: Rng) => () =>
    "\n".repeat(int(rng, 1, 3)) + pick(rng, [" ", "\t"]).repeat(int(rng, 0, 200)) +
    pick(rng, ["x", "{", "}", "-", "id"]),
  lowerIds: (rng: Rng) => () =>
    `https://x.invalid/${chars(rng, "abcdefghijklmnopqrstuvwxyz", int(rng, 6, 24))}/${
      chars(rng, "abcdefghijklmnopqrstuvwxyz", int(rng, 8, 32))
    }\n`,
  logs: (rng: Rng) => () =>
    `2025-03-${String(int(rng, 10, 28))}T${String(int(rng, 10, 23))}:${String(int(rng, 10, 59))}:${
      String(int(rng, 10, 59))
    }.${int(rng, 100, 999)}Z INFO [req-${chars(rng, HEX, 12)}] GET /api/v1/items/${
      int(rng, 1, 99999)
    } ${pick(rng, [200, 404, 500])} ${int(rng, 1, 900)}ms\n`,
};

/** The names of the kinds of text {@linkcode generate} makes. */
export type TextKind = keyof typeof KINDS;

/** Every kind of generated text. */
export const TEXT_KINDS = Object.keys(KINDS) as TextKind[];

/** About `size` characters of one kind of text, the same for the same seed. */
export function generate(kind: TextKind, size: number, seed = 1): string {
  return build(size, KINDS[kind](random(seed)));
}
