import { z } from 'zod';

/**
 * A record id (a UUID) as every route, query and socket accepts it: any letter case in, lower case out.
 * PostgreSQL compares `uuid` columns case-insensitively but ids inside text (ledger account ids such as
 * `cash:<id>`) exactly, so without one spelling the same player would be found by one route and not by
 * another.
 */
export function idSchemaFor(noun: string) {
  return z.uuid(`must be ${noun} (uuid)`).toLowerCase();
}

/** Any record id (users, players, games…), normalised to lower case. */
export const idSchema = idSchemaFor('an id');
