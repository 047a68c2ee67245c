/** Placeholder: the nine synthetic generators. */
import type { CorpusResult } from "./corpus.ts";

const todo = (): CorpusResult => {
  throw new Error("not yet");
};

/** The synthetic corpus files, by name. */
export const SYNTHETIC: Record<string, () => CorpusResult> = {
  "synthetic-github-issues-5000.json.gz": todo,
  "synthetic-app-log-2mb.json": todo,
  "synthetic-search-results-dict.json": todo,
  "synthetic-hindi-devanagari-200kb.json": todo,
  "synthetic-cjk-zh-ja-ko-300kb.json": todo,
  "synthetic-emoji-chat-250kb.json": todo,
  "synthetic-base64-attachments-1500kb.json": todo,
  "synthetic-trace-spans-hex-uuid-1500kb.json": todo,
  "synthetic-vector-query-embeddings.json": todo,
};
