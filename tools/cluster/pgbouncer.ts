import { chownSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDebianBinary } from './haproxy-install.ts';
import { OS_USER, postgresOwner } from './os-user.ts';
import { Supervised } from './supervised.ts';

/**
 * A throw-away folder under the system's temporary one, handed to the `postgres` OS user when this
 * process is root: PgBouncer and PostgreSQL's tools run as that user and write their files there.
 */
export function workFolder(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const owner = postgresOwner();
  if (owner) chownSync(dir, owner.uid, owner.gid);
  return dir;
}

/**
 * PgBouncer over `iniFile`, not yet started; as the `postgres` OS user when this process is root, since
 * PgBouncer refuses to run as root. Installs the Debian package when missing.
 */
export function pgbouncerProcess(iniFile: string, output: NodeJS.WritableStream | null): Supervised {
  const binary = ensureDebianBinary('/usr/sbin/pgbouncer', ['pgbouncer'], output);
  return new Supervised({
    name: 'pgbouncer',
    command: [binary, ...(postgresOwner() ? ['-u', OS_USER] : []), iniFile],
    env: process.env,
    output,
  });
}
