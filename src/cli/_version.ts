// The package's version, as `pagewise --version` prints it. deno.json's
// `version` is the source; tests/cli/command_line_test.ts holds them equal.
export const VERSION = "0.2.0";
