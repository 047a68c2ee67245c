/**
 * Structural MCP types: the shapes pagewise reads and writes, so that its
 * public signatures need no SDK types and serve both SDK generations.
 *
 * @module
 */

/** One block of a tool result's `content` (text, image, audio, resource, …). */
export interface ContentBlock {
  /** `text`, `image`, `audio`, `resource_link` or `resource`. */
  type: string;
  /** The block's other fields (`text`, `data`, `mimeType`, `resource`, …). */
  [field: string]: unknown;
}

/** A `CallToolResult`: what a tool returns. */
export interface ToolResult {
  /** What the model sees, in order. */
  content?: ContentBlock[];
  /** The same result as an object, for tools with an output schema. */
  structuredContent?: Record<string, unknown>;
  /** Whether the tool failed; such results are trimmed, never paged. */
  isError?: boolean;
  /** Protocol metadata, passed on unchanged. */
  _meta?: Record<string, unknown>;
  /** Other fields, passed on unchanged. */
  [field: string]: unknown;
}

/** A tool as `tools/list` describes it. */
export interface ToolDescription {
  /** The tool's name. */
  name: string;
  /** What the tool does, for the model. */
  description?: string;
  /** JSON Schema of the arguments. */
  inputSchema?: {
    /** Always `"object"`. */
    type?: string;
    /** The arguments, by name. */
    properties?: Record<string, unknown>;
    /** Other schema keywords. */
    [keyword: string]: unknown;
  };
  /** JSON Schema of `structuredContent`. */
  outputSchema?: Record<string, unknown>;
  /** Protocol metadata. */
  _meta?: Record<string, unknown>;
  /** Other fields, passed on unchanged. */
  [field: string]: unknown;
}
