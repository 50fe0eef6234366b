import { composeDeps } from '../compose.ts';
import { openDatabase } from '../db/open.ts';
import { loadEnv } from '../env.ts';
import { USAGE, runAdminCommand } from './commands.ts';

/**
 * `npm run admin -- <command>`: the cash desk against the configured database (DATABASE_URL, or the
 * embedded PGlite in DATA_DIR — which only one process can open, so stop the server first). Balance
 * changes and suspensions made here reach every running portal through the bus: Redis with REDIS_URL,
 * else PostgreSQL's NOTIFY (docs/decisions/0050); closing the bus waits until they are sent.
 */
async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help') {
    console.log(USAGE);
    return argv.length === 0 ? 1 : 0;
  }
  const env = loadEnv();
  const db = await openDatabase(env, { applicationName: 'backlay-admin' });
  const deps = composeDeps(env, db);
  try {
    await runAdminCommand(deps, argv, (line) => console.log(line));
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    await deps.bus.close();
    await db.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
