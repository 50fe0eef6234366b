import { sql as auth } from './001-auth.ts';

/** Ordered, append-only. A released migration is never edited; add a new one instead. */
export const migrations: ReadonlyArray<{ id: string; sql: string }> = [{ id: '001-auth', sql: auth }];
