/**
 * The Exchange Stream API (docs/decisions/0258): TLS on BETFAIR_STREAM_PORT, CRLF-delimited JSON, market
 * and order subscriptions for the unmodified Betfair clients.
 */
import type { Lifecycle } from '../../../platform/lifecycle.ts';
import { BetfairStreamServer, type StreamServerDeps } from './stream-server.ts';
import { tlsIdentity, type TlsIdentityEnv } from './tls-identity.ts';

export { BetfairStreamServer, type StreamServerDeps } from './stream-server.ts';
export { tlsIdentity, selfSignedPaths, type TlsIdentity } from './tls-identity.ts';

export type StreamStartDeps = StreamServerDeps & {
  env: TlsIdentityEnv & { BETFAIR_STREAM_PORT: number; HOST: string };
};

/** Registers the stream server as a worker of the lifecycle; port 0 in the configuration turns it off. */
export async function startBetfairStream(lifecycle: Lifecycle, deps: StreamStartDeps): Promise<void> {
  const port = deps.env.BETFAIR_STREAM_PORT;
  if (port === 0) return;
  const server = new BetfairStreamServer(deps);
  await lifecycle.register({
    name: 'betfair-stream',
    async start() {
      const bound = await server.start(await tlsIdentity(deps.env), port, deps.env.HOST);
      deps.log?.info(`Exchange Stream API on tls://localhost:${bound}`);
    },
    stop: () => server.stop(),
  });
}
