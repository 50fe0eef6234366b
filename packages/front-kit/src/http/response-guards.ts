import type { ErrorResponse } from '@backlay/contracts';

/*
 * Checks written by hand for the answers a first screen reads, where the contracts' zod schemas would
 * put zod in the first download (the player's login screen, docs/decisions/0081). Their tests hold
 * them to the schemas' verdicts.
 */

/** The shape answers are validated with: a contract's zod schema, or a guard below. */
export interface ResponseSchema<T> {
  safeParse: (input: unknown) => { success: true; data: T } | { success: false };
}

export const isFields = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Like `errorResponseSchema.parse`: the message and the optional code; null when anything is off. */
export function readErrorResponse(value: unknown): ErrorResponse | null {
  if (!isFields(value) || typeof value.message !== 'string') return null;
  if (value.code !== undefined && typeof value.code !== 'string') return null;
  return value.code === undefined ? { message: value.message } : { message: value.message, code: value.code };
}

/** A reader as a `ResponseSchema`. */
export function guard<T>(read: (value: unknown) => T | null): ResponseSchema<T> {
  return {
    safeParse: (input) => {
      const data = read(input);
      return data === null ? { success: false } : { success: true, data };
    },
  };
}
