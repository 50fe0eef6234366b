import { errorResponseSchema } from '@backlay/contracts';

/** One `response` entry per error status, each with the one error body (docs/decisions/0014). */
export type ErrorResponses<Status extends number> = Record<Status, typeof errorResponseSchema>;

/**
 * The `response` entries for the error statuses a route may answer: `errorResponses(400, 401)`.
 * The statuses stay literal types, so the type provider still knows every status a route may send.
 */
export function errorResponses<const Statuses extends readonly number[]>(
  ...statuses: Statuses
): ErrorResponses<Statuses[number]> {
  const entries = statuses.map((status) => [status, errorResponseSchema]);
  // `Object.fromEntries` types its keys as any string; they are exactly the statuses given.
  return Object.fromEntries(entries) as ErrorResponses<Statuses[number]>;
}
