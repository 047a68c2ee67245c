/**
 * Runs a program to its end, for tools and tests that drive command-line
 * tools (npm, node, tsc): what it printed and its status, and errors that say
 * what to install or what it printed.
 */

/** How a program run ended and what it printed. */
export interface CommandRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** What {@linkcode runCommand} needs beside the program and its arguments. */
export interface CommandOptions {
  /** The working directory. */
  cwd: string;
  /** How to install the program, said when it is not on PATH. */
  install: string;
}

/** Node 20+ with npm, on Debian. */
export const INSTALL_NODE = "apt-get update && apt-get install -y nodejs npm (Node 20 or newer)";

/** Runs `program` with `args` to its end; throws naming `install` when it is not on PATH. */
export async function runCommand(
  program: string,
  args: string[],
  { cwd, install }: CommandOptions,
): Promise<CommandRun> {
  let output: Deno.CommandOutput;
  try {
    output = await new Deno.Command(program, { args, cwd, stdout: "piped", stderr: "piped" })
      .output();
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      throw new Error(`${program} is not on PATH; install it: ${install}`);
    }
    throw error;
  }
  const decoder = new TextDecoder();
  return {
    code: output.code,
    stdout: decoder.decode(output.stdout),
    stderr: decoder.decode(output.stderr),
  };
}

/** {@linkcode runCommand}, its stdout; a failure is an error with all it printed. */
export async function runOrThrow(
  program: string,
  args: string[],
  options: CommandOptions,
): Promise<string> {
  const run = await runCommand(program, args, options);
  if (run.code !== 0) {
    throw new Error(
      `${program} ${args.join(" ")} failed (status ${run.code}):\n${run.stdout}${run.stderr}`,
    );
  }
  return run.stdout;
}
