// The names a tool's narrowing arguments go by. A tool may rename them
// (`narrow: { grep: "filter" }`); every note and error the model reads calls
// them by the tool's names, so that the model sends what the tool takes.

/** The names a tool's narrowing arguments go by (absent: the tool has none of that). */
export interface NarrowArguments {
  /** The name of the tool's grep argument. */
  grep?: string;
  /** The name of the tool's fields argument. */
  fields?: string;
}

/** The names notes and errors call the two arguments by. */
export interface ArgumentNames {
  readonly grep: string;
  readonly fields: string;
}

/** The default names: what `createPager`, `paginate` and `pagedTool` call them unless renamed. */
export const DEFAULT_NAMES: ArgumentNames = Object.freeze({ grep: "grep", fields: "fields" });

/** The names to call the arguments by: the tool's own where given, else the defaults. */
export function argumentNames(given: NarrowArguments | undefined): ArgumentNames {
  if (given?.grep === undefined && given?.fields === undefined) return DEFAULT_NAMES;
  return { grep: given.grep ?? DEFAULT_NAMES.grep, fields: given.fields ?? DEFAULT_NAMES.fields };
}
