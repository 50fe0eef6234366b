/**
 * JSON as a request carries it once parsed: every key may be absent and every value of any JSON type,
 * so an operation reads and checks each field it uses before it trusts it.
 */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | JsonObject;
export type JsonObject = { readonly [key: string]: JsonValue | undefined };

export const isJsonObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
