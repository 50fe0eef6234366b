import { isJsonObject, type JsonObject, type JsonValue } from './json.ts';

/** Deeper params are bad input: no Betfair request nests beyond a few levels. */
export const MAX_PARAMS_DEPTH = 32;

export class TooDeepError extends Error {}

/**
 * Betfair's clients send every optional parameter, unset ones as null (`"textQuery": null`); null means
 * absent. Removes null-valued keys at every depth (inside arrays of objects too), so an operation sees
 * only what was set. Arrays keep their elements: a null inside a list is the operation's bad input.
 * Throws TooDeepError beyond MAX_PARAMS_DEPTH (hostile nesting must not exhaust the stack).
 */
export function stripNulls(value: JsonObject, depth = 0): JsonObject {
  if (depth > MAX_PARAMS_DEPTH) throw new TooDeepError('params are nested too deep');
  const out: { [key: string]: JsonValue } = {};
  for (const [key, child] of Object.entries(value)) {
    if (child === null || child === undefined) continue;
    out[key] = stripValue(child, depth + 1);
  }
  return out;
}

function stripValue(value: JsonValue, depth: number): JsonValue {
  if (depth > MAX_PARAMS_DEPTH) throw new TooDeepError('params are nested too deep');
  if (Array.isArray(value)) return value.map((item: JsonValue) => stripValue(item, depth + 1));
  if (isJsonObject(value)) return stripNulls(value, depth);
  return value;
}
