/** Issue-like records, as a GitHub-style tool returns them. */
export function issues(n: number): Array<Record<string, unknown>> {
  return Array.from({ length: n }, (_, i) => ({
    number: i + 1,
    title: `Build fails on step ${i % 17} after upgrade`,
    state: i % 4 ? "open" : "closed",
    labels: [{ name: "bug" }, { name: i % 3 ? "ci" : "deps" }],
    user: { login: `user${i % 97}` },
    body: `Steps to reproduce: run the pipeline with cache key ${(i * 7919).toString(16)}. ` +
      "Expected the build to pass; it fails with exit code 137 after 14 minutes.",
  }));
}
