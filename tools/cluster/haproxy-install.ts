import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const HAPROXY = '/usr/sbin/haproxy';

/**
 * The HAProxy binary, installed from Debian's packages when this machine lacks it (as the browser is
 * for the browser tests).
 */
export async function ensureHaproxy(output: NodeJS.WritableStream | null): Promise<string> {
  if (existsSync(HAPROXY)) return HAPROXY;
  output?.write('[cluster] HAProxy is missing; installing it from Debian packages\n');
  const install = { stdio: 'ignore' as const, env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } };
  execFileSync('apt-get', ['update'], install);
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'haproxy'], install);
  if (!existsSync(HAPROXY)) throw new Error('HAProxy could not be installed');
  return HAPROXY;
}
