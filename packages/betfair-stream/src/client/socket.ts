import { isIP } from 'node:net';
import type { Duplex } from 'node:stream';
import tls from 'node:tls';
import type { SocketTarget } from './options.ts';

/**
 * The stream's socket: TLS, verified against Node's authorities (and NODE_EXTRA_CA_CERTS) plus `ca`
 * when given; `rejectUnauthorized: false` takes any certificate, as a self-signed test peer needs.
 */
export function openTlsSocket(target: SocketTarget): Duplex {
  const { ca, rejectUnauthorized = true } = target.tls;
  const socket = tls.connect({
    host: target.host,
    port: target.port,
    // SNI takes a host name only.
    ...(isIP(target.host) === 0 ? { servername: target.host } : {}),
    ...(ca ? { ca: [...tls.rootCertificates, ca] } : {}),
    rejectUnauthorized,
    minVersion: 'TLSv1.2',
  });
  socket.setNoDelay(true);
  socket.setKeepAlive(true, 30_000);
  return socket;
}
