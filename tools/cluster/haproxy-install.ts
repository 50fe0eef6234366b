import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const HAPROXY = '/usr/sbin/haproxy';

/**
 * `binary`, with `packages` installed from Debian's packages first when this machine lacks it (as the
 * browser is for the browser tests). The machine's user is root, as in the container images.
 */
export function ensureDebianBinary(
  binary: string,
  packages: readonly string[],
  output: NodeJS.WritableStream | null,
): string {
  if (existsSync(binary)) return binary;
  output?.write(`[cluster] ${binary} is missing; installing ${packages.join(', ')} from Debian packages\n`);
  const install = { stdio: 'ignore' as const, env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } };
  execFileSync('apt-get', ['update'], install);
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...packages], install);
  if (!existsSync(binary)) throw new Error(`${binary} could not be installed`);
  return binary;
}

/** The HAProxy binary, installed when missing. */
export async function ensureHaproxy(output: NodeJS.WritableStream | null): Promise<string> {
  return ensureDebianBinary(HAPROXY, ['haproxy'], output);
}
