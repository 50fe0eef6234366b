import { randomBytes } from 'node:crypto';
import { dropDatabase, ensureDatabase } from '../cluster/database.ts';
import { startHaPostgres, type HaPostgres } from '../cluster/ha-postgres.ts';

export type RunDatabase = {
  url: string;
  /** Where lists and reports read, with --ha: the standby through PgBouncer. */
  readUrl?: string;
  name: string;
  ha?: HaPostgres;
  drop(): Promise<void>;
};

/**
 * The run's database: a fresh one on the PostgreSQL server at `serverUrl`, or (`ha`) on a primary with a
 * synchronous standby of the run's own, reached through PgBouncer (decision 0303), dropped with it.
 */
export async function runDatabase(
  serverUrl: string,
  options: { ha: boolean; output: NodeJS.WritableStream; onPrimaryChange(name: string | null): void },
): Promise<RunDatabase> {
  const name = `chaos_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  if (options.ha) {
    const ha = await startHaPostgres({ database: name, output: options.output });
    ha.watch((primary) => options.onPrimaryChange(primary?.name ?? null));
    return { url: ha.url, readUrl: ha.readUrl, name, ha, drop: () => ha.stop() };
  }
  const url = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
  await ensureDatabase(url);
  return { url, name, drop: () => dropDatabase(url) };
}
