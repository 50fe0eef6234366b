import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type TlsIdentity = { cert: Buffer; key: Buffer };
export type TlsIdentityEnv = {
  DATA_DIR: string;
  BETFAIR_STREAM_CERT?: string | undefined;
  BETFAIR_STREAM_KEY?: string | undefined;
};

/** Where a pair made at first start is kept, so a restart serves the same certificate. */
export const selfSignedPaths = (dataDir: string) => ({
  cert: path.join(dataDir, 'betfair-stream-cert.pem'),
  key: path.join(dataDir, 'betfair-stream-key.pem'),
});

/**
 * The stream's certificate: the operator's files when both are set, else a self-signed pair made once
 * in DATA_DIR. Betfair's clients accept any certificate (betfairlightweight sets CERT_NONE), so a
 * self-signed one serves them; Node has no certificate generator, so `openssl req` makes it.
 */
export async function tlsIdentity(env: TlsIdentityEnv): Promise<TlsIdentity> {
  if (env.BETFAIR_STREAM_CERT && env.BETFAIR_STREAM_KEY) {
    return { cert: readFileSync(env.BETFAIR_STREAM_CERT), key: readFileSync(env.BETFAIR_STREAM_KEY) };
  }
  const paths = selfSignedPaths(env.DATA_DIR);
  if (!existsSync(paths.cert) || !existsSync(paths.key)) {
    mkdirSync(env.DATA_DIR, { recursive: true });
    await run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-sha256',
      '-days',
      '3650',
      '-subj',
      '/CN=localhost',
      '-keyout',
      paths.key,
      '-out',
      paths.cert,
    ]);
  }
  return { cert: readFileSync(paths.cert), key: readFileSync(paths.key) };
}
