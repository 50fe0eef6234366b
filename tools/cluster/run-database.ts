import { dropDatabase, ensureDatabase } from './database.ts';
import { startHaPostgres, type HaPostgres } from './ha-postgres.ts';

export type RunDatabase = {
  url: string;
  /** Where lists and reports read, with `ha`: the standby through PgBouncer. */
  readUrl?: string;
  name: string;
  ha?: HaPostgres;
  /** Drops the database, or stops the primary and standby and removes their files. */
  drop(): Promise<void>;
};

export type RunDatabaseOptions = {
  /** The PostgreSQL server for the fresh database (any database of it): unused with `ha`. */
  serverUrl: string;
  name: string;
  ha: boolean;
  output: NodeJS.WritableStream | null;
};

/**
 * A run's database `name`: a fresh one on the PostgreSQL server at `serverUrl`, or (`ha`) on a primary
 * with a synchronous standby of the run's own, reached through PgBouncer (decision 0303).
 */
export async function runDatabase(options: RunDatabaseOptions): Promise<RunDatabase> {
  const { name } = options;
  if (options.ha) {
    const ha = await startHaPostgres({ database: name, output: options.output });
    return { url: ha.url, readUrl: ha.readUrl, name, ha, drop: () => ha.stop() };
  }
  const url = Object.assign(new URL(options.serverUrl), { pathname: `/${name}` }).toString();
  await ensureDatabase(url);
  return { url, name, drop: () => dropDatabase(url) };
}
