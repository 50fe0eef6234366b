import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import tls from 'node:tls';
import type { Database } from '../../../db/database.ts';
import type { Bus } from '../../../lib/bus.ts';
import { KeyRing } from '../app-keys/key-ring.ts';
import { Callers } from '../callers.ts';
import type { LiveBooks } from '../catalogue/live-book.ts';
import { AppKeyConnections } from './app-key-connections.ts';
import { StreamConnection } from './connection.ts';
import type { ResumableMarkets } from './market-resume.ts';
import { MarketHub } from './market-hub.ts';
import { NewMarkets } from './new-markets.ts';
import { Resumes } from './resumes.ts';
import type { TlsIdentity } from './tls-identity.ts';

export type StreamServerDeps = {
  db: Database;
  bus: Bus;
  /** The portal's stream topics: the `market` and `bet` kinds' bus topics. */
  streams: { topicOf(kind: string, id: string | undefined): string };
  /** The exchange on this instance: books of the markets it owns are read from memory. */
  exchange: LiveBooks | undefined;
  log?: { error(object: unknown, message: string): void; info(message: string): void };
  /** How often a connection's session is checked; tests shorten it. */
  sessionCheckMs?: number;
  /** The JSON an image segment carries at most; tests shorten it. */
  segmentChars?: number;
  /** The stream connections an app key holds at once (Betfair's 10 unless a bench says otherwise). */
  connectionsPerAppKey?: number;
};

/**
 * The Exchange Stream API's TLS server (docs/decisions/0258): CRLF-delimited JSON, one
 * StreamConnection per socket, one MarketHub for all of them.
 */
export class BetfairStreamServer {
  readonly #connections = new Set<StreamConnection>();
  #server: tls.Server | undefined;
  #ring: KeyRing | undefined;
  #callers: Callers | undefined;
  #hub: MarketHub | undefined;
  #newMarkets: NewMarkets | undefined;
  readonly #resumes = new Resumes<ResumableMarkets>();
  readonly #appKeys: AppKeyConnections;

  constructor(private readonly deps: StreamServerDeps) {
    this.#appKeys = new AppKeyConnections(deps.connectionsPerAppKey);
  }

  /** Listens on `port` (0: any free one); answers the port bound. */
  async start(identity: TlsIdentity, port: number, host = '0.0.0.0'): Promise<number> {
    const { db, bus, streams } = this.deps;
    const onError = (error: unknown) => this.deps.log?.error({ err: error }, 'betfair stream: failed');
    this.#ring = new KeyRing(db, bus);
    this.#ring.start();
    this.#callers = new Callers(db, bus, this.#ring);
    const hub = new MarketHub({
      sql: db,
      bus,
      live: this.deps.exchange,
      topicOf: (marketId) => streams.topicOf('market', marketId),
      onError,
    });
    this.#hub = hub;
    // The market kind's topic without an id announces new markets (sports' publishNewMarkets).
    const newMarkets = new NewMarkets({ sql: db, bus, topic: streams.topicOf('market', undefined), onError });
    this.#newMarkets = newMarkets;
    const connectionDeps = {
      sql: db,
      callers: this.#callers,
      hub,
      newMarkets,
      resumes: this.#resumes,
      connections: this.#appKeys,
      orders: {
        sql: db,
        bus,
        betTopicOf: (playerId: string) => streams.topicOf('bet', playerId),
        marketTopicOf: (marketId: string) => streams.topicOf('market', marketId),
        onError,
      },
      onError,
      ...(this.deps.sessionCheckMs === undefined ? {} : { sessionCheckMs: this.deps.sessionCheckMs }),
      ...(this.deps.segmentChars === undefined ? {} : { segmentChars: this.deps.segmentChars }),
    };
    const server = tls.createServer({ ...identity, minVersion: 'TLSv1.2' }, (socket) => {
      socket.setNoDelay(true);
      const connection = new StreamConnection(socket, connectionDeps, connectionIdOf());
      this.#connections.add(connection);
      socket.on('close', () => this.#connections.delete(connection));
    });
    // A client's failed handshake is its own affair; the server goes on.
    server.on('tlsClientError', () => {});
    this.#server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    return (server.address() as AddressInfo).port;
  }

  /** Connections open now. */
  get connections(): number {
    return this.#connections.size;
  }

  async stop(): Promise<void> {
    for (const connection of this.#connections) connection.close();
    this.#connections.clear();
    const server = this.#server;
    this.#server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
    this.#hub?.close();
    this.#newMarkets?.close();
    this.#resumes.close();
    this.#ring?.close();
    this.#callers?.close();
  }
}

/** Betfair's connection ids look like `002-051134157842-432409`; ours are random, in the same form. */
function connectionIdOf(): string {
  const digits = BigInt(`0x${randomBytes(8).toString('hex')}`)
    .toString()
    .padStart(21, '0');
  return `${digits.slice(0, 3)}-${digits.slice(3, 15)}-${digits.slice(15, 21)}`;
}
