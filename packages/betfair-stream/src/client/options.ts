import type { Duplex } from 'node:stream';

/** A stream message as it arrives: one JSON object. */
export type JsonMessage = Record<string, unknown>;

/** Where the stream stands, as `onStatus` hears it; `detail` says why, in words. */
export type StreamState = 'connecting' | 'connected' | 'subscribed' | 'reconnecting' | 'failed';
export type StreamStatus = { state: StreamState; detail?: string };

/** The clocks a subscription resumes from; undefined until the stream has sent them. */
export type StreamClocks = { initialClk: string | undefined; clk: string | undefined };

/** How the default socket is opened: TLS, verified against the trusted authorities unless told otherwise. */
export type TlsSettings = {
  /** A PEM certificate (or chain) to trust besides Node's own authorities. */
  ca?: string;
  /** false accepts any certificate: a self-signed test peer. */
  rejectUnauthorized?: boolean;
};

/** What a socket factory is handed; it answers a connected or connecting Duplex. */
export type SocketTarget = { host: string; port: number; tls: TlsSettings };
export type SocketFactory = (target: SocketTarget) => Duplex;

export type StreamMarketFilter = {
  marketIds?: string[];
  eventTypeIds?: string[];
  eventIds?: string[];
  marketTypes?: string[];
  countryCodes?: string[];
};

/** EX_BEST_OFFERS_DISP, EX_BEST_OFFERS, EX_ALL_OFFERS, EX_TRADED, EX_TRADED_VOL, EX_LTP, EX_MARKET_DEF… */
export type StreamMarketDataFilter = { fields?: string[]; ladderLevels?: number };

export type LoginSettings = {
  /** Ends with '/': `https://identitysso.betfair.com/api/` or a portal's `http://host:8080/betfair/identity/`. */
  identityUrl: string;
  username: string;
  password: string;
};

export type ReconnectSettings = { initialDelayMs: number; maxDelayMs: number };

export type StreamOptions = {
  host: string;
  port: number;
  appKey: string;
  /** A session token; without one, `login` gets one. */
  session?: string;
  /** Logs in when there is no session, and again when the stream says the session has ended. */
  login?: LoginSettings;
  tls?: TlsSettings;
  marketFilter: StreamMarketFilter;
  marketDataFilter: StreamMarketDataFilter;
  conflateMs?: number;
  /** The stream's heartbeat; silence for three of them closes the connection. Default 5,000. */
  heartbeatMs?: number;
  /** Clocks to resume from (kept from an earlier connection). */
  initialClk?: string;
  clk?: string;
  /**
   * Each whole `mcm` (segments joined), in order; the next waits until a returned promise settles, and
   * the clocks move only then. A throw or rejection reconnects from the clocks before that message.
   */
  onMessage(message: JsonMessage): void | Promise<void>;
  onStatus?(status: StreamStatus): void;
  reconnect?: ReconnectSettings;
  /** Opens the socket instead of TLS to host:port (tests script the server's side). */
  connect?: SocketFactory;
};

export type StreamConnection = {
  /** Stops: no reconnect; resolves once the socket is gone and the message being handled is done. */
  close(): Promise<void>;
  /** The clocks of the last message handled: what a resubscription sends. */
  readonly clk: StreamClocks;
};
