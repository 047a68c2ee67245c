// A JSON Schema validator for the SDK that accepts everything: the proxy
// passes elicitation answers and tool outputs on, and checking them against
// their schemas is the business of the two ends (and Ajv is slow to build).

type Valid<T> = { valid: true; data: T; errorMessage: undefined };

function accept<T>(): (input: unknown) => Valid<T> {
  return (input: unknown): Valid<T> => ({ valid: true, data: input as T, errorMessage: undefined });
}

/** Passes every value as valid. */
export const passThroughValidator: { getValidator: typeof accept } = { getValidator: accept };
