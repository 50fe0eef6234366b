import { readFileSync } from 'node:fs';
import { userInfo } from 'node:os';

/** The OS user PostgreSQL's tools and PgBouncer run as: neither agrees to run as root. */
export const OS_USER = 'postgres';

/**
 * The `postgres` OS user's ids when this process is root (its files must then be handed over to it),
 * null when it is not (everything runs as this user).
 */
export function postgresOwner(): { uid: number; gid: number } | null {
  if (userInfo({ encoding: 'utf8' }).uid !== 0) return null;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${OS_USER}:`));
  if (!line) throw new Error(`the ${OS_USER} OS user is missing (the postgresql package creates it)`);
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}
