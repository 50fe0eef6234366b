import pg from 'pg';

/** Runs `work` on the server's `postgres` database, with the name of the database `url` names. */
async function onServer(
  url: string,
  work: (client: pg.Client, name: string, quotedName: string) => Promise<void>,
) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await work(client, name, `"${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

/** Creates the database `url` names when its server lacks it (a fresh machine has only `postgres`). */
export function ensureDatabase(url: string): Promise<void> {
  return onServer(url, async (client, name, quotedName) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${quotedName}`);
  });
}

/** Drops a database made for one run, ending whatever is still connected to it. */
export function dropDatabase(url: string): Promise<void> {
  return onServer(url, async (client, _name, quotedName) => {
    await client.query(`DROP DATABASE IF EXISTS ${quotedName} WITH (FORCE)`);
  });
}
