/**
 * The tool result of the cold-start benchmark: about 600 KB of JSON, a list
 * of messages with English, CJK, emoji and punctuation, the same on every
 * call (seeded). Built when the tool runs, as a server builds a result, so
 * both Workers pay it in their first call alike.
 */

const WORDS = [
  "deploy",
  "timeout",
  "worker",
  "retry",
  "cache",
  "request",
  "failed",
  "queue",
  "token",
  "limit",
];
const CJK = ["部署失败", "请求超时", "キャッシュ", "再試行します", "서버 오류", "队列已满"];
const EMOJI = ["🚀", "🔥", "✅", "❌", "⚠️", "🎉", "👀", "🐛"];
const PUNCTUATION = ["!", "?", "...", " -- ", ": ", "; ", " (", ") ", " [x] ", " => "];

/** The result's text: `count` messages (1,600 make about 610 KB of UTF-8). */
export function resultText(count = 1_600): string {
  let seed = 7;
  const next = (n: number) => {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    return (seed >>> 8) % n;
  };
  const pick = <T>(list: readonly T[]) => list[next(list.length)];
  const sentence = (words: number) =>
    Array.from({ length: words }, () => pick(WORDS)).join(" ") + pick(PUNCTUATION) + pick(CJK) +
    " " + pick(EMOJI);
  const messages = Array.from({ length: count }, (_, i) => ({
    id: 100_000 + i,
    author: `user-${next(500)}`,
    channel: pick(CJK),
    text: `${sentence(8)} ${sentence(12)} ${sentence(6)}`,
    reactions: [pick(EMOJI), pick(EMOJI)],
    path: `/srv/${pick(WORDS)}/${pick(WORDS)}-${next(1_000)}.log`,
    score: next(10_000) / 100,
  }));
  return JSON.stringify({ channel: "incidents", total: count, messages });
}
