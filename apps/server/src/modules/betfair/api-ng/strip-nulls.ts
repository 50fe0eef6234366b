/** Deeper params are bad input: no Betfair request nests beyond a few levels. */
export const MAX_PARAMS_DEPTH = 32;

export class TooDeepError extends Error {}

/**
 * Betfair's clients send every optional parameter, unset ones as null (`"textQuery": null`); null means
 * absent. Removes null-valued keys at every depth (inside arrays of objects too), so an operation sees
 * only what was set. Arrays keep their elements: a null inside a list is the operation's bad input.
 * Throws TooDeepError beyond MAX_PARAMS_DEPTH (hostile nesting must not exhaust the stack).
 */
export function stripNulls(value: Record<string, unknown>, depth = 0): Record<string, unknown> {
  if (depth > MAX_PARAMS_DEPTH) throw new TooDeepError('params are nested too deep');
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (child === null) continue;
    out[key] = stripValue(child, depth + 1);
  }
  return out;
}

function stripValue(value: unknown, depth: number): unknown {
  if (depth > MAX_PARAMS_DEPTH) throw new TooDeepError('params are nested too deep');
  if (Array.isArray(value)) return value.map((item) => stripValue(item, depth + 1));
  if (typeof value === 'object' && value !== null) return stripNulls(value as Record<string, unknown>, depth);
  return value;
}
